/**
 * Fan-out between server nodes: realtime pushes and cache invalidation. In-process by default;
 * Redis pub/sub when REDIS_URL is set, so a message published on any node reaches every node.
 *
 * A message is a JSON value. The Redis bus sends its JSON text and hands subscribers the value parsed
 * back; the in-process bus hands them the published value itself — on one node a push is neither
 * serialised nor parsed on its way (every bet published its feed line and its bettor's push, ~7 % of
 * the server's CPU in the games bench, docs/decisions.md "Bus: values, not text"). So a publisher
 * never changes a value after publishing it, and a subscriber never changes what it receives.
 */
export type BusHandler = (message: unknown) => void;

export interface Bus {
  publish(channel: string, message: unknown): Promise<void>;
  /** Returns the function that stops this subscription. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

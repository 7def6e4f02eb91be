/**
 * Fan-out between server nodes: realtime pushes and cache invalidation. In-process by default;
 * Redis pub/sub when REDIS_URL is set, so a message published on any node reaches every node.
 */
export type BusHandler = (message: string) => void;

export interface Bus {
  publish(channel: string, message: string): Promise<void>;
  /** Returns the function that stops this subscription. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

import { Redis } from 'ioredis';
import type { Bus, BusHandler } from './bus.ts';

/** Redis pub/sub: one connection publishes, one subscribes (a subscribed connection can do nothing else). */
export async function createRedisBus(url: string, prefix = 'payhub:'): Promise<Bus> {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const handlers = new Map<string, Set<BusHandler>>();
  subscriber.on('message', (channel: string, text: string) => {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      // Only this service's nodes publish here; text that is not JSON is nobody's message.
      return;
    }
    for (const handler of handlers.get(channel.slice(prefix.length)) ?? []) handler(message);
  });
  return {
    async publish(channel, message) {
      await publisher.publish(prefix + channel, JSON.stringify(message));
    },
    async subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await subscriber.subscribe(prefix + channel);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0) {
          handlers.delete(channel);
          await subscriber.unsubscribe(prefix + channel);
        }
      };
    },
    async close() {
      handlers.clear();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

import type { Bus, BusHandler } from './bus.ts';

export function createInProcessBus(): Bus {
  const handlers = new Map<string, Set<BusHandler>>();
  return {
    async publish(channel, message) {
      for (const handler of handlers.get(channel) ?? []) queueMicrotask(() => handler(message));
    },
    async subscribe(channel, handler) {
      const set = handlers.get(channel) ?? new Set();
      set.add(handler);
      handlers.set(channel, set);
      return async () => {
        set.delete(handler);
      };
    },
    async close() {
      handlers.clear();
    },
  };
}

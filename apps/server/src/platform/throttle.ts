import type { Redis } from 'ioredis';

/**
 * Counts events per key in a fixed window: in-process by default, Redis (INCR + PEXPIRE) when
 * REDIS_URL is set so that every node shares the count.
 */
export interface Throttle {
  /** Records one event; answers false when the key is already over `max` in this window. */
  hit(key: string, max: number, windowMs: number): Promise<boolean>;
  reset(key: string): Promise<void>;
}

export function createMemoryThrottle(now: () => number = Date.now): Throttle {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async hit(key, max, windowMs) {
      const time = now();
      if (windows.size > 100_000) {
        for (const [entryKey, entry] of windows) if (entry.endsAt <= time) windows.delete(entryKey);
      }
      const current = windows.get(key);
      if (!current || current.endsAt <= time) {
        windows.set(key, { count: 1, endsAt: time + windowMs });
        return true;
      }
      current.count += 1;
      return current.count <= max;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function createRedisThrottle(redis: Redis, prefix = 'payhub:throttle:'): Throttle {
  return {
    async hit(key, max, windowMs) {
      const fullKey = prefix + key;
      const count = await redis.incr(fullKey);
      if (count === 1) await redis.pexpire(fullKey, windowMs);
      return count <= max;
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

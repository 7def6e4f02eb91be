// Proves the per-project cache: one read in flight, a change winning over an earlier read, eviction
// on every node through the bus, and a failed bus subscription logged once with the cache on its ttl.
import { describe, expect, it, vi } from 'vitest';
import type { Bus } from './bus/bus.ts';
import { createInProcessBus } from './bus/in-process-bus.ts';
import { createProjectCache } from './project-cache.ts';

/** A stored setting per project, its reads counted; `hold()` keeps the next reads waiting until released. */
function store() {
  const values = new Map<number, string>([
    [10, 'a'],
    [12, 'b'],
  ]);
  let reads = 0;
  let gate: Promise<void> | null = null;
  let open: () => void = () => {};
  return {
    values,
    reads: () => reads,
    hold() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    release() {
      gate = null;
      open();
    },
    async read(projectId: number): Promise<string> {
      reads += 1;
      const value = values.get(projectId) ?? '';
      if (gate) await gate;
      return value;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('project cache', () => {
  it('answers from its copy while fresh, per project, and reads again once it is older than the ttl', async () => {
    const stored = store();
    let clock = 1_000;
    const cache = createProjectCache({ read: stored.read, ttlMs: 5_000, now: () => clock });
    expect(await cache.get(10)).toBe('a');
    expect(await cache.get(12)).toBe('b');
    stored.values.set(10, 'changed behind its back');
    clock += 4_999;
    expect(await cache.get(10)).toBe('a');
    expect(stored.reads()).toBe(2);
    clock += 1;
    expect(await cache.get(10)).toBe('changed behind its back');
    expect(stored.reads()).toBe(3);
  });

  it('makes one read for the callers that find a project missing together', async () => {
    const stored = store();
    const cache = createProjectCache({ read: stored.read, ttlMs: 5_000 });
    stored.hold();
    const answers = Promise.all(Array.from({ length: 50 }, () => cache.get(10)));
    stored.release();
    expect(new Set(await answers)).toEqual(new Set(['a']));
    expect(stored.reads()).toBe(1);
  });

  it('does not keep what a read started before a change found', async () => {
    const stored = store();
    const cache = createProjectCache({ read: stored.read, ttlMs: 5_000 });
    stored.hold();
    const early = cache.get(10);
    stored.values.set(10, 'new');
    await cache.changed(10);
    stored.release();
    expect(await early).toBe('a');
    expect(await cache.get(10)).toBe('new');
    expect(stored.reads()).toBe(2);
  });

  it('drops a changed project on every node through the bus, and only that project', async () => {
    const bus = createInProcessBus();
    const stored = store();
    const nodeA = createProjectCache({
      read: stored.read,
      ttlMs: 60_000,
      bus: { bus, channel: 'test.setting' },
    });
    const nodeB = createProjectCache({
      read: stored.read,
      ttlMs: 60_000,
      bus: { bus, channel: 'test.setting' },
    });
    await settle(); // the subscriptions are made in the background
    for (const node of [nodeA, nodeB]) {
      await node.get(10);
      await node.get(12);
    }
    expect(stored.reads()).toBe(4);
    stored.values.set(10, 'new');
    stored.values.set(12, 'also new, not announced');
    await nodeA.changed(10);
    await settle();
    expect(await nodeB.get(10)).toBe('new');
    expect(await nodeA.get(10)).toBe('new');
    expect(await nodeB.get(12)).toBe('b');
    expect(stored.reads()).toBe(6);
    await nodeA.close();
    await nodeB.close();
  });

  it('logs a failed bus subscription once, naming the channel, and goes on serving on its ttl', async () => {
    const down = new Error('bus down');
    const bus: Bus = {
      publish: async () => {},
      subscribe: () => Promise.reject(down),
      close: async () => {},
    };
    const log = vi.fn();
    const stored = store();
    let clock = 0;
    const cache = createProjectCache({
      read: stored.read,
      ttlMs: 5_000,
      bus: { bus, channel: 'test.setting' },
      now: () => clock,
      log,
    });
    await settle();
    expect(log).toHaveBeenCalledOnce();
    expect(log).toHaveBeenCalledWith(down, expect.stringContaining('test.setting'));
    expect(await cache.get(10)).toBe('a');
    stored.values.set(10, 'new');
    expect(await cache.get(10)).toBe('a');
    clock += 5_000;
    expect(await cache.get(10)).toBe('new');
    expect(stored.reads()).toBe(2);
    await cache.changed(10);
    await cache.close();
    expect(log).toHaveBeenCalledOnce();
  });
});

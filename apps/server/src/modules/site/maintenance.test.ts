// The maintenance gate's cache: one read per project per MAINTENANCE_CACHE_MS on the money path,
// evicted at once by `set` on this node and by the bus message on every other node.
import { describe, expect, it } from 'vitest';
import { createInProcessBus } from '../../platform/bus/in-process-bus.ts';
import { AppError } from '../../platform/errors.ts';
import { createMaintenanceGate, MAINTENANCE_CACHE_MS, MAINTENANCE_CHANNEL } from './maintenance.ts';

function fakeRepo() {
  const values = new Map<number, unknown>();
  let reads = 0;
  return {
    values,
    reads: () => reads,
    repo: {
      configValue: async (projectId: number) => {
        reads += 1;
        return values.get(projectId);
      },
      setPublicConfig: async (projectId: number, _key: string, value: unknown) => {
        values.set(projectId, value);
      },
    },
  };
}

const actor = { userId: 1, ip: null };
const refused = (promise: Promise<void>) =>
  promise.then(
    () => false,
    (error) => error instanceof AppError && error.errCode === 762,
  );

describe('maintenance gate cache', () => {
  it('reads the flag once per project within the cache time, again after it', async () => {
    const store = fakeRepo();
    let clock = 1_000;
    const gate = await createMaintenanceGate(store.repo, { now: () => clock });
    await gate.assertOpen(12);
    await gate.assertOpen(12);
    await gate.assertOpen(13);
    expect(store.reads()).toBe(2);
    store.values.set(12, { enabled: true, message: null }); // written behind the gate's back
    expect(await refused(gate.assertOpen(12))).toBe(false);
    clock += MAINTENANCE_CACHE_MS;
    expect(await refused(gate.assertOpen(12))).toBe(true);
    expect(store.reads()).toBe(3);
  });

  it('set evicts on its own node at once and on the other nodes through the bus', async () => {
    const bus = createInProcessBus();
    const store = fakeRepo();
    const clock = 1_000;
    const nodeA = await createMaintenanceGate(store.repo, { bus, now: () => clock });
    const nodeB = await createMaintenanceGate(store.repo, { bus, now: () => clock });
    await nodeA.assertOpen(12);
    await nodeB.assertOpen(12);
    await nodeA.set(12, { enabled: true, message: 'upgrade' }, actor);
    expect(await refused(nodeA.assertOpen(12))).toBe(true);
    expect(await refused(nodeB.assertOpen(12))).toBe(true);
    await nodeB.set(12, { enabled: false, message: null }, actor);
    expect(await refused(nodeA.assertOpen(12))).toBe(false);
    expect(await refused(nodeB.assertOpen(12))).toBe(false);
    await nodeA.close();
    await nodeB.close();
  });

  it('a read that started before an eviction does not fill the cache with the old value', async () => {
    const bus = createInProcessBus();
    const store = fakeRepo();
    let release: () => void = () => {};
    const gate = await createMaintenanceGate(
      {
        ...store.repo,
        configValue: async (projectId: number) => {
          const value = store.values.get(projectId);
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return value;
        },
      },
      { bus, now: () => 1_000 },
    );
    const slow = gate.assertOpen(12); // reads "off"
    store.values.set(12, { enabled: true, message: null });
    await bus.publish(MAINTENANCE_CHANNEL, 12);
    release();
    await slow;
    const next = refused(gate.assertOpen(12));
    release();
    expect(await next).toBe(true);
    await gate.close();
  });
});

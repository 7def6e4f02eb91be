// Proves scheduled work runs on one node only: of two schedulers on one database exactly one holds
// the advisory lock and runs its tasks, and the other takes over when the first stops.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { openDatabase } from '../db/database.ts';
import { startLeaderScheduler } from './leader-scheduler.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => testApp?.close());

describe('leader scheduler', () => {
  it('runs on exactly one node and fails over when it stops', async () => {
    const second = openDatabase(testApp.databaseUrl, 2);
    const runs = { a: 0, b: 0 };
    const options = { lockKey: 424_242, intervalMs: 60_000, onError: () => {} };
    const a = startLeaderScheduler({
      ...options,
      pool: testApp.database.pool,
      tasks: [
        {
          name: 'a',
          run: async () => {
            runs.a += 1;
          },
        },
      ],
    });
    const b = startLeaderScheduler({
      ...options,
      pool: second.pool,
      tasks: [
        {
          name: 'b',
          run: async () => {
            runs.b += 1;
          },
        },
      ],
    });
    try {
      const [ranA, ranB] = [await a.tick(), await b.tick()];
      expect([ranA, ranB]).toEqual([true, false]);
      await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      expect(runs.b).toBe(0);
      expect(runs.a).toBeGreaterThanOrEqual(2);
      expect(a.isLeader()).toBe(true);
      expect(b.isLeader()).toBe(false);
      await a.stop();
      expect(await b.tick()).toBe(true);
      expect(runs.b).toBe(1);
    } finally {
      await a.stop();
      await b.stop();
      await second.close();
    }
  });
});

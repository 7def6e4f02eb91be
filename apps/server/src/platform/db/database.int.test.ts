// Proves a pooled connection that the database drops while it is checked out (between statements)
// does not crash the process: the pool's own error listener covers idle connections only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { openDatabase } from './database.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => testApp?.close());

describe('openDatabase', () => {
  it('survives a checked-out connection terminated by the server, and goes on with a new one', async () => {
    const database = openDatabase(testApp.databaseUrl, 2);
    try {
      const client = await database.pool.connect();
      const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
      // Another session ends this one while no statement runs on it, as an administrator would.
      await testApp.database.pool.query('SELECT pg_terminate_backend($1)', [pid]);
      await ended;
      await expect(client.query('SELECT 1')).rejects.toThrow();
      client.release();
      const after = await database.pool.query<{ one: number }>('SELECT 1 AS one');
      expect(after.rows[0]?.one).toBe(1);
      const pids = await database.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      expect(pids.rows[0]?.pid).not.toBe(pid);
    } finally {
      await database.close();
    }
  });
});

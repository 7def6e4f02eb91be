import type pg from 'pg';

/**
 * A PostgreSQL session advisory lock held on one dedicated connection: it lasts until released or
 * until the connection drops (then the server frees it and another node can take it).
 */
export interface SessionLock {
  /** Tries to take the lock (no wait); answers whether this session holds it. */
  tryAcquire(): Promise<boolean>;
  held(): boolean;
  release(): Promise<void>;
}

export function createSessionLock(pool: pg.Pool, key: number): SessionLock {
  let client: pg.PoolClient | undefined;
  let holding = false;
  function drop(): void {
    holding = false;
    client?.release(true);
    client = undefined;
  }
  return {
    async tryAcquire() {
      if (holding) return true;
      if (!client) {
        client = await pool.connect();
        client.on('error', drop);
      }
      try {
        const result = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
          key,
        ]);
        holding = result.rows[0]?.locked === true;
      } catch (error) {
        drop();
        throw error;
      }
      return holding;
    },
    held: () => holding,
    async release() {
      if (!client) return;
      if (holding) await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {});
      holding = false;
      client.release();
      client = undefined;
    },
  };
}

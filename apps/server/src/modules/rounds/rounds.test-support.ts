// Test support for the rounds module's integration tests (not imported by production code).
import type { Database } from '../../platform/db/database.ts';

/**
 * Takes every connection of `pool` (and queues a few more waiters, served first when a background
 * task gives one back), so that a request on that node waits in it for a connection: a busy node.
 * `stateOf` reads a bet's and its round's states on a held connection; `release` gives all back.
 */
export async function takeWholePool(pool: Database['pool']) {
  const held = [await pool.connect()];
  while (pool.totalCount < (pool.options.max ?? 10) || pool.idleCount > 0) held.push(await pool.connect());
  const queued = Array.from({ length: 4 }, () => pool.connect());
  return {
    async stateOf(betId: string): Promise<{ round: string; bet: string }> {
      const result = await held[0]!.query<{ round: string; bet: string }>(
        `SELECT r.state AS round, b.state AS bet FROM rounds r JOIN round_bets b ON b.round_id = r.id
          WHERE b.id = $1::uuid`,
        [betId],
      );
      return result.rows[0]!;
    },
    release(): void {
      for (const client of held) client.release();
      for (const waiter of queued) void waiter.then((client) => client.release());
    },
  };
}

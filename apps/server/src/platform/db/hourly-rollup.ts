import type { Asset } from '@payhub/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from './database.ts';

/**
 * A module's bet tables behind an hourly roll-up (migration 0660): the bets (`project_id`, `game`,
 * `asset`, `stake`, `payout`, `settled_at`), the hours they roll into and the per-project watermark.
 * The module names its own tables; `settled` is its predicate on a bet row (no alias) for "moved money".
 */
export interface HourlyRollupTables {
  /** Table names: constants of the module's repo, never input. */
  bets: string;
  hours: string;
  rollup: string;
  settled: SQL;
}

export interface DailyTotalRow {
  day: string;
  game: string;
  asset: Asset;
  bets: number;
  stakes: bigint;
  payouts: bigint;
}

/**
 * Settled bets per local day, game and asset in [from, to] (days in `timeZone`): count, stakes and
 * payouts. Brings the hourly roll-up up to date first (in its own transaction on `db`), then reads
 * the rolled-up hours before the watermark and the raw bets from it on in one statement on `executor`.
 */
export async function dailyTotalsFromHours(
  db: Db,
  executor: Executor,
  tables: HourlyRollupTables,
  query: { projectId: number; timeZone: string; from: string; to: string },
): Promise<DailyTotalRow[]> {
  const bets = sql.raw(tables.bets);
  const hours = sql.raw(tables.hours);
  const rollup = sql.raw(tables.rollup);
  await db.transaction(async (tx) => {
    // The roll-up of the project's settled bets up to the last whole hour that ended 5 minutes
    // ago (one report at a time per project rolls; the others wait on the watermark row).
    await tx.execute(sql`
      INSERT INTO ${rollup} (project_id, rolled_to) VALUES (${query.projectId}, '1970-01-01Z')
      ON CONFLICT (project_id) DO NOTHING`);
    const mark = await tx.execute<Record<string, unknown>>(sql`
      SELECT date_trunc('hour', now() - interval '5 minutes') > rolled_to AS due
        FROM ${rollup} WHERE project_id = ${query.projectId} FOR UPDATE`);
    if (mark.rows[0]?.due !== true) return;
    const target = sql`date_trunc('hour', now() - interval '5 minutes')`;
    const rolledTo = sql`(SELECT rolled_to FROM ${rollup} WHERE project_id = ${query.projectId})`;
    await tx.execute(sql`
      INSERT INTO ${hours} (project_id, hour, game, asset, bets, stakes, payouts)
      SELECT project_id, date_trunc('hour', settled_at), game, asset, count(*), sum(stake), coalesce(sum(payout), 0)
        FROM ${bets}
       WHERE project_id = ${query.projectId} AND ${tables.settled}
         AND settled_at >= ${rolledTo} AND settled_at < ${target}
       GROUP BY 1, 2, 3, 4
      ON CONFLICT (project_id, hour, game, asset) DO UPDATE
        SET bets = ${hours}.bets + EXCLUDED.bets, stakes = ${hours}.stakes + EXCLUDED.stakes,
            payouts = ${hours}.payouts + EXCLUDED.payouts`);
    await tx.execute(sql`
      UPDATE ${rollup} SET rolled_to = ${target}
       WHERE project_id = ${query.projectId}`);
  });
  // One statement, one snapshot: rolled-up hours before the watermark, raw bets from it on.
  const from = sql`((${query.from}::date)::timestamp AT TIME ZONE ${query.timeZone})`;
  const to = sql`(((${query.to}::date + 1)::timestamp) AT TIME ZONE ${query.timeZone})`;
  const result = await executor.execute<Record<string, unknown>>(sql`
    WITH mark AS (SELECT coalesce((SELECT rolled_to FROM ${rollup} WHERE project_id = ${query.projectId}),
                                  '1970-01-01Z'::timestamptz) AS rolled_to),
    parts AS (
      SELECT hour AS at, game, asset, bets AS n, stakes, payouts
        FROM ${hours}, mark
       WHERE project_id = ${query.projectId} AND hour >= ${from} AND hour < ${to} AND hour < mark.rolled_to
      UNION ALL
      SELECT settled_at, game, asset, 1, stake, coalesce(payout, 0)
        FROM ${bets}, mark
       WHERE project_id = ${query.projectId} AND ${tables.settled}
         AND settled_at >= greatest(${from}, mark.rolled_to) AND settled_at < ${to})
    SELECT to_char((at AT TIME ZONE ${query.timeZone})::date, 'YYYY-MM-DD') AS day, game, asset,
           sum(n)::int AS n, sum(stakes)::text AS stakes, sum(payouts)::text AS payouts
      FROM parts GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
  return result.rows.map((row) => ({
    day: row.day as string,
    game: row.game as string,
    asset: row.asset as Asset,
    bets: Number(row.n),
    stakes: BigInt(row.stakes as string),
    payouts: BigInt(row.payouts as string),
  }));
}

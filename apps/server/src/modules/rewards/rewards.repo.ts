import type { ReferralTier } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';

/** The database or an open transaction. */
/** The platform's one executor type, re-exported for this module's services. */
export type { Executor };

type Raw = Record<string, unknown>;

export interface ReferralRow {
  playerId: number;
  projectId: number;
  inviteCode: string;
  referrerId: number | null;
}

export interface TierRow {
  tier: ReferralTier;
  minDirect: number;
  ratesBp: [number, number, number];
}

export interface RebateRow {
  referrerId: number;
  day: string;
  level: number;
  asset: string;
  projectId: number;
  tier: ReferralTier;
  wager: bigint;
  rateBp: number;
  amount: bigint;
  transferId: string | null;
  createdAt: Date;
}

const toReferral = (row: Raw): ReferralRow => ({
  playerId: Number(row.player_id),
  projectId: Number(row.project_id),
  inviteCode: String(row.invite_code),
  referrerId: row.referrer_id === null ? null : Number(row.referrer_id),
});

const toRebate = (row: Raw): RebateRow => ({
  referrerId: Number(row.referrer_id),
  day: String(row.day),
  level: Number(row.level),
  asset: String(row.asset),
  projectId: Number(row.project_id),
  tier: row.tier as ReferralTier,
  wager: BigInt(String(row.wager)),
  rateBp: Number(row.rate_bp),
  amount: BigInt(String(row.amount)),
  transferId: row.transfer_id === null ? null : String(row.transfer_id),
  createdAt: new Date(String(row.created_at)),
});

const REBATE_COLUMNS = sql.raw(
  `referrer_id, to_char(day, 'YYYY-MM-DD') AS day, level, asset, project_id, tier, wager::text AS wager,
   rate_bp, amount::text AS amount, transfer_id, created_at`,
);

export function createRewardsRepo(db: Db) {
  return {
    db: db as Executor,
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => action(tx));
    },

    // --- Referrals ---

    async referral(executor: Executor, playerId: number, lock = false): Promise<ReferralRow | null> {
      const result = await executor.execute<Raw>(
        sql`SELECT * FROM rewards_referrals WHERE player_id = ${playerId} ${lock ? sql`FOR UPDATE` : sql``}`,
      );
      return result.rows[0] ? toReferral(result.rows[0]) : null;
    },
    /** Inserts the player's row with a code unless present; false when the code collided (try another). */
    async insertReferral(
      executor: Executor,
      row: { playerId: number; projectId: number; inviteCode: string; at: Date },
    ): Promise<boolean> {
      const result = await executor.execute<Raw>(sql`
        INSERT INTO rewards_referrals (player_id, project_id, invite_code, created_at)
        VALUES (${row.playerId}, ${row.projectId}, ${row.inviteCode}, ${row.at.toISOString()}::timestamptz)
        ON CONFLICT DO NOTHING RETURNING player_id`);
      return result.rows.length === 1;
    },
    async byCode(executor: Executor, projectId: number, inviteCode: string): Promise<ReferralRow | null> {
      const result = await executor.execute<Raw>(
        sql`SELECT * FROM rewards_referrals WHERE project_id = ${projectId} AND invite_code = ${inviteCode}`,
      );
      return result.rows[0] ? toReferral(result.rows[0]) : null;
    },
    /** Sets the referrer when none is set; false when one already was. */
    async bindReferrer(executor: Executor, playerId: number, referrerId: number, at: Date): Promise<boolean> {
      const result = await executor.execute<Raw>(sql`
        UPDATE rewards_referrals SET referrer_id = ${referrerId}, bound_at = ${at.toISOString()}::timestamptz
        WHERE player_id = ${playerId} AND referrer_id IS NULL RETURNING player_id`);
      return result.rows.length === 1;
    },
    /**
     * Serialises the project's referrer binds until the transaction ends: a ring check reads the
     * links committed before it, so two binds at once (A → B beside B → A) would each pass it.
     */
    async lockBinds(executor: Executor, projectId: number): Promise<void> {
      await executor.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`rewards:referral-bind:${projectId}`}, 0))`,
      );
    },
    /** Whether `candidate` is `playerId` or below it in its downline, at any depth. */
    async inDownline(executor: Executor, playerId: number, candidate: number): Promise<boolean> {
      const result = await executor.execute<Raw>(sql`
        WITH RECURSIVE up(id, depth) AS (
          SELECT ${candidate}::bigint, 0
          UNION ALL
          SELECT r.referrer_id, up.depth + 1 FROM rewards_referrals r JOIN up ON r.player_id = up.id
          WHERE r.referrer_id IS NOT NULL AND up.depth < 1000
        )
        SELECT 1 FROM up WHERE id = ${playerId} LIMIT 1`);
      return result.rows.length > 0;
    },
    /** Team size per level (1..3) below a referrer. */
    async teamCounts(executor: Executor, referrerId: number): Promise<number[]> {
      const result = await executor.execute<Raw>(sql`
        WITH RECURSIVE down(id, level) AS (
          SELECT player_id, 1 FROM rewards_referrals WHERE referrer_id = ${referrerId}
          UNION ALL
          SELECT r.player_id, down.level + 1 FROM rewards_referrals r JOIN down ON r.referrer_id = down.id
          WHERE down.level < 3
        )
        SELECT level, count(*)::int AS count FROM down GROUP BY level`);
      const counts = [0, 0, 0];
      for (const row of result.rows) counts[Number(row.level) - 1] = Number(row.count);
      return counts;
    },
    /** Every bound (player → referrer) pair of a project: the rebate job's tree. */
    async referrerLinks(executor: Executor, projectId: number): Promise<Map<number, number>> {
      const result = await executor.execute<Raw>(sql`
        SELECT player_id, referrer_id FROM rewards_referrals
        WHERE project_id = ${projectId} AND referrer_id IS NOT NULL`);
      return new Map(result.rows.map((row) => [Number(row.player_id), Number(row.referrer_id)]));
    },

    // --- Tiers ---

    async tiers(executor: Executor, projectId: number): Promise<TierRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT tier, min_direct, level1_bp, level2_bp, level3_bp FROM rewards_tiers
        WHERE project_id = ${projectId} ORDER BY min_direct`);
      return result.rows.map((row) => ({
        tier: row.tier as ReferralTier,
        minDirect: Number(row.min_direct),
        ratesBp: [Number(row.level1_bp), Number(row.level2_bp), Number(row.level3_bp)],
      }));
    },

    /** Serialises changes of one project's tiers (the audit's "before" is the row set replaced). */
    async lockTiers(executor: Executor, projectId: number): Promise<void> {
      await executor.execute(sql`SELECT pg_advisory_xact_lock(${0x5254_5452}, ${projectId})`);
    },

    /** Stores the project's three tiers (one row each), replacing what was there. */
    async saveTiers(executor: Executor, projectId: number, tiers: readonly TierRow[]): Promise<void> {
      for (const tier of tiers)
        await executor.execute(sql`
          INSERT INTO rewards_tiers (project_id, tier, min_direct, level1_bp, level2_bp, level3_bp)
          VALUES (${projectId}, ${tier.tier}, ${tier.minDirect}, ${tier.ratesBp[0]}, ${tier.ratesBp[1]},
            ${tier.ratesBp[2]})
          ON CONFLICT (project_id, tier) DO UPDATE SET min_direct = EXCLUDED.min_direct,
            level1_bp = EXCLUDED.level1_bp, level2_bp = EXCLUDED.level2_bp, level3_bp = EXCLUDED.level3_bp`);
    },

    // --- Rebates ---

    /** Records a rebate once per (referrer, day, level, asset); false when it already exists. */
    async insertRebate(executor: Executor, row: RebateRow): Promise<boolean> {
      const result = await executor.execute<Raw>(sql`
        INSERT INTO rewards_rebates (referrer_id, day, level, asset, project_id, tier, wager, rate_bp, amount,
          transfer_id, created_at)
        VALUES (${row.referrerId}, ${row.day}::date, ${row.level}, ${row.asset}, ${row.projectId}, ${row.tier},
          ${row.wager.toString()}::bigint, ${row.rateBp}, ${row.amount.toString()}::bigint, ${row.transferId},
          ${row.createdAt.toISOString()}::timestamptz)
        ON CONFLICT DO NOTHING RETURNING referrer_id`);
      return result.rows.length === 1;
    },
    async rebates(executor: Executor, referrerId: number, limit: number): Promise<RebateRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${REBATE_COLUMNS} FROM rewards_rebates WHERE referrer_id = ${referrerId}
        ORDER BY day DESC, level, asset LIMIT ${limit}`);
      return result.rows.map(toRebate);
    },
    async rebateTotals(
      executor: Executor,
      referrerId: number,
      day: string,
    ): Promise<Array<{ asset: string; onDay: bigint; total: bigint }>> {
      const result = await executor.execute<Raw>(sql`
        SELECT asset, coalesce(sum(amount) FILTER (WHERE day = ${day}::date), 0)::text AS on_day,
          sum(amount)::text AS total
        FROM rewards_rebates WHERE referrer_id = ${referrerId} GROUP BY asset ORDER BY asset`);
      return result.rows.map((row) => ({
        asset: String(row.asset),
        onDay: BigInt(String(row.on_day)),
        total: BigInt(String(row.total)),
      }));
    },
    // --- Check-in ---

    /** The player's latest check-in before a day. */
    async lastCheckin(executor: Executor, playerId: number, before: string) {
      const result = await executor.execute<Raw>(sql`
        SELECT to_char(day, 'YYYY-MM-DD') AS day, streak_day FROM rewards_checkins
        WHERE player_id = ${playerId} AND day < ${before}::date ORDER BY day DESC LIMIT 1`);
      const row = result.rows[0];
      return row ? { day: String(row.day), streakDay: Number(row.streak_day) } : null;
    },
    async checkinOn(executor: Executor, playerId: number, day: string) {
      const result = await executor.execute<Raw>(sql`
        SELECT streak_day FROM rewards_checkins WHERE player_id = ${playerId} AND day = ${day}::date`);
      const row = result.rows[0];
      return row ? { streakDay: Number(row.streak_day) } : null;
    },
    /** Records today's check-in once; false when the player already checked in that day. */
    async insertCheckin(
      executor: Executor,
      row: {
        playerId: number;
        day: string;
        projectId: number;
        streakDay: number;
        asset: string;
        amount: bigint;
        transferId: string;
        at: Date;
      },
    ): Promise<boolean> {
      const result = await executor.execute<Raw>(sql`
        INSERT INTO rewards_checkins (player_id, day, project_id, streak_day, asset, amount, transfer_id, created_at)
        VALUES (${row.playerId}, ${row.day}::date, ${row.projectId}, ${row.streakDay}, ${row.asset},
          ${row.amount.toString()}::bigint, ${row.transferId}, ${row.at.toISOString()}::timestamptz)
        ON CONFLICT DO NOTHING RETURNING player_id`);
      return result.rows.length === 1;
    },

    async rebatesOfDay(executor: Executor, projectId: number, day: string): Promise<RebateRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${REBATE_COLUMNS} FROM rewards_rebates WHERE project_id = ${projectId} AND day = ${day}::date`);
      return result.rows.map(toRebate);
    },
  };
}
export type RewardsRepo = ReturnType<typeof createRewardsRepo>;

import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { Executor } from './rewards.repo.ts';

type Raw = Record<string, unknown>;

/** One version of a project's first-deposit terms (rewards_bonus_terms). */
export interface TermsRow {
  id: number;
  projectId: number;
  asset: string;
  minFirstDeposit: bigint;
  bonusBp: number;
  referralBp: number;
  referralDelayDays: number;
  wageringMultiple: number;
  effectiveFrom: Date;
  setBy: number | null;
}

export interface CampaignRow {
  id: number;
  projectId: number;
  name: string;
  asset: string;
  bonusBp: number;
  maxBonus: bigint;
  minDeposit: bigint;
  wageringMultiple: number;
  startsAt: Date;
  endsAt: Date;
  endedAt: Date | null;
  endedBy: number | null;
  createdBy: number;
  createdAt: Date;
}

export interface CampaignTotals {
  granted: number;
  grantedAmount: bigint;
  convertedAmount: bigint;
  returnedAmount: bigint;
}

const toTerms = (row: Raw): TermsRow => ({
  id: Number(row.id),
  projectId: Number(row.project_id),
  asset: String(row.asset),
  minFirstDeposit: BigInt(String(row.min_first_deposit)),
  bonusBp: Number(row.bonus_bp),
  referralBp: Number(row.referral_bp),
  referralDelayDays: Number(row.referral_delay_days),
  wageringMultiple: Number(row.wagering_multiple),
  effectiveFrom: new Date(String(row.effective_from)),
  setBy: row.set_by === null ? null : Number(row.set_by),
});

const toCampaign = (row: Raw): CampaignRow => ({
  id: Number(row.id),
  projectId: Number(row.project_id),
  name: String(row.name),
  asset: String(row.asset),
  bonusBp: Number(row.bonus_bp),
  maxBonus: BigInt(String(row.max_bonus)),
  minDeposit: BigInt(String(row.min_deposit)),
  wageringMultiple: Number(row.wagering_multiple),
  startsAt: new Date(String(row.starts_at)),
  endsAt: new Date(String(row.ends_at)),
  endedAt: row.ended_at === null ? null : new Date(String(row.ended_at)),
  endedBy: row.ended_by === null ? null : Number(row.ended_by),
  createdBy: Number(row.created_by),
  createdAt: new Date(String(row.created_at)),
});

const TERMS_COLUMNS = sql.raw(`id, project_id, asset, min_first_deposit::text AS min_first_deposit, bonus_bp,
  referral_bp, referral_delay_days, wagering_multiple, effective_from, set_by`);
const CAMPAIGN_COLUMNS = sql.raw(`id, project_id, name, asset, bonus_bp, max_bonus::text AS max_bonus,
  min_deposit::text AS min_deposit, wagering_multiple, starts_at, ends_at, ended_at, ended_by, created_by,
  created_at`);

/** The SQL of staff-set bonus terms (versions) and deposit-bonus campaigns. */
export function createBonusCampaignsRepo(db: Db) {
  return {
    db: db as Executor,
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => action(tx));
    },

    // --- First-deposit terms ---

    /** The version in force at `at` (the latest effective_from <= at), or null when none. */
    async termsAt(executor: Executor, projectId: number, at: Date): Promise<TermsRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${TERMS_COLUMNS} FROM rewards_bonus_terms
         WHERE project_id = ${projectId} AND effective_from <= ${at.toISOString()}::timestamptz
         ORDER BY effective_from DESC LIMIT 1`);
      return result.rows[0] ? toTerms(result.rows[0]) : null;
    },
    async termsHistory(executor: Executor, projectId: number, limit: number): Promise<TermsRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${TERMS_COLUMNS} FROM rewards_bonus_terms WHERE project_id = ${projectId}
         ORDER BY effective_from DESC LIMIT ${limit}`);
      return result.rows.map(toTerms);
    },
    /** Serialises term changes of a project (a transaction-scoped advisory lock on the project). */
    async lockTerms(executor: Executor, projectId: number): Promise<void> {
      await executor.execute(sql`SELECT pg_advisory_xact_lock(${0x5254_4d53}, ${projectId})`);
    },
    async insertTerms(executor: Executor, row: Omit<TermsRow, 'id'>): Promise<void> {
      await executor.execute(sql`
        INSERT INTO rewards_bonus_terms (project_id, asset, min_first_deposit, bonus_bp, referral_bp,
          referral_delay_days, wagering_multiple, effective_from, set_by)
        VALUES (${row.projectId}, ${row.asset}, ${row.minFirstDeposit.toString()}::bigint, ${row.bonusBp},
          ${row.referralBp}, ${row.referralDelayDays}, ${row.wageringMultiple},
          ${row.effectiveFrom.toISOString()}::timestamptz, ${row.setBy})`);
    },

    // --- Campaigns ---

    async insertCampaign(
      executor: Executor,
      row: Omit<CampaignRow, 'id' | 'endedAt' | 'endedBy'>,
    ): Promise<CampaignRow> {
      const result = await executor.execute<Raw>(sql`
        INSERT INTO rewards_bonus_campaigns (project_id, name, asset, bonus_bp, max_bonus, min_deposit,
          wagering_multiple, starts_at, ends_at, created_by, created_at, updated_at)
        VALUES (${row.projectId}, ${row.name}, ${row.asset}, ${row.bonusBp}, ${row.maxBonus.toString()}::bigint,
          ${row.minDeposit.toString()}::bigint, ${row.wageringMultiple}, ${row.startsAt.toISOString()}::timestamptz,
          ${row.endsAt.toISOString()}::timestamptz, ${row.createdBy}, ${row.createdAt.toISOString()}::timestamptz,
          ${row.createdAt.toISOString()}::timestamptz)
        RETURNING ${CAMPAIGN_COLUMNS}`);
      return toCampaign(result.rows[0]!);
    },
    /** One campaign of a project; `lock`: FOR UPDATE (a change), `share`: FOR SHARE (a grant). */
    async campaign(
      executor: Executor,
      projectId: number,
      id: number,
      lock: 'update' | 'share' | null = null,
    ): Promise<CampaignRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${CAMPAIGN_COLUMNS} FROM rewards_bonus_campaigns WHERE project_id = ${projectId} AND id = ${id}
        ${lock === 'update' ? sql`FOR UPDATE` : lock === 'share' ? sql`FOR SHARE` : sql``}`);
      return result.rows[0] ? toCampaign(result.rows[0]) : null;
    },
    async updateCampaign(
      executor: Executor,
      id: number,
      row: Pick<
        CampaignRow,
        'name' | 'bonusBp' | 'maxBonus' | 'minDeposit' | 'wageringMultiple' | 'startsAt' | 'endsAt'
      >,
      at: Date,
    ): Promise<void> {
      await executor.execute(sql`
        UPDATE rewards_bonus_campaigns SET name = ${row.name}, bonus_bp = ${row.bonusBp},
          max_bonus = ${row.maxBonus.toString()}::bigint, min_deposit = ${row.minDeposit.toString()}::bigint,
          wagering_multiple = ${row.wageringMultiple}, starts_at = ${row.startsAt.toISOString()}::timestamptz,
          ends_at = ${row.endsAt.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz
        WHERE id = ${id}`);
    },
    async endCampaign(executor: Executor, id: number, by: number, at: Date): Promise<void> {
      await executor.execute(sql`
        UPDATE rewards_bonus_campaigns SET ended_at = ${at.toISOString()}::timestamptz, ended_by = ${by},
          updated_at = ${at.toISOString()}::timestamptz
        WHERE id = ${id} AND ended_at IS NULL`);
    },
    /** A project's campaigns, newest first. */
    async campaigns(executor: Executor, projectId: number, limit: number): Promise<CampaignRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${CAMPAIGN_COLUMNS} FROM rewards_bonus_campaigns WHERE project_id = ${projectId}
         ORDER BY id DESC LIMIT ${limit}`);
      return result.rows.map(toCampaign);
    },
    /** Campaigns whose window (to its early end) overlaps [from, to), oldest first. */
    async campaignsOverlapping(
      executor: Executor,
      projectId: number,
      from: Date,
      to: Date,
    ): Promise<CampaignRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${CAMPAIGN_COLUMNS} FROM rewards_bonus_campaigns
         WHERE project_id = ${projectId} AND starts_at < ${to.toISOString()}::timestamptz
           AND LEAST(ends_at, COALESCE(ended_at, ends_at)) > ${from.toISOString()}::timestamptz
           AND COALESCE(ended_at, ends_at) > starts_at
         ORDER BY id`);
      return result.rows.map(toCampaign);
    },
    /** Per campaign: bonuses put on a bonus balance, their total, what converted, what came back. */
    async totals(executor: Executor, campaignIds: readonly number[]): Promise<Map<number, CampaignTotals>> {
      if (campaignIds.length === 0) return new Map();
      const result = await executor.execute<Raw>(sql`
        SELECT campaign_id, count(*)::int AS granted, COALESCE(sum(amount), 0)::text AS granted_amount,
               COALESCE(sum(amount) FILTER (WHERE state = 'converted'), 0)::text AS converted_amount,
               COALESCE(sum(CASE WHEN state = 'clawed_back' THEN clawed_back
                                 WHEN state = 'forfeited' THEN amount ELSE 0 END), 0)::text AS returned_amount
          FROM rewards_bonuses
         WHERE kind = 'campaign' AND campaign_id = ANY(${`{${campaignIds.join(',')}}`}::bigint[])
           AND state IN ('active', 'queued', 'converted', 'forfeited', 'clawed_back')
         GROUP BY campaign_id`);
      return new Map(
        result.rows.map((row) => [
          Number(row.campaign_id),
          {
            granted: Number(row.granted),
            grantedAmount: BigInt(String(row.granted_amount)),
            convertedAmount: BigInt(String(row.converted_amount)),
            returnedAmount: BigInt(String(row.returned_amount)),
          },
        ]),
      );
    },
    /**
     * Of a page of deposits, what a campaign bonus already took: deposits that earned one (of any
     * campaign: a deposit earns at most one) and players who hold this campaign's. The scan skips
     * them instead of opening a transaction per deposit on every pass.
     */
    async takenOf(
      executor: Executor,
      campaignId: number,
      deposits: ReadonlyArray<{ transferId: string; playerId: number }>,
    ): Promise<{ transfers: Set<string>; players: Set<number> }> {
      if (deposits.length === 0) return { transfers: new Set(), players: new Set() };
      const transfers = JSON.stringify(deposits.map((deposit) => deposit.transferId));
      const players = `{${[...new Set(deposits.map((deposit) => Math.trunc(deposit.playerId)))].join(',')}}`;
      const result = await executor.execute<Raw>(sql`
        SELECT deposit_transfer, player_id, campaign_id FROM rewards_bonuses
         WHERE kind = 'campaign'
           AND (deposit_transfer IN (SELECT jsonb_array_elements_text(${transfers}::jsonb))
                OR (campaign_id = ${campaignId} AND player_id = ANY(${players}::bigint[])))`);
      const taken = { transfers: new Set<string>(), players: new Set<number>() };
      for (const row of result.rows) {
        taken.transfers.add(String(row.deposit_transfer));
        if (Number(row.campaign_id) === campaignId) taken.players.add(Number(row.player_id));
      }
      return taken;
    },
    /** The campaigns (of these) whose bonus the player already has. */
    async earnedBy(
      executor: Executor,
      playerId: number,
      campaignIds: readonly number[],
    ): Promise<Set<number>> {
      if (campaignIds.length === 0) return new Set();
      const result = await executor.execute<Raw>(sql`
        SELECT campaign_id FROM rewards_bonuses
         WHERE kind = 'campaign' AND player_id = ${playerId}
           AND campaign_id = ANY(${`{${campaignIds.join(',')}}`}::bigint[])`);
      return new Set(result.rows.map((row) => Number(row.campaign_id)));
    },
    /** Whether a campaign has granted any bonus (its money terms are then fixed). */
    async hasGranted(executor: Executor, campaignId: number): Promise<boolean> {
      const result = await executor.execute<Raw>(
        sql`SELECT 1 FROM rewards_bonuses WHERE kind = 'campaign' AND campaign_id = ${campaignId} LIMIT 1`,
      );
      return result.rows.length > 0;
    },
  };
}
export type BonusCampaignsRepo = ReturnType<typeof createBonusCampaignsRepo>;

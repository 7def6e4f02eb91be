import type { BonusKind } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { Executor } from './rewards.repo.ts';

type Raw = Record<string, unknown>;

export type BonusState =
  | 'pending'
  | 'held'
  | 'queued'
  | 'active'
  | 'converted'
  | 'forfeited'
  | 'clawed_back'
  | 'void';
export type SignalKind = 'device' | 'ip24' | 'payout';

export interface BonusRow {
  id: number;
  projectId: number;
  playerId: number;
  kind: BonusKind;
  /** Kind campaign: the campaign that granted it. */
  campaignId: number | null;
  sourcePlayerId: number;
  depositTransfer: string;
  depositAmount: bigint;
  asset: string;
  amount: bigint;
  wagerRequired: bigint;
  state: BonusState;
  dueAt: Date;
  wagerFrom: Date | null;
  wagered: bigint;
  clawedBack: bigint;
  holdReasons: string[];
  caseId: number | null;
  createdAt: Date;
}

const toBonus = (row: Raw): BonusRow => ({
  id: Number(row.id),
  projectId: Number(row.project_id),
  playerId: Number(row.player_id),
  kind: row.kind as BonusKind,
  campaignId: row.campaign_id === null || row.campaign_id === undefined ? null : Number(row.campaign_id),
  sourcePlayerId: Number(row.source_player_id),
  depositTransfer: String(row.deposit_transfer),
  depositAmount: BigInt(String(row.deposit_amount)),
  asset: String(row.asset),
  amount: BigInt(String(row.amount)),
  wagerRequired: BigInt(String(row.wager_required)),
  state: row.state as BonusState,
  dueAt: new Date(String(row.due_at)),
  wagerFrom: row.wager_from === null ? null : new Date(String(row.wager_from)),
  wagered: BigInt(String(row.wagered)),
  clawedBack: BigInt(String(row.clawed_back)),
  holdReasons: (row.hold_reasons as string[] | null) ?? [],
  caseId: row.case_id === null ? null : Number(row.case_id),
  createdAt: new Date(String(row.created_at)),
});

const COLUMNS = sql.raw(`id, project_id, player_id, kind, source_player_id, deposit_transfer,
  deposit_amount::text AS deposit_amount, asset, amount::text AS amount, wager_required::text AS wager_required,
  state, due_at, wager_from, wagered::text AS wagered, clawed_back::text AS clawed_back, hold_reasons, case_id,
  created_at, campaign_id`);

/** The SQL of bonus money: the bonuses, the withdrawal choice, the abuse signals. */
export function createBonusRepo(db: Db) {
  return {
    db: db as Executor,
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => action(tx));
    },

    /** Records a first-deposit or referral bonus once per (kind, source player); null when it already exists. */
    async insert(
      executor: Executor,
      row: {
        projectId: number;
        playerId: number;
        kind: Exclude<BonusKind, 'campaign'>;
        sourcePlayerId: number;
        depositTransfer: string;
        depositAmount: bigint;
        asset: string;
        amount: bigint;
        wagerRequired: bigint;
        state: BonusState;
        dueAt: Date;
        holdReasons: string[];
        at: Date;
      },
    ): Promise<BonusRow | null> {
      const result = await executor.execute<Raw>(sql`
        INSERT INTO rewards_bonuses (project_id, player_id, kind, source_player_id, deposit_transfer, deposit_amount,
          asset, amount, wager_required, state, due_at, hold_reasons, created_at, updated_at)
        VALUES (${row.projectId}, ${row.playerId}, ${row.kind}, ${row.sourcePlayerId}, ${row.depositTransfer},
          ${row.depositAmount.toString()}::bigint, ${row.asset}, ${row.amount.toString()}::bigint,
          ${row.wagerRequired.toString()}::bigint, ${row.state}, ${row.dueAt.toISOString()}::timestamptz,
          ${`{${row.holdReasons.join(',')}}`}::text[], ${row.at.toISOString()}::timestamptz,
          ${row.at.toISOString()}::timestamptz)
        ON CONFLICT (kind, source_player_id) WHERE kind IN ('first_deposit', 'referral') DO NOTHING
        RETURNING ${COLUMNS}`);
      return result.rows[0] ? toBonus(result.rows[0]) : null;
    },
    /**
     * Records a campaign's bonus of one deposit, state `pending` until credited in the same
     * transaction; null when the player already has this campaign's bonus or the deposit already
     * earned a campaign bonus (the unique indexes decide, so parallel scans grant once).
     */
    async insertCampaign(
      executor: Executor,
      row: {
        projectId: number;
        playerId: number;
        campaignId: number;
        depositTransfer: string;
        depositAmount: bigint;
        asset: string;
        amount: bigint;
        wagerRequired: bigint;
        at: Date;
      },
    ): Promise<BonusRow | null> {
      const result = await executor.execute<Raw>(sql`
        INSERT INTO rewards_bonuses (project_id, player_id, kind, campaign_id, source_player_id, deposit_transfer,
          deposit_amount, asset, amount, wager_required, state, due_at, created_at, updated_at)
        VALUES (${row.projectId}, ${row.playerId}, 'campaign', ${row.campaignId}, ${row.playerId},
          ${row.depositTransfer}, ${row.depositAmount.toString()}::bigint, ${row.asset},
          ${row.amount.toString()}::bigint, ${row.wagerRequired.toString()}::bigint, 'pending',
          ${row.at.toISOString()}::timestamptz, ${row.at.toISOString()}::timestamptz,
          ${row.at.toISOString()}::timestamptz)
        ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`);
      return result.rows[0] ? toBonus(result.rows[0]) : null;
    },
    async lock(executor: Executor, id: number): Promise<BonusRow | null> {
      const result = await executor.execute<Raw>(
        sql`SELECT ${COLUMNS} FROM rewards_bonuses WHERE id = ${id} FOR UPDATE`,
      );
      return result.rows[0] ? toBonus(result.rows[0]) : null;
    },
    async setState(
      executor: Executor,
      id: number,
      change: {
        state: BonusState;
        at: Date;
        wagerFrom?: Date | null;
        wagered?: bigint;
        clawedBack?: bigint;
        caseId?: number | null;
        /** When the bonus went onto the bonus balance (its grant transfer): the reward history's time. */
        grantedAt?: Date;
      },
    ): Promise<void> {
      await executor.execute(sql`
        UPDATE rewards_bonuses SET state = ${change.state}, updated_at = ${change.at.toISOString()}::timestamptz
          ${change.wagerFrom !== undefined ? sql`, wager_from = ${change.wagerFrom?.toISOString() ?? null}::timestamptz` : sql``}
          ${change.wagered !== undefined ? sql`, wagered = ${change.wagered.toString()}::bigint` : sql``}
          ${change.clawedBack !== undefined ? sql`, clawed_back = ${change.clawedBack.toString()}::bigint` : sql``}
          ${change.caseId !== undefined ? sql`, case_id = ${change.caseId}` : sql``}
          ${change.grantedAt !== undefined ? sql`, granted_at = ${change.grantedAt.toISOString()}::timestamptz` : sql``}
        WHERE id = ${id}`);
    },
    async ofPlayer(executor: Executor, playerId: number, limit: number): Promise<BonusRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${COLUMNS} FROM rewards_bonuses WHERE player_id = ${playerId} ORDER BY id DESC LIMIT ${limit}`);
      return result.rows.map(toBonus);
    },
    /** A player's bonuses on the bonus balance (active and queued), oldest first. */
    async open(executor: Executor, playerId: number): Promise<BonusRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${COLUMNS} FROM rewards_bonuses WHERE player_id = ${playerId} AND state IN ('active', 'queued')
        ORDER BY id`);
      return result.rows.map(toBonus);
    },
    /** The player's bonus of an asset that counts wager now, if any. */
    /** The rewards a monitoring case holds, locked (the console's decision on the case). */
    /** The bonuses a case holds; locked when deciding them, read plainly to show them. */
    async heldOfCase(
      executor: Executor,
      projectId: number,
      caseId: number,
      lock = true,
    ): Promise<BonusRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${COLUMNS} FROM rewards_bonuses
         WHERE project_id = ${projectId} AND case_id = ${caseId} AND state = 'held'
         ORDER BY id ${lock ? sql`FOR UPDATE` : sql``}`);
      return result.rows.map(toBonus);
    },
    async activeOf(executor: Executor, playerId: number, asset: string): Promise<BonusRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${COLUMNS} FROM rewards_bonuses WHERE player_id = ${playerId} AND asset = ${asset} AND state = 'active'
        LIMIT 1`);
      return result.rows[0] ? toBonus(result.rows[0]) : null;
    },
    /** The oldest queued bonus of an asset (next to count wager). */
    async nextQueued(executor: Executor, playerId: number, asset: string): Promise<BonusRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${COLUMNS} FROM rewards_bonuses WHERE player_id = ${playerId} AND asset = ${asset} AND state = 'queued'
        ORDER BY id LIMIT 1 FOR UPDATE`);
      return result.rows[0] ? toBonus(result.rows[0]) : null;
    },
    /** Every active bonus of a project (the wagering job). */
    async activeInProject(executor: Executor, projectId: number): Promise<BonusRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${COLUMNS} FROM rewards_bonuses WHERE project_id = ${projectId} AND state = 'active' ORDER BY id`);
      return result.rows.map(toBonus);
    },
    /** Pending referral bonuses of a project whose day has come. */
    async due(executor: Executor, projectId: number, now: Date): Promise<BonusRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${COLUMNS} FROM rewards_bonuses WHERE project_id = ${projectId} AND state = 'pending'
          AND due_at <= ${now.toISOString()}::timestamptz ORDER BY id LIMIT 500`);
      return result.rows.map(toBonus);
    },
    /** Every bonus a deposit qualified (the player's own and its referrer's). */
    async ofDeposit(executor: Executor, projectId: number, depositTransfer: string): Promise<BonusRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${COLUMNS} FROM rewards_bonuses WHERE project_id = ${projectId} AND deposit_transfer = ${depositTransfer}
        ORDER BY id FOR UPDATE`);
      return result.rows.map(toBonus);
    },
    /** Whether a qualifying deposit was reversed (its player's first-deposit bonus clawed back or voided). */
    async depositReversed(executor: Executor, projectId: number, depositTransfer: string): Promise<boolean> {
      const result = await executor.execute<Raw>(sql`
        SELECT 1 FROM rewards_reversed_deposits WHERE project_id = ${projectId} AND deposit_transfer = ${depositTransfer}`);
      return result.rows.length > 0;
    },
    /**
     * Serialises what concerns one deposit until the caller's transaction ends: a grant of its bonuses
     * and its reversal. Either the grant sees the reversal recorded and grants nothing, or the
     * reversal finds the granted rows and takes them back (an advisory lock: no row to lock before
     * the first of them is written).
     */
    async lockDeposit(executor: Executor, projectId: number, depositTransfer: string): Promise<void> {
      await executor.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`rewards:deposit:${projectId}:${depositTransfer}`}, 0))`,
      );
    },
    /** Records a reversed deposit once; false when it already was. */
    async markReversed(
      executor: Executor,
      projectId: number,
      depositTransfer: string,
      at: Date,
    ): Promise<boolean> {
      const result = await executor.execute<Raw>(sql`
        INSERT INTO rewards_reversed_deposits (project_id, deposit_transfer, reversed_at)
        VALUES (${projectId}, ${depositTransfer}, ${at.toISOString()}::timestamptz)
        ON CONFLICT DO NOTHING RETURNING deposit_transfer`);
      return result.rows.length === 1;
    },

    // --- The withdrawal choice ---

    async choice(executor: Executor, playerId: number): Promise<'refuse' | 'forfeit' | null> {
      const result = await executor.execute<Raw>(
        sql`SELECT on_withdraw FROM rewards_bonus_prefs WHERE player_id = ${playerId}`,
      );
      return (result.rows[0]?.on_withdraw as 'refuse' | 'forfeit' | undefined) ?? null;
    },
    async saveChoice(executor: Executor, playerId: number, choice: 'refuse' | 'forfeit', at: Date) {
      await executor.execute(sql`
        INSERT INTO rewards_bonus_prefs (player_id, on_withdraw, updated_at)
        VALUES (${playerId}, ${choice}, ${at.toISOString()}::timestamptz)
        ON CONFLICT (player_id) DO UPDATE SET on_withdraw = EXCLUDED.on_withdraw, updated_at = EXCLUDED.updated_at`);
    },

    // --- Abuse signals ---

    async saveSignals(
      executor: Executor,
      projectId: number,
      playerId: number,
      signals: ReadonlyArray<{ kind: SignalKind; value: string }>,
      at: Date,
    ): Promise<void> {
      for (const signal of signals)
        await executor.execute(sql`
          INSERT INTO rewards_signals (player_id, project_id, kind, value, seen_at)
          VALUES (${playerId}, ${projectId}, ${signal.kind}, ${signal.value}, ${at.toISOString()}::timestamptz)
          ON CONFLICT DO NOTHING`);
    },
    /** The signals of `others` that equal one of `playerId`'s (kind and value). */
    async sharedSignals(
      executor: Executor,
      playerId: number,
      others: readonly number[],
    ): Promise<Array<{ otherId: number; kind: SignalKind; value: string }>> {
      if (others.length === 0) return [];
      const result = await executor.execute<Raw>(sql`
        SELECT o.player_id, o.kind, o.value FROM rewards_signals s
          JOIN rewards_signals o ON o.kind = s.kind AND o.value = s.value AND o.project_id = s.project_id
         WHERE s.player_id = ${playerId} AND o.player_id = ANY(${`{${others.join(',')}}`}::bigint[])`);
      return result.rows.map((row) => ({
        otherId: Number(row.player_id),
        kind: row.kind as SignalKind,
        value: String(row.value),
      }));
    },
    /** The uplines of a player at levels 1..3, nearest first. */
    async uplines(executor: Executor, playerId: number): Promise<number[]> {
      const result = await executor.execute<Raw>(sql`
        WITH RECURSIVE up(id, level) AS (
          SELECT referrer_id, 1 FROM rewards_referrals WHERE player_id = ${playerId} AND referrer_id IS NOT NULL
          UNION ALL
          SELECT r.referrer_id, up.level + 1 FROM rewards_referrals r JOIN up ON r.player_id = up.id
          WHERE r.referrer_id IS NOT NULL AND up.level < 3
        )
        SELECT id FROM up ORDER BY level`);
      return result.rows.map((row) => Number(row.id));
    },
  };
}
export type BonusRepo = ReturnType<typeof createBonusRepo>;

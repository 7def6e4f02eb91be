import type { Asset, RoundBetState, RoundGame, RoundState } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

/** The database or an open transaction. */
export type Executor = Pick<Db, 'execute'>;
type Raw = Record<string, unknown>;

export interface ChainRow {
  id: bigint;
  projectId: number;
  game: RoundGame;
  length: number;
  secret: string;
  terminatingHash: string;
  checkpointEvery: number;
  salt: string | null;
  saltSource: string | null;
  nextRound: number;
}

export interface RoundRow {
  id: bigint;
  chainId: bigint;
  projectId: number;
  game: RoundGame;
  chainRound: number;
  period: string;
  hash: string;
  result: number;
  state: RoundState;
  bettingEndsAt: Date;
  startedAt: Date | null;
  bustAt: Date | null;
  drawAt: Date | null;
  endedAt: Date | null;
}

export interface BetRow {
  id: string;
  roundId: bigint;
  projectId: number;
  game: RoundGame;
  userId: number;
  playerLabel: string;
  asset: Asset;
  stake: bigint;
  pick: string | null;
  autoCashOut: number | null;
  cashOut: number | null;
  payout: bigint | null;
  state: RoundBetState;
  cashedAt: Date | null;
  createdAt: Date;
  settledAt: Date | null;
}

const date = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string);

function toChain(row: Raw): ChainRow {
  return {
    id: BigInt(row.id as string),
    projectId: Number(row.project_id),
    game: row.game as RoundGame,
    length: Number(row.length),
    secret: row.secret as string,
    terminatingHash: row.terminating_hash as string,
    checkpointEvery: Number(row.checkpoint_every),
    salt: (row.salt as string | null) ?? null,
    saltSource: (row.salt_source as string | null) ?? null,
    nextRound: Number(row.next_round),
  };
}

function toRound(row: Raw): RoundRow {
  return {
    id: BigInt(row.id as string),
    chainId: BigInt(row.chain_id as string),
    projectId: Number(row.project_id),
    game: row.game as RoundGame,
    chainRound: Number(row.chain_round),
    period: row.period as string,
    hash: row.hash as string,
    result: Number(row.result),
    state: row.state as RoundState,
    bettingEndsAt: new Date(row.betting_ends_at as string),
    startedAt: date(row.started_at),
    bustAt: date(row.bust_at),
    drawAt: date(row.draw_at),
    endedAt: date(row.ended_at),
  };
}

function toBet(row: Raw): BetRow {
  return {
    id: row.id as string,
    roundId: BigInt(row.round_id as string),
    projectId: Number(row.project_id),
    game: row.game as RoundGame,
    userId: Number(row.user_id),
    playerLabel: row.player_label as string,
    asset: row.asset as Asset,
    stake: BigInt(row.stake as string),
    pick: (row.pick as string | null) ?? null,
    autoCashOut: row.auto_cashout === null ? null : Number(row.auto_cashout),
    cashOut: row.cash_out === null ? null : Number(row.cash_out),
    payout: row.payout === null ? null : BigInt(row.payout as string),
    state: row.state as RoundBetState,
    cashedAt: date(row.cashed_at),
    createdAt: new Date(row.created_at as string),
    settledAt: date(row.settled_at),
  };
}

/** The only SQL of the round games. Every cut-off compares with the database's clock. */
export function createRoundsRepo(db: Db) {
  return {
    db: db as Executor,
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => action(tx));
    },

    /** Settled wager (won or lost, never voided) per player and asset of bets settled in [from, to). */
    async wagerTotals(
      executor: Executor,
      projectId: number,
      from: Date,
      to: Date,
    ): Promise<Array<{ playerId: number; asset: string; wager: bigint }>> {
      const result = await executor.execute<Raw>(sql`
        SELECT user_id, asset, sum(stake)::text AS wager FROM round_bets
        WHERE project_id = ${projectId} AND state IN ('won', 'lost')
          AND settled_at >= ${from.toISOString()}::timestamptz AND settled_at < ${to.toISOString()}::timestamptz
        GROUP BY user_id, asset`);
      return result.rows.map((row) => ({
        playerId: Number(row.user_id),
        asset: String(row.asset),
        wager: BigInt(String(row.wager)),
      }));
    },

    /** The database's time: `now()` is the transaction's start (a request's time of receipt). */
    async now(executor: Executor): Promise<Date> {
      const result = await executor.execute<Raw>(sql`SELECT now() AS now`);
      return new Date(result.rows[0]!.now as string);
    },

    async activeChain(
      executor: Executor,
      projectId: number,
      game: RoundGame,
      lock = false,
    ): Promise<ChainRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT * FROM round_chains WHERE project_id = ${projectId} AND game = ${game} AND next_round <= length
        ${lock ? sql`FOR UPDATE` : sql``}`);
      return result.rows[0] ? toChain(result.rows[0]) : null;
    },

    async chainById(executor: Executor, id: bigint): Promise<ChainRow | null> {
      const result = await executor.execute<Raw>(
        sql`SELECT * FROM round_chains WHERE id = ${id.toString()}::bigint`,
      );
      return result.rows[0] ? toChain(result.rows[0]) : null;
    },

    /** Inserts a chain and its checkpoints; null when another node inserted the game's chain first. */
    async insertChain(
      executor: Executor,
      chain: Omit<ChainRow, 'id' | 'nextRound' | 'saltSource'> & { saltSource: string | null },
      checkpoints: ReadonlyArray<[number, string]>,
    ): Promise<ChainRow | null> {
      const result = await executor.execute<Raw>(sql`
        INSERT INTO round_chains (project_id, game, length, secret, terminating_hash, checkpoint_every, salt,
                                  salt_source, salt_fixed_at)
        VALUES (${chain.projectId}, ${chain.game}, ${chain.length}, ${chain.secret}, ${chain.terminatingHash},
                ${chain.checkpointEvery}, ${chain.salt}, ${chain.saltSource},
                ${chain.salt === null ? null : sql`now()`})
        ON CONFLICT DO NOTHING RETURNING *`);
      const row = result.rows[0];
      if (!row) return null;
      const id = BigInt(row.id as string);
      const size = 5_000;
      for (let start = 0; start < checkpoints.length; start += size) {
        const slice = checkpoints.slice(start, start + size);
        await executor.execute(sql`
          INSERT INTO round_chain_checkpoints (chain_id, idx, hash)
          SELECT ${id.toString()}::bigint, idx, hash
            FROM unnest(${`{${slice.map(([index]) => index).join(',')}}`}::int[],
                        ${`{${slice.map(([, hash]) => hash).join(',')}}`}::text[]) AS t(idx, hash)`);
      }
      return toChain(row);
    },

    async checkpointAtOrBefore(
      executor: Executor,
      chainId: bigint,
      index: number,
    ): Promise<{ index: number; hash: string }> {
      const result = await executor.execute<Raw>(sql`
        SELECT idx, hash FROM round_chain_checkpoints
         WHERE chain_id = ${chainId.toString()}::bigint AND idx <= ${index} ORDER BY idx DESC LIMIT 1`);
      const row = result.rows[0];
      if (!row) throw new Error(`chain ${chainId} has no checkpoint at or before ${index}`);
      return { index: Number(row.idx), hash: row.hash as string };
    },

    async takeNextRound(executor: Executor, chainId: bigint): Promise<void> {
      await executor.execute(
        sql`UPDATE round_chains SET next_round = next_round + 1 WHERE id = ${chainId.toString()}::bigint`,
      );
    },

    async setSalt(executor: Executor, chainId: bigint, salt: string, source: string): Promise<boolean> {
      const result = await executor.execute<Raw>(sql`
        UPDATE round_chains SET salt = ${salt}, salt_source = ${source}, salt_fixed_at = now()
         WHERE id = ${chainId.toString()}::bigint AND salt IS NULL RETURNING id`);
      return result.rows.length === 1;
    },

    /** The chain of the game with this terminating hash in a project (any, used up or not). */
    async chainByTerminating(executor: Executor, projectId: number, game: RoundGame, terminating: string) {
      const result = await executor.execute<Raw>(sql`
        SELECT * FROM round_chains WHERE project_id = ${projectId} AND game = ${game}
           AND terminating_hash = ${terminating} FOR UPDATE`);
      return result.rows[0] ? toChain(result.rows[0]) : null;
    },

    /** Every round in play (betting or running), with the database's time. */
    async liveRounds(executor: Executor): Promise<{ now: Date; rounds: RoundRow[] }> {
      const result = await executor.execute<Raw>(sql`
        SELECT r.*, clock_timestamp() AS db_now FROM (SELECT clock_timestamp()) AS t(x)
          LEFT JOIN rounds r ON r.state IN ('betting', 'running')`);
      const now = new Date(result.rows[0]!.db_now as string);
      return { now, rounds: result.rows.filter((row) => row.id !== null).map(toRound) };
    },

    async liveRound(executor: Executor, projectId: number, game: RoundGame): Promise<RoundRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT * FROM rounds WHERE project_id = ${projectId} AND game = ${game}
           AND state IN ('betting', 'running') ORDER BY id DESC LIMIT 1`);
      return result.rows[0] ? toRound(result.rows[0]) : null;
    },

    async lastRound(executor: Executor, projectId: number, game: RoundGame): Promise<RoundRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT * FROM rounds WHERE project_id = ${projectId} AND game = ${game} ORDER BY id DESC LIMIT 1`);
      return result.rows[0] ? toRound(result.rows[0]) : null;
    },

    async round(
      executor: Executor,
      id: bigint,
      lock: 'update' | 'share' | null = null,
    ): Promise<RoundRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT * FROM rounds WHERE id = ${id.toString()}::bigint
        ${lock === 'update' ? sql`FOR UPDATE` : lock === 'share' ? sql`FOR SHARE` : sql``}`);
      return result.rows[0] ? toRound(result.rows[0]) : null;
    },

    async insertRound(executor: Executor, round: Omit<RoundRow, 'id' | 'endedAt'>): Promise<RoundRow> {
      const result = await executor.execute<Raw>(sql`
        INSERT INTO rounds (chain_id, project_id, game, chain_round, period, hash, result, state,
                            betting_ends_at, started_at, bust_at, draw_at)
        VALUES (${round.chainId.toString()}::bigint, ${round.projectId}, ${round.game}, ${round.chainRound},
                ${round.period}, ${round.hash}, ${round.result}, ${round.state}, ${round.bettingEndsAt},
                ${round.startedAt}, ${round.bustAt}, ${round.drawAt})
        RETURNING *`);
      return toRound(result.rows[0]!);
    },

    async startRound(
      executor: Executor,
      id: bigint,
      startedAt: Date,
      bustAt: Date,
    ): Promise<RoundRow | null> {
      const result = await executor.execute<Raw>(sql`
        UPDATE rounds SET state = 'running', started_at = ${startedAt}, bust_at = ${bustAt}
         WHERE id = ${id.toString()}::bigint AND state = 'betting' RETURNING *`);
      return result.rows[0] ? toRound(result.rows[0]) : null;
    },

    async endRound(
      executor: Executor,
      id: bigint,
      state: 'ended' | 'voided',
      endedAt: Date,
    ): Promise<RoundRow | null> {
      const result = await executor.execute<Raw>(sql`
        UPDATE rounds SET state = ${state}, ended_at = ${endedAt}
         WHERE id = ${id.toString()}::bigint AND state IN ('betting', 'running') RETURNING *`);
      return result.rows[0] ? toRound(result.rows[0]) : null;
    },

    async recentRounds(
      executor: Executor,
      projectId: number,
      game: RoundGame,
      limit: number,
    ): Promise<RoundRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT * FROM rounds WHERE project_id = ${projectId} AND game = ${game} AND state IN ('ended', 'voided')
         ORDER BY id DESC LIMIT ${limit}`);
      return result.rows.map(toRound);
    },

    async insertBet(
      executor: Executor,
      bet: Omit<BetRow, 'cashOut' | 'payout' | 'state' | 'cashedAt' | 'createdAt' | 'settledAt'>,
    ) {
      const result = await executor.execute<Raw>(sql`
        INSERT INTO round_bets (id, round_id, project_id, game, user_id, player_label, asset, stake, pick,
                                auto_cashout, state)
        VALUES (${bet.id}::uuid, ${bet.roundId.toString()}::bigint, ${bet.projectId}, ${bet.game}, ${bet.userId},
                ${bet.playerLabel}, ${bet.asset}, ${bet.stake.toString()}::bigint, ${bet.pick}, ${bet.autoCashOut},
                'open')
        ON CONFLICT DO NOTHING RETURNING *`);
      return result.rows[0] ? toBet(result.rows[0]) : null;
    },

    async bet(executor: Executor, id: string, lock = false): Promise<BetRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT * FROM round_bets WHERE id = ${id}::uuid ${lock ? sql`FOR UPDATE` : sql``}`);
      return result.rows[0] ? toBet(result.rows[0]) : null;
    },

    async userCrashBet(executor: Executor, roundId: bigint, userId: number): Promise<BetRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT * FROM round_bets WHERE round_id = ${roundId.toString()}::bigint AND user_id = ${userId}
           AND game = 'crash'`);
      return result.rows[0] ? toBet(result.rows[0]) : null;
    },

    /** Open bets of a round, locked (skipping none: settlement waits for an in-flight cash-out). */
    async openBets(executor: Executor, roundId: bigint, limit: number, autoUpTo?: number): Promise<BetRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT * FROM round_bets WHERE round_id = ${roundId.toString()}::bigint AND state = 'open'
        ${autoUpTo === undefined ? sql`` : sql`AND auto_cashout <= ${autoUpTo}`}
        ORDER BY id LIMIT ${limit} FOR UPDATE`);
      return result.rows.map(toBet);
    },

    /** Settles an open bet; null when it was not open any more (never settled twice). */
    async settleBet(
      executor: Executor,
      id: string,
      outcome: {
        state: 'won' | 'lost' | 'voided';
        cashOut: number | null;
        payout: bigint | null;
        cashedAt: Date | null;
      },
    ): Promise<BetRow | null> {
      const result = await executor.execute<Raw>(sql`
        UPDATE round_bets SET state = ${outcome.state}, cash_out = ${outcome.cashOut},
               payout = ${outcome.payout === null ? null : outcome.payout.toString()}::bigint,
               cashed_at = ${outcome.cashedAt}, settled_at = clock_timestamp()
         WHERE id = ${id}::uuid AND state = 'open' RETURNING *`);
      return result.rows[0] ? toBet(result.rows[0]) : null;
    },

    async roundBets(executor: Executor, roundId: bigint, limit: number): Promise<BetRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT * FROM round_bets WHERE round_id = ${roundId.toString()}::bigint ORDER BY created_at LIMIT ${limit}`);
      return result.rows.map(toBet);
    },

    async userBets(executor: Executor, userId: number, game: RoundGame, limit: number) {
      const result = await executor.execute<Raw>(sql`
        SELECT b.*, r.period FROM round_bets b JOIN rounds r ON r.id = b.round_id
         WHERE b.user_id = ${userId} AND b.game = ${game} ORDER BY b.created_at DESC LIMIT ${limit}`);
      return result.rows.map((row) => ({ ...toBet(row), period: row.period as string }));
    },

    async periodsOf(executor: Executor, roundIds: readonly bigint[]): Promise<Map<string, string>> {
      if (roundIds.length === 0) return new Map();
      const result = await executor.execute<Raw>(sql`
        SELECT id, period FROM rounds WHERE id = ANY(${`{${roundIds.join(',')}}`}::bigint[])`);
      return new Map(result.rows.map((row) => [String(row.id), row.period as string]));
    },
    /**
     * Settled (won or lost) round bets per local day, game and asset in [from, to] (days in the
     * project's time zone), for the console's GGR report; voided bets moved no money. The hourly
     * roll-up (brought up to date first) plus the bets settled since (migration 0660).
     */
    async dailyTotals(
      executor: Executor,
      query: { projectId: number; timeZone: string; from: string; to: string },
    ): Promise<
      Array<{ day: string; game: string; asset: Asset; bets: number; stakes: bigint; payouts: bigint }>
    > {
      await db.transaction(async (tx) => {
        // The roll-up of the project's settled bets up to the last whole hour that ended 5 minutes
        // ago (one report at a time per project rolls; the others wait on the watermark row).
        await tx.execute(sql`
          INSERT INTO round_bet_rollup (project_id, rolled_to) VALUES (${query.projectId}, '1970-01-01Z')
          ON CONFLICT (project_id) DO NOTHING`);
        const mark = await tx.execute<Record<string, unknown>>(sql`
          SELECT date_trunc('hour', now() - interval '5 minutes') > rolled_to AS due
            FROM round_bet_rollup WHERE project_id = ${query.projectId} FOR UPDATE`);
        if (mark.rows[0]?.due !== true) return;
        const target = sql`date_trunc('hour', now() - interval '5 minutes')`;
        const rolledTo = sql`(SELECT rolled_to FROM round_bet_rollup WHERE project_id = ${query.projectId})`;
        await tx.execute(sql`
          INSERT INTO round_bet_hours (project_id, hour, game, asset, bets, stakes, payouts)
          SELECT project_id, date_trunc('hour', settled_at), game, asset, count(*), sum(stake), coalesce(sum(payout), 0)
            FROM round_bets
           WHERE project_id = ${query.projectId} AND state IN ('won', 'lost')
             AND settled_at >= ${rolledTo} AND settled_at < ${target}
           GROUP BY 1, 2, 3, 4
          ON CONFLICT (project_id, hour, game, asset) DO UPDATE
            SET bets = round_bet_hours.bets + EXCLUDED.bets, stakes = round_bet_hours.stakes + EXCLUDED.stakes,
                payouts = round_bet_hours.payouts + EXCLUDED.payouts`);
        await tx.execute(sql`
          UPDATE round_bet_rollup SET rolled_to = ${target}
           WHERE project_id = ${query.projectId}`);
      });
      // One statement, one snapshot: rolled-up hours before the watermark, raw bets from it on.
      const from = sql`((${query.from}::date)::timestamp AT TIME ZONE ${query.timeZone})`;
      const to = sql`(((${query.to}::date + 1)::timestamp) AT TIME ZONE ${query.timeZone})`;
      const result = await executor.execute<Record<string, unknown>>(sql`
        WITH mark AS (SELECT coalesce((SELECT rolled_to FROM round_bet_rollup WHERE project_id = ${query.projectId}),
                                      '1970-01-01Z'::timestamptz) AS rolled_to),
        parts AS (
          SELECT hour AS at, game, asset, bets AS n, stakes, payouts
            FROM round_bet_hours, mark
           WHERE project_id = ${query.projectId} AND hour >= ${from} AND hour < ${to} AND hour < mark.rolled_to
          UNION ALL
          SELECT settled_at, game, asset, 1, stake, coalesce(payout, 0)
            FROM round_bets, mark
           WHERE project_id = ${query.projectId} AND state IN ('won', 'lost')
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
    },
  };
}
export type RoundsRepo = ReturnType<typeof createRoundsRepo>;

import type {
  Asset,
  RoundBetState,
  RoundGame,
  RoundStakeGame,
  RoundState,
  RoundTally,
} from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db, Executor } from '../../platform/db/database.ts';
import {
  type DailyTotalRow,
  dailyTotalsFromHours,
  type HourlyRollupTables,
} from '../../platform/db/hourly-rollup.ts';

/** The database or an open transaction. */
/** The platform's one executor type, re-exported for this module's services. */
export type { Executor };

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
  /** The ledger account the stake's hold credited (null: a bet held in the game's shared escrow, before 0740). */
  escrowAccountId: bigint | null;
}

/** A bet to place: its row's values (the round is the game's live one, found by the statement). */
export interface NewRoundBet {
  id: string;
  projectId: number;
  game: RoundGame;
  userId: number;
  playerLabel: string;
  asset: Asset;
  stake: bigint;
  pick: string | null;
  autoCashOut: number | null;
  escrowAccountId: bigint;
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
    escrowAccountId:
      row.escrow_account_id === null || row.escrow_account_id === undefined
        ? null
        : BigInt(row.escrow_account_id as string),
  };
}

/** The part of node-postgres's pool a bet's transaction uses (structural: only platform/db imports pg). */
interface PooledConnections {
  connect(): Promise<{ query(text: string): Promise<unknown>; release(): void }>;
}

interface PgQueryable {
  query<Row>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }>;
}

/** The node-postgres client behind a Drizzle executor (a bet's statements run as named prepared statements). */
function pgClientOf(executor: Executor): PgQueryable {
  const client = (executor as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client || typeof (client as { query?: unknown }).query !== 'function')
    throw new Error('the rounds statement needs a pg connection');
  return client as PgQueryable;
}

/** Where the ledger call's parameters start in `placeBet`'s statement. */
const PLACE_BET_LEDGER_OFFSET = 10;
/**
 * A bet in one statement: the game's live round (locked FOR SHARE against the clock's start), the
 * cut-off against the database's time, the bet row (nothing when the id or the player's crash bet
 * of the round exists) and its stake's hold through the ledger.
 */
const placeBetSql = (ledgerCall: string) => `WITH round AS (
    SELECT id, period, state, betting_ends_at, now() AS at FROM rounds
     WHERE project_id = $1::integer AND game = $2 AND state IN ('betting', 'running')
     ORDER BY id DESC LIMIT 1 FOR SHARE),
  bet AS (
    INSERT INTO round_bets (id, round_id, project_id, game, user_id, player_label, asset, stake, pick,
                            auto_cashout, escrow_account_id, state)
    SELECT $3::uuid, round.id, $1::integer, $2, $4::bigint, $5, $6, $7::bigint, $8, $9::integer,
           $10::bigint, 'open'
      FROM round WHERE round.state = 'betting' AND round.at < round.betting_ends_at
    ON CONFLICT DO NOTHING RETURNING *)
  SELECT b.*, r.id::text AS live_round, r.period AS live_period,
         coalesce(r.state = 'betting' AND r.at < r.betting_ends_at, false) AS taking_bets,
         (SELECT ${ledgerCall} FROM bet) AS outcome
    FROM (SELECT 1) AS one LEFT JOIN round r ON true LEFT JOIN bet b ON true`;

/**
 * `placeBetSql` with the play gate's one-call path first (`gate`, parameters from $11, then the
 * ledger call's): a round bet of a player with nothing for the gate to check in one statement on
 * its own (autocommit: one round trip, the commit included). The round is read only when the gate
 * said yes (so the gate's lock comes first, as on the locked path); `rounds_quick_bet_guard`
 * (migration 0801) raises RB001 when the gate recorded the stake but no bet row was inserted, which
 * rolls the whole statement back. A ledger refusal rolls it back the same way.
 */
const quickBetSql = (gate: string, ledgerCall: string) => `WITH gate AS (SELECT ${gate} AS ok),
  round AS (
    SELECT id, period, state, betting_ends_at, now() AS at FROM rounds
     WHERE (SELECT ok FROM gate) AND project_id = $1::integer AND game = $2 AND state IN ('betting', 'running')
     ORDER BY id DESC LIMIT 1 FOR SHARE),
  bet AS (
    INSERT INTO round_bets (id, round_id, project_id, game, user_id, player_label, asset, stake, pick,
                            auto_cashout, escrow_account_id, state)
    SELECT $3::uuid, round.id, $1::integer, $2, $4::bigint, $5, $6, $7::bigint, $8, $9::integer,
           $10::bigint, 'open'
      FROM round WHERE round.state = 'betting' AND round.at < round.betting_ends_at
    ON CONFLICT DO NOTHING RETURNING *)
  SELECT rounds_quick_bet_guard((SELECT ok FROM gate), EXISTS (SELECT 1 FROM bet)) AS gated, b.*,
         r.period AS live_period, (SELECT ${ledgerCall} FROM bet) AS outcome
    FROM (SELECT 1) AS one LEFT JOIN round r ON true LEFT JOIN bet b ON true`;

/** The bet rows of `quickBetsSql` as arrays, `$1…$10`; the gate's answers from `$11`, then the ledger's call. */
const QUICK_BETS_GATE_OFFSET = 10;
/**
 * Round bets of several players in one statement (docs/decisions.md "Rounds: bets placed in
 * batches"): the one-statement bet of `quickBetSql`, set-based. `gates` is the play gate's answer for
 * all of them (an SQL boolean[], one per bet in order: its locks come first, as on the one-bet path);
 * each game's live round is then read (FOR SHARE) once; the bets that the gate let through and whose
 * round takes bets now are inserted; the ledger holds the stakes of exactly those (`ledgerCall`'s
 * `postSql`). `rounds_quick_bet_guard` raises RB001, undoing every bet of the statement, when a gate
 * recorded a stake whose bet was not inserted; a gate that answered false leaves its bet out (its
 * player takes the locked path). One row per bet, in order.
 */
const quickBetsSql = (gates: string, ledgerCall: (postSql: string) => string) => `WITH input AS (
    SELECT * FROM unnest($1::uuid[], $2::integer[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::bigint[],
                         $8::text[], $9::integer[], $10::bigint[])
      WITH ORDINALITY AS i(id, project_id, game, user_id, player_label, asset, stake, pick, auto_cashout,
                           escrow_account_id, ord)),
  gate AS MATERIALIZED (SELECT g.ord, coalesce(g.ok, false) AS ok FROM unnest(${gates}) WITH ORDINALITY AS g(ok, ord)),
  round AS MATERIALIZED (
    SELECT k.project_id, k.game, r.id, r.period, r.state, r.betting_ends_at, now() AS at
      FROM (SELECT DISTINCT i.project_id, i.game FROM input i JOIN gate g ON g.ord = i.ord WHERE g.ok) AS k
      CROSS JOIN LATERAL (
        SELECT id, period, state, betting_ends_at FROM rounds
         WHERE project_id = k.project_id AND game = k.game AND state IN ('betting', 'running')
         ORDER BY id DESC LIMIT 1 FOR SHARE) AS r),
  bet AS (
    INSERT INTO round_bets (id, round_id, project_id, game, user_id, player_label, asset, stake, pick,
                            auto_cashout, escrow_account_id, state)
    SELECT i.id, r.id, i.project_id, i.game, i.user_id, i.player_label, i.asset, i.stake, i.pick, i.auto_cashout,
           i.escrow_account_id, 'open'
      FROM input i JOIN gate g ON g.ord = i.ord AND g.ok
      JOIN round r ON r.project_id = i.project_id AND r.game = i.game
     WHERE r.state = 'betting' AND r.at < r.betting_ends_at
     ORDER BY i.ord
    ON CONFLICT DO NOTHING RETURNING *),
  outcome AS MATERIALIZED (
    SELECT i.ord, i.id, i.project_id, i.game, g.ok AS gated,
           g.ok AND EXISTS (SELECT 1 FROM bet WHERE bet.id = i.id AND bet.user_id = i.user_id) AS inserted
      FROM input i JOIN gate g ON g.ord = i.ord)
  SELECT rounds_quick_bet_guard(o.gated, o.inserted) AS gated, o.inserted, b.*, r.period AS live_period,
         (SELECT ${ledgerCall('(SELECT array_agg(inserted ORDER BY ord) FROM outcome)')}) AS outcome
    FROM outcome o
    LEFT JOIN bet b ON o.inserted AND b.id = o.id
    LEFT JOIN round r ON r.project_id = o.project_id AND r.game = o.game
   ORDER BY o.ord`;

/** Names of the composed statements, one per distinct text (each prepared once per connection). */
const statementNames = new Map<string, string>();
function statementName(prefix: string, text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `${prefix}_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Where the ledger call's parameters start in `cashOutBet`'s statement. */
const CASH_OUT_LEDGER_OFFSET = 4;
/**
 * Settles an open bet as won and moves its money in one statement; no row when it was not open.
 * `gateCall` (the play gate's `settleCall`, parameters after the ledger call's) records the
 * settlement for responsible play in the same statement, only when the bet settled here.
 */
const cashOutSql = (ledgerCall: string, gateCall: string | null) => `WITH settled AS (
    UPDATE round_bets SET state = 'won', cash_out = $2::integer, payout = $3::bigint,
           cashed_at = $4::timestamptz, settled_at = clock_timestamp()
     WHERE id = $1::uuid AND state = 'open' RETURNING *)
  SELECT settled.*, (SELECT ${ledgerCall} FROM settled) AS outcome${
    gateCall === null ? '' : `, (SELECT ${gateCall} FROM settled) AS gate`
  } FROM settled`;

/** How a bet settles: won (its cash-out and payout) or lost. */
export interface BetSettlement {
  state: 'won' | 'lost';
  cashOut: number | null;
  payout: bigint;
  cashedAt: Date | null;
}

/** Where the gate's and ledger's parameters start in `settleOpenBets`' statement. */
const SETTLEMENTS_OFFSET = 5;
/** `settlementsSql`'s SQL boolean[]: which of its bets settled, in the order given. */
const SETTLEMENTS_POSTED = '(SELECT post FROM posted)';
/**
 * Several bets settled in one statement (docs/decisions.md "Rounds: cash-outs settled in batches";
 * the clock's end of a round too): each bet settles, won or lost, only while open, and the gate's
 * record (`gateCall`) and the ledger's settlements (`ledgerCall`) are posted for exactly those that
 * settled (`posted`), the gate first as in the games' batch. One row per settled bet; one row of
 * nulls when none settled.
 */
const settlementsSql = (gateCall: string, ledgerCall: string) => `WITH input AS (
    SELECT * FROM unnest($1::uuid[], $2::text[], $3::integer[], $4::bigint[], $5::timestamptz[])
           WITH ORDINALITY AS i(bet_id, state, cash_out, payout, cashed_at, ord)),
  settled AS (
    UPDATE round_bets b SET state = i.state, cash_out = i.cash_out, payout = i.payout,
           cashed_at = i.cashed_at, settled_at = clock_timestamp()
      FROM input i WHERE b.id = i.bet_id AND b.state = 'open' RETURNING b.*),
  posted AS MATERIALIZED (
    SELECT array_agg(s.id IS NOT NULL ORDER BY i.ord) AS post
      FROM input i LEFT JOIN settled s ON s.id = i.bet_id),
  moved AS MATERIALIZED (SELECT ${gateCall} AS gate, ${ledgerCall} AS outcome)
  SELECT s.*, m.gate, m.outcome FROM moved m LEFT JOIN settled s ON true`;

/** The only SQL of the round games. Every cut-off compares with the database's clock. */
/** The rounds' hourly roll-up (0660): won and lost bets moved money, voided ones did not. */
const ROUND_ROLLUP: HourlyRollupTables = {
  bets: 'round_bets',
  hours: 'round_bet_hours',
  rollup: 'round_bet_rollup',
  settled: sql`state IN ('won', 'lost')`,
};

export function createRoundsRepo(db: Db) {
  return {
    db: db as Executor,
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => action(tx));
    },

    /**
     * A bet's or cash-out's transaction: begin and commit sent straight on a pooled connection, the
     * action's executor a Drizzle database over that connection (as the games module's bets).
     */
    async betTransaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      const pool = (db as unknown as { $client: PooledConnections }).$client;
      const client = await pool.connect();
      let open = false;
      try {
        await client.query('BEGIN');
        open = true;
        const result = await action(drizzle(client as never) as unknown as Executor);
        open = false;
        await client.query('COMMIT');
        return result;
      } catch (error) {
        if (open) await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },

    /**
     * Statements on one pooled connection, each on its own (autocommit), no transaction: a quick bet's
     * reads and its statement wait for a connection once, not once each behind every queued request.
     */
    async onConnection<T>(action: (connection: Executor) => Promise<T>): Promise<T> {
      const pool = (db as unknown as { $client: PooledConnections }).$client;
      const client = await pool.connect();
      try {
        return await action(drizzle(client as never) as unknown as Executor);
      } finally {
        client.release();
      }
    },

    /** Runs another module's SQL call (`SELECT <call>`, parameters from $1) as one statement. */
    async selectCall(executor: Executor, call: { text: string; values: unknown[] }): Promise<void> {
      await pgClientOf(executor).query({ name: statementName('rounds_call', call.text), ...call });
    },

    placeBetLedgerOffset: PLACE_BET_LEDGER_OFFSET,
    cashOutLedgerOffset: CASH_OUT_LEDGER_OFFSET,

    /**
     * `placeBetSql` (one round trip). `liveRound` null: no round in play; `takingBets` false: past
     * the cut-off; `bet` null otherwise: the id or the player's crash bet of the round exists. A
     * ledger refusal (not enough money) fails the statement.
     */
    async placeBet(
      executor: Executor,
      bet: NewRoundBet,
      ledgerCall: { text: string; values: unknown[] },
    ): Promise<{ liveRound: bigint | null; period: string; takingBets: boolean; bet: BetRow | null }> {
      const values = [
        bet.projectId,
        bet.game,
        bet.id,
        bet.userId,
        bet.playerLabel,
        bet.asset,
        bet.stake.toString(),
        bet.pick,
        bet.autoCashOut,
        bet.escrowAccountId.toString(),
        ...ledgerCall.values,
      ];
      const rows = (
        await pgClientOf(executor).query<Raw>({
          name: 'rounds_place_bet_v2',
          text: placeBetSql(ledgerCall.text),
          values,
        })
      ).rows;
      const row = rows[0]!;
      return {
        liveRound: row.live_round === null ? null : BigInt(row.live_round as string),
        period: (row.live_period as string | null) ?? '',
        takingBets: row.taking_bets === true,
        bet: row.id === null ? null : toBet(row),
      };
    },

    /** Where the gate's parameters start in `quickPlaceBet`'s statement (the ledger call's follow them). */
    quickBetGateOffset: PLACE_BET_LEDGER_OFFSET,

    /**
     * `quickBetSql` (one autocommit statement on `connection`, outside any transaction). `gated` false: the gate wants its locked
     * path and nothing happened. Throws RB001 (no bet placed: the locked path tells why) with nothing
     * changed, or the ledger's refusal.
     */
    async quickPlaceBet(
      connection: Executor,
      bet: NewRoundBet,
      gate: { text: string; values: unknown[] },
      ledgerCall: { text: string; values: unknown[] },
    ): Promise<{ gated: boolean; period: string; bet: BetRow | null }> {
      const text = quickBetSql(gate.text, ledgerCall.text);
      const name = statementName('rounds_quick_bet', text);
      const values = [
        bet.projectId,
        bet.game,
        bet.id,
        bet.userId,
        bet.playerLabel,
        bet.asset,
        bet.stake.toString(),
        bet.pick,
        bet.autoCashOut,
        bet.escrowAccountId.toString(),
        ...gate.values,
        ...ledgerCall.values,
      ];
      const row = (await pgClientOf(connection).query<Raw>({ name, text, values })).rows[0]!;
      return {
        gated: row.gated === true,
        period: (row.live_period as string | null) ?? '',
        bet: row.id === null || row.id === undefined ? null : toBet(row),
      };
    },

    /** Where the gate's answers start in `quickPlaceBets`' statement (the ledger call's follow them). */
    quickBetsGateOffset: QUICK_BETS_GATE_OFFSET,

    /**
     * `quickBetsSql` (one autocommit statement on `connection`; `gate` the play gate's SQL boolean[],
     * parameters from `quickBetsGateOffset + 1`): bets of several players, each
     * answered in order — placed (`bet`), or not gated (`bet` null: nothing happened for it, its
     * player takes the locked path). Throws, with nothing changed, RB001 (a gated bet not placed) or
     * the ledger's refusal of any of them: the caller then places each alone.
     */
    async quickPlaceBets(
      connection: Executor,
      bets: readonly NewRoundBet[],
      gate: { text: string; values: unknown[] },
      ledgerCall: (offset: number, postSql: string) => { text: string; values: unknown[] },
    ): Promise<Array<{ period: string; bet: BetRow | null }>> {
      const ledgerOffset = QUICK_BETS_GATE_OFFSET + gate.values.length;
      let ledgerValues: unknown[] = [];
      const text = quickBetsSql(gate.text, (postSql) => {
        const call = ledgerCall(ledgerOffset, postSql);
        ledgerValues = call.values;
        return call.text;
      });
      const values = [
        bets.map((bet) => bet.id),
        bets.map((bet) => bet.projectId),
        bets.map((bet) => bet.game),
        bets.map((bet) => bet.userId),
        bets.map((bet) => bet.playerLabel),
        bets.map((bet) => bet.asset),
        bets.map((bet) => bet.stake.toString()),
        bets.map((bet) => bet.pick),
        bets.map((bet) => bet.autoCashOut),
        bets.map((bet) => bet.escrowAccountId.toString()),
        ...gate.values,
        ...ledgerValues,
      ];
      const name = statementName('rounds_quick_bets', text);
      const { rows } = await pgClientOf(connection).query<Raw>({ name, text, values });
      return rows.map((row) => ({
        period: (row.live_period as string | null) ?? '',
        bet: row.inserted === true ? toBet(row) : null,
      }));
    },

    /** A bet and its round (locked FOR SHARE, before the bet, as the clock locks), with the database's time. */
    async betForCashOut(
      executor: Executor,
      betId: string,
      lockRound: boolean,
    ): Promise<{ bet: BetRow; round: RoundRow; receivedAt: Date } | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT b.*, to_jsonb(r) AS round, now() AS received_at
          FROM round_bets b JOIN rounds r ON r.id = b.round_id
         WHERE b.id = ${betId}::uuid ${lockRound ? sql`FOR SHARE OF r` : sql``}`);
      const row = result.rows[0];
      if (!row) return null;
      // The round's numbers (ids, result in cents) are far below 2^53: exact as JSON numbers.
      const round = row.round as Raw;
      return {
        bet: toBet(row),
        round: toRound({ ...round, id: String(round.id), chain_id: String(round.chain_id) }),
        receivedAt: new Date(row.received_at as string),
      };
    },

    /**
     * Bets and their rounds by id (no lock), with the database's time: the read of a batch of
     * cash-outs. A bet that does not exist is missing from the map.
     */
    async betsForCashOut(
      connection: Executor,
      betIds: readonly string[],
    ): Promise<{ found: Map<string, { bet: BetRow; round: RoundRow }>; receivedAt: Date }> {
      const rows = (
        await pgClientOf(connection).query<Raw>({
          name: 'rounds_bets_for_cash_out',
          text: `SELECT now() AS received_at, b.*, to_jsonb(r) AS round
                   FROM (SELECT 1) AS one
                   LEFT JOIN round_bets b ON b.id = ANY ($1::uuid[])
                   LEFT JOIN rounds r ON r.id = b.round_id`,
          values: [betIds],
        })
      ).rows;
      const found = new Map<string, { bet: BetRow; round: RoundRow }>();
      for (const row of rows) {
        if (row.id === null || row.round === null) continue;
        const round = row.round as Raw;
        found.set(row.id as string, {
          bet: toBet(row),
          round: toRound({ ...round, id: String(round.id), chain_id: String(round.chain_id) }),
        });
      }
      return { found, receivedAt: new Date(rows[0]!.received_at as string) };
    },

    /**
     * `action` inside a savepoint of the caller's transaction: when it throws, what it did is undone
     * and the transaction goes on (a batch statement that failed, then its items one by one).
     */
    async inSavepoint<T>(tx: Executor, action: () => Promise<T>): Promise<T> {
      await tx.execute(sql`SAVEPOINT rounds_batch`);
      try {
        const result = await action();
        await tx.execute(sql`RELEASE SAVEPOINT rounds_batch`);
        return result;
      } catch (error) {
        await tx.execute(sql`ROLLBACK TO SAVEPOINT rounds_batch`);
        throw error;
      }
    },

    settlementsOffset: SETTLEMENTS_OFFSET,
    settlementsPosted: SETTLEMENTS_POSTED,

    /**
     * `settlementsSql` (one statement: autocommit for the cash-outs, inside the clock's transaction at
     * a round's end): the bets that settled, by id; the others were not open any more. Its text is
     * fixed for given gate and ledger call texts (arrays, not rows, of values): a named statement,
     * prepared once per connection.
     */
    async settleOpenBets(
      connection: Executor,
      items: ReadonlyArray<BetSettlement & { betId: string }>,
      gateCall: { text: string; values: unknown[] },
      ledgerCall: { text: string; values: unknown[] },
    ): Promise<Map<string, BetRow>> {
      const text = settlementsSql(gateCall.text, ledgerCall.text);
      const rows = (
        await pgClientOf(connection).query<Raw>({
          name: statementName('rounds_settlements', text),
          text,
          values: [
            items.map((item) => item.betId),
            items.map((item) => item.state),
            items.map((item) => item.cashOut),
            items.map((item) => item.payout.toString()),
            items.map((item) => item.cashedAt?.toISOString() ?? null),
            ...gateCall.values,
            ...ledgerCall.values,
          ],
        })
      ).rows;
      const settled = new Map<string, BetRow>();
      for (const row of rows) if (row.id !== null) settled.set(row.id as string, toBet(row));
      return settled;
    },

    /** `cashOutSql` (one round trip): the settled bet, or null when it was not open any more. */
    async cashOutBet(
      executor: Executor,
      input: { betId: string; cashOut: number; payout: bigint; cashedAt: Date },
      ledgerCall: { text: string; values: unknown[] },
      gateCall: { text: string; values: unknown[] } | null = null,
    ): Promise<BetRow | null> {
      const text = cashOutSql(ledgerCall.text, gateCall?.text ?? null);
      const rows = (
        await pgClientOf(executor).query<Raw>({
          name: statementName('rounds_cash_out', text),
          text,
          values: [
            input.betId,
            input.cashOut,
            input.payout.toString(),
            input.cashedAt.toISOString(),
            ...ledgerCall.values,
            ...(gateCall?.values ?? []),
          ],
        })
      ).rows;
      return rows[0] ? toBet(rows[0]) : null;
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

    /** A project's stake ranges set from the console (a game and asset without a row: the defaults). */
    async stakeRanges(
      executor: Executor,
      projectId: number,
    ): Promise<Array<{ game: RoundStakeGame; asset: Asset; min: bigint; max: bigint }>> {
      const result = await executor.execute<Raw>(sql`
        SELECT game, asset, min_stake::text AS min_stake, max_stake::text AS max_stake
          FROM round_stakes WHERE project_id = ${projectId}`);
      return result.rows.map((row) => ({
        game: row.game as RoundStakeGame,
        asset: row.asset as Asset,
        min: BigInt(row.min_stake as string),
        max: BigInt(row.max_stake as string),
      }));
    },

    /**
     * A project's range of a game in an asset, locked until the caller's transaction ends (null: no
     * row, the defaults apply). A transaction-scoped advisory lock on the key comes first, because
     * FOR UPDATE locks no row that does not exist yet: two first saves of one key wait on each other
     * too, so each one's audit "before" is the range the previous one wrote.
     */
    async lockedStakeRange(
      executor: Executor,
      key: { projectId: number; game: RoundStakeGame; asset: Asset },
    ): Promise<{ min: bigint; max: bigint } | null> {
      await executor.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`round_stakes:${key.projectId}:${key.game}:${key.asset}`}, 0))`,
      );
      const result = await executor.execute<Raw>(sql`
        SELECT min_stake::text AS min_stake, max_stake::text AS max_stake FROM round_stakes
         WHERE project_id = ${key.projectId} AND game = ${key.game} AND asset = ${key.asset} FOR UPDATE`);
      const row = result.rows[0];
      return row ? { min: BigInt(row.min_stake as string), max: BigInt(row.max_stake as string) } : null;
    },

    async saveStakeRange(
      executor: Executor,
      row: { projectId: number; game: RoundStakeGame; asset: Asset; min: bigint; max: bigint },
    ): Promise<void> {
      await executor.execute(sql`
        INSERT INTO round_stakes (project_id, game, asset, min_stake, max_stake)
        VALUES (${row.projectId}, ${row.game}, ${row.asset}, ${row.min.toString()}::bigint, ${row.max.toString()}::bigint)
        ON CONFLICT (project_id, game, asset) DO UPDATE
          SET min_stake = EXCLUDED.min_stake, max_stake = EXCLUDED.max_stake, updated_at = now()`);
    },

    /** Drops a project's range (the server's defaults apply again); the row as it was, if any. */
    async deleteStakeRange(
      executor: Executor,
      key: { projectId: number; game: RoundStakeGame; asset: Asset },
    ): Promise<{ min: bigint; max: bigint } | null> {
      const result = await executor.execute<Raw>(sql`
        DELETE FROM round_stakes WHERE project_id = ${key.projectId} AND game = ${key.game} AND asset = ${key.asset}
        RETURNING min_stake, max_stake`);
      const row = result.rows[0];
      return row ? { min: BigInt(row.min_stake as string), max: BigInt(row.max_stake as string) } : null;
    },

    /** The chain of the game with this terminating hash in a project (any, used up or not). */
    async chainByTerminating(executor: Executor, projectId: number, game: RoundGame, terminating: string) {
      const result = await executor.execute<Raw>(sql`
        SELECT * FROM round_chains WHERE project_id = ${projectId} AND game = ${game}
           AND terminating_hash = ${terminating} FOR UPDATE`);
      return result.rows[0] ? toChain(result.rows[0]) : null;
    },

    /**
     * Every round in play (betting or running) with the database's time and, for each running crash
     * round, its tally (the clock's tick carries it: read here, in the turn's one statement, the tick
     * leaves without waiting for a read of its own).
     */
    async liveRounds(
      executor: Executor,
    ): Promise<{ now: Date; rounds: RoundRow[]; tallies: Map<string, RoundTally> }> {
      const result = await executor.execute<Raw>(sql`
        SELECT r.*, clock_timestamp() AS db_now, tally.bets AS tally_bets, tally.won AS tally_won
          FROM (SELECT clock_timestamp()) AS t(x)
          LEFT JOIN rounds r ON r.state IN ('betting', 'running')
          LEFT JOIN LATERAL (
            SELECT count(*)::int AS bets, count(*) FILTER (WHERE b.state = 'won')::int AS won
              FROM round_bets b WHERE r.game = 'crash' AND r.state = 'running' AND b.round_id = r.id
          ) AS tally ON r.game = 'crash' AND r.state = 'running'`);
      const now = new Date(result.rows[0]!.db_now as string);
      const live = result.rows.filter((row) => row.id !== null);
      const tallies = new Map<string, RoundTally>();
      for (const row of live)
        if (row.tally_bets !== null && row.tally_bets !== undefined)
          tallies.set(String(row.id), { bets: Number(row.tally_bets), won: Number(row.tally_won) });
      return { now, rounds: live.map(toRound), tallies };
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

    /** Each round's count of bets and wins (rounds without bets are absent), from round_bets_by_round. */
    async tallies(executor: Executor, roundIds: readonly string[]): Promise<Map<string, RoundTally>> {
      if (roundIds.length === 0) return new Map();
      const result = await executor.execute<Raw>(sql`
        SELECT round_id::text AS round_id, count(*)::int AS bets, count(*) FILTER (WHERE state = 'won')::int AS won
          FROM round_bets WHERE round_id = ANY(${`{${roundIds.join(',')}}`}::bigint[]) GROUP BY round_id`);
      return new Map(
        result.rows.map((row) => [String(row.round_id), { bets: Number(row.bets), won: Number(row.won) }]),
      );
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
    ): Promise<DailyTotalRow[]> {
      return dailyTotalsFromHours(db, executor, ROUND_ROLLUP, query);
    },
  };
}
export type RoundsRepo = ReturnType<typeof createRoundsRepo>;

import type { Asset, GameIdWire } from '@payhub/contracts';
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

export type BetStatus = 'open' | 'won' | 'lost';

export interface SeedPairRow {
  id: bigint;
  projectId: number;
  playerId: number;
  status: 'active' | 'next' | 'revealed';
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  bets: number;
  createdAt: Date;
  revealedAt: Date | null;
}

/** The nonce a bet takes from the player's active pair (the pair's row stays locked to the commit). */
export interface TakenNonce {
  pairId: bigint;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export interface BetRow {
  id: string;
  seq: bigint;
  projectId: number;
  playerId: number;
  game: GameIdWire;
  asset: Asset;
  stake: bigint;
  payout: bigint;
  multiplierBp: bigint;
  status: BetStatus;
  seedPairId: bigint;
  nonce: number;
  clientSeed: string;
  /** Stored JSON (bigints tagged, games.state.ts). */
  params: unknown;
  state: unknown;
  createdAt: Date;
  settledAt: Date | null;
  /** From the pair: its hash, and its server seed once revealed (else null). */
  serverSeedHash: string;
  serverSeed: string | null;
}

export interface ConfigRow {
  projectId: number;
  game: GameIdWire;
  asset: Asset;
  enabled: boolean;
  minBet: bigint;
  maxBet: bigint;
  maxPayout: bigint;
  edgeBp: number | null;
}

function toPair(row: Raw): SeedPairRow {
  return {
    id: BigInt(row.id as string),
    projectId: Number(row.project_id),
    playerId: Number(row.player_id),
    status: row.status as SeedPairRow['status'],
    serverSeed: row.server_seed as string,
    serverSeedHash: row.server_seed_hash as string,
    clientSeed: row.client_seed as string,
    nonce: Number(row.nonce),
    bets: Number(row.bets ?? row.nonce),
    createdAt: new Date(row.created_at as string),
    revealedAt: row.revealed_at ? new Date(row.revealed_at as string) : null,
  };
}

function toBet(row: Raw): BetRow {
  return {
    id: row.id as string,
    seq: BigInt(row.seq as string),
    projectId: Number(row.project_id),
    playerId: Number(row.player_id),
    game: row.game as GameIdWire,
    asset: row.asset as Asset,
    stake: BigInt(row.stake as string),
    payout: BigInt(row.payout as string),
    multiplierBp: BigInt(row.multiplier_bp as string),
    status: row.status as BetStatus,
    seedPairId: BigInt(row.seed_pair_id as string),
    nonce: Number(row.nonce),
    clientSeed: row.client_seed as string,
    params: row.params,
    state: row.state,
    createdAt: new Date(row.created_at as string),
    settledAt: row.settled_at ? new Date(row.settled_at as string) : null,
    serverSeedHash: row.server_seed_hash as string,
    serverSeed: row.pair_status === 'revealed' ? (row.server_seed as string) : null,
  };
}

function toConfig(row: Raw): ConfigRow {
  return {
    projectId: Number(row.project_id),
    game: row.game as GameIdWire,
    asset: row.asset as Asset,
    enabled: row.enabled as boolean,
    minBet: BigInt(row.min_bet as string),
    maxBet: BigInt(row.max_bet as string),
    maxPayout: BigInt(row.max_payout as string),
    edgeBp: row.edge_bp === null ? null : Number(row.edge_bp),
  };
}

/** The part of node-postgres's pool the bet transaction uses (structural: only platform/db imports pg). */
interface PooledConnections {
  connect(): Promise<{ query(text: string): Promise<unknown>; release(): void }>;
}

interface PgQueryable {
  query<Row>(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }>;
}

/**
 * The node-postgres client behind a Drizzle transaction, so the hot statements of a bet run as named
 * prepared statements (parsed and planned once per connection) inside the caller's transaction.
 */
function pgClientOf(executor: Executor): PgQueryable | null {
  const client = (executor as unknown as { session?: { client?: unknown } }).session?.client;
  return client && typeof (client as { query?: unknown }).query === 'function'
    ? (client as PgQueryable)
    : null;
}

const BET_COLUMNS = sql.raw(`b.id, b.seq::text AS seq, b.project_id, b.player_id, b.game, b.asset,
  b.stake::text AS stake, b.payout::text AS payout, b.multiplier_bp::text AS multiplier_bp, b.status,
  b.seed_pair_id::text AS seed_pair_id, b.nonce::text AS nonce, b.client_seed, b.params, b.state,
  b.created_at, b.settled_at, p.server_seed_hash, p.server_seed, p.status AS pair_status`);

export interface NewBet {
  id: string;
  projectId: number;
  playerId: number;
  game: GameIdWire;
  asset: Asset;
  stake: bigint;
  payout: bigint;
  multiplierBp: bigint;
  status: BetStatus;
  seedPairId: bigint;
  nonce: number;
  clientSeed: string;
  params: string;
  state: string;
  createdAt: Date;
  settledAt: Date | null;
}

/**
 * A whole bet in one statement: take the pair's nonce if it is still the one the outcome was drawn
 * with (compare-and-set on nonce and client seed: a stale cache takes nothing), insert the bet, run
 * the ledger's linked operation for its money. `$17…` are the ledger call's own parameters.
 */
const LEDGER_CALL_OFFSET = 16;
const placeBetSql = (ledgerCall: string) => `WITH pair AS (
    UPDATE game_seed_pairs SET nonce = nonce + 1
     WHERE id = $1::bigint AND status = 'active' AND nonce = $2::bigint AND client_seed = $3
    RETURNING id, nonce - 1 AS nonce, client_seed),
  bet AS (
    INSERT INTO game_bets (id, project_id, player_id, game, asset, stake, payout, multiplier_bp, status,
                           seed_pair_id, nonce, client_seed, params, state, created_at, settled_at)
    SELECT $4::uuid, $5::integer, $6::bigint, $7, $8, $9::bigint, $10::bigint, $11::numeric, $12, pair.id,
           pair.nonce, pair.client_seed, $13::jsonb, $14::jsonb, $15::timestamptz, $16::timestamptz FROM pair
    ON CONFLICT (id) DO NOTHING
    RETURNING id)
  SELECT (SELECT count(*) FROM pair)::integer AS took, (SELECT count(*) FROM bet)::integer AS inserted,
         (SELECT ${ledgerCall} FROM bet) AS outcome`;

/**
 * A single-outcome bet in one statement on its own (autocommit: one round trip, the commit
 * included): the play gate's expression first (`gate`: it locks and records what the gate does, or
 * answers false having changed nothing), then the nonce compare-and-set — only when the gate said
 * yes —, the bet row and the ledger's linked operation; `games_quick_bet_guard` (migration 0731)
 * raises GM001/GM002 when the gate recorded the stake but no bet was placed, which rolls the whole
 * statement back. `$17…` are the gate's parameters, then the ledger call's.
 */
const quickBetSql = (gate: string, ledgerCall: string) => `WITH gate AS (SELECT ${gate} AS ok),
  pair AS (
    UPDATE game_seed_pairs SET nonce = nonce + 1
     WHERE id = $1::bigint AND status = 'active' AND nonce = $2::bigint AND client_seed = $3
       AND (SELECT ok FROM gate)
    RETURNING id, nonce - 1 AS nonce, client_seed),
  bet AS (
    INSERT INTO game_bets (id, project_id, player_id, game, asset, stake, payout, multiplier_bp, status,
                           seed_pair_id, nonce, client_seed, params, state, created_at, settled_at)
    SELECT $4::uuid, $5::integer, $6::bigint, $7, $8, $9::bigint, $10::bigint, $11::numeric, $12, pair.id,
           pair.nonce, pair.client_seed, $13::jsonb, $14::jsonb, $15::timestamptz, $16::timestamptz FROM pair
    ON CONFLICT (id) DO NOTHING
    RETURNING id),
  outcome AS (SELECT (SELECT ok FROM gate) AS gated, EXISTS (SELECT 1 FROM pair) AS took,
                     EXISTS (SELECT 1 FROM bet) AS inserted, (SELECT ${ledgerCall} FROM bet) AS posted)
  SELECT games_quick_bet_guard(gated, took, inserted) AS gated, posted FROM outcome`;

/**
 * Single-outcome bets of several players in one statement (docs/decisions.md "Games: bets settled
 * in batches"): the one-statement bet of `quickBetSql`, set-based. `$1…$16` are the bet rows as
 * arrays (`betRowValues`' order); `gates` is the play gate's answer for all of them (an SQL boolean[],
 * one per bet in order); the ledger posts the bets that were inserted in one `ledger_stake_operations`
 * call.
 * `games_quick_bet_guard` raises, undoing every bet of the statement, when a gate recorded a stake
 * whose bet was not placed; a gate that answers false leaves its bet out (its player takes the
 * locked path).
 */
const quickBetsSql = (gates: string, ledgerCall: (postSql: string) => string) => `WITH input AS (
    SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::uuid[], $5::integer[], $6::bigint[],
                         $7::text[], $8::text[], $9::bigint[], $10::bigint[], $11::numeric[], $12::text[],
                         $13::jsonb[], $14::jsonb[], $15::timestamptz[], $16::timestamptz[])
      WITH ORDINALITY AS i(pair_id, nonce, client_seed, id, project_id, player_id, game, asset, stake, payout,
                           multiplier_bp, status, params, state, created_at, settled_at, ord)),
  gate AS MATERIALIZED (SELECT g.ord, coalesce(g.ok, false) AS ok FROM unnest(${gates}) WITH ORDINALITY AS g(ok, ord)),
  pair AS (
    UPDATE game_seed_pairs p SET nonce = p.nonce + 1
      FROM input i JOIN gate g ON g.ord = i.ord
     WHERE p.id = i.pair_id AND p.status = 'active' AND p.nonce = i.nonce AND p.client_seed = i.client_seed AND g.ok
    RETURNING i.ord, p.id, p.nonce - 1 AS nonce, p.client_seed),
  bet AS (
    INSERT INTO game_bets (id, project_id, player_id, game, asset, stake, payout, multiplier_bp, status,
                           seed_pair_id, nonce, client_seed, params, state, created_at, settled_at)
    SELECT i.id, i.project_id, i.player_id, i.game, i.asset, i.stake, i.payout, i.multiplier_bp, i.status, pair.id,
           pair.nonce, pair.client_seed, i.params, i.state, i.created_at, i.settled_at
      FROM pair JOIN input i ON i.ord = pair.ord
     ORDER BY i.ord
    ON CONFLICT (id) DO NOTHING
    RETURNING id),
  outcome AS MATERIALIZED (
    SELECT i.ord, g.ok AS gated, EXISTS (SELECT 1 FROM pair WHERE pair.ord = i.ord) AS took,
           EXISTS (SELECT 1 FROM bet WHERE bet.id = i.id) AS inserted
      FROM input i JOIN gate g ON g.ord = i.ord)
  SELECT o.ord, games_quick_bet_guard(o.gated, o.took, o.inserted) AS gated,
         (SELECT ${ledgerCall('(SELECT array_agg(inserted ORDER BY ord) FROM outcome)')}) AS posted
    FROM outcome o ORDER BY o.ord`;

/** The statement names of batches of bets (`quickBetsSql`), at most QUICK_BETS_NAMED_MAX texts. */
const quickBetsNames = new Map<string, string>();
const QUICK_BETS_NAMED_MAX = 16;

/** The statement names of the one-statement bet, one per distinct text (prepared once per connection). */
const quickBetNames = new Map<string, string>();

/** The only SQL of the games module: its own tables. */
/** One day, game and asset of settled bets (the console's GGR report). */
export type { DailyTotalRow } from '../../platform/db/hourly-rollup.ts';

/** The games' hourly roll-up (0660): settled bets (won, lost or cashed out) moved money. */
const GAME_ROLLUP: HourlyRollupTables = {
  bets: 'game_bets',
  hours: 'game_bet_hours',
  rollup: 'game_bet_rollup',
  settled: sql`status <> 'open'`,
};

/**
 * The first parameters of both one-statement bet paths ($1..$16: the seed pair's nonce step, then the
 * bet row), in the order `placeBetSql` and `quickBetSql` number them.
 */
function betRowValues(input: {
  pairId: bigint;
  nonce: number;
  clientSeed: string;
  bet: Omit<NewBet, 'seedPairId' | 'nonce' | 'clientSeed'>;
}): unknown[] {
  const { bet } = input;
  return [
    input.pairId.toString(),
    input.nonce,
    input.clientSeed,
    bet.id,
    bet.projectId,
    bet.playerId,
    bet.game,
    bet.asset,
    bet.stake.toString(),
    bet.payout.toString(),
    bet.multiplierBp.toString(),
    bet.status,
    bet.params,
    bet.state,
    bet.createdAt.toISOString(),
    bet.settledAt ? bet.settledAt.toISOString() : null,
  ];
}

export function createGamesRepo(db: Db) {
  return {
    db: db as Executor,
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => action(tx));
    },

    /**
     * The bet's transaction: begin and commit sent straight on a pooled connection (Drizzle's
     * transaction wrapper cost ~0.2 ms of CPU per bet in the profile); the executor handed to the
     * action is a Drizzle database over that connection, so the ledger, the gate and `placeBet` run
     * on it, inside the transaction.
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

    // --- Seed pairs ---

    /** Creates the player's active and next pairs when missing (concurrent callers: one wins each). */
    async ensurePairs(
      executor: Executor,
      input: {
        projectId: number;
        playerId: number;
        active: { serverSeed: string; serverSeedHash: string; clientSeed: string };
        next: { serverSeed: string; serverSeedHash: string; clientSeed: string };
        at: Date;
      },
    ): Promise<void> {
      for (const [status, pair] of [
        ['active', input.active],
        ['next', input.next],
      ] as const) {
        await executor.execute(sql`
          INSERT INTO game_seed_pairs (project_id, player_id, status, server_seed, server_seed_hash, client_seed, created_at)
          VALUES (${input.projectId}, ${input.playerId}, ${status}, ${pair.serverSeed}, ${pair.serverSeedHash},
                  ${pair.clientSeed}, ${input.at})
          ON CONFLICT (player_id) WHERE status = ${sql.raw(`'${status}'`)} DO NOTHING`);
      }
    },

    /** The active and next pair (`lock`: the active row FOR UPDATE, which a bet's nonce also takes). */
    async livePairs(
      executor: Executor,
      playerId: number,
      lock = false,
    ): Promise<{ active: SeedPairRow | null; next: SeedPairRow | null }> {
      const result = await executor.execute<Raw>(sql`
        SELECT id::text AS id, project_id, player_id, status, server_seed, server_seed_hash, client_seed,
               nonce::text AS nonce, created_at, revealed_at
          FROM game_seed_pairs WHERE player_id = ${playerId} AND status IN ('active', 'next')
         ORDER BY status ${lock ? sql`FOR UPDATE` : sql``}`);
      const rows = result.rows.map(toPair);
      return {
        active: rows.find((row) => row.status === 'active') ?? null,
        next: rows.find((row) => row.status === 'next') ?? null,
      };
    },

    async revealedPairs(executor: Executor, playerId: number, limit: number): Promise<SeedPairRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT id::text AS id, project_id, player_id, status, server_seed, server_seed_hash, client_seed,
               nonce::text AS nonce, created_at, revealed_at
          FROM game_seed_pairs WHERE player_id = ${playerId} AND status = 'revealed'
         ORDER BY id DESC LIMIT ${limit}`);
      return result.rows.map(toPair);
    },

    async setClientSeed(executor: Executor, pairId: bigint, clientSeed: string): Promise<void> {
      await executor.execute(
        sql`UPDATE game_seed_pairs SET client_seed = ${clientSeed} WHERE id = ${pairId.toString()}::bigint`,
      );
    },

    /** Retires the active pair (reveals it), promotes the next one with a client seed, adds a new next. */
    async rotate(
      executor: Executor,
      input: {
        activeId: bigint;
        nextId: bigint;
        clientSeed: string;
        newNext: { serverSeed: string; serverSeedHash: string; clientSeed: string };
        projectId: number;
        playerId: number;
        at: Date;
      },
    ): Promise<void> {
      await executor.execute(sql`
        UPDATE game_seed_pairs SET status = 'revealed', revealed_at = ${input.at}
         WHERE id = ${input.activeId.toString()}::bigint AND status = 'active'`);
      await executor.execute(sql`
        UPDATE game_seed_pairs SET status = 'active', client_seed = ${input.clientSeed}, nonce = 0, created_at = ${input.at}
         WHERE id = ${input.nextId.toString()}::bigint AND status = 'next'`);
      await executor.execute(sql`
        INSERT INTO game_seed_pairs (project_id, player_id, status, server_seed, server_seed_hash, client_seed, created_at)
        VALUES (${input.projectId}, ${input.playerId}, 'next', ${input.newNext.serverSeed},
                ${input.newNext.serverSeedHash}, ${input.newNext.clientSeed}, ${input.at})`);
    },

    async pairById(executor: Executor, id: bigint): Promise<SeedPairRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT id::text AS id, project_id, player_id, status, server_seed, server_seed_hash, client_seed,
               nonce::text AS nonce, created_at, revealed_at
          FROM game_seed_pairs WHERE id = ${id.toString()}::bigint`);
      return result.rows[0] ? toPair(result.rows[0]) : null;
    },

    // --- Bets ---

    /** Where the ledger call's parameters start in `placeBet`'s statement. */
    ledgerCallOffset: LEDGER_CALL_OFFSET,

    /**
     * Takes the nonce (compare-and-set), inserts the bet and moves its money in one round trip.
     * `took` false: the pair moved on (another node, a rotation) and nothing happened; `inserted`
     * false: the bet id exists (nothing moved). A ledger refusal fails the statement.
     */
    async placeBet(
      executor: Executor,
      input: {
        pairId: bigint;
        nonce: number;
        clientSeed: string;
        bet: Omit<NewBet, 'seedPairId' | 'nonce' | 'clientSeed'>;
        ledgerCall: { text: string; values: unknown[] };
      },
    ): Promise<{ took: boolean; inserted: boolean }> {
      const values = [...betRowValues(input), ...input.ledgerCall.values];
      const text = placeBetSql(input.ledgerCall.text);
      const client = pgClientOf(executor);
      if (!client) throw new Error('placeBet needs a pg connection');
      const rows = (await client.query<Raw>({ name: 'games_place_bet_v1', text, values })).rows;
      return { took: Number(rows[0]?.took ?? 0) === 1, inserted: Number(rows[0]?.inserted ?? 0) === 1 };
    },

    /** Where the gate's parameters start in `quickBet`'s statement. */
    quickBetOffset: LEDGER_CALL_OFFSET,

    /**
     * A single-outcome bet in one autocommit statement (one round trip). `gated` false: the gate
     * wants its locked path and nothing happened. Throws GM001 (the pair moved on) or GM002 (the bet
     * id exists) with nothing changed, or the ledger's refusal.
     */
    async quickBet(input: {
      pairId: bigint;
      nonce: number;
      clientSeed: string;
      bet: Omit<NewBet, 'seedPairId' | 'nonce' | 'clientSeed'>;
      gate: { text: string; values: unknown[] };
      /** Numbered after the gate's parameters. */
      ledgerCall: { text: string; values: unknown[] };
    }): Promise<{ gated: boolean }> {
      const values = [...betRowValues(input), ...input.gate.values, ...input.ledgerCall.values];
      const text = quickBetSql(input.gate.text, input.ledgerCall.text);
      let name = quickBetNames.get(text);
      if (name === undefined) {
        name = `games_quick_bet_${quickBetNames.size + 1}`;
        quickBetNames.set(text, name);
      }
      const pool = (db as unknown as { $client: PgQueryable }).$client;
      const rows = (await pool.query<Raw>({ name, text, values })).rows;
      return { gated: rows[0]?.gated === true };
    },

    /**
     * Single-outcome bets of several players in one autocommit statement (`quickBetsSql`): whether
     * each was gated (false: nothing happened for it, its player takes the locked path). Any refusal
     * — a pair moved on (GM001), a bet id taken (GM002), the ledger's — fails the whole statement with
     * nothing changed; the caller then places the bets one by one (`quickBet`) to learn whose it was.
     * `gates(offset)`: the play gate's SQL boolean[] for the bets in order, parameters from
     * `$offset + 1`; `ledgerCall(offset, postSql)`: the ledger's call for the bets in order, posting those `postSql`
     * (a boolean[]) marks.
     */
    async quickBets(
      items: ReadonlyArray<{
        pairId: bigint;
        nonce: number;
        clientSeed: string;
        bet: Omit<NewBet, 'seedPairId' | 'nonce' | 'clientSeed'>;
      }>,
      gates: (offset: number) => { text: string; values: unknown[] },
      ledgerCall: (offset: number, postSql: string) => { text: string; values: unknown[] },
    ): Promise<boolean[]> {
      // $1…$16: one array per column of the bet rows.
      const betRows = items.map(betRowValues);
      const columns = betRows[0]!.map((_, column) => betRows.map((row) => row[column]));
      const values: unknown[] = [...columns];
      const gate = gates(values.length);
      values.push(...gate.values);
      const text = quickBetsSql(gate.text, (postSql) => {
        const call = ledgerCall(values.length, postSql);
        values.push(...call.values);
        return call.text;
      });
      const pool = (db as unknown as { $client: PgQueryable }).$client;
      // Prepared once per connection when its text is one of a few (the gate's batch form does not
      // vary with the batch's size); a gate composed bet by bet makes texts by size: those go unnamed.
      let name = quickBetsNames.get(text);
      if (name === undefined && quickBetsNames.size < QUICK_BETS_NAMED_MAX) {
        name = `games_quick_bets_${quickBetsNames.size + 1}`;
        quickBetsNames.set(text, name);
      }
      const answers = (await pool.query<Raw>(name ? { name, text, values } : { text, values })).rows;
      if (answers.length !== items.length) throw new Error('a batch of bets answered for other bets');
      return answers.map((answer) => answer.gated === true);
    },

    /** A bet of the player (`lock`: FOR UPDATE of the bet row, which serialises its moves). */
    async bet(executor: Executor, id: string, playerId: number, lock = false): Promise<BetRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${BET_COLUMNS} FROM game_bets b JOIN game_seed_pairs p ON p.id = b.seed_pair_id
         WHERE b.id = ${id}::uuid AND b.player_id = ${playerId} ${lock ? sql`FOR UPDATE OF b` : sql``}`);
      return result.rows[0] ? toBet(result.rows[0]) : null;
    },

    async updateBet(
      executor: Executor,
      id: string,
      change: {
        state: string;
        status: BetStatus;
        payout: bigint;
        multiplierBp: bigint;
        settledAt: Date | null;
      },
    ): Promise<void> {
      await executor.execute(sql`
        UPDATE game_bets SET state = ${change.state}::jsonb, status = ${change.status},
               payout = ${change.payout.toString()}::bigint, multiplier_bp = ${change.multiplierBp.toString()}::numeric,
               settled_at = ${change.settledAt}
         WHERE id = ${id}::uuid`);
    },

    async openBet(executor: Executor, playerId: number, game: GameIdWire): Promise<BetRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${BET_COLUMNS} FROM game_bets b JOIN game_seed_pairs p ON p.id = b.seed_pair_id
         WHERE b.player_id = ${playerId} AND b.game = ${game} AND b.status = 'open'`);
      return result.rows[0] ? toBet(result.rows[0]) : null;
    },

    /**
     * The settled wager (sum of stakes of won or lost bets) per player and asset of bets settled in
     * [from, to): the rewards module's rebate base (its daily job reads it through the service).
     */
    async wagerTotals(
      executor: Executor,
      projectId: number,
      from: Date,
      to: Date,
    ): Promise<Array<{ playerId: number; asset: string; wager: bigint }>> {
      const result = await executor.execute<Raw>(sql`
        SELECT player_id, asset, sum(stake)::text AS wager FROM game_bets
        WHERE project_id = ${projectId} AND status IN ('won', 'lost')
          AND settled_at >= ${from.toISOString()}::timestamptz AND settled_at < ${to.toISOString()}::timestamptz
        GROUP BY player_id, asset`);
      return result.rows.map((row) => ({
        playerId: Number(row.player_id),
        asset: String(row.asset),
        wager: BigInt(String(row.wager)),
      }));
    },
    async hasOpenBet(executor: Executor, playerId: number): Promise<boolean> {
      const result = await executor.execute<Raw>(
        sql`SELECT 1 FROM game_bets WHERE player_id = ${playerId} AND status = 'open' LIMIT 1`,
      );
      return result.rows.length > 0;
    },

    async bets(
      executor: Executor,
      query: { playerId: number; game?: GameIdWire | undefined; before?: bigint | undefined; limit: number },
    ): Promise<BetRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${BET_COLUMNS} FROM game_bets b JOIN game_seed_pairs p ON p.id = b.seed_pair_id
         WHERE b.player_id = ${query.playerId}
           ${query.game ? sql`AND b.game = ${query.game}` : sql``}
           ${query.before !== undefined ? sql`AND b.seq < ${query.before.toString()}::bigint` : sql``}
         ORDER BY b.seq DESC LIMIT ${query.limit}`);
      return result.rows.map(toBet);
    },

    /** The project's latest settled bets (the live feed's first page). */
    async feed(
      executor: Executor,
      projectId: number,
      game: GameIdWire | undefined,
      limit: number,
    ): Promise<BetRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${BET_COLUMNS} FROM game_bets b JOIN game_seed_pairs p ON p.id = b.seed_pair_id
         WHERE b.project_id = ${projectId} AND b.status <> 'open'
           ${game ? sql`AND b.game = ${game}` : sql``}
         ORDER BY b.seq DESC LIMIT ${limit}`);
      return result.rows.map(toBet);
    },

    // --- Configuration ---

    /**
     * Settled bets per local day, game and asset in [from, to] (days in the project's time zone):
     * count, stakes and payouts, for the console's GGR report: the hourly roll-up (brought up to date
     * first) plus the bets settled since, read through the game_bets_report index (migration 0660).
     */
    async dailyTotals(
      executor: Executor,
      query: { projectId: number; timeZone: string; from: string; to: string },
    ): Promise<DailyTotalRow[]> {
      return dailyTotalsFromHours(db, executor, GAME_ROLLUP, query);
    },

    async configs(executor: Executor, projectId: number): Promise<ConfigRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT project_id, game, asset, enabled, min_bet::text AS min_bet, max_bet::text AS max_bet,
               max_payout::text AS max_payout, edge_bp
          FROM game_configs WHERE project_id = ${projectId} ORDER BY game, asset`);
      return result.rows.map(toConfig);
    },

    async saveConfig(executor: Executor, row: ConfigRow, at: Date): Promise<void> {
      await executor.execute(sql`
        INSERT INTO game_configs (project_id, game, asset, enabled, min_bet, max_bet, max_payout, edge_bp, updated_at)
        VALUES (${row.projectId}, ${row.game}, ${row.asset}, ${row.enabled}, ${row.minBet.toString()}::bigint,
                ${row.maxBet.toString()}::bigint, ${row.maxPayout.toString()}::bigint, ${row.edgeBp}, ${at})
        ON CONFLICT (project_id, game, asset) DO UPDATE SET enabled = EXCLUDED.enabled,
          min_bet = EXCLUDED.min_bet, max_bet = EXCLUDED.max_bet, max_payout = EXCLUDED.max_payout,
          edge_bp = EXCLUDED.edge_bp, updated_at = EXCLUDED.updated_at`);
    },
  };
}
export type GamesRepo = ReturnType<typeof createGamesRepo>;

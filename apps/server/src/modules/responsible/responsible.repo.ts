import { sql } from 'drizzle-orm';
import type { SqlCall } from '../../money/play-gate.ts';
import type { Db, Executor } from '../../platform/db/database.ts';
import { retryTransaction } from '../../platform/db/retry.ts';
import type { Exclusion, LimitKind, LimitRow } from './responsible.rules.ts';

type Raw = Record<string, unknown>;

export interface StateRow {
  userId: number;
  projectId: number;
  exclusion: Exclusion | null;
  excludedAt: Date | null;
  realityCheckMinutes: number | null;
  sessionStartedAt: Date | null;
  lastActivityAt: Date | null;
  pendingStakes: bigint;
}

const date = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string);
const big = (value: unknown): bigint | null =>
  value === null || value === undefined ? null : BigInt(value as string);

function stateOf(row: Raw): StateRow {
  return {
    userId: Number(row.user_id),
    projectId: Number(row.project_id),
    exclusion: row.exclusion_kind
      ? { kind: row.exclusion_kind as Exclusion['kind'], until: date(row.excluded_until) }
      : null,
    excludedAt: date(row.excluded_at),
    realityCheckMinutes: row.reality_check_minutes === null ? null : Number(row.reality_check_minutes),
    sessionStartedAt: date(row.session_started_at),
    lastActivityAt: date(row.last_activity_at),
    pendingStakes: BigInt(row.pending_stakes as string),
  };
}

/**
 * A value in the project currency for the one-call path: minor units, none (null: nothing recorded),
 * or an SQL bigint expression of the caller's (a rate read in the statement) numbered from its offset.
 */
export type QuickValue = string | null | ((offset: number) => SqlCall);

/** One argument of a gate function's call: a parameter with its SQL type, or a value in the currency. */
type CallArgument =
  | { value: unknown; type: 'bigint' | 'integer' | 'text' | 'timestamptz' }
  | { quick: QuickValue };

/**
 * `name(arguments…)` as an SQL expression with its parameters numbered from `$offset+1`: a plain
 * argument is a typed parameter; a QuickValue a `bigint` parameter (or NULL), or the caller's SQL
 * expression (a rate read in the statement) numbered after the parameters before it.
 */
function gateCall(name: string, args: readonly CallArgument[], offset: number): SqlCall {
  const values: unknown[] = [];
  const texts = args.map((arg) => {
    if ('quick' in arg && typeof arg.quick === 'function') {
      const call = arg.quick(offset + values.length);
      values.push(...call.values);
      return call.text;
    }
    values.push('quick' in arg ? arg.quick : arg.value);
    return `$${offset + values.length}::${'quick' in arg ? 'bigint' : arg.type}`;
  });
  return { text: `${name}(${texts.join(', ')})`, values };
}

/**
 * The gate's one-call path as an SQL boolean expression (parameters from `$offset+1`): the function
 * `responsible_quick_stake` of migration 0730 (true: checked and recorded; false: nothing changed,
 * take the locked path).
 */
export function quickStakeSql(
  input: {
    userId: number;
    asset: string;
    amount: bigint;
    stakeValue: QuickValue;
    payoutValue: QuickValue;
    at: Date;
    gapMs: number;
  },
  offset: number,
): SqlCall {
  return gateCall(
    'responsible_quick_stake',
    [
      { value: input.userId, type: 'bigint' },
      { value: input.asset, type: 'text' },
      { value: input.amount.toString(), type: 'bigint' },
      { quick: input.stakeValue },
      { quick: input.payoutValue },
      { value: input.at.toISOString(), type: 'timestamptz' },
      { value: input.gapMs, type: 'bigint' },
    ],
    offset,
  );
}

/** Values of several stakes for `quickStakesSql`: minor units (null: none), or the caller's SQL bigint[]. */
export type QuickValues = ReadonlyArray<string | null> | ((offset: number) => SqlCall);

/** The arguments of a call over arrays, numbered from `$offset+1` as they are added. */
function arrayCall(offset: number) {
  const values: unknown[] = [];
  const parameter = (value: unknown, type: string) => {
    values.push(value);
    return `$${offset + values.length}::${type}`;
  };
  const expression = (call: (offset: number) => SqlCall) => {
    const { text, values: own } = call(offset + values.length);
    values.push(...own);
    return text;
  };
  const quick = (given: QuickValues) =>
    typeof given === 'function' ? expression(given) : parameter(given, 'bigint[]');
  return { values, parameter, expression, quick };
}

/**
 * The one-call path of several single-outcome stakes (`responsible_quick_stakes`, migration 0818) as
 * an SQL boolean[] expression, one answer per stake in order, parameters from `$offset+1`. `may` is
 * the age check (true for each when there is none, or the caller's SQL boolean[]); its text does not
 * depend on how many stakes there are when the values' and the check's do not.
 */
export function quickStakesSql(
  input: {
    stakes: ReadonlyArray<{ userId: number; asset: string; amount: bigint }>;
    may: ((offset: number) => SqlCall) | null;
    stakeValues: QuickValues;
    payoutValues: QuickValues;
    at: Date;
    gapMs: number;
  },
  offset: number,
): SqlCall {
  const { values, parameter, expression, quick } = arrayCall(offset);
  const { stakes } = input;
  const may = input.may
    ? expression(input.may)
    : parameter(
        stakes.map(() => true),
        'boolean[]',
      );
  const users = parameter(
    stakes.map((stake) => stake.userId),
    'bigint[]',
  );
  const assets = parameter(
    stakes.map((stake) => stake.asset),
    'text[]',
  );
  const amounts = parameter(
    stakes.map((stake) => stake.amount.toString()),
    'bigint[]',
  );
  const stakeValues = quick(input.stakeValues);
  const payoutValues = quick(input.payoutValues);
  const at = parameter(input.at.toISOString(), 'timestamptz');
  const gap = parameter(input.gapMs, 'bigint');
  return {
    text: `responsible_quick_stakes(${may}, ${users}, ${assets}, ${amounts}, ${stakeValues}, ${payoutValues}, ${at}, ${gap})`,
    values,
  };
}

/**
 * The one-call path of several held stakes (`responsible_quick_holds`, migration 0826) as an SQL
 * boolean[] expression, one answer per stake in order, parameters from `$offset+1`. `may` is the age
 * check (true for each when there is none, or the caller's SQL boolean[]); its text does not depend
 * on how many stakes there are when the values' and the check's do not.
 */
export function quickHoldsSql(
  input: {
    holds: ReadonlyArray<{ userId: number; projectId: number; asset: string; amount: bigint }>;
    may: ((offset: number) => SqlCall) | null;
    stakeValues: QuickValues;
    at: Date;
    gapMs: number;
  },
  offset: number,
): SqlCall {
  const { values, parameter, expression, quick } = arrayCall(offset);
  const { holds } = input;
  const may = input.may
    ? expression(input.may)
    : parameter(
        holds.map(() => true),
        'boolean[]',
      );
  const users = parameter(
    holds.map((hold) => hold.userId),
    'bigint[]',
  );
  const projects = parameter(
    holds.map((hold) => hold.projectId),
    'integer[]',
  );
  const assets = parameter(
    holds.map((hold) => hold.asset),
    'text[]',
  );
  const amounts = parameter(
    holds.map((hold) => hold.amount.toString()),
    'bigint[]',
  );
  const stakeValues = quick(input.stakeValues);
  const at = parameter(input.at.toISOString(), 'timestamptz');
  const gap = parameter(input.gapMs, 'bigint');
  return {
    text: `responsible_quick_holds(${may}, ${users}, ${projects}, ${assets}, ${amounts}, ${stakeValues}, ${at}, ${gap})`,
    values,
  };
}

/** The player, project, asset, amount and the stake's value: the leading arguments of quick_hold and settle. */
function heldStakeArguments(input: {
  userId: number;
  projectId: number;
  asset: string;
  amount: bigint;
  stakeValue: QuickValue;
}): CallArgument[] {
  return [
    { value: input.userId, type: 'bigint' },
    { value: input.projectId, type: 'integer' },
    { value: input.asset, type: 'text' },
    { value: input.amount.toString(), type: 'bigint' },
    { quick: input.stakeValue },
  ];
}

/**
 * The gate's one-call path of a held stake (a round bet) as an SQL boolean expression (parameters
 * from `$offset+1`): `responsible_quick_hold` of migration 0800 (true: checked and recorded; false:
 * nothing changed, take the locked path).
 */
export function quickHoldSql(
  input: {
    userId: number;
    projectId: number;
    asset: string;
    amount: bigint;
    stakeValue: QuickValue;
    at: Date;
    gapMs: number;
  },
  offset: number,
): SqlCall {
  return gateCall(
    'responsible_quick_hold',
    [
      ...heldStakeArguments(input),
      { value: input.at.toISOString(), type: 'timestamptz' },
      { value: input.gapMs, type: 'bigint' },
    ],
    offset,
  );
}

/** afterSettle as an SQL expression (parameters from `$offset+1`): `responsible_settle` of migration 0800. */
export function settleSql(
  input: {
    userId: number;
    projectId: number;
    asset: string;
    amount: bigint;
    stakeValue: QuickValue;
    payoutValue: QuickValue;
    at: Date;
  },
  offset: number,
): SqlCall {
  return gateCall(
    'responsible_settle',
    [
      ...heldStakeArguments(input),
      { quick: input.payoutValue },
      { value: input.at.toISOString(), type: 'timestamptz' },
    ],
    offset,
  );
}

/**
 * afterSettle of several held stakes (`responsible_settles`, migration 0821) as an SQL expression,
 * parameters from `$offset+1`; `postSql` is the caller's SQL boolean[] saying which of them settled.
 */
export function settlesSql(
  input: {
    settlements: ReadonlyArray<{ userId: number; projectId: number; asset: string; amount: bigint }>;
    stakeValues: QuickValues;
    payoutValues: QuickValues;
    at: Date;
  },
  offset: number,
  postSql: string,
): SqlCall {
  const { values, parameter, quick } = arrayCall(offset);
  const { settlements } = input;
  const users = parameter(
    settlements.map((settlement) => settlement.userId),
    'bigint[]',
  );
  const projects = parameter(
    settlements.map((settlement) => settlement.projectId),
    'integer[]',
  );
  const assets = parameter(
    settlements.map((settlement) => settlement.asset),
    'text[]',
  );
  const amounts = parameter(
    settlements.map((settlement) => settlement.amount.toString()),
    'bigint[]',
  );
  const stakeValues = quick(input.stakeValues);
  const payoutValues = quick(input.payoutValues);
  const at = parameter(input.at.toISOString(), 'timestamptz');
  return {
    text: `responsible_settles(${users}, ${projects}, ${assets}, ${amounts}, ${stakeValues}, ${payoutValues}, ${postSql}, ${at})`,
    values,
  };
}

/** The responsible-play tables (migration 0640): only this module reads or writes them. */
export function createResponsibleRepo(db: Db) {
  return {
    db: db as Executor,
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return retryTransaction(() => db.transaction(async (tx) => action(tx)));
    },

    /**
     * The player's state row, created when missing, locked FOR UPDATE when `lock`: every gate call
     * and every change of limits or exclusions of one player queue on this one row.
     */
    async state(executor: Executor, userId: number, projectId: number, at: Date, lock: boolean) {
      if (lock)
        await executor.execute(sql`
          INSERT INTO responsible_state (user_id, project_id, updated_at) VALUES (${userId}, ${projectId}, ${at})
          ON CONFLICT (user_id) DO NOTHING`);
      const result = await executor.execute<Raw>(sql`
        SELECT * FROM responsible_state WHERE user_id = ${userId} ${lock ? sql`FOR UPDATE` : sql``}`);
      const row = result.rows[0];
      return row
        ? stateOf(row)
        : {
            userId,
            projectId,
            exclusion: null,
            excludedAt: null,
            realityCheckMinutes: null,
            sessionStartedAt: null,
            lastActivityAt: null,
            pendingStakes: 0n,
          };
    },

    async saveExclusion(executor: Executor, userId: number, exclusion: Exclusion, at: Date): Promise<void> {
      await executor.execute(sql`
        UPDATE responsible_state SET exclusion_kind = ${exclusion.kind}, excluded_until = ${exclusion.until},
               excluded_at = ${at}, updated_at = ${at}
         WHERE user_id = ${userId}`);
    },

    async saveRealityCheck(executor: Executor, userId: number, minutes: number | null, at: Date) {
      await executor.execute(sql`
        UPDATE responsible_state SET reality_check_minutes = ${minutes}, updated_at = ${at} WHERE user_id = ${userId}`);
    },

    async saveSession(
      executor: Executor,
      userId: number,
      session: { startedAt: Date; lastActivityAt: Date; pendingStakesDelta: bigint },
    ): Promise<void> {
      await executor.execute(sql`
        UPDATE responsible_state
           SET session_started_at = ${session.startedAt}, last_activity_at = ${session.lastActivityAt},
               pending_stakes = GREATEST(0, pending_stakes + ${session.pendingStakesDelta}),
               updated_at = ${session.lastActivityAt}
         WHERE user_id = ${userId}`);
    },

    async limits(executor: Executor, userId: number): Promise<Map<LimitKind, LimitRow>> {
      const result = await executor.execute<Raw>(
        sql`SELECT * FROM responsible_limits WHERE user_id = ${userId}`,
      );
      return new Map(
        result.rows.map((row) => [
          row.kind as LimitKind,
          {
            value: big(row.value),
            pendingValue: big(row.pending_value),
            pendingRemove: row.pending_remove === true,
            pendingAt: date(row.pending_at),
          },
        ]),
      );
    },

    async saveLimit(executor: Executor, userId: number, kind: LimitKind, row: LimitRow, at: Date) {
      await executor.execute(sql`
        INSERT INTO responsible_limits (user_id, kind, value, pending_value, pending_remove, pending_at, updated_at)
        VALUES (${userId}, ${kind}, ${row.value}, ${row.pendingValue}, ${row.pendingRemove}, ${row.pendingAt}, ${at})
        ON CONFLICT (user_id, kind) DO UPDATE SET value = EXCLUDED.value, pending_value = EXCLUDED.pending_value,
          pending_remove = EXCLUDED.pending_remove, pending_at = EXCLUDED.pending_at, updated_at = EXCLUDED.updated_at`);
    },

    async insertActivity(
      executor: Executor,
      row: {
        userId: number;
        kind: 'deposit' | 'stake' | 'settle';
        asset: string;
        amount: bigint;
        value: bigint;
        payout?: bigint;
        state?: 'pending' | 'credited' | 'done';
        reference?: string | null;
        at: Date;
      },
    ): Promise<void> {
      await executor.execute(sql`
        INSERT INTO responsible_activity (user_id, kind, asset, amount, value, payout, state, reference, at)
        VALUES (${row.userId}, ${row.kind}, ${row.asset}, ${row.amount}, ${row.value}, ${row.payout ?? 0n},
                ${row.state ?? 'done'}, ${row.reference ?? null}, ${row.at})`);
    },

    /** Moves a deposit's row to `state`; answers whether a row of that reference exists. */
    async markDeposit(
      executor: Executor,
      userId: number,
      reference: string,
      state: 'credited' | 'void',
    ): Promise<boolean> {
      const result = await executor.execute<{ state: string }>(sql`
        UPDATE responsible_activity SET state = ${state}
         WHERE user_id = ${userId} AND kind = 'deposit' AND reference = ${reference}
           AND state <> 'credited'
        RETURNING state`);
      if (result.rows.length > 0) return true;
      const found = await executor.execute(sql`
        SELECT 1 FROM responsible_activity WHERE user_id = ${userId} AND kind = 'deposit' AND reference = ${reference}`);
      return found.rows.length > 0;
    },

    /**
     * Sums since `from`: deposits (pending or credited), stakes taken, and settled stakes and payouts.
     * A 'play' row (a stake settled at once, migration 0824) is both a stake and its settlement.
     */
    async totalsSince(executor: Executor, userId: number, from: Date) {
      const result = await executor.execute<Raw>(sql`
        SELECT COALESCE(SUM(value) FILTER (WHERE kind = 'deposit' AND state IN ('pending', 'credited')), 0) AS deposits,
               COALESCE(SUM(value) FILTER (WHERE kind IN ('stake', 'play')), 0) AS wagered,
               COALESCE(SUM(value) FILTER (WHERE kind IN ('settle', 'play')), 0) AS settled_stakes,
               COALESCE(SUM(payout) FILTER (WHERE kind IN ('settle', 'play')), 0) AS payouts
          FROM responsible_activity WHERE user_id = ${userId} AND at >= ${from}`);
      const row = result.rows[0]!;
      return {
        deposits: BigInt(row.deposits as string),
        wagered: BigInt(row.wagered as string),
        settledStakes: BigInt(row.settled_stakes as string),
        payouts: BigInt(row.payouts as string),
      };
    },

    /** Credited deposits and net result (payouts minus settled stakes) per local month since `from`. */
    async monthly(executor: Executor, userId: number, from: Date, timeZone: string) {
      const result = await executor.execute<Raw>(sql`
        SELECT to_char(at AT TIME ZONE ${timeZone}, 'YYYY-MM') AS month,
               COALESCE(SUM(value) FILTER (WHERE kind = 'deposit' AND state = 'credited'), 0) AS deposits,
               COALESCE(SUM(payout - value) FILTER (WHERE kind IN ('settle', 'play')), 0) AS net
          FROM responsible_activity WHERE user_id = ${userId} AND at >= ${from}
         GROUP BY 1`);
      return new Map(
        result.rows.map((row) => [
          row.month as string,
          { deposits: BigInt(row.deposits as string), net: BigInt(row.net as string) },
        ]),
      );
    },

    /** Settled net result (payouts minus stakes) and stakes count since the session began. */
    async sessionResult(executor: Executor, userId: number, from: Date) {
      const result = await executor.execute<Raw>(sql`
        SELECT COALESCE(SUM(payout - value) FILTER (WHERE kind IN ('settle', 'play')), 0) AS net,
               COUNT(*) FILTER (WHERE kind IN ('stake', 'play')) AS stakes
          FROM responsible_activity WHERE user_id = ${userId} AND at >= ${from}`);
      const row = result.rows[0]!;
      return { net: BigInt(row.net as string), stakes: Number(row.stakes) };
    },
  };
}

export type ResponsibleRepo = ReturnType<typeof createResponsibleRepo>;

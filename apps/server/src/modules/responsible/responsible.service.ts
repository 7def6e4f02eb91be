import {
  type Asset,
  ErrorCode,
  formatMoney,
  type ProjectConfig,
  type RealityCheck,
  type ResponsibleLimit,
  type ResponsibleSettings,
  type StatementMonth,
} from '@payhub/contracts';
import type { Ledger } from '../../ledger/ledger.ts';
import type { PlayContext, PlayGate, SqlCall, StakeSource } from '../../money/play-gate.ts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/database.ts';
import { AppError, playBlocked } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { localDayStartMs } from '../../platform/local-day.ts';
import { requireProject } from '../../platform/require-project.ts';
import {
  type QuickValue,
  type QuickValues,
  quickHoldSql,
  quickHoldsSql,
  quickStakeSql,
  quickStakesSql,
  type ResponsibleRepo,
  type StateRow,
  settleSql,
  settlesSql,
} from './responsible.repo.ts';
import {
  addMonths,
  changeLimit,
  type Exclusion,
  effective,
  excludedAt,
  familyOf,
  type LimitKind,
  type LimitRow,
  lengthen,
  MONEY_LIMIT_KINDS,
  type MoneyLimitKind,
  monthStartDay,
  NO_LIMIT,
  periodOf,
  periodStart,
  SESSION_GAP_MS,
} from './responsible.rules.ts';

export interface ResponsibleDeps {
  repo: ResponsibleRepo;
  /** The ledger's read of withdrawals per month (the statement). */
  ledger: Pick<Ledger, 'debitsByMonth'>;
  clock: Clock;
  projectById: (id: number) => ProjectConfig | undefined;
  /**
   * Values an amount of another asset in the project currency (minor units), or null when no rate
   * is known. Absent: only the project currency can be valued; a stake or deposit in another asset
   * is refused (10001) while a money limit of its kind is set, so a limit is never bypassed.
   */
  valueInCurrency?: (tx: Executor, projectId: number, asset: Asset, amount: bigint) => Promise<bigint | null>;
  /**
   * `valueInCurrency` of an asset as an SQL bigint expression of an amount (NULL: no rate;
   * parameters from `$offset+1`) for the gate's one-call path (`quickStake`); null when that rate
   * cannot be read in SQL. Absent (or null) while `valueInCurrency` is given: a stake in another
   * asset takes the locked path.
   */
  valueInCurrencyCall?: (
    projectId: number,
    asset: Asset,
  ) => ((amount: bigint, offset: number) => SqlCall) | null;
  /**
   * A further reason a player may not play for real money (age, or no declaration in a licensed
   * project), null when there is none: refused with 10001 naming it.
   */
  playBlock?: (
    tx: Executor,
    userId: number,
    projectId: number,
  ) => Promise<'under_age' | 'age_undeclared' | null>;
  /**
   * `playBlock` is null, as an SQL boolean expression (parameters from `$offset+1`) for the gate's
   * one-call path (`quickStake`). Absent while `playBlock` is given: every stake takes the locked path.
   */
  mayPlayCall?: (userId: number, projectId: number, offset: number) => SqlCall;
  /** `mayPlayCall` of several players at once: an SQL boolean[], one per player in order (the batch form). */
  mayPlayAllCall?: (players: ReadonlyArray<{ userId: number; projectId: number }>, offset: number) => SqlCall;
  /**
   * `valueInCurrency` of several amounts at once as an SQL bigint[] (NULL where no rate), one per item
   * in order, for the gate's batch form; absent: a batch with a stake in another asset is composed
   * of one-stake calls.
   */
  valueInCurrencyAllCall?: (
    items: ReadonlyArray<{ projectId: number; asset: Asset; amount: bigint }>,
    offset: number,
  ) => SqlCall;
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/**
 * Responsible play (issue 14): the real PlayGate every deposit and stake goes through inside its
 * own transaction, and the player's settings. Every gate call and every change locks the player's
 * state row first, so concurrent calls of one player are serialised and a limit holds.
 */
export function createResponsibleService(deps: ResponsibleDeps) {
  const { repo, clock } = deps;

  function project(projectId: number): ProjectConfig {
    return requireProject(deps.projectById, projectId);
  }

  async function value(
    tx: Executor,
    projectId: number,
    asset: Asset,
    amount: bigint,
  ): Promise<bigint | null> {
    if (asset === project(projectId).currency) return amount;
    return deps.valueInCurrency ? deps.valueInCurrency(tx, projectId, asset, amount) : null;
  }

  /**
   * Values of `asset` for the one-call SQL paths, with no round trip of their own: the project
   * currency as itself; another asset at the rate `valueInCurrency` reads (rounded up the same way),
   * read inside the caller's statement; without a rate source no value (nothing recorded, as on
   * the locked path). Null when the rate has no SQL form.
   */
  function sqlValuer(projectId: number, asset: Asset): ((amount: bigint) => QuickValue) | null {
    if (asset === project(projectId).currency) return (amount) => amount.toString();
    if (!deps.valueInCurrency) return () => null;
    const call = deps.valueInCurrencyCall?.(projectId, asset);
    return call ? (amount) => (offset) => call(amount, offset) : null;
  }

  /**
   * `sqlValuer` of several amounts for the gate's batch form: minor units when none needs a rate (or
   * no rate is ever used: null values), else the rate source's SQL bigint[]; null when that has no
   * SQL form (the caller composes the one-stake path instead).
   */
  function valuesOf(
    items: ReadonlyArray<{ projectId: number; asset: Asset; amount: bigint }>,
  ): QuickValues | null {
    const own = (item: { projectId: number; asset: Asset }) =>
      item.asset === project(item.projectId).currency;
    if (items.every(own)) return items.map((item) => item.amount.toString());
    if (!deps.valueInCurrency) return items.map((item) => (own(item) ? item.amount.toString() : null));
    const all = deps.valueInCurrencyAllCall;
    return all ? (offset) => all(items, offset) : null;
  }

  /** `valuesOf` the stakes and of the payouts of several contexts; null when either has no SQL form. */
  function stakeAndPayoutValuesOf(
    contexts: ReadonlyArray<{ projectId: number; asset: Asset; stake: bigint; payout: bigint }>,
  ): { stakeValues: QuickValues; payoutValues: QuickValues } | null {
    const stakeValues = valuesOf(contexts.map((context) => ({ ...context, amount: context.stake })));
    const payoutValues = valuesOf(contexts.map((context) => ({ ...context, amount: context.payout })));
    return stakeValues && payoutValues ? { stakeValues, payoutValues } : null;
  }

  /** `sqlValuer`'s value, or the rate read now through `executor` when it has no SQL form. */
  async function quickValueOf(
    executor: Executor,
    projectId: number,
    asset: Asset,
    amount: bigint,
  ): Promise<QuickValue> {
    const valuer = sqlValuer(projectId, asset);
    if (valuer) return valuer(amount);
    return (await value(executor, projectId, asset, amount))?.toString() ?? null;
  }

  /**
   * The gate's call behind `mayPlayCall` when there is one: CASE keeps the order, the age is read
   * first and the stake recorded only for a player of age.
   */
  function ofAgeOnly(call: SqlCall, context: PlayContext, offset: number): SqlCall {
    if (!deps.mayPlayCall) return call;
    const ofAge = deps.mayPlayCall(context.userId, context.projectId, offset + call.values.length);
    return {
      text: `(CASE WHEN ${ofAge.text} THEN ${call.text} ELSE false END)`,
      values: [...call.values, ...ofAge.values],
    };
  }

  function refuseIfExcluded(state: StateRow, now: Date, projectId: number): void {
    const { exclusion } = state;
    if (exclusion && excludedAt(exclusion, now))
      throw playBlocked({
        cause: exclusion.kind,
        until: exclusion.until,
        timeZone: project(projectId).timeZone,
      });
  }

  async function refuseIfMayNotPlay(tx: Executor, context: PlayContext): Promise<void> {
    const cause = await deps.playBlock?.(tx, context.userId, context.projectId);
    if (cause) throw playBlocked({ cause });
  }

  async function limitsAt(tx: Executor, userId: number, now: Date) {
    const rows = await repo.limits(tx, userId);
    const current = (kind: LimitKind) => effective(rows.get(kind) ?? NO_LIMIT, now).value;
    return { rows, current };
  }

  /** Money limits of `family` in force, with the start of each one's current period. */
  function moneyLimits(
    current: (kind: LimitKind) => bigint | null,
    family: 'deposit' | 'loss' | 'wager',
    now: Date,
    timeZone: string,
  ) {
    return MONEY_LIMIT_KINDS.filter((kind) => familyOf(kind) === family)
      .map((kind) => ({ kind, limit: current(kind), from: periodStart(periodOf(kind), now, timeZone) }))
      .filter((entry): entry is { kind: MoneyLimitKind; limit: bigint; from: Date } => entry.limit !== null);
  }

  /** Whether the play session has lapsed (no stake for SESSION_GAP_MS): the next stake begins one. */
  function sessionStart(state: StateRow, now: Date): Date {
    const lapsed =
      state.lastActivityAt === null ||
      state.sessionStartedAt === null ||
      now.getTime() - state.lastActivityAt.getTime() > SESSION_GAP_MS;
    return lapsed ? now : state.sessionStartedAt!;
  }

  const gate: Required<PlayGate> = {
    async beforeStake(tx, context: PlayContext & { stake: bigint; source: StakeSource }) {
      if (context.stake <= 0n) throw new AppError(ErrorCode.WrongBetAmount);
      const now = clock.now();
      const state = await repo.state(tx, context.userId, context.projectId, now, true);
      refuseIfExcluded(state, now, context.projectId);
      await refuseIfMayNotPlay(tx, context);
      const { current } = await limitsAt(tx, context.userId, now);
      const started = sessionStart(state, now);
      const sessionLimit = current('session_minutes');
      if (sessionLimit !== null && now.getTime() - started.getTime() >= Number(sessionLimit) * 60_000)
        throw new AppError(ErrorCode.SessionTimeLimitReached);
      const timeZone = project(context.projectId).timeZone;
      const wager = moneyLimits(current, 'wager', now, timeZone);
      const loss = moneyLimits(current, 'loss', now, timeZone);
      const valued = await value(tx, context.projectId, context.asset, context.stake);
      if (valued === null) {
        if (wager.length > 0 || loss.length > 0) throw playBlocked({ cause: 'limits_unvalued' });
      } else {
        for (const { limit, from } of wager) {
          const totals = await repo.totalsSince(tx, context.userId, from);
          if (totals.wagered + valued > limit) throw new AppError(ErrorCode.WagerLimitReached);
        }
        for (const { limit, from } of loss) {
          const totals = await repo.totalsSince(tx, context.userId, from);
          // Stakes not settled yet may all be lost: they count as lost until they settle.
          const potential = totals.settledStakes - totals.payouts + state.pendingStakes + valued;
          if (potential > limit) throw new AppError(ErrorCode.LossLimitReached);
        }
        await repo.insertActivity(tx, {
          userId: context.userId,
          kind: 'stake',
          asset: context.asset,
          amount: context.stake,
          value: valued,
          at: now,
        });
      }
      await repo.saveSession(tx, context.userId, {
        startedAt: started,
        lastActivityAt: now,
        pendingStakesDelta: valued ?? 0n,
      });
    },

    async afterSettle(tx, context: PlayContext & { stake: bigint; payout: bigint }) {
      const now = clock.now();
      const state = await repo.state(tx, context.userId, context.projectId, now, true);
      const stake = await value(tx, context.projectId, context.asset, context.stake);
      const payout = await value(tx, context.projectId, context.asset, context.payout);
      if (stake === null || payout === null) return;
      await repo.insertActivity(tx, {
        userId: context.userId,
        kind: 'settle',
        asset: context.asset,
        amount: context.stake,
        value: stake,
        payout,
        at: now,
      });
      await repo.saveSession(tx, context.userId, {
        startedAt: state.sessionStartedAt ?? now,
        lastActivityAt: state.lastActivityAt ?? now,
        pendingStakesDelta: -stake,
      });
    },

    quickStake(context, offset) {
      if (context.stake <= 0n || context.payout < 0n) return null;
      if (deps.playBlock && !deps.mayPlayCall) return null;
      // A rate that cannot be read in SQL takes the locked path.
      const quickValue = sqlValuer(context.projectId, context.asset);
      if (!quickValue) return null;
      const stakeValue = quickValue(context.stake);
      const payoutValue = quickValue(context.payout);
      const call = quickStakeSql(
        {
          userId: context.userId,
          asset: context.asset,
          amount: context.stake,
          stakeValue,
          payoutValue,
          at: clock.now(),
          gapMs: SESSION_GAP_MS,
        },
        offset,
      );
      return ofAgeOnly(call, context, offset);
    },

    quickStakes(contexts, offset) {
      if (contexts.some((context) => context.stake <= 0n || context.payout < 0n)) return null;
      const mayPlayAll = deps.mayPlayAllCall;
      if (deps.playBlock && !mayPlayAll) return null;
      const values = stakeAndPayoutValuesOf(contexts);
      if (!values) return null;
      return quickStakesSql(
        {
          stakes: contexts.map((context) => ({
            userId: context.userId,
            asset: context.asset,
            amount: context.stake,
          })),
          may: mayPlayAll ? (at) => mayPlayAll(contexts, at) : null,
          ...values,
          at: clock.now(),
          gapMs: SESSION_GAP_MS,
        },
        offset,
      );
    },

    async quickHold(executor, context, offset) {
      if (context.stake <= 0n) return null;
      if (deps.playBlock && !deps.mayPlayCall) return null;
      // Valued as beforeStake values it (NULL: no rate; then any money limit sends it down the locked path).
      const stakeValue = await quickValueOf(executor, context.projectId, context.asset, context.stake);
      const call = quickHoldSql(
        {
          userId: context.userId,
          projectId: context.projectId,
          asset: context.asset,
          amount: context.stake,
          stakeValue,
          at: clock.now(),
          gapMs: SESSION_GAP_MS,
        },
        offset,
      );
      return ofAgeOnly(call, context, offset);
    },

    quickHolds(contexts, offset) {
      if (contexts.some((context) => context.stake <= 0n)) return null;
      const mayPlayAll = deps.mayPlayAllCall;
      if (deps.playBlock && !mayPlayAll) return null;
      // Valued in the statement as beforeStake values them (NULL: no rate; a money limit then sends it down the locked path).
      const stakeValues = valuesOf(contexts.map((context) => ({ ...context, amount: context.stake })));
      if (!stakeValues) return null;
      return quickHoldsSql(
        {
          holds: contexts.map((context) => ({
            userId: context.userId,
            projectId: context.projectId,
            asset: context.asset,
            amount: context.stake,
          })),
          may: mayPlayAll ? (at) => mayPlayAll(contexts, at) : null,
          stakeValues,
          at: clock.now(),
          gapMs: SESSION_GAP_MS,
        },
        offset,
      );
    },

    async settleCall(executor, context, offset) {
      // Both at the same rate: with none, both are NULL and nothing is recorded (as afterSettle).
      const stakeValue = await quickValueOf(executor, context.projectId, context.asset, context.stake);
      const payoutValue =
        stakeValue === null
          ? null
          : await quickValueOf(executor, context.projectId, context.asset, context.payout);
      return settleSql(
        {
          userId: context.userId,
          projectId: context.projectId,
          asset: context.asset,
          amount: context.stake,
          stakeValue,
          payoutValue,
          at: clock.now(),
        },
        offset,
      );
    },

    settleCalls(contexts, offset, postSql) {
      // Both valued in the statement at the same rates (with none, both NULL: nothing recorded, as afterSettle).
      const values = stakeAndPayoutValuesOf(contexts);
      if (!values) return null;
      return settlesSql(
        {
          settlements: contexts.map((context) => ({
            userId: context.userId,
            projectId: context.projectId,
            asset: context.asset,
            amount: context.stake,
          })),
          ...values,
          at: clock.now(),
        },
        offset,
        postSql,
      );
    },

    async beforeDeposit(tx, context) {
      const now = clock.now();
      const stage = context.stage ?? 'order';
      // Money the player has already paid is credited whatever happened since (the refusal belongs
      // at the order): an order counted when created is marked credited, anything else is counted.
      if (stage === 'credit' && context.reference !== undefined)
        if (await repo.markDeposit(tx, context.userId, context.reference, 'credited')) return;
      const state = await repo.state(tx, context.userId, context.projectId, now, true);
      const valued = await value(tx, context.projectId, context.asset, context.amount);
      if (stage === 'order') {
        refuseIfExcluded(state, now, context.projectId);
        await refuseIfMayNotPlay(tx, context);
        const { current } = await limitsAt(tx, context.userId, now);
        const limits = moneyLimits(current, 'deposit', now, project(context.projectId).timeZone);
        if (valued === null && limits.length > 0) throw playBlocked({ cause: 'limits_unvalued' });
        for (const { limit, from } of valued === null ? [] : limits) {
          const totals = await repo.totalsSince(tx, context.userId, from);
          if (totals.deposits + valued! > limit) throw new AppError(ErrorCode.DepositLimitReached);
        }
      }
      if (valued === null) return;
      await repo.insertActivity(tx, {
        userId: context.userId,
        kind: 'deposit',
        asset: context.asset,
        amount: context.amount,
        value: valued,
        state: stage === 'credit' ? 'credited' : 'pending',
        reference: context.reference ?? null,
        at: now,
      });
    },

    async depositVoided(tx, context) {
      await repo.markDeposit(tx, context.userId, context.reference, 'void');
    },

    async beforeDepositAddress(tx, context) {
      const now = clock.now();
      const state = await repo.state(tx, context.userId, context.projectId, now, false);
      refuseIfExcluded(state, now, context.projectId);
      await refuseIfMayNotPlay(tx, { ...context, asset: project(context.projectId).currency });
    },
  };

  async function settingsOf(executor: Executor, session: Session): Promise<ResponsibleSettings> {
    const now = clock.now();
    const projectConfig = project(session.projectId);
    const state = await repo.state(executor, session.userId, session.projectId, now, false);
    const { rows } = await limitsAt(executor, session.userId, now);
    const limits: ResponsibleLimit[] = [];
    for (const kind of [...MONEY_LIMIT_KINDS, 'session_minutes'] as const) {
      const row = effective(rows.get(kind) ?? NO_LIMIT, now);
      const show = (amount: bigint | null) =>
        amount === null ? null : kind === 'session_minutes' ? amount.toString() : formatMoney(amount);
      let used: string | null = null;
      if (kind !== 'session_minutes') {
        const totals = await repo.totalsSince(
          executor,
          session.userId,
          periodStart(periodOf(kind), now, projectConfig.timeZone),
        );
        const family = familyOf(kind);
        const amount =
          family === 'deposit'
            ? totals.deposits
            : family === 'wager'
              ? totals.wagered
              : totals.settledStakes - totals.payouts + state.pendingStakes;
        used = formatMoney(amount < 0n ? 0n : amount);
      }
      limits.push({
        kind,
        value: show(row.value),
        pending:
          row.pendingAt === null
            ? null
            : {
                value: show(row.pendingRemove ? null : row.pendingValue),
                effectiveAt: seconds(row.pendingAt),
              },
        used,
      });
    }
    return {
      currency: projectConfig.currency,
      limits,
      exclusion:
        state.exclusion && excludedAt(state.exclusion, now)
          ? {
              kind: state.exclusion.kind,
              until: state.exclusion.until ? seconds(state.exclusion.until) : null,
              since: seconds(state.excludedAt ?? now),
            }
          : null,
      realityCheckMinutes: state.realityCheckMinutes,
    };
  }

  /** Runs a change of the caller's own settings under the state-row lock; answers the settings after it. */
  async function change(
    session: Session,
    ip: string,
    action: string,
    apply: (tx: Executor, state: StateRow, now: Date) => Promise<Record<string, unknown>>,
  ): Promise<ResponsibleSettings> {
    return repo.transaction(async (tx) => {
      const now = clock.now();
      const state = await repo.state(tx, session.userId, session.projectId, now, true);
      const after = await apply(tx, state, now);
      await writeAudit(tx, {
        projectId: session.projectId,
        actorId: session.userId,
        action: `responsible.${action}`,
        objectType: 'user',
        objectId: String(session.userId),
        after,
        ip,
      });
      return settingsOf(tx, session);
    });
  }

  async function setLimit(session: Session, ip: string, kind: LimitKind, wanted: bigint | null) {
    return change(session, ip, 'limit', async (tx, _state, now) => {
      const rows = await repo.limits(tx, session.userId);
      const next: LimitRow = changeLimit(rows.get(kind) ?? NO_LIMIT, wanted, now);
      await repo.saveLimit(tx, session.userId, kind, next, now);
      return {
        kind,
        wanted: wanted?.toString() ?? null,
        value: next.value?.toString() ?? null,
        pendingAt: next.pendingAt?.toISOString() ?? null,
      };
    });
  }

  async function exclude(session: Session, ip: string, wanted: Exclusion) {
    return change(session, ip, wanted.kind, async (tx, state, now) => {
      const next = lengthen(state.exclusion, wanted, now);
      if (next === null) throw new AppError(ErrorCode.ExclusionCannotShorten);
      await repo.saveExclusion(tx, session.userId, next, now);
      return { kind: next.kind, until: next.until?.toISOString() ?? 'permanent' };
    });
  }

  return {
    gate: gate as PlayGate,

    /** Whether the player is cooling off or self-excluded now (no bonus or promotional mail then). */
    async isExcluded(userId: number): Promise<boolean> {
      const now = clock.now();
      const state = await repo.state(repo.db, userId, 0, now, false);
      return excludedAt(state.exclusion, now);
    },

    /** Whether the player closed the account for good (a self-exclusion without end). */
    async isClosed(userId: number): Promise<boolean> {
      const now = clock.now();
      const state = await repo.state(repo.db, userId, 0, now, false);
      return state.exclusion !== null && state.exclusion.until === null;
    },

    settings: (session: Session) => settingsOf(repo.db, session),

    setLimit: (session: Session, ip: string, kind: MoneyLimitKind, amount: bigint | null) =>
      setLimit(session, ip, kind, amount),

    setSessionLimit: (session: Session, ip: string, minutes: number | null) =>
      setLimit(session, ip, 'session_minutes', minutes === null ? null : BigInt(minutes)),

    setRealityCheck: (session: Session, ip: string, minutes: number | null) =>
      change(session, ip, 'reality_check', async (tx, _state, now) => {
        await repo.saveRealityCheck(tx, session.userId, minutes, now);
        return { minutes };
      }),

    coolOff: (session: Session, ip: string, hours: number) =>
      exclude(session, ip, { kind: 'cool_off', until: new Date(clock.now().getTime() + hours * 3_600_000) }),

    selfExclude: (session: Session, ip: string, months: number | null) =>
      exclude(session, ip, {
        kind: 'self_exclusion',
        until: months === null ? null : addMonths(clock.now(), months),
      }),

    async realityCheck(session: Session): Promise<RealityCheck> {
      const now = clock.now();
      const state = await repo.state(repo.db, session.userId, session.projectId, now, false);
      const running =
        state.sessionStartedAt !== null &&
        state.lastActivityAt !== null &&
        now.getTime() - state.lastActivityAt.getTime() <= SESSION_GAP_MS;
      if (!running)
        return {
          intervalMinutes: state.realityCheckMinutes,
          sessionStartedAt: null,
          playedSeconds: 0,
          netResult: formatMoney(0n),
          stakes: 0,
        };
      const started = state.sessionStartedAt!;
      const result = await repo.sessionResult(repo.db, session.userId, started);
      return {
        intervalMinutes: state.realityCheckMinutes,
        sessionStartedAt: seconds(started),
        playedSeconds: Math.floor((now.getTime() - started.getTime()) / 1000),
        netResult: formatMoney(result.net),
        stakes: result.stakes,
      };
    },

    async statement(session: Session, months: number) {
      const now = clock.now();
      const projectConfig = project(session.projectId);
      const { timeZone, currency } = projectConfig;
      const from = new Date(localDayStartMs(monthStartDay(now, timeZone, months - 1), timeZone));
      const activity = await repo.monthly(repo.db, session.userId, from, timeZone);
      // Withdrawals paid out of the player's wallet, read from the ledger (the platform's book of every
      // movement; withdraw and chain own no statement).
      const withdrawals = await deps.ledger.debitsByMonth(repo.db, {
        ownerId: session.userId,
        kind: 'player_wallet',
        currency,
        code: 'withdraw',
        from,
        timeZone,
      });
      const items: StatementMonth[] = [];
      for (let back = 0; back < months; back++) {
        const month = monthStartDay(now, timeZone, back).slice(0, 7);
        const row = activity.get(month);
        items.push({
          month,
          deposits: formatMoney(row?.deposits ?? 0n),
          withdrawals: formatMoney(withdrawals.get(month) ?? 0n),
          netResult: formatMoney(row?.net ?? 0n),
        });
      }
      const csv = [
        `month,currency,deposits,withdrawals,net_result`,
        ...items.map(
          (item) => `${item.month},${currency},${item.deposits},${item.withdrawals},${item.netResult}`,
        ),
      ].join('\r\n');
      return { currency, items, csv: `${csv}\r\n` };
    },
  };
}

export type ResponsibleService = ReturnType<typeof createResponsibleService>;

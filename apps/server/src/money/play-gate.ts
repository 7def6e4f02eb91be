import type { Asset } from '@payhub/contracts';
import type { Executor } from '../platform/db/database.ts';

/**
 * Where money meets responsible play (issue 14). Every place that takes a stake (in-house games,
 * round games, third-party providers) or credits a deposit calls the gate **inside its own
 * transaction**, before it moves money, so a limit holds under concurrency: the gate locks what it
 * reads (the player's limits row) and a second tab, device or script waits on the same lock.
 *
 * A refusal is an `AppError` (10001 when the player may not play: self-excluded, cooling off,
 * under age, tier or licence; the limit codes the security module declares otherwise). Callers
 * declare those codes on their endpoints.
 */
export interface PlayContext {
  userId: number;
  projectId: number;
  asset: Asset;
}

export type StakeSource = 'game' | 'round' | 'provider';

/** An SQL fragment with its parameters numbered from `offset + 1` (composed into the caller's statement). */
export interface SqlCall {
  text: string;
  values: unknown[];
}

export interface PlayGate {
  /** Before a stake is held: may this player stake `stake` now (exclusion, wager and loss limits)? */
  beforeStake(tx: Executor, context: PlayContext & { stake: bigint; source: StakeSource }): Promise<void>;
  /** When a stake settles (same transaction as the payout): records the result for loss limits. */
  afterSettle(tx: Executor, context: PlayContext & { stake: bigint; payout: bigint }): Promise<void>;
  /**
   * The one-call path of a stake that settles at once (a single-outcome game bet), composed into the
   * caller's single statement: an SQL boolean expression (its parameters from `$offset+1`) that locks
   * what the gate locks, and answers true after recording what `beforeStake` + `afterSettle` record
   * when the player has nothing to check (no limit, no exclusion, of age); false when something has
   * to be checked — it then changed nothing and the caller runs `beforeStake`/`afterSettle` in a
   * transaction. The caller must roll its statement back when the expression answered true but the
   * stake did not happen. Absent, or null for this stake: always the locked path.
   */
  quickStake?(context: PlayContext & { stake: bigint; payout: bigint }, offset: number): SqlCall | null;
  /**
   * `quickStake` of several stakes at once (a batch of single-outcome bets in one statement): an SQL
   * boolean[] expression, one answer per context in order, each as `quickStake` would answer it, the
   * gate's locks taken in an order of its own so that two batches never wait on each other. Null
   * when any of them has no one-call path (the caller then composes `quickStake` per stake). Absent:
   * the caller composes `quickStake` per stake.
   */
  quickStakes?(
    contexts: ReadonlyArray<PlayContext & { stake: bigint; payout: bigint }>,
    offset: number,
  ): SqlCall | null;
  /**
   * The one-call path of a stake that is held and settles later (a round bet), composed into the
   * caller's single statement: as `quickStake`, an SQL boolean expression that locks what the gate
   * locks and answers true after recording what `beforeStake` records when the player has nothing to
   * check; false having changed nothing otherwise (the caller then runs `beforeStake` in a
   * transaction). The caller must roll its statement back when it answered true but the stake was
   * not held. Asynchronous: valuing a stake in another asset reads the rates first (`executor`,
   * outside the caller's statement). Absent, or null for this stake: always the locked path.
   */
  quickHold?(
    executor: Executor,
    context: PlayContext & { stake: bigint },
    offset: number,
  ): Promise<SqlCall | null>;
  /**
   * `quickHold` of several held stakes at once (a batch of round bets in one statement): an SQL
   * boolean[] expression, one answer per context in order, each as `quickHold` would answer it (a
   * player named twice is recorded at the first only; the later ones answer false), the gate's locks
   * taken in an order of its own so that two batches never wait on each other. Its text does not
   * depend on how many contexts there are. Null when any of them has no one-call path (the caller
   * then places them one by one). Absent: likewise.
   */
  quickHolds?(contexts: ReadonlyArray<PlayContext & { stake: bigint }>, offset: number): SqlCall | null;
  /**
   * `afterSettle` as an SQL expression composed into the caller's statement that settles the stake
   * (its parameters from `$offset+1`; it never refuses). Valuing reads the rates through `executor`
   * (the caller's transaction) first. Absent, or null: the caller calls `afterSettle`.
   */
  settleCall?(
    executor: Executor,
    context: PlayContext & { stake: bigint; payout: bigint },
    offset: number,
  ): Promise<SqlCall | null>;
  /**
   * `settleCall` of several held stakes that settle in one statement (a batch of cash-outs): an SQL
   * expression that records, for each context whose entry of the caller's SQL boolean[] `postSql` is
   * true, what `afterSettle` records, the gate's locks taken in an order of its own so that two
   * batches never wait on each other; it never refuses. Its text does not depend on how many
   * contexts there are. Null: the caller settles them one by one. Absent: likewise.
   */
  settleCalls?(
    contexts: ReadonlyArray<PlayContext & { stake: bigint; payout: bigint }>,
    offset: number,
    postSql: string,
  ): SqlCall | null;
  /**
   * Before a deposit is created or credited: deposit limits and exclusions. With a `reference` the
   * deposit is counted once: `stage: 'order'` (default) when an order is created (it counts while
   * open), `stage: 'credit'` when it is paid — a deposit already counted at its order is then only
   * marked credited (the player has paid; it is not refused), an unknown one is checked and counted.
   */
  beforeDeposit(
    tx: Executor,
    context: PlayContext & { amount: bigint; reference?: string; stage?: 'order' | 'credit' },
  ): Promise<void>;
  /** A counted deposit order that failed, was canceled or expired: its room under the limits is freed. */
  depositVoided?(tx: Executor, context: { userId: number; reference: string }): Promise<void>;
  /**
   * Before a way to deposit is shown that the gate cannot stop later (the crypto deposit address:
   * money sent to it arrives whatever we answer): refuses (10001) while the player is excluded or
   * may not play for real money.
   */
  beforeDepositAddress?(tx: Executor, context: { userId: number; projectId: number }): Promise<void>;
}

/**
 * The gate a server has before the responsible-play module composes its own: it allows every
 * call. Tests of the games use it; `app.ts` hands the real one to every module that takes stakes.
 */
export const openPlayGate: PlayGate = {
  beforeStake: async () => {},
  afterSettle: async () => {},
  beforeDeposit: async () => {},
  depositVoided: async () => {},
  beforeDepositAddress: async () => {},
};

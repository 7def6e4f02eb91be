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

export interface PlayGate {
  /** Before a stake is held: may this player stake `stake` now (exclusion, wager and loss limits)? */
  beforeStake(tx: Executor, context: PlayContext & { stake: bigint; source: StakeSource }): Promise<void>;
  /** When a stake settles (same transaction as the payout): records the result for loss limits. */
  afterSettle(tx: Executor, context: PlayContext & { stake: bigint; payout: bigint }): Promise<void>;
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
};

import type { Asset } from '@payhub/contracts';
import type { Executor } from '../platform/db/database.ts';

/**
 * Where a withdrawal meets the player's identity tier (issue 14). The bank (withdraw) and crypto
 * (chain) modules call it **inside the withdrawing transaction, after the player's row lock**, so the
 * day's total cannot be passed by parallel requests. `usedSince` is the withdrawing module's own sum
 * of the player's withdrawals of `asset` since a moment (those not cancelled, failed or voided), so
 * no module reads another's table. Refusals: 10001 under the minimum age, 7052 no identity in a
 * licensed project, 7051 over the tier's limit per withdrawal or per local day.
 */
export interface WithdrawTierGate {
  check(
    tx: Executor,
    context: {
      userId: number;
      projectId: number;
      asset: Asset;
      amount: bigint;
      usedSince: (from: Date) => Promise<bigint>;
    },
  ): Promise<void>;
}

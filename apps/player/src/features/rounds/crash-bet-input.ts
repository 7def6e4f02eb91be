import type { Asset } from '@payhub/contracts';

/** A crash bet as the form sets it: the stake in the API's form and the auto cash-out target. */
export interface CrashBetInput {
  asset: Asset;
  amount: string;
  autoCashOut: number | null;
}

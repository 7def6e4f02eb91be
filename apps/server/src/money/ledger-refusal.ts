import { ErrorCode } from '@payhub/contracts';
import { LedgerError } from '../ledger/ledger.ts';
import { AppError } from '../platform/errors.ts';

/**
 * The one place a ledger refusal becomes an answer the caller sees (docs/decisions.md, "Ledger
 * refusals mapped in one place"). The ledger is the core and knows no error catalogue; modules
 * never test `LedgerError` themselves. A refusal that is the caller's condition (not enough
 * money) becomes its declared code; every other refusal (unknown account, currency mismatch, a
 * reused id) is a fault of ours and stays a fault.
 */
export function isInsufficientFunds(error: unknown): boolean {
  return error instanceof LedgerError && error.refusal === 'insufficient_funds';
}

/**
 * Runs a ledger operation; "insufficient funds" answers 3005 (with `detail` naming whose balance,
 * e.g. 'operator quota'), anything else propagates unchanged.
 */
export async function withLedgerRefusals<T>(operation: () => Promise<T>, detail?: string): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (isInsufficientFunds(error)) throw new AppError(ErrorCode.InsufficientBalanceWallet, detail);
    throw error;
  }
}

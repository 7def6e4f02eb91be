// Proves the one mapping of ledger refusals: insufficient funds answers 3005, every other refusal stays a fault.
import { ErrorCode } from '@payhub/contracts';
import { describe, expect, it } from 'vitest';
import { LedgerError } from '../ledger/ledger.ts';
import { AppError } from '../platform/errors.ts';
import { isInsufficientFunds, withLedgerRefusals } from './ledger-refusal.ts';

describe('ledger refusals', () => {
  it('answers insufficient funds with 3005 and the detail naming whose balance', async () => {
    const refused = withLedgerRefusals(async () => {
      throw new LedgerError('insufficient_funds', 'LD001');
    }, 'operator quota');
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({
      errCode: ErrorCode.InsufficientBalanceWallet,
      detail: 'operator quota',
    });
  });

  it('lets any other refusal through unchanged (a fault, not the caller condition)', async () => {
    const fault = new LedgerError('currency_mismatch', 'LD003');
    await expect(withLedgerRefusals(async () => Promise.reject(fault))).rejects.toBe(fault);
    expect(isInsufficientFunds(fault)).toBe(false);
    expect(isInsufficientFunds(new LedgerError('insufficient_funds', 'LD001'))).toBe(true);
  });

  it('answers what the operation answers when nothing is refused', async () => {
    await expect(withLedgerRefusals(async () => 42)).resolves.toBe(42);
  });
});

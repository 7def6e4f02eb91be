// Proves the finished-withdrawal search (/withdraw/record, issue 11) finds an order by its number,
// account holder, bank, account number or amount (raw or as shown), and nothing else.
import type { WithdrawOrder } from '@payhub/contracts';
import { describe, expect, it } from 'vitest';
import { withdrawalMatches } from './withdraw-search.ts';

const order = {
  orderNo: 'W2026112400017',
  holderName: 'Budi Santoso',
  bankCode: 'BRI',
  accountNo: '1234567890',
  amount: '150000.00',
} as WithdrawOrder;
const shown = 'Rp 150.000';

describe('withdrawalMatches', () => {
  it('finds by number, holder, bank, account and amount, case-insensitively', () => {
    for (const text of ['00017', 'budi', 'SANTOSO', 'bri', '567890', '150000', 'Rp 150.000', '  '])
      expect(withdrawalMatches(order, text, shown), text).toBe(true);
  });
  it('refuses what the order does not carry', () => {
    for (const text of ['Siti', 'BCA', '99999', 'W2025'])
      expect(withdrawalMatches(order, text, shown), text).toBe(false);
  });
});

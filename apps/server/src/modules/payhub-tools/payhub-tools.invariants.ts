import type { LedgerInvariant } from '../../ledger/ledger-check.ts';

/**
 * Shop vouchers match their transfers (run by `npm run ledger:check` and the tests): each voucher
 * was paid exactly its price, and moved exactly its face value into quota iff it is claimed.
 */
export const PAYHUB_TOOLS_INVARIANTS: readonly LedgerInvariant[] = [
  {
    name: 'shop vouchers: paid their price from commission',
    query: `SELECT v.id FROM shop_vouchers v
              LEFT JOIN ledger_transfers t ON t.id = 'voucher:' || v.id || ':purchase'
              LEFT JOIN ledger_accounts a ON a.id = t.debit_account_id
             WHERE t.id IS NULL OR t.amount <> v.price OR a.kind <> 'operator_commission' OR a.owner_id <> v.operator_id`,
  },
  {
    name: 'shop vouchers: face value in quota exactly when claimed',
    query: `SELECT v.id FROM shop_vouchers v
              LEFT JOIN ledger_transfers t ON t.id = 'voucher:' || v.id || ':claim'
             WHERE COALESCE(t.amount, 0) <> CASE WHEN v.state = 'claimed' THEN v.face_value ELSE 0 END`,
  },
];

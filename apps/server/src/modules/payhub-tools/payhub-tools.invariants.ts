import type { LedgerInvariant } from '../../ledger/ledger-check.ts';

/**
 * Commission changes and shop vouchers match their transfers (run by `npm run ledger:check` and the
 * tests): each change moved exactly its amount out of the operator's commission once; each voucher
 * was paid exactly its price, and moved exactly its face value into quota iff it is claimed.
 */
export const PAYHUB_TOOLS_INVARIANTS: readonly LedgerInvariant[] = [
  {
    name: 'commission changes: one transfer of the amount out of the operator’s commission',
    query: `SELECT x.id FROM commission_changes x
              LEFT JOIN ledger_transfers t ON t.id = 'commission:' || x.id
              LEFT JOIN ledger_accounts a ON a.id = t.debit_account_id
             WHERE t.id IS NULL OR t.amount <> x.amount OR a.kind <> 'operator_commission' OR a.owner_id <> x.operator_id`,
  },
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

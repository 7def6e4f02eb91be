import type { LedgerInvariant } from '../../ledger/ledger-check.ts';

/**
 * Commission changes match their transfers (run by `npm run ledger:check` and the tests): each
 * change moved exactly its amount out of the operator's commission once.
 */
export const COMMISSION_INVARIANTS: readonly LedgerInvariant[] = [
  {
    name: 'commission changes: one transfer of the amount out of the operator’s commission',
    query: `SELECT x.id FROM commission_changes x
              LEFT JOIN ledger_transfers t ON t.id = 'commission:' || x.id
              LEFT JOIN ledger_accounts a ON a.id = t.debit_account_id
             WHERE t.id IS NULL OR t.amount <> x.amount OR a.kind <> 'operator_commission' OR a.owner_id <> x.operator_id`,
  },
];

import type { LedgerInvariant } from '../../ledger/ledger-check.ts';

/** Every quota top-up credited the operator's quota exactly once if DONE, and never otherwise. */
export const QUOTA_INVARIANTS: readonly LedgerInvariant[] = [
  {
    name: 'quota top-ups: quota credited exactly in DONE',
    query: `SELECT q.id, q.state FROM quota_topups q LEFT JOIN ledger_transfers t ON t.id = 'topup:' || q.id
             WHERE COALESCE(t.amount, 0) <> CASE WHEN q.state = 1 THEN q.amount ELSE 0 END`,
  },
];

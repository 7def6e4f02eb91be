import type { LedgerInvariant } from '../../ledger/ledger-check.ts';

/**
 * Chain deposits and withdrawals match their transfers: a deposit is credited exactly once and only
 * when credited; a withdrawal's amount and fee are held from its request and the holds are open while
 * it waits, posted when confirmed and voided when failed.
 */
export const CHAIN_INVARIANTS: readonly LedgerInvariant[] = [
  {
    name: 'chain deposits: credited exactly once, and only when credited',
    query: `SELECT d.id, d.state FROM chain_deposits d
              LEFT JOIN ledger_transfers t ON t.id = 'chain:dep:' || d.tx_hash || ':' ||
                        COALESCE('t' || d.transfer_index, d.log_index::text)
             WHERE COALESCE(t.amount, 0) <> CASE WHEN d.state = 'credited' THEN d.amount ELSE 0 END
                OR (t.id IS NOT NULL AND t.code <> 'chain_deposit')`,
  },
  {
    name: 'chain withdrawals: amount and fee held, then posted if confirmed, voided if failed',
    query: `SELECT w.id, w.state FROM chain_withdrawals w
              LEFT JOIN ledger_transfers h ON h.id = 'chain:wd:' || w.id || ':hold' AND h.kind = 'pending'
              LEFT JOIN ledger_transfers f ON f.id = 'chain:wd:' || w.id || ':fee' AND f.kind = 'pending'
             WHERE COALESCE(h.amount, 0) <> w.amount
                OR COALESCE(f.amount, 0) <> w.fee
                OR (SELECT string_agg(r.kind, ',' ORDER BY r.kind) FROM ledger_transfers r
                     WHERE r.pending_id IN (h.id, f.id)) IS DISTINCT FROM
                   CASE w.state
                     WHEN 'confirmed' THEN CASE WHEN w.fee > 0 THEN 'post,post' ELSE 'post' END
                     WHEN 'failed' THEN CASE WHEN w.fee > 0 THEN 'void,void' ELSE 'void' END
                   END`,
  },
];

import type { LedgerInvariant } from '../../ledger/ledger-check.ts';

/**
 * Every round bet held its stake once; an open bet's hold is unresolved; a settled bet's hold was
 * posted (won/lost) or voided (voided) exactly as its state says; a won bet was paid exactly its
 * payout once and a lost or voided bet nothing; and the rounds' escrows hold nothing between settlements.
 */
export const ROUNDS_INVARIANTS: readonly LedgerInvariant[] = [
  {
    name: 'round bets: stake held once, hold resolved as the state says',
    query: `SELECT b.id, b.state FROM round_bets b
              LEFT JOIN ledger_transfers h ON h.id = 'round-bet:' || b.id AND h.kind = 'pending'
              LEFT JOIN ledger_transfers r ON r.pending_id = 'round-bet:' || b.id
             WHERE COALESCE(h.amount, 0) <> b.stake
                OR (b.state = 'open' AND r.id IS NOT NULL)
                OR (b.state IN ('won', 'lost') AND (r.kind IS DISTINCT FROM 'post' OR r.id <> b.id || ':post'))
                OR (b.state = 'voided' AND r.kind IS DISTINCT FROM 'void')`,
  },
  {
    name: 'round bets: a won bet paid exactly its payout, others nothing',
    query: `SELECT b.id, b.state FROM round_bets b
              LEFT JOIN ledger_transfers p ON p.id = b.id || ':payout'
             WHERE COALESCE(p.amount, 0) <> CASE WHEN b.state = 'won' THEN b.payout ELSE 0 END
                OR (b.state = 'won' AND (b.payout IS NULL OR b.payout <= 0))`,
  },
  {
    name: 'round escrows: empty (every posted stake moved on to the house)',
    query: `SELECT a.address, COALESCE(SUM(CASE WHEN t.credit_account_id = a.id THEN t.amount ELSE -t.amount END), 0) AS balance
              FROM ledger_accounts a
              LEFT JOIN ledger_transfers t ON (t.credit_account_id = a.id OR t.debit_account_id = a.id) AND t.kind <> 'pending' AND t.kind <> 'void'
             WHERE a.address LIKE 'game:rounds-%:escrow'
             GROUP BY a.address HAVING COALESCE(SUM(CASE WHEN t.credit_account_id = a.id THEN t.amount ELSE -t.amount END), 0) <> 0`,
  },
];

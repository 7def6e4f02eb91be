import { WithdrawOrderState } from '@payhub/contracts';
import type { LedgerInvariant } from '../../ledger/ledger-check.ts';

const { WAIT, CONFIRM, FINISH, EXCEPTIONAL } = WithdrawOrderState;

/**
 * Every withdrawal's transfers match its state: amount plus fee held exactly while WAIT, CONFIRM or
 * EXCEPTIONAL; debited, repaid to the operator's quota and the fee booked exactly in FINISH; nothing
 * moved in CANCELED, CHOOSE_FAILED and FAILED; the clearing account nets to zero.
 */
export const WITHDRAW_INVARIANTS: readonly LedgerInvariant[] = [
  {
    name: 'withdrawals: amount plus fee held exactly while WAIT, CONFIRM or EXCEPTIONAL',
    query: `SELECT o.id, o.state FROM withdraw_orders o
             WHERE (o.state IN (${WAIT}, ${CONFIRM}, ${EXCEPTIONAL})) <> EXISTS (
                     SELECT 1 FROM ledger_transfers p
                      WHERE p.id = 'wd:' || o.id || ':hold' AND p.kind = 'pending' AND p.amount = o.amount + o.fee
                        AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = p.id))`,
  },
  {
    name: 'withdrawals: debited, paid out and fee booked exactly in FINISH',
    query: `SELECT o.id, o.state FROM withdraw_orders o
              LEFT JOIN ledger_transfers post ON post.id = 'wd:' || o.id || ':post'
              LEFT JOIN ledger_transfers payout ON payout.id = 'wd:' || o.id || ':payout'
              LEFT JOIN ledger_transfers fee ON fee.id = 'wd:' || o.id || ':fee'
             WHERE CASE WHEN o.state = ${FINISH}
                        THEN post.id IS NULL OR payout.amount IS DISTINCT FROM o.amount
                             OR COALESCE(fee.amount, 0) <> o.fee
                        ELSE post.id IS NOT NULL OR payout.id IS NOT NULL OR fee.id IS NOT NULL END`,
  },
  {
    name: 'withdrawals: the clearing account nets to zero once holds are settled',
    query: `SELECT a.id, sum(e.amount)::text AS total FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
             WHERE a.kind = 'withdraw_clearing' GROUP BY a.id HAVING sum(e.amount) <> 0`,
  },
];

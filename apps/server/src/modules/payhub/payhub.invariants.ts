import { PayOrderState } from '@payhub/contracts';
import type { LedgerInvariant } from '../../ledger/ledger-check.ts';

const { INIT, WAIT, PAID, EXCEPTIONAL, CHECKING, CHOOSE_FAILED, CHECK_SUCCESS } = PayOrderState;

/**
 * Every deposit order's transfers match its state (run by `npm run ledger:check` and the tests):
 * the player is credited exactly the amount in PAID and CHECK_SUCCESS and nothing otherwise; the
 * quota is held exactly while the order waits, is checked or is exceptional; commission only on
 * credited orders.
 */
export const PAYHUB_INVARIANTS: readonly LedgerInvariant[] = [
  {
    name: 'deposit orders: player credited exactly in PAID and CHECK_SUCCESS',
    query: `SELECT o.id, o.state, COALESCE(c.credited, 0)::text AS credited FROM pay_orders o
              LEFT JOIN (SELECT t.reference_id, sum(t.amount) AS credited FROM ledger_transfers t
                          WHERE t.reference_type = 'pay_order' AND t.code = 'deposit' GROUP BY t.reference_id) c
                ON c.reference_id = o.id::text
             WHERE COALESCE(c.credited, 0) <> CASE WHEN o.state IN (${PAID}, ${CHECK_SUCCESS}) THEN o.amount ELSE 0 END`,
  },
  {
    name: 'deposit orders: quota held exactly while WAIT, CHECKING or EXCEPTIONAL',
    query: `SELECT o.id, o.state FROM pay_orders o
             WHERE (o.state IN (${WAIT}, ${CHECKING}, ${EXCEPTIONAL})) <> EXISTS (
                     SELECT 1 FROM ledger_transfers p
                      WHERE p.id = 'pay:' || o.id || ':hold' AND p.kind = 'pending' AND p.amount = o.amount
                        AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = p.id))`,
  },
  {
    name: 'deposit orders: no transfers before assignment or when no operator was found',
    query: `SELECT o.id FROM pay_orders o WHERE o.state IN (${INIT}, ${CHOOSE_FAILED})
               AND EXISTS (SELECT 1 FROM ledger_transfers t WHERE t.reference_type = 'pay_order'
                              AND t.reference_id = o.id::text)`,
  },
  {
    name: 'deposit orders: commission paid exactly on credited orders',
    query: `SELECT o.id FROM pay_orders o
              LEFT JOIN ledger_transfers t ON t.id = 'pay:' || o.id || ':commission'
             WHERE COALESCE(t.amount, 0) <> CASE WHEN o.state IN (${PAID}, ${CHECK_SUCCESS}) THEN o.commission ELSE 0 END`,
  },
];

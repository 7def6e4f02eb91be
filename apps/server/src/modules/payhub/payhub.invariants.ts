import { PayOrderState } from '@payhub/contracts';
import type { LedgerInvariant } from '../../ledger/ledger-check.ts';

const { INIT, WAIT, PAID, EXCEPTIONAL, CHECKING, CHOOSE_FAILED, CHECK_SUCCESS } = PayOrderState;

/**
 * Every deposit order's transfers match its state (run by `npm run ledger:check` and the tests):
 * the player is credited exactly the amount in PAID and CHECK_SUCCESS and nothing otherwise; the
 * quota is held exactly while the order waits, is checked or is exceptional; commission only on
 * credited orders; a reversal only of a credited order, its transfers exactly its recorded figures.
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
  {
    name: 'deposit reversals: of credited orders, the quota given back and the commission taken back as recorded',
    query: `SELECT r.order_id FROM pay_order_reversals r JOIN pay_orders o ON o.id = r.order_id
              LEFT JOIN ledger_transfers w ON w.id = 'pay:' || r.order_id || ':reversal:wallet'
              LEFT JOIN ledger_transfers h ON h.id = 'pay:' || r.order_id || ':reversal:house'
              LEFT JOIN ledger_transfers c ON c.id = 'pay:' || r.order_id || ':reversal:commission'
             WHERE o.state NOT IN (${PAID}, ${CHECK_SUCCESS}) OR r.amount <> o.amount
                OR COALESCE(w.amount, 0) <> r.recovered OR COALESCE(h.amount, 0) <> r.unrecovered
                OR COALESCE(c.amount, 0) <> r.commission_recovered
                OR r.commission_recovered + r.commission_unrecovered <> o.commission`,
  },
  {
    name: 'deposit reversals: no reversal transfers without a reversal row',
    query: `SELECT t.id FROM ledger_transfers t
             WHERE t.reference_type = 'pay_order' AND t.id LIKE 'pay:%:reversal:%'
               AND NOT EXISTS (SELECT 1 FROM pay_order_reversals r WHERE r.order_id::text = t.reference_id)`,
  },
];

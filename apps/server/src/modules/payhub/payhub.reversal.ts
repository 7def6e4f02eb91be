import {
  type DepositReversal,
  ErrorCode,
  formatMoney,
  type LocalCurrency,
  PAY_CREDITED_STATES,
  PayhubPushRoute,
  smallestAmount,
} from '@payhub/contracts';
import type { Posting } from '../../ledger/ledger.types.ts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Executor } from '../../platform/db/database.ts';
import { AppError, noPermission } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { afterCommit } from '../../platform/outbox.ts';
import { type DepositOrders, type PayhubDeps, toPayOrderWire } from './payhub.orders.ts';
import type { PayOrderRow } from './payhub.repo.ts';
import {
  type DepositReversalRow,
  type PayhubReversalsRepo,
  payhubReversalsRepo,
} from './payhub-reversals.repo.ts';

/** What the rest of the platform learns of a reversed deposit (rewards' clawback, the player's mail). */
export interface DepositReversedEvent {
  projectId: number;
  playerId: number;
  orderId: number;
  orderNo: string;
  currency: LocalCurrency;
  amount: bigint;
  /** What the player's wallet gave back (the rest the house made good to the operator). */
  recovered: bigint;
  /** The ledger transfer that had credited the player: the deposit rewards know it by. */
  creditTransferId: string;
}

export interface DepositReversalDeps {
  /**
   * Inside the reversal's transaction, what other modules built on the deposit: its bonuses voided or
   * clawed back, the promoter's counts of it removed, the player's mail stored — one transaction, so a
   * reversal never stands without them. What it returns runs after the commit (the mail's push).
   */
  reverseDependents?: (
    tx: Executor,
    event: DepositReversedEvent,
  ) => Promise<(() => Promise<unknown>) | undefined>;
}

export function toDepositReversalWire(order: PayOrderRow, row: DepositReversalRow): DepositReversal {
  return {
    orderId: row.orderId,
    orderNo: order.orderNo,
    currency: order.currency,
    amount: formatMoney(row.amount),
    recovered: formatMoney(row.recovered),
    unrecovered: formatMoney(row.unrecovered),
    commissionRecovered: formatMoney(row.commissionRecovered),
    commissionUnrecovered: formatMoney(row.commissionUnrecovered),
    reason: row.reason,
    reversedBy: row.reversedBy,
    reversedAt: row.reversedAt.toISOString(),
  };
}

/**
 * The reversal of a credited deposit (docs/payments.md "Reversal of a credited deposit"): the bank
 * took the payment back after the operator confirmed it, so the operator's quota gets the amount
 * back — from the player's wallet as far as its available balance covers it, the rest from the
 * house — and the house takes back the operator's commission as far as it is still there. One linked
 * ledger operation, the reversal row (one per order: a repeat answers it and moves nothing), the
 * deposit's rewards reversed and an audit line, all in one transaction. Entered by the console with
 * a delegated admin session. The deposit still counts against the player's deposit limits (the play
 * gate never voids a credited deposit): a chargeback must not give a player room to deposit again.
 */
export function createDepositReversals(
  deps: PayhubDeps & DepositReversalDeps,
  orders: DepositOrders,
  reversals: PayhubReversalsRepo = payhubReversalsRepo,
) {
  const { repo, ledger, clock } = deps;

  /** The transfer that credited the player: the post of the quota's hold, or a late credit after a cancel. */
  async function creditTransferId(tx: Executor, orderId: number): Promise<string> {
    const hold = await ledger.holdState(tx, `pay:${orderId}:hold`);
    return hold === 'posted' ? `pay:${orderId}:post` : `pay:${orderId}:late`;
  }

  async function reverseIn(
    tx: Executor,
    order: PayOrderRow,
    input: { reason: string; actorId: number; ip: string },
  ): Promise<{ row: DepositReversalRow; afterCommit: (() => Promise<unknown>) | undefined }> {
    const accounts = await orders.accountsOf(tx, order);
    // Lock order (docs/payments.md): the order row (locked by the caller), the player's withdrawal-hold
    // lock (the case below holds their withdrawals; openCase takes it too, too late for the order),
    // then the user accounts.
    await repo.lockWithdrawalHold(tx, order.playerId);
    await ledger.lockAccounts(tx, [accounts.quota.id, accounts.wallet.id, accounts.commission.id]);
    const wallet = await ledger.balance(tx, accounts.wallet.id);
    const commission = await ledger.balance(tx, accounts.commission.id);
    const recovered = smallestAmount(order.amount, wallet.available > 0n ? wallet.available : 0n);
    const commissionRecovered = smallestAmount(
      order.commission,
      commission.available > 0n ? commission.available : 0n,
    );
    const base = `pay:${order.id}:reversal`;
    // Each part that moves something: wallet → quota, house → quota (the rest), commission → house.
    const parts = [
      {
        part: 'wallet',
        from: accounts.wallet,
        to: accounts.quota,
        amount: recovered,
        code: 'deposit_reversal',
      },
      {
        part: 'house',
        from: accounts.house,
        to: accounts.quota,
        amount: order.amount - recovered,
        code: 'deposit_reversal_loss',
      },
      {
        part: 'commission',
        from: accounts.commission,
        to: accounts.house,
        amount: commissionRecovered,
        code: 'deposit_commission_reversal',
      },
    ];
    const postings: Posting[] = parts
      .filter(({ amount }) => amount > 0n)
      .map(({ part, from, to, amount, code }) => ({
        id: `${base}:${part}`,
        kind: 'single',
        debitAccountId: from.id,
        creditAccountId: to.id,
        amount,
        code,
      }));
    await ledger.linked(tx, {
      id: base,
      code: 'deposit_reversal',
      reference: { type: 'pay_order', id: String(order.id) },
      postings,
    });
    const row: DepositReversalRow = {
      orderId: order.id,
      projectId: order.projectId,
      amount: order.amount,
      recovered,
      unrecovered: order.amount - recovered,
      commissionRecovered,
      commissionUnrecovered: order.commission - commissionRecovered,
      reason: input.reason,
      reversedBy: input.actorId,
      reversedAt: clock.now(),
    };
    await reversals.insert(tx, row);
    // A chargeback is a fraud signal: compliance reviews the player (one open case a player; while it
    // is open the player's referral bonuses are not paid).
    await repo.openCase(tx, {
      projectId: order.projectId,
      rule: 'deposit_reversed',
      subjectType: 'player',
      subjectId: String(order.playerId),
      details: {
        orderId: order.id,
        amount: formatMoney(order.amount),
        unrecovered: formatMoney(row.unrecovered),
        reason: input.reason,
      },
      at: row.reversedAt,
    });
    const event: DepositReversedEvent = {
      projectId: order.projectId,
      playerId: order.playerId,
      orderId: order.id,
      orderNo: order.orderNo,
      currency: order.currency,
      amount: order.amount,
      recovered,
      creditTransferId: await creditTransferId(tx, order.id),
    };
    const afterCommit = await deps.reverseDependents?.(tx, event);
    await writeAudit(tx, {
      projectId: order.projectId,
      actorId: input.actorId,
      action: 'pay_order.reverse',
      objectType: 'pay_order',
      objectId: String(order.id),
      before: { state: order.state, amount: formatMoney(order.amount), reversed: false },
      after: {
        reversed: true,
        recovered: formatMoney(row.recovered),
        unrecovered: formatMoney(row.unrecovered),
        commissionRecovered: formatMoney(row.commissionRecovered),
        commissionUnrecovered: formatMoney(row.commissionUnrecovered),
        reason: input.reason,
      },
      ip: input.ip,
    });
    return { row, afterCommit };
  }

  return {
    /**
     * Reverses a credited deposit of the session's project (PAID or CHECK_SUCCESS; another state
     * answers 3007, another project's order 404). A reversed order answers its reversal again and
     * moves nothing, so two staff members at once reverse it once.
     */
    async adminReverse(session: Session, id: number, reason: string, ip: string): Promise<DepositReversal> {
      if (session.staffRole !== 'admin') throw noPermission();
      return afterCommit(
        repo,
        async (tx, outbox) => {
          const order = await orders.lockVisible(tx, id, (row) => row.projectId === session.projectId);
          const existing = await reversals.reversal(tx, order.id);
          if (existing) return toDepositReversalWire(order, existing);
          if (!PAY_CREDITED_STATES.includes(order.state))
            throw new AppError(
              ErrorCode.OrderAlreadyStarted,
              `order is in state ${order.state}, not credited`,
            );
          const { row, afterCommit } = await reverseIn(tx, order, { reason, actorId: session.userId, ip });
          // The order as both apps now show it (reversed), then the operator's quota. Not the
          // lifecycle's push: that one also feeds the data center a credited deposit.
          const wire = toPayOrderWire({ ...order, reversedAt: row.reversedAt });
          outbox.add(() => deps.notifier.notify(order.playerId, PayhubPushRoute.payOrder, wire));
          if (order.operatorId !== null) {
            const operatorId = order.operatorId;
            outbox.add(() => deps.notifier.notify(operatorId, PayhubPushRoute.payOrder, wire));
            outbox.add(() => orders.quotaPush(operatorId, order.projectId, order.currency));
          }
          if (afterCommit) outbox.add(afterCommit);
          return toDepositReversalWire(order, row);
        },
        deps.log,
      );
    },

    /** Reversed deposits of the session's project per local day and currency (the money report). */
    adminReversalTotals(session: Session, query: { timeZone: string; from: string; to: string }) {
      if (session.staffRole !== 'admin') throw noPermission();
      return reversals.totalsByDay(repo.db, { projectId: session.projectId, ...query });
    },

    /** The reversals of some orders of the session's project (the console's order list). */
    async adminReversals(session: Session, listed: readonly PayOrderRow[]) {
      if (session.staffRole !== 'admin') throw noPermission();
      const rows = await reversals.reversalsOf(
        repo.db,
        session.projectId,
        listed.map((order) => order.id),
      );
      return new Map(
        listed.flatMap((order) => {
          const row = rows.get(order.id);
          return row ? [[order.id, toDepositReversalWire(order, row)] as const] : [];
        }),
      );
    },
  };
}

import { randomBytes } from 'node:crypto';
import {
  formatMoney,
  type LocalCurrency,
  PayhubPushRoute,
  type PayOrder,
  PayOrderState,
  type ProjectConfig,
} from '@payhub/contracts';
import { withLedgerRefusals } from '../../money/ledger-refusal.ts';
import * as orderLifecycle from '../../money/order-lifecycle.ts';
import { openPlayGate, type PlayGate } from '../../money/play-gate.ts';
import type { Executor } from '../../platform/db/database.ts';
import { noPermission } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { localDay } from '../../platform/local-day.ts';
import type { Outbox } from '../../platform/outbox.ts';
import { requireProject } from '../../platform/require-project.ts';
import {
  recordSelfDealing,
  requireOperator as requirePaymentOperator,
  SelfDealingRefusal,
} from './payhub.access.ts';
import type { UserNotifier } from './payhub.notify.ts';
import type { OperatorRow, PayhubRepo, PayOrderRow } from './payhub.repo.ts';
import {
  nextPayState,
  OPERATOR_QUEUE_STATES,
  PAY_CHECKING_TIMEOUT_MS,
  type PayEvent,
} from './payhub.rules.ts';

export interface PayhubDeps extends orderLifecycle.OrderModuleDeps<UserNotifier> {
  repo: PayhubRepo;
  /** Whether an `/uploads/...` url is a file this user uploaded in this project (the site module). */
  isOwnUpload: (url: string, userId: number, projectId: number) => Promise<boolean>;
  /**
   * Called after commit for every order seen paid (PAID or CHECK_SUCCESS): the promo data center
   * counts deposits of players a promoter brought (docs/promo.md). Idempotent by `reference`.
   */
  onDepositCredited?: (deposit: {
    userId: number;
    amount: bigint;
    at: Date;
    reference: string;
  }) => Promise<unknown>;
  /** Responsible play (issue 14): deposit limits and exclusions, inside the order's transaction. */
  playGate?: PlayGate;
}

export function newOrderNo(prefix: string, at: Date): string {
  const day = at.toISOString().slice(0, 10).replaceAll('-', '');
  return `${prefix}${day}${randomBytes(6).toString('hex').toUpperCase()}`;
}

export function toPayOrderWire(row: PayOrderRow): PayOrder {
  return {
    ...orderLifecycle.orderWireBase(row),
    state: row.state as PayOrder['state'],
    bankCode: row.bankCode,
    port: row.port,
    payerName: row.payerName,
    payee:
      row.payeeAccountNo && row.payeeBankCode && row.payeeHolderName
        ? {
            bankCode: row.payeeBankCode,
            accountNo: row.payeeAccountNo,
            holderName: row.payeeHolderName,
            qrisNmid: row.payeeQrisNmid,
          }
        : null,
    reversedAt: row.reversedAt ? row.reversedAt.toISOString() : null,
  };
}

/**
 * The deposit order engine every payhub role works through: the order lifecycle with its money step
 * (settle a paid deposit) and push step, the accounts of an order, and the guards that check the
 * caller's payment role. The role files (player, operator, manager, admin) hold the cases.
 */
export function createDepositOrders(deps: PayhubDeps) {
  const { repo, ledger, clock } = deps;

  function project(projectId: number): ProjectConfig {
    return requireProject(deps.projectById, projectId);
  }

  /** The caller as a payment operator (spaPay yes, of the session's project), or 1031. */
  function requireOperator(session: Session, executor: Executor = repo.db): Promise<OperatorRow> {
    return requirePaymentOperator(repo, session, executor);
  }
  async function requireManager(session: Session, executor: Executor = repo.db): Promise<OperatorRow> {
    const operator = await requireOperator(session, executor);
    if (operator.paymentRole !== 'Manage') throw noPermission();
    return operator;
  }

  async function accountsOf(tx: Executor, order: PayOrderRow) {
    if (order.operatorId === null) throw new Error(`order ${order.id} has no operator`);
    const key = { projectId: order.projectId, currency: order.currency };
    // One connection per transaction: queries run one after another.
    const quota = await ledger.userAccount(tx, { ...key, kind: 'operator_quota', ownerId: order.operatorId });
    const wallet = await ledger.userAccount(tx, { ...key, kind: 'player_wallet', ownerId: order.playerId });
    const commission = await ledger.userAccount(tx, {
      ...key,
      kind: 'operator_commission',
      ownerId: order.operatorId,
    });
    const house = await ledger.systemAccount(tx, { ...key, kind: 'house' });
    return { quota, wallet, commission, house };
  }

  async function quotaPush(operatorId: number, projectId: number, currency: LocalCurrency) {
    const account = await ledger.findUserAccount(repo.db, {
      projectId,
      currency,
      kind: 'operator_quota',
      ownerId: operatorId,
    });
    if (!account) return;
    const balance = await ledger.balance(repo.db, account.id);
    const unprocessed = await repo.countOrders(repo.db, { operatorId, states: OPERATOR_QUEUE_STATES });
    await deps.notifier.notify(operatorId, PayhubPushRoute.quota, {
      quota: formatMoney(balance.balance),
      held: formatMoney(balance.pending),
      available: formatMoney(balance.available),
    });
    await deps.notifier.notify(operatorId, PayhubPushRoute.unprocessed, { orders: unprocessed });
  }

  function pushOrder(after: Outbox, order: PayOrderRow): void {
    const wire = toPayOrderWire(order);
    after.add(() => deps.notifier.notify(order.playerId, PayhubPushRoute.payOrder, wire));
    const credited = deps.onDepositCredited;
    if (credited && (order.state === PayOrderState.PAID || order.state === PayOrderState.CHECK_SUCCESS)) {
      after.add(async () => {
        await credited({
          userId: order.playerId,
          amount: order.amount,
          at: order.updatedAt,
          reference: order.orderNo,
        });
      });
    }
    if (order.operatorId !== null) {
      const operatorId = order.operatorId;
      after.add(() => deps.notifier.notify(operatorId, PayhubPushRoute.payOrder, wire));
      after.add(() => quotaPush(operatorId, order.projectId, order.currency));
    }
  }

  /**
   * The operator's daily volume follows the order (issue 11): a cancel gives the amount back to the
   * day it was counted on (the order's local day), a canceled order found paid later counts again.
   * Lock order (docs/payments.md): the daily row before the ledger accounts, as assignment does.
   */
  async function settleDaily(tx: Executor, order: PayOrderRow, next: number): Promise<void> {
    if (order.operatorId === null) return;
    const wasCanceled = order.state === PayOrderState.CANCELED;
    const delta =
      next === PayOrderState.CANCELED && !wasCanceled
        ? -order.amount
        : wasCanceled && (next === PayOrderState.PAID || next === PayOrderState.CHECK_SUCCESS)
          ? order.amount
          : 0n;
    if (delta === 0n) return;
    const day = localDay(order.createdAt, project(order.projectId).timeZone);
    await repo.adjustDaily(tx, order.operatorId, day, delta);
  }

  /** The money step of a paid deposit: credit the player from the hold (or afresh) and pay the commission. */
  async function settleDeposit(
    tx: Executor,
    order: PayOrderRow,
    next: number,
    _extra: orderLifecycle.TransitionExtra,
    { holdId, reference }: orderLifecycle.OrderMoney,
  ): Promise<void> {
    // Responsible play (issue 14): an order that ends unpaid frees its room; a paid one is credited.
    const playGate = deps.playGate ?? openPlayGate;
    if (
      next === PayOrderState.CANCELED ||
      next === PayOrderState.FAILED ||
      next === PayOrderState.CHOOSE_FAILED
    )
      await playGate.depositVoided?.(tx, { userId: order.playerId, reference: `pay:${order.id}` });
    await settleDaily(tx, order, next);
    if (next !== PayOrderState.PAID && next !== PayOrderState.CHECK_SUCCESS) return;
    await playGate.beforeDeposit(tx, {
      userId: order.playerId,
      projectId: order.projectId,
      asset: order.currency,
      amount: order.amount,
      reference: `pay:${order.id}`,
      stage: 'credit',
    });
    const accounts = await accountsOf(tx, order);
    // Lock order step 5 (docs/payments.md): every user account of this settlement, lowest id first.
    await ledger.lockAccounts(tx, [accounts.quota.id, accounts.wallet.id, accounts.commission.id]);
    if (order.state === PayOrderState.CANCELED) {
      // The hold was released when the order was canceled: credit afresh from the quota.
      await withLedgerRefusals(
        () =>
          ledger.transfer(tx, {
            id: `pay:${order.id}:late`,
            debitAccountId: accounts.quota.id,
            creditAccountId: accounts.wallet.id,
            amount: order.amount,
            code: 'deposit',
            reference,
          }),
        'operator quota',
      );
    } else {
      await ledger.post(tx, {
        id: `pay:${order.id}:post`,
        pendingId: holdId,
        code: 'deposit',
        reference,
      });
    }
    if (order.commission > 0n) {
      await ledger.transfer(tx, {
        id: `pay:${order.id}:commission`,
        debitAccountId: accounts.house.id,
        creditAccountId: accounts.commission.id,
        amount: order.commission,
        code: 'deposit_commission',
        reference,
      });
    }
  }

  const lifecycle = orderLifecycle.createOrderLifecycle<PayOrderRow, PayEvent>({
    kind: 'pay_order',
    noun: 'order',
    ledgerPrefix: 'pay',
    repo,
    table: 'pay_orders',
    expiring: [PayOrderState.WAIT, PayOrderState.CHECKING],
    ledger,
    clock,
    log: deps.log,
    next: nextPayState,
    settle: settleDeposit,
    releases: (next, order) =>
      (next === PayOrderState.CANCELED || next === PayOrderState.FAILED) &&
      order.state !== PayOrderState.CANCELED,
    releaseCode: 'deposit_release',
    deadline: (next, at) =>
      next === PayOrderState.CHECKING ? new Date(at.getTime() + PAY_CHECKING_TIMEOUT_MS) : undefined,
    audited: (order) => ({ amount: formatMoney(order.amount), operatorId: order.operatorId }),
    push: pushOrder,
    expiryEvent: (state) =>
      state === PayOrderState.WAIT
        ? 'expireWait'
        : state === PayOrderState.CHECKING
          ? 'expireChecking'
          : null,
    refused,
  });
  const { apply, lockVisible } = lifecycle;

  function listOf(result: { items: PayOrderRow[]; total: number }) {
    return { items: result.items.map(toPayOrderWire), total: result.total };
  }

  /** After a self-dealing refusal rolled its transaction back: open the case, then refuse. */
  async function refused(error: unknown): Promise<never> {
    if (error instanceof SelfDealingRefusal)
      await recordSelfDealing(repo, error.attempt, clock.now()).catch((caseError) =>
        deps.log(caseError, 'self-dealing case not recorded'),
      );
    throw error;
  }

  /** Runs a decision on one order in a transaction as player, operator or manager; pushes after commit. */
  async function act(
    session: Session,
    role: 'player' | 'operator' | 'manager',
    decide: (tx: Executor) => Promise<PayOrderRow>,
  ): Promise<PayOrder> {
    if (role === 'manager') await requireManager(session);
    if (role === 'operator') await requireOperator(session);
    return toPayOrderWire(await lifecycle.run(decide));
  }

  /** The operator's status as the operator app shows it (KYC, work, limits). */
  async function statusOf(operator: OperatorRow) {
    const day = localDay(clock.now(), project(operator.projectId).timeZone);
    return {
      kycStatus: operator.kycStatus,
      working: operator.working,
      perOrderMax: formatMoney(operator.perOrderMax),
      dailyMax: formatMoney(operator.dailyMax),
      dailyUsed: formatMoney(await repo.dailyUsed(repo.db, operator.userId, day)),
      commissionBps: operator.commissionBps,
    };
  }

  return {
    project,
    requireOperator,
    requireManager,
    accountsOf,
    quotaPush,
    pushOrder,
    lifecycle,
    apply,
    lockVisible,
    listOf,
    refused,
    act,
    statusOf,
  };
}
export type DepositOrders = ReturnType<typeof createDepositOrders>;

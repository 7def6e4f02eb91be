import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  formatMoney,
  isRailBank,
  type LocalCurrency,
  PayhubPushRoute,
  type PayOrder,
  PayOrderState,
  type PayPort,
  type ProjectConfig,
  railBanks,
} from '@payhub/contracts';
import type { Ledger } from '../../ledger/ledger.ts';
import { isInsufficientFunds, withLedgerRefusals } from '../../money/ledger-refusal.ts';
import {
  createOrderLifecycle,
  type OrderMoney,
  orderWireBase,
  paging,
  type TransitionExtra,
} from '../../money/order-lifecycle.ts';
import { openPlayGate, type PlayGate } from '../../money/play-gate.ts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badParameter, noPermission, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { runIdempotent } from '../../platform/idempotency/idempotency.ts';
import { localDay } from '../../platform/local-day.ts';
import { afterCommit, type Outbox } from '../../platform/outbox.ts';
import { requireProject } from '../../platform/require-project.ts';
import {
  recordSelfDealing,
  refuseIfLinked,
  requireOperator as requirePaymentOperator,
  SelfDealingRefusal,
} from './payhub.access.ts';
import { createPayhubAdmin } from './payhub.admin.ts';
import type { UserNotifier } from './payhub.notify.ts';
import type { Executor, OperatorRow, OrderFilter, PayhubRepo, PayOrderRow } from './payhub.repo.ts';
import {
  commissionOf,
  DEPOSIT_RANGE,
  isJustUnderThreshold,
  MANAGER_QUEUE_STATES,
  MONITORING,
  nextPayState,
  OPERATOR_QUEUE_STATES,
  PAY_CHECKING_TIMEOUT_MS,
  PAY_WAIT_TIMEOUT_MS,
  type PayEvent,
} from './payhub.rules.ts';

export interface PayhubDeps {
  repo: PayhubRepo;
  ledger: Ledger;
  clock: Clock;
  notifier: UserNotifier;
  projectById: (id: number) => ProjectConfig | undefined;
  log: (error: unknown, message: string) => void;
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

const ASSIGN_ATTEMPTS = 3;

export function newOrderNo(prefix: string, at: Date): string {
  const day = at.toISOString().slice(0, 10).replaceAll('-', '');
  return `${prefix}${day}${randomBytes(6).toString('hex').toUpperCase()}`;
}

export function toPayOrderWire(row: PayOrderRow): PayOrder {
  return {
    ...orderWireBase(row),
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
  };
}

export function createPayhubService(deps: PayhubDeps) {
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
    _extra: TransitionExtra,
    { holdId, reference }: OrderMoney,
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

  const lifecycle = createOrderLifecycle<PayOrderRow, PayEvent>({
    kind: 'pay_order',
    noun: 'order',
    ledgerPrefix: 'pay',
    repo,
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

  /** Runs the rules of DESIGN.md §8 on a new order; a hit opens a case (one open case per subject). */
  async function monitor(tx: Executor, order: PayOrderRow, perOrderMax: bigint | null): Promise<void> {
    const at = clock.now();
    const recent = await repo.playerOrdersSince(
      tx,
      order.playerId,
      new Date(at.getTime() - MONITORING.velocityWindowMs),
    );
    if (recent > MONITORING.velocityMaxOrders) {
      await repo.openCase(tx, {
        projectId: order.projectId,
        rule: 'velocity',
        subjectType: 'player',
        subjectId: String(order.playerId),
        details: { orders: recent, windowMinutes: MONITORING.velocityWindowMs / 60_000, orderId: order.id },
        at,
      });
    }
    const threshold = MONITORING.reportingThreshold[order.currency];
    const limitThreshold = perOrderMax;
    if (
      isJustUnderThreshold(order.amount, threshold) ||
      (limitThreshold !== null && isJustUnderThreshold(order.amount, limitThreshold + 1n))
    ) {
      await repo.openCase(tx, {
        projectId: order.projectId,
        rule: 'just_under_threshold',
        subjectType: 'pay_order',
        subjectId: String(order.id),
        details: {
          amount: formatMoney(order.amount),
          threshold: formatMoney(threshold),
          playerId: order.playerId,
        },
        at,
      });
    }
    // A payer linked to an operator at work: assignment skipped that operator (self-dealing).
    for (const linked of await repo.linkedWorkingOperators(tx, order.playerId, order.projectId)) {
      await repo.openCase(tx, {
        projectId: order.projectId,
        rule: 'self_dealing',
        subjectType: 'operator',
        subjectId: String(linked.operatorId),
        details: {
          playerId: order.playerId,
          link: linked.link,
          action: 'deposit_assignment_skipped',
          orderType: 'pay_order',
          orderId: order.id,
        },
        at,
      });
    }
    if (order.cardId !== null) {
      const payers = await repo.payersToCardSince(
        tx,
        order.cardId,
        new Date(at.getTime() - MONITORING.manyPayersWindowMs),
      );
      if (payers > MONITORING.manyPayersMax) {
        await repo.openCase(tx, {
          projectId: order.projectId,
          rule: 'many_payers_one_card',
          subjectType: 'card',
          subjectId: String(order.cardId),
          details: { payers, windowHours: 24, operatorId: order.operatorId },
          at,
        });
      }
    }
  }

  async function createOrderOnce(
    session: Session,
    input: { amount: bigint; bankCode: string; port: PayPort; payerName?: string | undefined },
    idempotencyKey: string | undefined,
    ip: string,
  ): Promise<PayOrder> {
    const projectConfig = project(session.projectId);
    const currency = projectConfig.currency;
    return afterCommit(
      repo,
      async (tx, after) => {
        return runIdempotent(
          tx,
          { userId: session.userId, key: idempotencyKey, operation: 'pay.create', input, at: clock.now() },
          async () => {
            const at = clock.now();
            const id = await repo.insertOrder(tx, {
              orderNo: newOrderNo('P', at),
              projectId: session.projectId,
              currency,
              playerId: session.userId,
              bankCode: input.bankCode,
              port: input.port,
              payerName: input.payerName?.replace(/\s+/g, ' ') ?? null,
              amount: input.amount,
              expiresAt: new Date(at.getTime() + PAY_WAIT_TIMEOUT_MS),
              at,
            });
            // Responsible play (issue 14): deposit limits and exclusions, counted under this order.
            await (deps.playGate ?? openPlayGate).beforeDeposit(tx, {
              userId: session.userId,
              projectId: session.projectId,
              asset: currency,
              amount: input.amount,
              reference: `pay:${id}`,
            });
            const day = localDay(at, projectConfig.timeZone);
            const selection = {
              projectId: session.projectId,
              playerId: session.userId,
              currency,
              bankCode: input.bankCode,
              amount: input.amount,
              day,
              at,
            };
            await repo.savepoint(tx, 'choose_operator');
            let chosen = await repo.chooseOperator(tx, selection);
            // chooseOperator reads the card link's used total in its statement's snapshot; an assignment
            // to the same operator that committed while we waited for its row lock is only visible to a
            // new statement. Re-check, and choose again (now with a fresh snapshot) when the link is full.
            // The first operator's lock is released first (savepoint): holding two operator rows would
            // break the one lock order (docs/payments.md) and could deadlock with another such choice.
            if (chosen && !(await repo.cardAccepts(tx, chosen.cardId, input.amount, at))) {
              await repo.rollbackToSavepoint(tx, 'choose_operator');
              chosen = await repo.chooseOperator(tx, selection);
            }
            const created = (await repo.order(tx, id))!;
            if (
              !chosen ||
              !(await repo.reserveDaily(tx, chosen.operatorId, day, input.amount, chosen.dailyMax))
            ) {
              const failed = await apply(tx, created, 'chooseFail', { userId: session.userId, ip });
              await monitor(tx, failed, null);
              pushOrder(after, failed);
              return toPayOrderWire(failed);
            }
            await repo.markAssigned(tx, chosen.operatorId, at);
            const commission = commissionOf(input.amount, chosen.commissionBps);
            const assigned = { ...created, operatorId: chosen.operatorId, cardId: chosen.cardId, commission };
            const accounts = await accountsOf(tx, assigned);
            await ledger.hold(tx, {
              id: lifecycle.moneyOf(id).holdId,
              debitAccountId: accounts.quota.id,
              creditAccountId: accounts.wallet.id,
              amount: input.amount,
              code: 'deposit_hold',
              reference: lifecycle.moneyOf(id).reference,
            });
            const changed = await repo.updateOrder(tx, id, PayOrderState.INIT, {
              state: PayOrderState.WAIT,
              at,
              operatorId: chosen.operatorId,
              cardId: chosen.cardId,
              commission,
            });
            if (!changed) throw new Error(`order ${id} changed while being assigned`);
            await writeAudit(tx, {
              projectId: session.projectId,
              actorId: session.userId,
              action: 'pay_order.assign',
              objectType: 'pay_order',
              objectId: String(id),
              before: { state: PayOrderState.INIT },
              after: {
                state: PayOrderState.WAIT,
                amount: formatMoney(input.amount),
                operatorId: chosen.operatorId,
                cardId: chosen.cardId,
              },
              ip,
            });
            const order = (await repo.order(tx, id))!;
            const operator = await repo.operator(tx, chosen.operatorId);
            await monitor(tx, order, operator?.perOrderMax ?? null);
            pushOrder(after, order);
            return toPayOrderWire(order);
          },
        );
      },
      deps.log,
    );
  }

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

  return {
    requireOperator,
    requireManager,
    /** The operator row of a user (other payment modules read operators through this, not payhub's repo). */
    operator: (executor: Executor, userId: number, lock = false) => repo.operator(executor, userId, lock),
    project,

    heraclesBanks(session: Session) {
      return { items: railBanks(project(session.projectId).rails) };
    },
    ports(session: Session) {
      const { currency, rails } = project(session.projectId);
      const range = DEPOSIT_RANGE[currency];
      return {
        items: rails.depositPorts.map((port) => ({
          port,
          minAmount: formatMoney(range.min),
          maxAmount: formatMoney(range.max),
        })),
      };
    },
    async payBanks(session: Session) {
      const { rails } = project(session.projectId);
      const codes = new Set(await repo.banksWithOperators(repo.db, session.projectId, clock.now()));
      return {
        items: railBanks(rails).filter((bank) => codes.has(bank.code)),
      };
    },

    async createOrder(
      session: Session,
      input: { amount: bigint; bankCode: string; port?: PayPort | undefined; payerName?: string | undefined },
      idempotencyKey: string | undefined,
      ip: string,
    ): Promise<PayOrder> {
      const { currency, rails } = project(session.projectId);
      // Only the project's own rails (issue 11): no QRIS in Mexico, no SPEI or OXXO in Indonesia.
      const port = input.port ?? rails.depositPorts[0]!;
      if (!rails.depositPorts.includes(port)) throw new AppError(ErrorCode.PortUnavailable);
      const range = DEPOSIT_RANGE[currency];
      if (input.amount < range.min || input.amount > range.max)
        throw new AppError(
          ErrorCode.PaymentOutOfRange,
          `${formatMoney(range.min)} - ${formatMoney(range.max)}`,
        );
      if (!isRailBank(rails, input.bankCode)) throw new AppError(ErrorCode.BankUnsupported);
      // A payment operator holds no player wallet (docs/decisions.md): it cannot pay itself in.
      if (await repo.isPaymentOperator(repo.db, session.userId))
        await refused(
          new SelfDealingRefusal({
            projectId: session.projectId,
            operatorId: session.userId,
            playerId: session.userId,
            link: 'same_account',
            action: 'deposit_as_player',
            orderType: null,
            orderId: null,
          }),
        );
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await createOrderOnce(session, { ...input, port }, idempotencyKey, ip);
        } catch (error) {
          // Another assignment took the quota between the choice and the hold: choose again.
          const retry = isInsufficientFunds(error);
          if (!retry) throw error;
          // Still taken after every attempt: an operating condition the caller can retry, not a fault.
          if (attempt >= ASSIGN_ATTEMPTS) throw new AppError(ErrorCode.TryAgain, 'operators busy');
        }
      }
    },

    async orderState(session: Session, id: number): Promise<PayOrder> {
      const order = await repo.order(repo.db, id);
      if (!order || order.playerId !== session.userId) throw notFound('order');
      return toPayOrderWire(order);
    },
    async playerOrders(
      session: Session,
      query: { page: number; count: number; state?: number[] | undefined; orderNo?: string | undefined },
    ) {
      return listOf(
        await repo.orders(
          repo.db,
          {
            playerId: session.userId,
            ...(query.state ? { states: query.state } : {}),
            ...(query.orderNo ? { orderNo: query.orderNo } : {}),
          },
          paging(query.page, query.count),
        ),
      );
    },

    voucher(session: Session, input: { id: number; voucherUrl: string }, ip: string) {
      return act(session, 'player', async (tx) => {
        const order = await lockVisible(tx, input.id, (row) => row.playerId === session.userId);
        // The voucher must be the player's own upload: not someone else's image, not a made-up name.
        if (!(await deps.isOwnUpload(input.voucherUrl, session.userId, session.projectId))) {
          throw badParameter('voucherUrl: not a file you uploaded (POST /main/site/upload)');
        }
        return apply(tx, order, 'voucher', { userId: session.userId, ip }, { voucherUrl: input.voucherUrl });
      });
    },

    async ordersQuery(
      session: Session,
      query: { page: number; count: number; state?: number[] | undefined; orderNo?: string | undefined },
    ) {
      await requireOperator(session);
      const filter: OrderFilter = {
        operatorId: session.userId,
        projectId: session.projectId,
        states: query.state && query.state.length > 0 ? query.state : OPERATOR_QUEUE_STATES,
        ...(query.orderNo ? { orderNo: query.orderNo } : {}),
      };
      return listOf(await repo.orders(repo.db, filter, paging(query.page, query.count)));
    },

    payCheck(
      session: Session,
      input: { id: number; action: 'confirm' | 'report' | 'cancel'; remark?: string | undefined },
      ip: string,
    ) {
      return act(session, 'operator', async (tx) => {
        const order = await lockVisible(
          tx,
          input.id,
          (row) => row.operatorId === session.userId && row.projectId === session.projectId,
        );
        // A repeated confirm of a paid order answers the order: money moved once.
        if (input.action === 'confirm' && order.state === PayOrderState.PAID) return order;
        if (input.action === 'confirm')
          await refuseIfLinked(repo, tx, {
            projectId: order.projectId,
            operatorId: session.userId,
            playerId: order.playerId,
            action: 'deposit_confirm',
            orderType: 'pay_order',
            orderId: order.id,
          });
        return apply(
          tx,
          order,
          input.action,
          { userId: session.userId, ip },
          input.remark !== undefined ? { remark: input.remark } : {},
        );
      });
    },

    async handlerOrders(
      session: Session,
      query: {
        page: number;
        count: number;
        state?: number[] | undefined;
        orderNo?: string | undefined;
        handleState?: number | undefined;
      },
    ) {
      await requireManager(session);
      const states = (query.state && query.state.length > 0 ? query.state : MANAGER_QUEUE_STATES).filter(
        (state) => MANAGER_QUEUE_STATES.includes(state),
      );
      const filter: OrderFilter = {
        projectId: session.projectId,
        states: states.length > 0 ? states : MANAGER_QUEUE_STATES,
        handleState: query.handleState ?? 0,
        ...(query.orderNo ? { orderNo: query.orderNo } : {}),
      };
      return listOf(await repo.orders(repo.db, filter, paging(query.page, query.count)));
    },

    async leaderOrders(
      session: Session,
      query: { page: number; count: number; state?: number[] | undefined; orderNo?: string | undefined },
    ) {
      await requireManager(session);
      const filter: OrderFilter = {
        projectId: session.projectId,
        handlerId: session.userId,
        ...(query.state && query.state.length > 0 ? { states: query.state } : {}),
        ...(query.orderNo ? { orderNo: query.orderNo } : {}),
      };
      return listOf(await repo.orders(repo.db, filter, paging(query.page, query.count)));
    },

    handleOrder(session: Session, id: number, ip: string) {
      return act(session, 'manager', async (tx) => {
        const order = await lockVisible(tx, id, (row) => row.projectId === session.projectId);
        if (order.handlerId !== null && order.handlerId !== session.userId)
          throw new AppError(ErrorCode.OrderHandledByOtherLeader);
        if (!MANAGER_QUEUE_STATES.includes(order.state)) throw new AppError(ErrorCode.OrderAlreadyStarted);
        if (order.handlerId === session.userId) return order;
        await repo.takeOrder(tx, id, session.userId, clock.now());
        await writeAudit(tx, {
          projectId: order.projectId,
          actorId: session.userId,
          action: 'pay_order.take',
          objectType: 'pay_order',
          objectId: String(id),
          before: { handlerId: null },
          after: { handlerId: session.userId },
          ip,
        });
        return (await repo.order(tx, id))!;
      });
    },

    leaderAction(
      session: Session,
      id: number,
      event: 'leaderSuccess' | 'leaderCancel' | 'leaderUnable',
      remark: string | undefined,
      ip: string,
    ) {
      return act(session, 'manager', async (tx) => {
        const order = await lockVisible(tx, id, (row) => row.projectId === session.projectId);
        if (order.handlerId !== null && order.handlerId !== session.userId)
          throw new AppError(ErrorCode.OrderHandledByOtherLeader);
        if (event === 'leaderSuccess')
          await refuseIfLinked(repo, tx, {
            projectId: order.projectId,
            operatorId: session.userId,
            playerId: order.playerId,
            action: 'deposit_leader_success',
            orderType: 'pay_order',
            orderId: order.id,
          });
        const extra: { remark?: string; handlerId?: number } = {};
        if (remark !== undefined) extra.remark = remark;
        if (order.handlerId === null) extra.handlerId = session.userId;
        return apply(tx, order, event, { userId: session.userId, ip }, extra);
      });
    },

    async setWork(session: Session, working: boolean, ip: string) {
      const operator = await requireOperator(session);
      if (working && operator.kycStatus !== 'verified')
        throw new AppError(ErrorCode.AccountUnderReview, 'KYC');
      await repo.transaction(async (tx) => {
        await repo.setWorking(tx, session.userId, working);
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'operator.work',
          objectType: 'operator',
          objectId: String(session.userId),
          before: { working: operator.working },
          after: { working },
          ip,
        });
      });
      return { working };
    },
    async isWork(session: Session) {
      const operator = await requireOperator(session);
      return { working: operator.working };
    },

    async operatorStatus(session: Session) {
      const operator = await requireOperator(session);
      return statusOf(operator);
    },

    workingOperatorIds: (projectId: number) => repo.workingOperatorIds(repo.db, projectId),

    /** Whether the account is a payment operator (which holds no player wallet). */
    isPaymentOperator: (userId: number) => repo.isPaymentOperator(repo.db, userId),
    refuseIfLinked: (tx: Executor, input: Parameters<typeof refuseIfLinked>[2]) =>
      refuseIfLinked(repo, tx, input),
    /** Opens the self-dealing case of a refusal whose transaction rolled back, then rethrows. */
    refused,

    /**
     * Counts an amount against the operator's per-order and daily limits inside the caller's
     * transaction (withdrawals taken by the operator); refuses with 3004 past either limit.
     */
    async reserveVolume(tx: Executor, operator: OperatorRow, amount: bigint): Promise<void> {
      if (amount > operator.perOrderMax) throw new AppError(ErrorCode.PaymentOutOfRange, 'per-order limit');
      // Lock order (docs/payments.md): the operator row before its daily-volume row, as assignment does.
      await repo.lockOperator(tx, operator.userId);
      const day = localDay(clock.now(), project(operator.projectId).timeZone);
      if (!(await repo.reserveDaily(tx, operator.userId, day, amount, operator.dailyMax)))
        throw new AppError(ErrorCode.PaymentOutOfRange, 'daily limit');
    },

    /**
     * Gives back what `reserveVolume` counted for a withdrawal the operator took but did not pay
     * (issue 11: it fails after a report), on the local day it was counted (`countedAt`).
     * Lock order as `reserveVolume`: the operator row, then its daily row, before the ledger.
     */
    async releaseVolume(
      tx: Executor,
      input: { operatorId: number; projectId: number; amount: bigint; countedAt: Date },
    ): Promise<void> {
      await repo.lockOperator(tx, input.operatorId);
      const day = localDay(input.countedAt, project(input.projectId).timeZone);
      await repo.adjustDaily(tx, input.operatorId, day, -input.amount);
    },

    async unprocessedDeposits(operatorId: number): Promise<number> {
      return repo.countOrders(repo.db, { operatorId, states: OPERATOR_QUEUE_STATES });
    },

    ...createPayhubAdmin({ repo, clock, statusOf }),

    /** Scheduler task: WAIT past its deadline is canceled (hold released), CHECKING goes to EXCEPTIONAL. */
    expireOrders: (limit = 200): Promise<number> => lifecycle.expire(limit),
  };

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
}
export type PayhubService = ReturnType<typeof createPayhubService>;
/** What the operator-side payment modules (tools, commission) may ask of the payhub module. */
export type PayhubOperators = Pick<PayhubService, 'requireOperator' | 'operator'>;
export type { OperatorRow };

import {
  ErrorCode,
  formatMoney,
  isRailBank,
  type LocalCurrency,
  PayhubPushRoute,
  type ProjectConfig,
  railBanks,
  type WithdrawOrder,
  WithdrawOrderState,
} from '@payhub/contracts';
import { sqlStateOf } from '../../ledger/ledger.repo.ts';
import type { Ledger, Posting } from '../../ledger/ledger.ts';
import { withLedgerRefusals } from '../../money/ledger-refusal.ts';
import {
  createOrderLifecycle,
  type OrderMoney,
  orderWireBase,
  paging,
  type TransitionExtra,
} from '../../money/order-lifecycle.ts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { runIdempotent } from '../../platform/idempotency/idempotency.ts';
import { afterCommit, type Outbox } from '../../platform/outbox.ts';
import { requireProject } from '../../platform/require-project.ts';
import { SelfDealingRefusal } from '../payhub/payhub.access.ts';
import type { UserNotifier } from '../payhub/payhub.notify.ts';
import { commissionOf } from '../payhub/payhub.rules.ts';
import { newOrderNo, type PayhubService } from '../payhub/payhub.service.ts';
import type { BankAccountRow, Executor, WithdrawRepo, WithdrawRow } from './withdraw.repo.ts';
import {
  nextWithdrawState,
  WITHDRAW_CONFIRM_TIMEOUT_MS,
  WITHDRAW_FEE_BPS,
  WITHDRAW_FEE_MIN,
  WITHDRAW_HOLDING_STATES,
  WITHDRAW_OPEN_MAX,
  WITHDRAW_RANGE,
  WITHDRAW_WAIT_TIMEOUT_MS,
  type WithdrawEvent,
  withdrawFee,
} from './withdraw.rules.ts';

export const BANK_ACCOUNTS_PER_PLAYER = 5;

export interface WithdrawDeps {
  repo: WithdrawRepo;
  ledger: Ledger;
  clock: Clock;
  notifier: UserNotifier;
  payhub: PayhubService;
  projectById: (id: number) => ProjectConfig | undefined;
  log: (error: unknown, message: string) => void;
  /** Identity (issue 14): refuses a player who may not move real money (under age: 10001). */
  mayWithdraw?: (userId: number, projectId: number) => Promise<void>;
}

export function toWithdrawWire(row: WithdrawRow): WithdrawOrder {
  return {
    ...orderWireBase(row),
    fee: formatMoney(row.fee),
    bankCode: row.bankCode,
    accountNo: row.accountNo,
    holderName: row.holderName,
  };
}

function toBankWire(row: BankAccountRow) {
  return {
    id: row.id,
    bankCode: row.bankCode,
    accountNo: row.accountNo,
    holderName: row.holderName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const OPEN_STATES = WITHDRAW_HOLDING_STATES;

export function createWithdrawService(deps: WithdrawDeps) {
  const { repo, ledger, clock, payhub } = deps;

  function project(projectId: number): ProjectConfig {
    return requireProject(deps.projectById, projectId);
  }
  function listOf(result: { items: WithdrawRow[]; total: number }) {
    return { items: result.items.map(toWithdrawWire), total: result.total };
  }

  function pushOrder(after: Outbox, order: WithdrawRow) {
    const wire = toWithdrawWire(order);
    after.add(() => deps.notifier.notify(order.playerId, PayhubPushRoute.withdrawOrder, wire));
    if (order.operatorId !== null) {
      const operatorId = order.operatorId;
      after.add(() => deps.notifier.notify(operatorId, PayhubPushRoute.withdrawOrder, wire));
    }
    if (order.state === WithdrawOrderState.WAIT || order.state === WithdrawOrderState.CONFIRM) {
      // The waiting pool changed: every working operator's unprocessed count moves.
      after.add(async () => {
        const waiting = await repo.count(repo.db, {
          projectId: order.projectId,
          states: [WithdrawOrderState.WAIT],
        });
        for (const operatorId of await payhub.workingOperatorIds(order.projectId))
          await deps.notifier.notify(operatorId, PayhubPushRoute.unprocessed, {
            withdrawOrders: waiting,
          });
      });
    }
  }

  async function walletOf(tx: Executor, projectId: number, currency: LocalCurrency, playerId: number) {
    return ledger.userAccount(tx, { projectId, currency, kind: 'player_wallet', ownerId: playerId });
  }

  /** The money step of a finished withdrawal: pay out in one linked operation. */
  async function settleWithdrawal(
    tx: Executor,
    order: WithdrawRow,
    next: number,
    extra: TransitionExtra,
    { holdId, reference }: OrderMoney,
  ): Promise<void> {
    // A taken withdrawal that ends unpaid gives the operator's daily volume back (issue 11). It was
    // counted when taken; the CONFIRM deadline set then (kept through EXCEPTIONAL) dates it.
    if (next === WithdrawOrderState.FAILED && order.operatorId !== null)
      await payhub.releaseVolume(tx, {
        operatorId: order.operatorId,
        projectId: order.projectId,
        amount: order.amount,
        countedAt: new Date(order.expiresAt.getTime() - WITHDRAW_CONFIRM_TIMEOUT_MS),
      });
    const key = { projectId: order.projectId, currency: order.currency };
    if (next === WithdrawOrderState.FINISH) {
      const operatorId = order.operatorId ?? extra.operatorId;
      if (operatorId === undefined || operatorId === null)
        throw new Error(`withdrawal ${order.id} has no operator`);
      // One connection per transaction: queries run one after another.
      const clearing = await ledger.systemAccount(tx, { ...key, kind: 'withdraw_clearing' });
      const fees = await ledger.systemAccount(tx, { ...key, kind: 'fees' });
      const house = await ledger.systemAccount(tx, { ...key, kind: 'house' });
      const wallet = await walletOf(tx, order.projectId, order.currency, order.playerId);
      const quota = await ledger.userAccount(tx, { ...key, kind: 'operator_quota', ownerId: operatorId });
      const commissionAccount = await ledger.userAccount(tx, {
        ...key,
        kind: 'operator_commission',
        ownerId: operatorId,
      });
      // Lock order step 5 (docs/payments.md): every user account of this settlement, lowest id first.
      await ledger.lockAccounts(tx, [wallet.id, quota.id, commissionAccount.id]);
      // One linked operation: the player's hold is debited, the operator repaid in quota, the fee
      // booked and the commission paid, all or none, under one key.
      const postings: Posting[] = [
        { id: `wd:${order.id}:post`, kind: 'post', pendingId: holdId, code: 'withdraw' },
        // The operator paid the player from its own bank: the platform repays it in quota.
        {
          id: `wd:${order.id}:payout`,
          kind: 'single',
          debitAccountId: clearing.id,
          creditAccountId: quota.id,
          amount: order.amount,
          code: 'withdraw_payout',
        },
      ];
      if (order.fee > 0n)
        postings.push({
          id: `wd:${order.id}:fee`,
          kind: 'single',
          debitAccountId: clearing.id,
          creditAccountId: fees.id,
          amount: order.fee,
          code: 'withdraw_fee',
        });
      if (order.commission > 0n)
        postings.push({
          id: `wd:${order.id}:commission`,
          kind: 'single',
          debitAccountId: house.id,
          creditAccountId: commissionAccount.id,
          amount: order.commission,
          code: 'withdraw_commission',
        });
      await ledger.linked(tx, { id: `wd:${order.id}:finish`, code: 'withdraw_finish', reference, postings });
    }
  }

  const lifecycle = createOrderLifecycle<WithdrawRow, WithdrawEvent>({
    kind: 'withdraw_order',
    noun: 'withdrawal',
    ledgerPrefix: 'wd',
    repo,
    ledger,
    clock,
    log: deps.log,
    next: nextWithdrawState,
    settle: settleWithdrawal,
    releases: (next) =>
      next === WithdrawOrderState.CANCELED ||
      next === WithdrawOrderState.CHOOSE_FAILED ||
      next === WithdrawOrderState.FAILED,
    releaseCode: 'withdraw_release',
    deadline: (next, at) =>
      next === WithdrawOrderState.CONFIRM ? new Date(at.getTime() + WITHDRAW_CONFIRM_TIMEOUT_MS) : undefined,
    audited: (order, extra) => ({
      amount: formatMoney(order.amount),
      fee: formatMoney(order.fee),
      operatorId: order.operatorId ?? extra.operatorId ?? null,
    }),
    push: pushOrder,
    expiryEvent: (state) =>
      state === WithdrawOrderState.WAIT
        ? 'expireWait'
        : state === WithdrawOrderState.CONFIRM
          ? 'expireConfirm'
          : null,
    refused: payhub.refused,
  });
  const { apply, lockVisible } = lifecycle;

  function inTransaction(action: (tx: Executor, after: Outbox) => Promise<WithdrawRow>) {
    return lifecycle.run(action).then(toWithdrawWire);
  }

  function checkRange(amount: bigint, currency: LocalCurrency) {
    const range = WITHDRAW_RANGE[currency];
    if (amount < range.min || amount > range.max)
      throw new AppError(
        ErrorCode.WithdrawalOutOfRange,
        `${formatMoney(range.min)} - ${formatMoney(range.max)}`,
      );
  }

  function checkBank(projectId: number, bankCode: string) {
    if (!isRailBank(project(projectId).rails, bankCode)) throw new AppError(ErrorCode.BankUnsupported);
  }

  /** Maps a unique-index race on an account number to the catalogue's code. */
  async function bankConflict(error: unknown, code: number): Promise<never> {
    if (sqlStateOf(error) === '23505') throw new AppError(code);
    throw error;
  }

  return {
    async create(
      session: Session,
      input: { amount: bigint; bankAccountId: number },
      idempotencyKey: string | undefined,
      ip: string,
    ): Promise<WithdrawOrder> {
      const { currency } = project(session.projectId);
      checkRange(input.amount, currency);
      await deps.mayWithdraw?.(session.userId, session.projectId);
      const fee = withdrawFee(input.amount, currency);
      // A payment operator holds no player wallet (docs/decisions.md): nothing of its own to pay out.
      if (await payhub.isPaymentOperator(session.userId))
        await payhub.refused(
          new SelfDealingRefusal({
            projectId: session.projectId,
            operatorId: session.userId,
            playerId: session.userId,
            link: 'same_account',
            action: 'withdraw_as_player',
            orderType: null,
            orderId: null,
          }),
        );
      return afterCommit(
        repo,
        async (tx, after) => {
          return runIdempotent(
            tx,
            {
              userId: session.userId,
              key: idempotencyKey,
              operation: 'withdraw.create',
              input,
              at: clock.now(),
            },
            async () => {
              await repo.lockPlayer(tx, session.userId);
              const bank = await repo.bankAccount(tx, input.bankAccountId);
              if (!bank || bank.userId !== session.userId) throw notFound('bank account');
              const open = await repo.count(tx, { playerId: session.userId, states: OPEN_STATES });
              if (open >= WITHDRAW_OPEN_MAX) throw new AppError(ErrorCode.WithdrawalUnderReview);
              const at = clock.now();
              const id = await repo.insertOrder(tx, {
                orderNo: newOrderNo('W', at),
                projectId: session.projectId,
                currency,
                playerId: session.userId,
                bank,
                amount: input.amount,
                fee,
                expiresAt: new Date(at.getTime() + WITHDRAW_WAIT_TIMEOUT_MS),
                at,
              });
              const wallet = await walletOf(tx, session.projectId, currency, session.userId);
              const clearing = await ledger.systemAccount(tx, {
                projectId: session.projectId,
                currency,
                kind: 'withdraw_clearing',
              });
              await withLedgerRefusals(() =>
                ledger.hold(tx, {
                  id: lifecycle.moneyOf(id).holdId,
                  debitAccountId: wallet.id,
                  creditAccountId: clearing.id,
                  amount: input.amount + fee,
                  code: 'withdraw_hold',
                  reference: lifecycle.moneyOf(id).reference,
                }),
              );
              await repo.touchBank(tx, bank.id, at);
              const order = await apply(tx, (await repo.order(tx, id))!, 'hold', {
                userId: session.userId,
                ip,
              });
              pushOrder(after, order);
              return toWithdrawWire(order);
            },
          );
        },
        deps.log,
      );
    },

    fee(session: Session, amount: bigint) {
      const { currency } = project(session.projectId);
      checkRange(amount, currency);
      const fee = withdrawFee(amount, currency);
      return { amount: formatMoney(amount), fee: formatMoney(fee), total: formatMoney(amount + fee) };
    },

    async info(session: Session) {
      const { currency } = project(session.projectId);
      const wallet = await ledger.findUserAccount(repo.db, {
        projectId: session.projectId,
        currency,
        kind: 'player_wallet',
        ownerId: session.userId,
      });
      const balance = wallet ? await ledger.balance(repo.db, wallet.id) : { available: 0n };
      const range = WITHDRAW_RANGE[currency];
      return {
        currency,
        available: formatMoney(balance.available),
        minAmount: formatMoney(range.min),
        maxAmount: formatMoney(range.max),
        feeBps: WITHDRAW_FEE_BPS,
        feeMin: formatMoney(WITHDRAW_FEE_MIN[currency]),
        openOrders: await repo.count(repo.db, { playerId: session.userId, states: OPEN_STATES }),
        openOrdersMax: WITHDRAW_OPEN_MAX,
      };
    },

    async balance(session: Session) {
      const { currency } = project(session.projectId);
      const wallet = await ledger.findUserAccount(repo.db, {
        projectId: session.projectId,
        currency,
        kind: 'player_wallet',
        ownerId: session.userId,
      });
      const balance = wallet
        ? await ledger.balance(repo.db, wallet.id)
        : { balance: 0n, pending: 0n, available: 0n };
      return {
        currency,
        balance: formatMoney(balance.balance),
        held: formatMoney(balance.pending),
        available: formatMoney(balance.available),
      };
    },

    cancel(session: Session, id: number, ip: string) {
      return inTransaction(async (tx) => {
        const order = await lockVisible(tx, id, (row) => row.playerId === session.userId);
        return apply(tx, order, 'cancel', { userId: session.userId, ip });
      });
    },

    async orders(session: Session, query: { page: number; count: number }) {
      return listOf(
        await repo.orders(repo.db, { playerId: session.userId }, paging(query.page, query.count)),
      );
    },
    async order(session: Session, id: number) {
      const order = await repo.order(repo.db, id);
      if (!order || order.playerId !== session.userId) throw notFound('withdrawal');
      return toWithdrawWire(order);
    },

    // Bank accounts.
    async bankList(session: Session) {
      return { items: (await repo.bankAccounts(repo.db, session.userId)).map(toBankWire) };
    },
    async bankLatest(session: Session) {
      const [latest] = await repo.bankAccounts(repo.db, session.userId);
      return { account: latest ? toBankWire(latest) : null };
    },
    bankSupport(session: Session) {
      return { items: railBanks(project(session.projectId).rails) };
    },
    async bankAdd(
      session: Session,
      input: { bankCode: string; accountNo: string; holderName: string },
      ip: string,
    ) {
      checkBank(session.projectId, input.bankCode);
      return repo
        .transaction(async (tx) => {
          await repo.lockPlayer(tx, session.userId);
          const existing = await repo.bankByNumber(tx, session.projectId, input.bankCode, input.accountNo);
          if (existing)
            throw new AppError(
              existing.userId === session.userId ? ErrorCode.BankAccountExists : ErrorCode.AccountUsedByOther,
            );
          if ((await repo.bankAccounts(tx, session.userId)).length >= BANK_ACCOUNTS_PER_PLAYER)
            throw new AppError(ErrorCode.BankAccountLimit);
          const row = await repo.insertBank(tx, {
            projectId: session.projectId,
            userId: session.userId,
            ...input,
            at: clock.now(),
          });
          await writeAudit(tx, {
            projectId: session.projectId,
            actorId: session.userId,
            action: 'bank_account.add',
            objectType: 'bank_account',
            objectId: String(row.id),
            after: { bankCode: row.bankCode, accountNo: row.accountNo, holderName: row.holderName },
            ip,
          });
          return toBankWire(row);
        })
        .catch((error) => (error instanceof AppError ? Promise.reject(error) : bankConflict(error, 3027)));
    },
    async bankUpdate(
      session: Session,
      id: number,
      input: { bankCode: string; accountNo: string; holderName: string },
      ip: string,
    ) {
      checkBank(session.projectId, input.bankCode);
      return repo
        .transaction(async (tx) => {
          const row = await repo.bankAccount(tx, id, true);
          if (!row || row.userId !== session.userId) throw notFound('bank account');
          if ((await repo.openWithdrawalsOfBank(tx, id)) > 0)
            throw new AppError(ErrorCode.WithdrawalUnderReview);
          const existing = await repo.bankByNumber(tx, session.projectId, input.bankCode, input.accountNo);
          if (existing && existing.id !== id)
            throw new AppError(
              existing.userId === session.userId
                ? ErrorCode.BankAccountExists
                : ErrorCode.AccountUsedByOtherHolder,
            );
          const updated = await repo.updateBank(tx, id, { ...input, at: clock.now() });
          await writeAudit(tx, {
            projectId: session.projectId,
            actorId: session.userId,
            action: 'bank_account.update',
            objectType: 'bank_account',
            objectId: String(id),
            before: { bankCode: row.bankCode, accountNo: row.accountNo, holderName: row.holderName },
            after: {
              bankCode: updated.bankCode,
              accountNo: updated.accountNo,
              holderName: updated.holderName,
            },
            ip,
          });
          return toBankWire(updated);
        })
        .catch((error) => (error instanceof AppError ? Promise.reject(error) : bankConflict(error, 3028)));
    },
    async bankDelete(session: Session, id: number, ip: string) {
      return repo.transaction(async (tx) => {
        const row = await repo.bankAccount(tx, id, true);
        if (!row || row.userId !== session.userId) throw notFound('bank account');
        if ((await repo.openWithdrawalsOfBank(tx, id)) > 0)
          throw new AppError(ErrorCode.WithdrawalUnderReview);
        await repo.deleteBank(tx, id, clock.now());
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'bank_account.delete',
          objectType: 'bank_account',
          objectId: String(id),
          before: { bankCode: row.bankCode, accountNo: row.accountNo },
          ip,
        });
        return { ok: true as const };
      });
    },

    // Operator handling.
    async spammerHandle(
      session: Session,
      input: {
        id: number;
        action: 'take' | 'finish' | 'report';
        voucherUrl?: string | undefined;
        remark?: string | undefined;
      },
      ip: string,
    ) {
      const operator = await payhub.requireOperator(session);
      if (input.action === 'take' && operator.kycStatus !== 'verified')
        throw new AppError(ErrorCode.AccountUnderReview, 'KYC');
      if (input.action === 'finish' && !input.voucherUrl)
        throw new AppError(ErrorCode.BadParameter, 'body.voucherUrl: required to finish');
      return inTransaction(async (tx) => {
        if (input.action === 'take') {
          const order = await lockVisible(tx, input.id, (row) => row.projectId === session.projectId);
          if (order.state !== WithdrawOrderState.WAIT) throw new AppError(ErrorCode.OrderAlreadyStarted);
          await payhub.refuseIfLinked(tx, {
            projectId: order.projectId,
            operatorId: session.userId,
            playerId: order.playerId,
            action: 'withdraw_take',
            orderType: 'withdraw_order',
            orderId: order.id,
          });
          await payhub.reserveVolume(tx, operator, order.amount);
          return apply(
            tx,
            order,
            'take',
            { userId: session.userId, ip },
            { operatorId: session.userId, commission: commissionOf(order.amount, operator.commissionBps) },
          );
        }
        const order = await lockVisible(
          tx,
          input.id,
          (row) => row.projectId === session.projectId && row.operatorId === session.userId,
        );
        if (input.action === 'finish' && order.state === WithdrawOrderState.FINISH) return order;
        // Taken before the payer became linked (or before this rule): it still cannot be finished.
        if (input.action === 'finish')
          await payhub.refuseIfLinked(tx, {
            projectId: order.projectId,
            operatorId: session.userId,
            playerId: order.playerId,
            action: 'withdraw_finish',
            orderType: 'withdraw_order',
            orderId: order.id,
          });
        const extra: { voucherUrl?: string; remark?: string } = {};
        if (input.voucherUrl !== undefined) extra.voucherUrl = input.voucherUrl;
        if (input.remark !== undefined) extra.remark = input.remark;
        return apply(tx, order, input.action, { userId: session.userId, ip }, extra);
      });
    },

    async handles(
      session: Session,
      query: { page: number; count: number; type?: number | undefined; orderNo?: string | undefined },
    ) {
      await payhub.requireOperator(session);
      const page = paging(query.page, query.count);
      if (query.orderNo)
        return listOf(
          await repo.orders(
            repo.db,
            { projectId: session.projectId, orderNo: query.orderNo, operatorId: session.userId },
            page,
          ),
        );
      const type = query.type ?? 0;
      if (type === 0) {
        // The waiting pool of the project plus the operator's own taken orders.
        const pool = await repo.orders(
          repo.db,
          { projectId: session.projectId, states: [WithdrawOrderState.WAIT] },
          page,
        );
        const mine = await repo.orders(
          repo.db,
          { projectId: session.projectId, operatorId: session.userId, states: [WithdrawOrderState.CONFIRM] },
          page,
        );
        return listOf({
          items: [...mine.items, ...pool.items].slice(0, query.count),
          total: mine.total + pool.total,
        });
      }
      const states =
        type === 1
          ? [WithdrawOrderState.FINISH, WithdrawOrderState.FAILED]
          : [WithdrawOrderState.EXCEPTIONAL];
      return listOf(
        await repo.orders(
          repo.db,
          { projectId: session.projectId, operatorId: session.userId, states },
          page,
        ),
      );
    },

    async leaderHandles(
      session: Session,
      query: { page: number; count: number; type?: number | undefined; orderNo?: string | undefined },
    ) {
      await payhub.requireManager(session);
      const page = paging(query.page, query.count);
      if (query.orderNo)
        return listOf(
          await repo.orders(repo.db, { projectId: session.projectId, orderNo: query.orderNo }, page),
        );
      const type = query.type ?? 2;
      const states =
        type === 0
          ? [WithdrawOrderState.WAIT, WithdrawOrderState.CONFIRM]
          : type === 1
            ? [WithdrawOrderState.FINISH, WithdrawOrderState.FAILED]
            : [WithdrawOrderState.EXCEPTIONAL];
      return listOf(await repo.orders(repo.db, { projectId: session.projectId, states }, page));
    },

    async leaderHandle(
      session: Session,
      input: {
        id: number;
        action: 'finish' | 'fail';
        voucherUrl?: string | undefined;
        remark?: string | undefined;
      },
      ip: string,
    ) {
      await payhub.requireManager(session);
      return inTransaction(async (tx) => {
        const order = await lockVisible(tx, input.id, (row) => row.projectId === session.projectId);
        if (order.handlerId !== null && order.handlerId !== session.userId)
          throw new AppError(ErrorCode.OrderHandledByOtherLeader);
        const voucherUrl = input.voucherUrl ?? order.voucherUrl ?? undefined;
        if (input.action === 'finish' && !voucherUrl)
          throw new AppError(ErrorCode.BadParameter, 'body.voucherUrl: required to finish');
        if (input.action === 'finish')
          await payhub.refuseIfLinked(tx, {
            projectId: order.projectId,
            operatorId: session.userId,
            playerId: order.playerId,
            action: 'withdraw_leader_finish',
            orderType: 'withdraw_order',
            orderId: order.id,
          });
        const extra: { voucherUrl?: string; remark?: string; handlerId?: number } = {};
        if (voucherUrl !== undefined && input.action === 'finish') extra.voucherUrl = voucherUrl;
        if (input.remark !== undefined) extra.remark = input.remark;
        if (order.handlerId === null) extra.handlerId = session.userId;
        return apply(
          tx,
          order,
          input.action === 'finish' ? 'leaderFinish' : 'leaderFail',
          { userId: session.userId, ip },
          extra,
        );
      });
    },

    async unprocessed(session: Session) {
      await payhub.requireOperator(session);
      return {
        orders: await payhub.unprocessedDeposits(session.userId),
        withdrawOrders:
          (await repo.count(repo.db, { projectId: session.projectId, states: [WithdrawOrderState.WAIT] })) +
          (await repo.count(repo.db, { operatorId: session.userId, states: [WithdrawOrderState.CONFIRM] })),
      };
    },

    /** The project's withdrawals for the operator console (admin entry point; the console checks its roles first). */
    async adminOrders(
      session: Session,
      query: {
        page: number;
        count: number;
        states?: readonly number[] | undefined;
        playerId?: number | undefined;
        orderNo?: string | undefined;
      },
    ) {
      if (session.staffRole !== 'admin') throw new AppError(ErrorCode.NoPermission);
      const result = await repo.orders(
        repo.db,
        {
          projectId: session.projectId,
          ...(query.states && query.states.length > 0 ? { states: query.states } : {}),
          ...(query.playerId ? { playerId: query.playerId } : {}),
          ...(query.orderNo ? { orderNo: query.orderNo } : {}),
        },
        paging(query.page, query.count),
      );
      return { items: result.items.map(toWithdrawWire), total: result.total };
    },
    /** Scheduler task: WAIT past its deadline -> CHOOSE_FAILED (hold released); CONFIRM -> EXCEPTIONAL. */
    expireOrders: (limit = 200): Promise<number> => lifecycle.expire(limit),
  };
}
export type WithdrawService = ReturnType<typeof createWithdrawService>;

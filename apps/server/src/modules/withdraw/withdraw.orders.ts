import {
  ErrorCode,
  formatMoney,
  isRailBank,
  type LocalCurrency,
  PayhubPushRoute,
  type ProjectConfig,
  type WithdrawOrder,
  WithdrawOrderState,
} from '@payhub/contracts';
import { sqlStateOf } from '../../ledger/ledger.repo.ts';
import type { Posting } from '../../ledger/ledger.ts';
import * as orderLifecycle from '../../money/order-lifecycle.ts';
import type { WithdrawTierGate } from '../../money/withdraw-tier.ts';
import type { Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { Outbox } from '../../platform/outbox.ts';
import { requireProject } from '../../platform/require-project.ts';
import type { UserNotifier } from '../payhub/payhub.notify.ts';
import type { PayhubService } from '../payhub/payhub.service.ts';
import type { WithdrawRepo, WithdrawRow } from './withdraw.repo.ts';
import {
  nextWithdrawState,
  WITHDRAW_CONFIRM_TIMEOUT_MS,
  WITHDRAW_HOLDING_STATES,
  WITHDRAW_RANGE,
  type WithdrawEvent,
} from './withdraw.rules.ts';

export interface WithdrawDeps extends orderLifecycle.OrderModuleDeps<UserNotifier> {
  repo: WithdrawRepo;
  payhub: PayhubService;
  /** Identity (issue 14): refuses a player who may not move real money (under age: 10001). */
  mayWithdraw?: (userId: number, projectId: number) => Promise<void>;
  /**
   * Inside the withdrawal's transaction, under the player's lock and before its money is held (app.ts):
   * the compliance hold read again under its own lock (712), then the player's choice for bonuses with
   * an open wagering requirement (4017, or each forfeited to the pool). A refusal later in the same
   * transaction rolls a forfeit back with the withdrawal.
   */
  inWithdrawal?: (tx: Executor, userId: number) => Promise<void>;
  /** Identity tiers (issue 14): the tier's per-withdrawal and daily limits (7051), identity required (7052). */
  withdrawTier?: WithdrawTierGate;
  /** A bank account's holder must be the player's verified name (3041; 7052 without one in a licensed project). */
  holderName?: (userId: number, projectId: number, holderName: string) => Promise<void>;
}

export function toWithdrawWire(row: WithdrawRow): WithdrawOrder {
  return {
    ...orderLifecycle.orderWireBase(row),
    fee: formatMoney(row.fee),
    bankCode: row.bankCode,
    accountNo: row.accountNo,
    holderName: row.holderName,
  };
}

/** Open withdrawals (their amount held in the wallet). */
export const OPEN_STATES = WITHDRAW_HOLDING_STATES;

/**
 * The withdrawal order engine every withdraw role works through: the order lifecycle with its money
 * step (pay out, fee and commission in one linked operation) and push step, and the checks shared
 * by the cases (range, bank, account-number races).
 */
export function createWithdrawOrders(deps: WithdrawDeps) {
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
    extra: orderLifecycle.TransitionExtra,
    { holdId, reference }: orderLifecycle.OrderMoney,
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

  const lifecycle = orderLifecycle.createOrderLifecycle<WithdrawRow, WithdrawEvent>({
    kind: 'withdraw_order',
    noun: 'withdrawal',
    ledgerPrefix: 'wd',
    repo,
    table: 'withdraw_orders',
    expiring: [WithdrawOrderState.WAIT, WithdrawOrderState.CONFIRM],
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
    project,
    listOf,
    pushOrder,
    walletOf,
    lifecycle,
    apply,
    lockVisible,
    inTransaction,
    checkRange,
    checkBank,
    bankConflict,
  };
}
export type WithdrawOrders = ReturnType<typeof createWithdrawOrders>;

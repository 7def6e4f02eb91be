import { ErrorCode, formatMoney, type WithdrawOrder } from '@payhub/contracts';
import { withLedgerRefusals } from '../../money/ledger-refusal.ts';
import { orderOwner, paging } from '../../money/order-lifecycle.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { runIdempotent } from '../../platform/idempotency/idempotency.ts';
import { afterCommit } from '../../platform/outbox.ts';
import { SelfDealingRefusal } from '../payhub/payhub.access.ts';
import { newOrderNo } from '../payhub/payhub.service.ts';
import { OPEN_STATES, toWithdrawWire, type WithdrawDeps, type WithdrawOrders } from './withdraw.orders.ts';
import {
  WITHDRAW_FEE_BPS,
  WITHDRAW_FEE_MIN,
  WITHDRAW_OPEN_MAX,
  WITHDRAW_RANGE,
  WITHDRAW_WAIT_TIMEOUT_MS,
  withdrawFee,
} from './withdraw.rules.ts';

/** The player's withdrawal cases: asking for one (amount held), its fee and limits, the balance, cancelling, reading. */
export function createWithdrawPlayerCases(deps: WithdrawDeps, orders: WithdrawOrders) {
  const { repo, ledger, clock, payhub } = deps;
  const { project, listOf, pushOrder, walletOf, lifecycle, apply, lockVisible, inTransaction, checkRange } =
    orders;

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
              // Under the player's lock: parallel requests cannot pass the day's tier limit together.
              await deps.withdrawTier?.check(tx, {
                userId: session.userId,
                projectId: session.projectId,
                asset: currency,
                amount: input.amount,
                usedSince: (from) => repo.withdrawnSince(tx, session.userId, from),
              });
              // In this transaction, before the wallet hold: the hold read again, the bonus choice (a refusal
              // below undoes a forfeit too).
              await deps.inWithdrawal?.(tx, session.userId);
              const at = clock.now();
              const id = await repo.insertOrder(tx, {
                ...orderOwner(session, newOrderNo('W', at), currency),
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
  };
}

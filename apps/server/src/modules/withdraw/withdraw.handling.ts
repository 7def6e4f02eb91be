import { ErrorCode, WithdrawOrderState } from '@payhub/contracts';
import { paging } from '../../money/order-lifecycle.ts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { commissionOf } from '../payhub/payhub.rules.ts';

import type { WithdrawDeps, WithdrawOrders } from './withdraw.orders.ts';

/** The payment operators' and managers' withdrawal cases: taking, finishing or failing an order, the queues. */
export function createWithdrawHandling(deps: WithdrawDeps, orders: WithdrawOrders) {
  const { repo, payhub } = deps;
  const { listOf, apply, lockVisible, inTransaction } = orders;

  return {
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
        const order = await orders.lifecycle.lockOperatorsOrder(tx, input.id, session);
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
  };
}

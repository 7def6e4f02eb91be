import { ErrorCode } from '@payhub/contracts';
import { paging } from '../../money/order-lifecycle.ts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { refuseIfLinked } from './payhub.access.ts';
import type { DepositOrders, PayhubDeps } from './payhub.orders.ts';
import type { OrderFilter } from './payhub.repo.ts';
import { MANAGER_QUEUE_STATES } from './payhub.rules.ts';

/** The payment manager's deposit cases: the exceptional queue, taking an order, deciding it. */
export function createPayhubManagerCases(deps: PayhubDeps, orders: DepositOrders) {
  const { repo, clock } = deps;
  const { requireManager, apply, lockVisible, listOf, act } = orders;

  return {
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
  };
}

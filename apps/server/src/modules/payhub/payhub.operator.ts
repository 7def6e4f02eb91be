import { ErrorCode, PayOrderState } from '@payhub/contracts';
import { paging } from '../../money/order-lifecycle.ts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { refuseIfLinked } from './payhub.access.ts';
import type { DepositOrders, PayhubDeps } from './payhub.orders.ts';
import type { OrderFilter } from './payhub.repo.ts';
import { OPERATOR_QUEUE_STATES } from './payhub.rules.ts';

/** The payment operator's deposit cases: its queue, confirming or reporting an order, going to work. */
export function createPayhubOperatorCases(deps: PayhubDeps, orders: DepositOrders) {
  const { repo } = deps;
  const { requireOperator, apply, listOf, act, statusOf } = orders;

  return {
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
        const order = await orders.lifecycle.lockOperatorsOrder(tx, input.id, session);
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
  };
}

import { ErrorCode, WithdrawOrderState } from '@payhub/contracts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import { AppError, noPermission } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import type { WithdrawOrders } from './withdraw.orders.ts';

/**
 * Staff resolution of a stuck withdrawal (the operator console, issue 19): the payment manager's
 * events (leaderFinish, leaderFail) through the same lifecycle — transition table, ledger (post the
 * held funds to the operator, or void the hold back to the player), audit line, pushes after commit.
 * Entered with a delegated admin session the console hands over after its permission table allowed it.
 */
export function createWithdrawStaffCases(orders: WithdrawOrders) {
  const { apply, lockVisible, inTransaction } = orders;
  return {
    adminResolve(
      session: Session,
      id: number,
      input: { resolution: 'complete' | 'fail'; reason: string },
      ip: string,
    ) {
      if (session.staffRole !== 'admin') throw noPermission();
      return inTransaction(async (tx) => {
        const order = await lockVisible(tx, id, (row) => row.projectId === session.projectId);
        if (order.state !== WithdrawOrderState.EXCEPTIONAL)
          throw new AppError(ErrorCode.OrderAlreadyStarted, `withdrawal is in state ${order.state}`);
        // A finished withdrawal carries the operator's transfer proof (the table's CHECK holds it too).
        if (input.resolution === 'complete' && !order.voucherUrl)
          throw new AppError(ErrorCode.WithdrawalProofMissing);
        const extra: { remark: string; handlerId?: number } = { remark: input.reason };
        if (order.handlerId === null) extra.handlerId = session.userId;
        const resolved = await apply(
          tx,
          order,
          input.resolution === 'complete' ? 'leaderFinish' : 'leaderFail',
          { userId: session.userId, ip },
          extra,
        );
        await writeAudit(tx, {
          projectId: order.projectId,
          actorId: session.userId,
          action: 'withdraw_order.resolve',
          objectType: 'withdraw_order',
          objectId: String(order.id),
          before: { state: order.state },
          after: { state: resolved.state, resolution: input.resolution, reason: input.reason },
          ip,
        });
        return resolved;
      });
    },
  };
}

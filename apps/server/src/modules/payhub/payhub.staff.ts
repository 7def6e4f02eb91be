import { ErrorCode, PayOrderState } from '@payhub/contracts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import { AppError, noPermission } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { type DepositOrders, toPayOrderWire } from './payhub.orders.ts';
import type { PayEvent } from './payhub.rules.ts';

/** The console's resolutions of a stuck deposit, as the payment manager's events of the transition table. */
const RESOLUTION_EVENTS: Record<'complete' | 'cancel' | 'fail', PayEvent> = {
  complete: 'leaderSuccess',
  cancel: 'leaderCancel',
  fail: 'leaderUnable',
};

/**
 * Staff resolution of a stuck deposit (the operator console, issue 19): the same lifecycle as a
 * payment manager's decision — transition table, ledger (post or void the hold), audit line, pushes
 * to the player and the operator after commit — entered with a delegated admin session the console
 * hands over only after its own permission table allowed the call.
 */
export function createPayhubStaffCases(orders: DepositOrders) {
  const { apply, lockVisible, lifecycle } = orders;
  return {
    async adminResolve(
      session: Session,
      id: number,
      input: { resolution: 'complete' | 'cancel' | 'fail'; reason: string },
      ip: string,
    ) {
      if (session.staffRole !== 'admin') throw noPermission();
      const order = await lifecycle.run(async (tx) => {
        const locked = await lockVisible(tx, id, (row) => row.projectId === session.projectId);
        // Only an order a person must decide: the operator reported it or its check timed out.
        if (locked.state !== PayOrderState.EXCEPTIONAL)
          throw new AppError(ErrorCode.OrderAlreadyStarted, `order is in state ${locked.state}`);
        const extra: { remark: string; handlerId?: number } = { remark: input.reason };
        if (locked.handlerId === null) extra.handlerId = session.userId;
        const resolved = await apply(
          tx,
          locked,
          RESOLUTION_EVENTS[input.resolution],
          { userId: session.userId, ip },
          extra,
        );
        await writeAudit(tx, {
          projectId: locked.projectId,
          actorId: session.userId,
          action: 'pay_order.resolve',
          objectType: 'pay_order',
          objectId: String(locked.id),
          before: { state: locked.state },
          after: { state: resolved.state, resolution: input.resolution, reason: input.reason },
          ip,
        });
        return resolved;
      });
      return toPayOrderWire(order);
    },
  };
}

import { ErrorCode } from '@payhub/contracts';
import { paging } from '../../money/order-lifecycle.ts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { createWithdrawBankAccounts } from './withdraw.bank-accounts.ts';
import { createWithdrawHandling } from './withdraw.handling.ts';
import { createWithdrawOrders, toWithdrawWire, type WithdrawDeps } from './withdraw.orders.ts';
import { createWithdrawPlayerCases } from './withdraw.player.ts';
import { createWithdrawStaffCases } from './withdraw.staff.ts';

export { BANK_ACCOUNTS_PER_PLAYER } from './withdraw.bank-accounts.ts';
export { toWithdrawWire, type WithdrawDeps } from './withdraw.orders.ts';

/**
 * The withdraw module's service: the player's cases (withdraw.player.ts), payout bank accounts
 * (withdraw.bank-accounts.ts) and the operators' handling (withdraw.handling.ts) over one engine
 * (withdraw.orders.ts).
 */
export function createWithdrawService(deps: WithdrawDeps) {
  const orders = createWithdrawOrders(deps);
  return {
    ...createWithdrawPlayerCases(deps, orders),
    ...createWithdrawBankAccounts(deps, orders),
    ...createWithdrawHandling(deps, orders),
    ...createWithdrawStaffCases(orders),
    /** Whether the player's withdrawals wait for a compliance review (payhub's holding cases). */
    withdrawalsHeld: (userId: number) => deps.payhub.withdrawalsHeld(userId),

    /** The payout bank accounts of a player as `bank:<code>:<number>` (rewards' abuse signals). */
    async payoutAccountsOf(userId: number): Promise<string[]> {
      const rows = await deps.repo.bankAccounts(deps.repo.db, userId);
      return rows.map((row) => `bank:${row.bankCode}:${row.accountNo}`);
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
      const { repo } = deps;
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
    expireOrders: (limit = 200): Promise<number> => orders.lifecycle.expire(limit),
  };
}
export type WithdrawService = ReturnType<typeof createWithdrawService>;

import { createWithdrawBankAccounts } from './withdraw.bank-accounts.ts';
import { createWithdrawHandling } from './withdraw.handling.ts';
import { createWithdrawOrders, type WithdrawDeps } from './withdraw.orders.ts';
import { createWithdrawPlayerCases } from './withdraw.player.ts';

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

    /** Scheduler task: WAIT past its deadline -> CHOOSE_FAILED (hold released); CONFIRM -> EXCEPTIONAL. */
    expireOrders: (limit = 200): Promise<number> => orders.lifecycle.expire(limit),
  };
}
export type WithdrawService = ReturnType<typeof createWithdrawService>;

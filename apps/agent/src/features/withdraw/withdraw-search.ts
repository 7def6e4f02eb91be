import type { WithdrawOrder } from '@payhub/contracts';

/** Whether a withdrawal matches a search: its number, account holder, bank, account or amount contains the text. */
export function withdrawalMatches(order: WithdrawOrder, text: string, shownAmount: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [order.orderNo, order.holderName, order.bankCode, order.accountNo, order.amount, shownAmount].some(
    (value) => value.toLowerCase().includes(needle),
  );
}

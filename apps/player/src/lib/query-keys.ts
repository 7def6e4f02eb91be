/** Query keys of server data that more than one feature reads or refreshes. */
export const QUERY_KEYS = {
  balance: ['withdraw', 'balance'],
  deposits: ['payhub', 'playerOrders'],
  withdrawals: ['withdraw', 'orders'],
  withdrawInfo: ['withdraw', 'info'],
  bankAccounts: ['withdraw', 'bankList'],
} as const;

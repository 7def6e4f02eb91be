/** Query keys of server data that more than one feature reads or refreshes. */
export const QUERY_KEYS = {
  balance: ['withdraw', 'balance'],
  deposits: ['payhub', 'playerOrders'],
  withdrawals: ['withdraw', 'orders'],
  withdrawInfo: ['withdraw', 'info'],
  bankAccounts: ['withdraw', 'bankList'],
  /** One deposit order (the deposit screens read it; its pushes land in it: lib/deposit-live.ts). */
  depositOrder: (id: number) => ['payhub', 'order', id] as const,
} as const;

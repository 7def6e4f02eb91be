/** Query keys of server data that more than one feature reads or refreshes. */
export const QUERY_KEYS = {
  balance: ['withdraw', 'balance'],
  /** Every asset's balance (wallet.balances): exchanges, deposits and withdrawals change it. */
  walletBalances: ['wallet', 'balances'],
  /** The movement history (every filter under this prefix). */
  history: ['wallet', 'history'],
  deposits: ['payhub', 'playerOrders'],
  withdrawals: ['withdraw', 'orders'],
  withdrawInfo: ['withdraw', 'info'],
  bankAccounts: ['withdraw', 'bankList'],
  /** USDT deposits and withdrawals on chain (their pushes mark them stale: lib/realtime.ts). */
  chainDeposits: ['chain', 'deposits'],
  chainWithdrawals: ['chain', 'withdrawals'],
  /** Every deposit order read one by one, and one of them (its pushes land in it: lib/deposit-live.ts). */
  depositOrders: ['payhub', 'order'],
  depositOrder: (id: number) => ['payhub', 'order', id] as const,
} as const;

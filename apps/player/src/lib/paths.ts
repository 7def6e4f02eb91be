/**
 * Every screen's path in the player app (under the `/play` base), spelled once: links, redirects and
 * the error reactions name them from here (the router mounts its screens at the same segments).
 */
export const paths = {
  root: '/',
  login: '/login',
  register: '/register',
  forgot: '/forgot',
  wallet: '/wallet',
  walletWithdrawals: '/wallet?tab=withdrawals',
  account: '/account',
  deposit: '/deposit',
  depositOrder: (id: number) => `/deposit/${id}`,
  withdraw: '/withdraw',
  chainDeposit: '/deposit/usdt',
  chainWithdraw: '/withdraw/usdt',
  home: '/home',
  history: '/history',
  exchange: '/exchange',
  casino: '/casino',
  casinoGame: (providerId: string, gameCode: string) =>
    `/casino/${encodeURIComponent(providerId)}/${encodeURIComponent(gameCode)}`,
  depositChoose: '/deposit/choose',
  withdrawChoose: '/withdraw/choose',
  serverError: '/500',
} as const;

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
  /** Limits, reality checks, cool-off, self-exclusion and the statement (features/responsible). */
  responsible: '/account/responsible',
  /** Bonus money: balance, wagering progress, the withdrawal choice, and its terms (features/bonus). */
  bonus: '/account/bonus',
  bonusTerms: '/account/bonus/terms',
  deposit: '/deposit',
  depositOrder: (id: number) => `/deposit/${id}`,
  withdraw: '/withdraw',
  chainDeposit: '/deposit/usdt',
  chainWithdraw: '/withdraw/usdt',
  home: '/home',
  history: '/history',
  exchange: '/exchange',
  casino: '/casino',
  /** `demo`: the provider's free play (no session, no money; only for games that have one). */
  casinoGame: (providerId: string, gameCode: string, demo = false) =>
    `/casino/${encodeURIComponent(providerId)}/${encodeURIComponent(gameCode)}${demo ? '?demo=1' : ''}`,
  depositChoose: '/deposit/choose',
  withdrawChoose: '/withdraw/choose',
  crash: '/rounds/crash',
  wingo: '/rounds/wingo',
  roundsFair: (game: string) => `/rounds/${game}/fair`,
  serverError: '/500',
  /** The in-house games' lobby, one page per game and each game's fairness page (features/games). */
  games: '/games',
  game: (game: string) => `/games/${game}`,
  gameFairness: (game: string) => `/games/${game}/fairness`,
  /** Rewards (features/rewards): the hub and its four screens. */
  rewards: '/rewards',
  referral: '/rewards/referral',
  checkin: '/rewards/checkin',
  wheel: '/rewards/wheel',
  rewardHistory: '/rewards/history',
} as const;

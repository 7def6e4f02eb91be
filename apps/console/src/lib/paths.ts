/** Every href of the console (served under /console/, the router's basename). */
export const paths = {
  signIn: '/sign-in',
  players: '/players',
  player: (userId: number | string) => `/players/${userId}`,
  adjustments: '/adjustments',
  orders: '/orders',
  operators: '/operators',
  cases: '/cases',
  content: '/content',
  reports: '/reports',
  games: '/games',
  audit: '/audit',
  staff: '/staff',
} as const;

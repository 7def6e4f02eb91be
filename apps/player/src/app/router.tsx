import { CHUNK_RETRY_DELAYS_MS, withRetries } from '@payhub/client/with-retries.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy } from 'react';
import { BrowserRouter, matchRoutes, Navigate, type RouteObject, useRoutes } from 'react-router';
import { paths } from '../lib/paths.ts';
import { queryClient } from '../lib/query-client.ts';
import { AppShell } from './shell/app-shell.tsx';
import { GuestOnly, RequireSession } from './shell/guards.tsx';
import { trackRouteLoad } from './shell/route-progress.tsx';
import { TabLayout } from './shell/tab-layout.tsx';

/**
 * Route-level code splitting: each screen is its own chunk, loaded when first visited (the shell's
 * Suspense shows a spinner on the first screen; later navigations keep the old screen until the new
 * one is ready). Declarative routes, not a data router: nothing here loads data before a render,
 * and the data router's code was a quarter of the first paint's JavaScript (docs/decisions.md
 * "Player app: declarative routes and a compressed first paint").
 */
function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'element' | 'handle'> {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    // A failed preload is not kept, so the screen's own load tries again; a failure there stays with
    // the screen (React.lazy keeps it) until the crash screen's reload.
    loading ??= withRetries(load, CHUNK_RETRY_DELAYS_MS).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const Page = lazy(() => trackRouteLoad(preload()));
  return { element: <Page />, handle: { preload } satisfies RouteHandle };
}

/** What a route of this table carries for `preloadRoute`. */
interface RouteHandle {
  preload: () => Promise<unknown>;
}

const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { index: true, element: <Navigate to={paths.wallet} replace /> },
      {
        element: <GuestOnly />,
        children: [
          { path: 'login', ...page(() => import('../features/auth/login-page.tsx')) },
          { path: 'register', ...page(() => import('../features/auth/register-page.tsx')) },
          { path: 'forgot', ...page(() => import('../features/auth/forgot-page.tsx')) },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            element: <TabLayout />,
            children: [
              { path: 'home', ...page(() => import('../features/home/home-page.tsx')) },
              { path: 'wallet', ...page(() => import('../features/wallet/wallet-page.tsx')) },
              { path: 'history', ...page(() => import('../features/history/history-page.tsx')) },
              { path: 'account', ...page(() => import('../features/account/account-page.tsx')) },
              { path: 'casino', ...page(() => import('../features/casino/lobby-page.tsx')) },
            ],
          },
          { path: 'account/bonus', ...page(() => import('../features/bonus/bonus-page.tsx')) },
          { path: 'account/bonus/terms', ...page(() => import('../features/bonus/terms-page.tsx')) },
          {
            path: 'account/responsible',
            ...page(() => import('../features/responsible/responsible-page.tsx')),
          },
          { path: 'deposit', ...page(() => import('../features/payhub/deposit-page.tsx')) },
          {
            path: 'deposit/choose',
            ...page(async () => ({
              default: (await import('../features/home/chooser-page.tsx')).DepositChooserPage,
            })),
          },
          {
            path: 'withdraw/choose',
            ...page(async () => ({
              default: (await import('../features/home/chooser-page.tsx')).WithdrawChooserPage,
            })),
          },
          {
            path: 'casino/:providerId/:gameCode',
            ...page(() => import('../features/casino/game-page.tsx')),
          },
          { path: 'exchange', ...page(() => import('../features/exchange/exchange-page.tsx')) },
          { path: 'rounds/crash', ...page(() => import('../features/rounds/crash-page.tsx')) },
          { path: 'rounds/wingo', ...page(() => import('../features/rounds/wingo-page.tsx')) },
          { path: 'rounds/:game/fair', ...page(() => import('../features/rounds/fair-page.tsx')) },
          { path: 'deposit/:id', ...page(() => import('../features/payhub/deposit-order-page.tsx')) },
          { path: 'withdraw', ...page(() => import('../features/withdraw/withdraw-page.tsx')) },
          { path: 'deposit/usdt', ...page(() => import('../features/chain/chain-deposit-page.tsx')) },
          { path: 'withdraw/usdt', ...page(() => import('../features/chain/chain-withdraw-page.tsx')) },
          // In-house games: the lobby, one chunk per game, one fairness page for all.
          { path: 'games', ...page(() => import('../features/games/lobby-page.tsx')) },
          { path: 'games/dice', ...page(() => import('../features/games/dice-page.tsx')) },
          { path: 'games/coinflip', ...page(() => import('../features/games/coinflip-page.tsx')) },
          { path: 'games/roulette', ...page(() => import('../features/games/roulette-page.tsx')) },
          { path: 'games/mines', ...page(() => import('../features/games/mines-page.tsx')) },
          { path: 'games/hilo', ...page(() => import('../features/games/hilo-page.tsx')) },
          { path: 'games/roller', ...page(() => import('../features/games/roller-page.tsx')) },
          { path: 'games/fruit-bomb', ...page(() => import('../features/games/fruit-bomb-page.tsx')) },
          {
            path: 'games/:game/fairness',
            ...page(() => import('../features/games/fairness-page.tsx')),
          },
          // Rewards (issue 17): the hub and each reward screen its own chunk.
          { path: 'rewards', ...page(() => import('../features/rewards/rewards-page.tsx')) },
          { path: 'rewards/referral', ...page(() => import('../features/rewards/referral-page.tsx')) },
          { path: 'rewards/checkin', ...page(() => import('../features/rewards/checkin-page.tsx')) },
          { path: 'rewards/wheel', ...page(() => import('../features/rewards/wheel-page.tsx')) },
          {
            path: 'rewards/history',
            ...page(() => import('../features/rewards/reward-history-page.tsx')),
          },
        ],
      },
      { path: '500', ...page(() => import('../features/shell/server-error-page.tsx')) },
      { path: '*', ...page(() => import('../features/shell/not-found-page.tsx')) },
    ],
  },
];

/**
 * Starts loading the chunk of the screen at `pathname` (the app's start calls it with the first URL,
 * so the screen's code downloads while the text catalogue and React start, not after the first render).
 */
export function preloadRoute(pathname: string): void {
  for (const match of matchRoutes(routes, pathname, '/play') ?? [])
    void (match.route.handle as RouteHandle | undefined)?.preload().catch(() => undefined);
}

function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename="/play">
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}

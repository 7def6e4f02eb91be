import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { paths } from '../lib/paths.ts';
import { queryClient } from '../lib/query-client.ts';
import { PageSpinner } from '../shared/ui/spinner.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { GuestOnly, RequireSession } from './shell/guards.tsx';
import { TabLayout } from './shell/tab-layout.tsx';

function RouteFallback() {
  return <PageSpinner label="…" />;
}

/** Route-level code splitting: each screen is its own chunk, loaded when first visited. */
function page(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

const router = createBrowserRouter(
  [
    {
      Component: AppShell,
      // Shown while the first route's lazy chunk loads (without it React Router warns "No HydrateFallback").
      HydrateFallback: RouteFallback,
      children: [
        { index: true, element: <Navigate to={paths.wallet} replace /> },
        {
          Component: GuestOnly,
          children: [
            { path: 'login', lazy: page(() => import('../features/auth/login-page.tsx')) },
            { path: 'register', lazy: page(() => import('../features/auth/register-page.tsx')) },
            { path: 'forgot', lazy: page(() => import('../features/auth/forgot-page.tsx')) },
          ],
        },
        {
          Component: RequireSession,
          children: [
            {
              Component: TabLayout,
              children: [
                { path: 'home', lazy: page(() => import('../features/home/home-page.tsx')) },
                { path: 'wallet', lazy: page(() => import('../features/wallet/wallet-page.tsx')) },
                { path: 'history', lazy: page(() => import('../features/history/history-page.tsx')) },
                { path: 'account', lazy: page(() => import('../features/account/account-page.tsx')) },
                { path: 'casino', lazy: page(() => import('../features/casino/lobby-page.tsx')) },
              ],
            },
            { path: 'account/bonus', lazy: page(() => import('../features/bonus/bonus-page.tsx')) },
            { path: 'account/bonus/terms', lazy: page(() => import('../features/bonus/terms-page.tsx')) },
            {
              path: 'account/responsible',
              lazy: page(() => import('../features/responsible/responsible-page.tsx')),
            },
            { path: 'deposit', lazy: page(() => import('../features/payhub/deposit-page.tsx')) },
            {
              path: 'deposit/choose',
              lazy: async () => ({
                Component: (await import('../features/home/chooser-page.tsx')).DepositChooserPage,
              }),
            },
            {
              path: 'withdraw/choose',
              lazy: async () => ({
                Component: (await import('../features/home/chooser-page.tsx')).WithdrawChooserPage,
              }),
            },
            {
              path: 'casino/:providerId/:gameCode',
              lazy: page(() => import('../features/casino/game-page.tsx')),
            },
            { path: 'exchange', lazy: page(() => import('../features/exchange/exchange-page.tsx')) },
            { path: 'rounds/crash', lazy: page(() => import('../features/rounds/crash-page.tsx')) },
            { path: 'rounds/wingo', lazy: page(() => import('../features/rounds/wingo-page.tsx')) },
            { path: 'rounds/:game/fair', lazy: page(() => import('../features/rounds/fair-page.tsx')) },
            { path: 'deposit/:id', lazy: page(() => import('../features/payhub/deposit-order-page.tsx')) },
            { path: 'withdraw', lazy: page(() => import('../features/withdraw/withdraw-page.tsx')) },
            { path: 'deposit/usdt', lazy: page(() => import('../features/chain/chain-deposit-page.tsx')) },
            { path: 'withdraw/usdt', lazy: page(() => import('../features/chain/chain-withdraw-page.tsx')) },
            // In-house games: the lobby, one chunk per game, one fairness page for all.
            { path: 'games', lazy: page(() => import('../features/games/lobby-page.tsx')) },
            { path: 'games/dice', lazy: page(() => import('../features/games/dice-page.tsx')) },
            { path: 'games/coinflip', lazy: page(() => import('../features/games/coinflip-page.tsx')) },
            { path: 'games/roulette', lazy: page(() => import('../features/games/roulette-page.tsx')) },
            { path: 'games/mines', lazy: page(() => import('../features/games/mines-page.tsx')) },
            { path: 'games/hilo', lazy: page(() => import('../features/games/hilo-page.tsx')) },
            { path: 'games/roller', lazy: page(() => import('../features/games/roller-page.tsx')) },
            { path: 'games/fruit-bomb', lazy: page(() => import('../features/games/fruit-bomb-page.tsx')) },
            { path: 'games/:game/fairness', lazy: page(() => import('../features/games/fairness-page.tsx')) },
            // Rewards (issue 17): the hub and each reward screen its own chunk.
            { path: 'rewards', lazy: page(() => import('../features/rewards/rewards-page.tsx')) },
            { path: 'rewards/referral', lazy: page(() => import('../features/rewards/referral-page.tsx')) },
            { path: 'rewards/checkin', lazy: page(() => import('../features/rewards/checkin-page.tsx')) },
            { path: 'rewards/wheel', lazy: page(() => import('../features/rewards/wheel-page.tsx')) },
            {
              path: 'rewards/history',
              lazy: page(() => import('../features/rewards/reward-history-page.tsx')),
            },
          ],
        },
        { path: '500', lazy: page(() => import('../features/shell/server-error-page.tsx')) },
        { path: '*', lazy: page(() => import('../features/shell/not-found-page.tsx')) },
      ],
    },
  ],
  { basename: '/play' },
);

export function AppRouter() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

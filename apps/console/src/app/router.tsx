import { QueryClientProvider } from '@tanstack/react-query';
import { lazy } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { paths } from '../lib/paths.ts';
import { queryClient } from '../lib/query-client.ts';
import { useSession } from '../lib/session.store.ts';
import { ConsoleShell } from './shell.tsx';

/** Each screen is its own chunk (the reports' chart library loads only there). */
const AdjustmentsPage = lazy(() =>
  import('../features/adjustments/adjustments-page.tsx').then((module) => ({
    default: module.AdjustmentsPage,
  })),
);
const AuditPage = lazy(() =>
  import('../features/audit/audit-page.tsx').then((module) => ({ default: module.AuditPage })),
);
const CasesPage = lazy(() =>
  import('../features/cases/cases-page.tsx').then((module) => ({ default: module.CasesPage })),
);
const ContentPage = lazy(() =>
  import('../features/content/content-page.tsx').then((module) => ({ default: module.ContentPage })),
);
const GamesPage = lazy(() =>
  import('../features/games/games-page.tsx').then((module) => ({ default: module.GamesPage })),
);
const KycPage = lazy(() =>
  import('../features/kyc/kyc-page.tsx').then((module) => ({ default: module.KycPage })),
);
const BonusCampaignsPage = lazy(() =>
  import('../features/bonus-campaigns/bonus-campaigns-page.tsx').then((module) => ({
    default: module.BonusCampaignsPage,
  })),
);
const ReferralTiersPage = lazy(() =>
  import('../features/referral-tiers/referral-tiers-page.tsx').then((module) => ({
    default: module.ReferralTiersPage,
  })),
);
const GiftCodesPage = lazy(() =>
  import('../features/gift-codes/gift-codes-page.tsx').then((module) => ({ default: module.GiftCodesPage })),
);
const OperatorsPage = lazy(() =>
  import('../features/operators/operators-page.tsx').then((module) => ({ default: module.OperatorsPage })),
);
const PlayerPage = lazy(() =>
  import('../features/players/player-page.tsx').then((module) => ({ default: module.PlayerPage })),
);
const PlayersPage = lazy(() =>
  import('../features/players/players-page.tsx').then((module) => ({ default: module.PlayersPage })),
);
const StaffPage = lazy(() =>
  import('../features/staff/staff-page.tsx').then((module) => ({ default: module.StaffPage })),
);
const OrdersPage = lazy(() =>
  import('../features/orders/orders-page.tsx').then((module) => ({ default: module.OrdersPage })),
);
const ReportsPage = lazy(() =>
  import('../features/reports/reports-page.tsx').then((module) => ({ default: module.ReportsPage })),
);

const ChainPage = lazy(() =>
  import('../features/chain/chain-page.tsx').then((module) => ({ default: module.ChainPage })),
);
const AgreementsPage = lazy(() =>
  import('../features/agreements/agreements-page.tsx').then((module) => ({ default: module.AgreementsPage })),
);
const ApplicationsPage = lazy(() =>
  import('../features/applications/applications-page.tsx').then((module) => ({
    default: module.ApplicationsPage,
  })),
);
const ProvidersPage = lazy(() =>
  import('../features/providers/providers-page.tsx').then((module) => ({ default: module.ProvidersPage })),
);

function Signed() {
  const token = useSession((state) => state.token);
  if (!token) return <Navigate to={paths.signIn} replace />;
  return <ConsoleShell />;
}

export function AppRouter() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename="/console">
        <Routes>
          <Route path={paths.signIn} element={<SignInPage />} />
          <Route element={<Signed />}>
            <Route path={paths.players} element={<PlayersPage />} />
            <Route path="/players/:userId" element={<PlayerPage />} />
            <Route path={paths.adjustments} element={<AdjustmentsPage />} />
            <Route path={paths.orders} element={<OrdersPage />} />
            <Route path={paths.operators} element={<OperatorsPage />} />
            <Route path={paths.cases} element={<CasesPage />} />
            <Route path={paths.kyc} element={<KycPage />} />
            <Route path={paths.content} element={<ContentPage />} />
            <Route path={paths.reports} element={<ReportsPage />} />
            <Route path={paths.games} element={<GamesPage />} />
            <Route path={paths.audit} element={<AuditPage />} />
            <Route path={paths.giftCodes} element={<GiftCodesPage />} />
            <Route path={paths.bonusCampaigns} element={<BonusCampaignsPage />} />
            <Route path={paths.referralTiers} element={<ReferralTiersPage />} />
            <Route path={paths.staff} element={<StaffPage />} />
            <Route path={paths.chain} element={<ChainPage />} />
            <Route path={paths.agreements} element={<AgreementsPage />} />
            <Route path={paths.applications} element={<ApplicationsPage />} />
            <Route path={paths.providers} element={<ProvidersPage />} />
            <Route path="*" element={<Navigate to={paths.players} replace />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { AdjustmentsPage } from '../features/adjustments/adjustments-page.tsx';
import { AuditPage } from '../features/audit/audit-page.tsx';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { CasesPage } from '../features/cases/cases-page.tsx';
import { ContentPage } from '../features/content/content-page.tsx';
import { OperatorsPage } from '../features/operators/operators-page.tsx';
import { PlayerPage } from '../features/players/player-page.tsx';
import { PlayersPage } from '../features/players/players-page.tsx';
import { ReportsPage } from '../features/reports/reports-page.tsx';
import { paths } from '../lib/paths.ts';
import { queryClient } from '../lib/query-client.ts';
import { useSession } from '../lib/session.store.ts';
import { ConsoleShell } from './shell.tsx';

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
            <Route path={paths.operators} element={<OperatorsPage />} />
            <Route path={paths.cases} element={<CasesPage />} />
            <Route path={paths.content} element={<ContentPage />} />
            <Route path={paths.reports} element={<ReportsPage />} />
            <Route path={paths.audit} element={<AuditPage />} />
            <Route path="*" element={<Navigate to={paths.players} replace />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  );
}

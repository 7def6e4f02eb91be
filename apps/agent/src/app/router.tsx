import { CHUNK_RETRY_DELAYS_MS, withRetries } from '@payhub/client/with-retries.ts';
import { type ComponentType, lazy } from 'react';
import { BrowserRouter, type RouteObject, useRoutes } from 'react-router';
import { ensureFeatureEndpoints } from '../lib/api.ts';
import { ensureFeatureCatalog } from '../lib/i18n.ts';
import { type AppRoute, routeTable } from './routes.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { PermissionGate } from './shell/permission-gate.tsx';
import { RequireSession } from './shell/require-session.tsx';

/** Wraps a loaded page with its session requirement and permission gate. */
function framed(route: AppRoute, Page: ComponentType): ComponentType {
  const rule = route.gate;
  const Gated: ComponentType = rule
    ? () => (
        <PermissionGate rule={rule} variant="page">
          <Page />
        </PermissionGate>
      )
    : Page;
  if (route.access === 'public') return Gated;
  return () => (
    <RequireSession>
      <Gated />
    </RequireSession>
  );
}

/**
 * Each page is a lazy chunk; feature pages are loaded together with the query provider and the
 * feature namespaces of the text catalogue and the feature endpoints of the API.
 */
function lazyPage(route: AppRoute): ComponentType {
  // A chunk that failed to download is asked for again before the crash screen (a dropped connection).
  const load = () => withRetries(route.load, CHUNK_RETRY_DELAYS_MS);
  return lazy(async () => {
    if (route.feature === false) return { default: framed(route, (await load()).default) };
    const [page, { QueryProvider }] = await Promise.all([
      load(),
      withRetries(() => import('./query-provider.tsx'), CHUNK_RETRY_DELAYS_MS),
      ensureFeatureCatalog(),
      ensureFeatureEndpoints(),
    ]);
    const Framed = framed(route, page.default);
    return {
      default: () => (
        <QueryProvider>
          <Framed />
        </QueryProvider>
      ),
    };
  });
}

const NotFound = lazy(() => import('../features/shell/not-found-page.tsx'));

/** The shell (route id `_app`) with every route of the table below it, and 404 for the rest. */
export const routes: RouteObject[] = [
  {
    id: '_app',
    element: <AppShell />,
    children: [
      ...routeTable.map((route) => {
        const Page = lazyPage(route);
        return { path: route.path, element: <Page /> };
      }),
      { path: '*', element: <NotFound /> },
    ],
  },
];

function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

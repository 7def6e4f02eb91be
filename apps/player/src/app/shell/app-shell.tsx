import i18next from 'i18next';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { onApiError } from '../../lib/api.ts';
import { showDialog } from '../../lib/dialog.store.ts';
import { applyLanguage } from '../../lib/i18n.ts';
import { usePreferences } from '../../lib/preferences.store.ts';
import { useProject } from '../../lib/project.ts';
import { endSession } from '../../lib/session.ts';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { CrashBoundary } from './crash-boundary.tsx';
import { reactToApiError } from './error-reactions.ts';
import { MaintenanceNotice } from './maintenance-notice.tsx';
import { MessageDialogView } from './message-dialog.tsx';
import { RouteProgress } from './route-progress.tsx';

const ShellToaster = lazy(() => import('./toaster.tsx'));

/** True once the browser is idle after the first screen (at most 2 s): for what the first paint can do without. */
function useAfterFirstScreen(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const done = () => setAfter(true);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(done, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(done, 1000);
    return () => clearTimeout(timer);
  }, []);
  return after;
}

/**
 * The frame of every screen: the error reactions of spec §8 (info dialog for 762/777/712/1, error
 * dialog with "(Error Code: n)" otherwise, logout on 1, /500 on 9), toasts and the route bar.
 */
export function AppShell() {
  const navigate = useNavigate();
  const location = useLocation();
  const toasterOn = useAfterFirstScreen();

  // Until the player picks a language, it follows the project (Spanish for México).
  const projectLocale = useProject().data?.locale;
  const languageChosen = usePreferences((state) => state.languageChosen);
  const language = usePreferences((state) => state.language);
  useEffect(() => {
    if (projectLocale && !languageChosen && projectLocale !== language) void applyLanguage(projectLocale);
  }, [projectLocale, languageChosen, language]);

  useEffect(() => {
    onApiError((error) =>
      reactToApiError(error, {
        showDialog,
        texts: {
          networkError: i18next.t('player.networkError'),
          serverUnavailable: (code) => i18next.t('player.serverUnavailable', { code }),
        },
        endSession,
        navigate: (path) => navigate(path, { replace: true }),
      }),
    );
  }, [navigate]);

  return (
    <>
      <RouteProgress />
      {/* The first screen's chunk; later navigations keep the current screen while the next loads. */}
      <CrashBoundary resetKey={location.key}>
        <Suspense fallback={<PageSpinner label="…" />}>
          <Outlet />
        </Suspense>
      </CrashBoundary>
      <MaintenanceNotice />
      <MessageDialogView />
      {toasterOn && (
        <Suspense fallback={null}>
          <ShellToaster />
        </Suspense>
      )}
    </>
  );
}

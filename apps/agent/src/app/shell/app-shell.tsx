import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { SiteNotices } from '../../features/notices/site-notices.tsx';
import { installNavigator } from '../../lib/navigation.ts';
import { usePresencePing } from '../../lib/presence-ping.ts';
import { installErrorReactions, loadSiteSettings, restoreSession } from '../../lib/session.ts';
import { useGlobalStore } from '../../lib/stores/global.store.ts';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { CrashBoundary } from './crash-boundary.tsx';
import { PemBanner } from './pem-banner.tsx';
import { RouteProgress } from './route-progress.tsx';
import { useScrollLock } from './scroll-lock.ts';
import { ShellDialogs } from './shell-dialogs.tsx';
import { UpdateDialog, useVersionPoll } from './version-check.tsx';

/** Toasts are not needed for the first paint: the toaster is its own chunk. */
const ShellToaster = lazy(() => import('./toaster.tsx'));
/** The tab bar shows only once signed in: its own chunk, out of /login's first paint. */
const BottomNav = lazy(() => import('./bottom-nav.tsx'));

let booted = false;

/** Starts the shell once: error reactions, site settings, then the stored session (if any). */
export function bootShell(): void {
  if (booted) return;
  booted = true;
  installErrorReactions();
  // The promo feature refreshes the pem banner's report checks (its own chunk, after the first paint).
  void import('../../features/promo/pem-refresh.ts').then((module) => module.installPemRefresh());
  void loadSiteSettings()
    .catch(() => undefined)
    .then(restoreSession);
}

/**
 * The application shell (route id `_app`): progress bar, pem banner, page outlet, the bottom tab
 * bar of signed-in pages, dialogs, the
 * update dialog, toasts, scroll lock, the version poll and (in the wrapper, for payment operators)
 * the 60 s presence ping.
 */
export function AppShell() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  useEffect(() => {
    installNavigator((path, options) => void navigate(path, options));
    bootShell();
  }, [navigate]);
  useVersionPoll();
  usePresencePing();
  useScrollLock(pathname);
  const signedIn = useGlobalStore((state) => state.status === 'signedIn');
  return (
    <>
      <RouteProgress />
      <PemBanner />
      <CrashBoundary resetKey={pathname}>
        <Suspense fallback={<PageSpinner label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </CrashBoundary>
      {signedIn ? (
        <Suspense fallback={null}>
          <BottomNav />
        </Suspense>
      ) : null}
      <SiteNotices />
      <ShellDialogs />
      <UpdateDialog />
      <Suspense fallback={null}>
        <ShellToaster />
      </Suspense>
    </>
  );
}

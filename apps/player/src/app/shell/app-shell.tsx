import i18next from 'i18next';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { Toaster } from 'sonner';
import { onApiError } from '../../lib/api.ts';
import { showDialog } from '../../lib/dialog.store.ts';
import { applyLanguage } from '../../lib/i18n.ts';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../../lib/notify.ts';
import { usePreferences } from '../../lib/preferences.store.ts';
import { useProject } from '../../lib/project.ts';
import { endSession } from '../../lib/session.ts';
import { reactToApiError } from './error-reactions.ts';
import { MaintenanceNotice } from './maintenance-notice.tsx';
import { MessageDialogView } from './message-dialog.tsx';
import { RouteProgress } from './route-progress.tsx';

/**
 * The frame of every screen: the error reactions of spec §8 (info dialog for 762/777/712/1, error
 * dialog with "(Error Code: n)" otherwise, logout on 1, /500 on 9), toasts and the route bar.
 */
export function AppShell() {
  const navigate = useNavigate();

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
      <Outlet />
      <MaintenanceNotice />
      <MessageDialogView />
      <Toaster
        position="top-right"
        duration={TOAST_DURATION_MS}
        visibleToasts={TOAST_LIMIT}
        richColors
        toastOptions={{ className: 'text-[14.5px]' }}
      />
    </>
  );
}

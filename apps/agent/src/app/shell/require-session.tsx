import { RefreshCw, WifiOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { retryStartup } from '../../lib/session.ts';
import { useGlobalStore } from '../../lib/stores/global.store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { StatusScreen } from '../../shared/ui/status-screen.tsx';

/** The stored session could not be checked (outage): the user stays signed in and tries again. */
function StartupRetryScreen() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <StatusScreen
      testId="startup-retry"
      tone="warning"
      icon={<WifiOff className="size-9" aria-hidden />}
      title={t('common.startupFailedTitle')}
      body={t('common.startupFailedBody')}
    >
      <Button
        size="lg"
        block
        busy={busy}
        icon={<RefreshCw className="size-5" aria-hidden />}
        onClick={() => {
          setBusy(true);
          void retryStartup().finally(() => setBusy(false));
        }}
      >
        {t('common.retry')}
      </Button>
    </StatusScreen>
  );
}

/** Secure pages wait for the session; anonymous visitors go to /login; an outage offers a retry. */
export function RequireSession({ children }: { children: ReactNode }) {
  const status = useGlobalStore((state) => state.status);
  const { t } = useTranslation();
  if (status === 'booting') return <PageSpinner label={t('common.loading')} />;
  if (status === 'anonymous') return <Navigate to={paths.login} replace />;
  if (status === 'unreachable') return <StartupRetryScreen />;
  return children;
}

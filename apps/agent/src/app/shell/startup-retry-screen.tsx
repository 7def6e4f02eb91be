import { RefreshCw, WifiOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { retryStartup } from '../../lib/session.ts';
import { Button } from '../../shared/ui/button.tsx';
import { StatusScreen } from '../../shared/ui/status-screen.tsx';

/** The stored session could not be checked (outage): the user stays signed in and tries again. */
export default function StartupRetryScreen() {
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

import { Hourglass, LogOut, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { identityOf } from '../../app/access/identity.ts';
import { landingPath } from '../../app/access/landing.ts';
import { logout, refreshUserInfo } from '../../app/session.ts';
import { useGlobalStore } from '../../app/stores/global.store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { StatusScreen } from '../../shared/ui/status-screen.tsx';

/** /wait: signed in, but not yet placed in a programme (no spaType). */
export default function WaitPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const check = async () => {
    setChecking(true);
    try {
      await refreshUserInfo();
      const { spaInfo, paymentRole } = useGlobalStore.getState();
      const next = landingPath(identityOf(spaInfo, paymentRole));
      if (next !== '/wait') navigate(next, { replace: true });
    } catch {
      await logout();
    } finally {
      setChecking(false);
    }
  };
  return (
    <StatusScreen
      testId="wait-page"
      tone="warning"
      icon={<Hourglass className="size-9" aria-hidden />}
      title={t('shell.waitTitle')}
      body={t('shell.waitBody')}
    >
      <Button block busy={checking} icon={<RefreshCw className="size-4" aria-hidden />} onClick={check}>
        {t('shell.waitRefresh')}
      </Button>
      <Link
        to="/account"
        className="inline-flex h-11 items-center justify-center rounded-xl bg-white px-4 font-semibold text-slate-900 ring-1 ring-slate-300 ring-inset"
      >
        {t('account.title')}
      </Link>
      <Button
        variant="ghost"
        block
        icon={<LogOut className="size-4" aria-hidden />}
        onClick={() => void logout()}
      >
        {t('Auth.logout')}
      </Button>
    </StatusScreen>
  );
}

import { ServerCrash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { StatusScreen } from './status-screen.tsx';

/** Where error code 9 leads (spec §8): the site is down; reloading clears session storage first. */
export default function ServerErrorPage() {
  const { t } = useTranslation();
  function reload() {
    sessionStorage.clear();
    window.location.assign(`${import.meta.env.BASE_URL}`);
  }
  return (
    <StatusScreen
      icon={<ServerCrash className="size-9" />}
      title={t('player.serverErrorTitle')}
      hint={t('player.serverErrorHint')}
      action={
        <Button onClick={reload} className="min-w-48">
          {t('player.reload')}
        </Button>
      }
    />
  );
}

import { CloudOff, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { reloadClean } from '../../lib/reload.ts';
import { Button } from '../../shared/ui/button.tsx';
import { StatusScreen } from '../../shared/ui/status-screen.tsx';

/** /500: where error code 9 sends the app (a full-page redirect). */
export default function ServerErrorPage() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      testId="server-error"
      tone="danger"
      icon={<CloudOff className="size-9" aria-hidden />}
      title={t('shell.serverErrorTitle')}
      body={
        <>
          <p className="mb-1 text-4xl font-black tracking-tight text-slate-300">500</p>
          {t('shell.serverErrorBody')}
        </>
      }
    >
      <Button block icon={<RotateCw className="size-4" aria-hidden />} onClick={reloadClean}>
        {t('shell.reload')}
      </Button>
      <Link
        to={paths.root}
        replace
        className="inline-flex h-11 items-center justify-center rounded-xl px-4 font-semibold text-brand-700 hover:bg-brand-50"
      >
        {t('shell.goHome')}
      </Link>
    </StatusScreen>
  );
}

import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useGlobalStore } from '../../lib/stores/global.store.ts';
import { StatusScreen } from '../../shared/ui/status-screen.tsx';

/** /404, every unknown path, and the routes whose feature screens are not built yet. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const signedIn = useGlobalStore((state) => state.status === 'signedIn');
  return (
    <StatusScreen
      testId="not-found"
      icon={<Compass className="size-9" aria-hidden />}
      title={t('shell.notFoundTitle')}
      body={
        <>
          <p className="mb-1 text-4xl font-black tracking-tight text-slate-300">404</p>
          {t('shell.notFoundBody')}
        </>
      }
    >
      <Link
        to={paths.root}
        replace
        className="inline-flex h-11 items-center justify-center rounded-xl bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
      >
        {t('shell.goHome')}
      </Link>
      {signedIn ? (
        <Link
          to={paths.account}
          className="inline-flex h-11 items-center justify-center rounded-xl bg-white px-4 font-semibold text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
        >
          {t('account.title')}
        </Link>
      ) : null}
    </StatusScreen>
  );
}

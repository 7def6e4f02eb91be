import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useGlobalStore } from '../../lib/stores/global.store.ts';
import { PageSpinner } from '../../shared/ui/spinner.tsx';

/** Secure pages wait for the session; anonymous visitors go to /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const status = useGlobalStore((state) => state.status);
  const { t } = useTranslation();
  if (status === 'booting') return <PageSpinner label={t('common.loading')} />;
  if (status === 'anonymous') return <Navigate to={paths.login} replace />;
  return children;
}

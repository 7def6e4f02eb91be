import { ClipboardCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { hasPendingReportCheck, usePemStore } from '../../lib/stores/pem.store.ts';
import { type RouteKey, routeKeyOf, routeKeys } from '../routes.tsx';

/** Where the banner may show (spec §2). */
const PEM_BANNER_ROUTES: readonly RouteKey[] = [
  'account',
  'payhub',
  'telephone',
  'pengajuan',
  'data',
  'permohonan',
  'permohonan.selected',
];
/** Reaching these routes refreshes the pending state (spec §2). */
const PEM_REFRESH_ROUTES: readonly RouteKey[] = ['telephone', 'account', 'permohonan'];

export function PemBanner() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const key = routeKeyOf(pathname);
  const pending = usePemStore((state) => hasPendingReportCheck(state.reportChecks));
  const refresh = usePemStore((state) => state.refreshReportChecks);

  useEffect(() => {
    if (key && PEM_REFRESH_ROUTES.includes(key) && refresh) void refresh().catch(() => undefined);
  }, [key, refresh]);

  if (!key || !PEM_BANNER_ROUTES.includes(key) || !pending) return null;
  return (
    <div className="sticky top-0 z-20 flex items-center gap-3 bg-amber-50 px-4 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200">
      <ClipboardCheck className="size-5 shrink-0" aria-hidden />
      <p className="flex-1">{t('shell.pemBanner')}</p>
      <Link to={routeKeys.pem} className="rounded-lg bg-amber-600 px-3 py-1.5 font-semibold text-white">
        {t('shell.pemBannerButton')}
      </Link>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { maintenanceQuery } from '../../lib/wallet-queries.ts';
import { Button } from '../../shared/ui/button.tsx';

/**
 * The full-screen maintenance notice (site setting `maintenance`): in front of every screen while
 * on; the server answers 762 to money calls meanwhile, so nothing can move behind it.
 */
export function MaintenanceNotice() {
  const { t } = useTranslation();
  const maintenance = useQuery(maintenanceQuery());
  if (!maintenance.data?.enabled) return null;
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="maintenance-title"
      data-testid="maintenance-notice"
      className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-4 bg-white px-8 text-center"
    >
      <span className="flex size-16 items-center justify-center rounded-3xl bg-amber-50 text-amber-600">
        <Wrench className="size-8" />
      </span>
      <h1 id="maintenance-title" className="text-[22px] font-bold text-slate-900">
        {t('playerMoney.maintenance.title')}
      </h1>
      <p className="max-w-sm text-[15px] leading-relaxed text-slate-600">
        {t('playerMoney.maintenance.body')}
      </p>
      {maintenance.data.message && (
        <p className="max-w-sm text-[14px] font-semibold text-slate-800">{maintenance.data.message}</p>
      )}
      <Button variant="secondary" busy={maintenance.isFetching} onClick={() => void maintenance.refetch()}>
        {t('playerMoney.maintenance.retry')}
      </Button>
    </div>
  );
}

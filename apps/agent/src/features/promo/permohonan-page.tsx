import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { Card } from '../../shared/ui/card.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { usePhoneList, useRevisits } from './api.ts';

/** /permohonan: the promoter's lead lists with their sizes. */
export default function PermohonanPage() {
  const { t } = useTranslation();
  const pending = usePhoneList(0);
  const completed = usePhoneList(3);
  const revisits = useRevisits();
  const entries = [
    { to: paths.permohonanPending, label: t('promo.pending'), count: pending.data?.total },
    { to: paths.permohonanSelected, label: t('promo.selected'), count: revisits.data?.total },
    { to: paths.permohonanCompleted, label: t('promo.completedList'), count: completed.data?.total },
    { to: paths.permohonanConfirmQuantity, label: t('promo.confirmQuantity'), count: undefined },
  ];
  return (
    <Page title={t('promo.permohonanTitle')}>
      <Card className="flex flex-col divide-y divide-slate-100 p-0">
        {entries.map((entry) => (
          <Link
            key={entry.to}
            to={entry.to}
            className="flex h-14 items-center justify-between px-4 text-slate-900"
          >
            <span className="font-medium">{entry.label}</span>
            <span className="flex items-center gap-2 text-slate-600">
              {entry.count ?? ''}
              <ChevronRight className="size-4" aria-hidden />
            </span>
          </Link>
        ))}
      </Card>
    </Page>
  );
}

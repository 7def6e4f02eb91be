import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/payment-ui.tsx';
import { Card } from '../../shared/ui/card.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { useCurrentTask, usePhoneList, useRevisits } from './api.ts';
import { LeadCard } from './lead-card.tsx';

/** The lists of /permohonan: pending (new leads), selected (planned revisits), completed (registered). */
export type LeadListKind = 'pending' | 'selected' | 'completed';

const titles = {
  pending: 'promo.pending',
  selected: 'promo.selected',
  completed: 'promo.completedList',
} as const;

export function LeadListPage({ kind }: { kind: LeadListKind }) {
  const { t } = useTranslation();
  const phones = usePhoneList(kind === 'pending' ? 0 : 3);
  const revisits = useRevisits();
  const task = useCurrentTask();
  const list = kind === 'selected' ? revisits : phones;
  return (
    <Page title={t(titles[kind])}>
      {!list.data ? (
        list.isError ? (
          <LoadError query={list} />
        ) : (
          <PageSpinner label={t('common.loading')} />
        )
      ) : list.data.items.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">{t('promo.emptyList')}</p>
        </Card>
      ) : (
        list.data.items.map((lead) => (
          <LeadCard
            key={lead.taskId}
            lead={lead}
            {...(task.data ? { shareCode: task.data.shareCode } : {})}
          />
        ))
      )}
    </Page>
  );
}

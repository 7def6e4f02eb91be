import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InboxBell } from '../../lib/inbox/inbox-bell.tsx';
import { copyText } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Card } from '../../shared/ui/card.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { useCurrentTask } from './api.ts';
import { LeadCard } from './lead-card.tsx';

/** /telephone: today's leads with call, WhatsApp share and the contact results. */
export default function TelephonePage() {
  const { t } = useTranslation();
  const task = useCurrentTask();
  if (!task.data) return <PageSpinner label={t('common.loading')} />;
  const { data } = task;
  return (
    <Page title={t('promo.telephoneTitle')} actions={<InboxBell />}>
      <Card className="flex flex-col gap-2">
        <p className="text-sm text-slate-600">{t('promo.today', { date: data.date })}</p>
        <p className="text-lg font-semibold text-slate-900" data-testid="task-quota">
          {t('promo.quota', { assigned: data.assigned, quota: data.quota })}
        </p>
        <div className="flex gap-4 text-sm text-slate-700">
          <span>
            {t('promo.contacted')}: {data.contacted}
          </span>
          <span>
            {t('promo.completed')}: {data.completed}
          </span>
        </div>
        <div className="flex items-center justify-between gap-3 rounded-xl bg-slate-50 px-3 py-2">
          <span className="text-sm text-slate-600">{t('promo.shareCode')}</span>
          <span className="font-mono font-semibold" data-testid="share-code">
            {data.shareCode}
          </span>
          <Button
            size="sm"
            variant="ghost"
            icon={<Copy className="size-4" aria-hidden />}
            onClick={() => void copyText(data.shareCode)}
          >
            {t('promo.copy')}
          </Button>
        </div>
        <div className="flex flex-wrap gap-2 pt-1 text-sm">
          <Link className="text-brand-700 underline" to={paths.permohonan}>
            {t('promo.permohonanTitle')}
          </Link>
          <Link className="text-brand-700 underline" to={paths.permohonanConfirmQuantity}>
            {t('promo.reportTitle')}
          </Link>
          <Link className="text-brand-700 underline" to={paths.data}>
            {t('datacenter.title')}
          </Link>
        </div>
      </Card>
      {data.leads.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">{t('promo.noLeads')}</p>
        </Card>
      ) : (
        data.leads.map((lead) => <LeadCard key={lead.taskId} lead={lead} shareCode={data.shareCode} />)
      )}
    </Page>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Card, CardTitle } from '../../shared/ui/card.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { useCurrentTask, usePromoMutation } from './api.ts';

/** /permohonan/confirm-quantity: confirm the day's quantities and file the daily report. */
export default function ConfirmQuantityPage() {
  const { t } = useTranslation();
  const task = useCurrentTask();
  const [content, setContent] = useState('');
  const [contacted, setContacted] = useState('');
  const [interested, setInterested] = useState('');
  const report = usePromoMutation(() =>
    api.promo.spaReport({
      body: {
        content,
        contactedCount: Number(contacted || task.data?.contacted || 0),
        interestedCount: Number(interested || 0),
      },
    }),
  );
  const valid = content.trim().length > 0 && /^\d{0,5}$/.test(contacted) && /^\d{0,5}$/.test(interested);
  return (
    <Page title={t('promo.confirmQuantity')}>
      <Card className="flex flex-col gap-3">
        <CardTitle>{t('promo.reportTitle')}</CardTitle>
        {task.data ? (
          <p className="text-sm text-slate-600">
            {t('promo.quota', { assigned: task.data.assigned, quota: task.data.quota })} ·{' '}
            {t('promo.recorded', { count: task.data.contacted })}
          </p>
        ) : null}
        <TextField
          label={t('promo.reportContacted')}
          inputMode="numeric"
          value={contacted}
          placeholder={String(task.data?.contacted ?? 0)}
          onChange={(event) => setContacted(event.target.value.replace(/\D/g, ''))}
        />
        <TextField
          label={t('promo.reportInterested')}
          inputMode="numeric"
          value={interested}
          onChange={(event) => setInterested(event.target.value.replace(/\D/g, ''))}
        />
        <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
          {t('promo.reportContent')}
          <textarea
            value={content}
            maxLength={2000}
            rows={4}
            onChange={(event) => setContent(event.target.value)}
            className="rounded-xl p-3 text-base ring-1 ring-slate-300 ring-inset"
          />
        </label>
        <Button
          block
          disabled={!valid}
          busy={report.isPending}
          onClick={() =>
            void report.mutateAsync(undefined).then(() => {
              notify.success(t('promo.reportSent'));
              setContent('');
            })
          }
        >
          {t('promo.reportSend')}
        </Button>
      </Card>
    </Page>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { LoadError } from '../../shared/payment-ui.tsx';
import { Badge } from '../../shared/ui/badge.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card } from '../../shared/ui/card.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { reportChecksQuery, reportQuery, usePromoMutation } from './api.ts';
import { refreshReportChecks } from './pem-refresh.ts';

type Check = Awaited<ReturnType<typeof api.promo.spaReportCheck>>['items'][number];

function CheckCard({ check }: { check: Check }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const settle = usePromoMutation(async (status: 1 | 2) => {
    await api.promo.spaReportCheckDecide({
      params: { id: check.id },
      body: { status, ...(note.trim() ? { note: note.trim() } : {}) },
    });
    await refreshReportChecks();
  });
  const extra = usePromoMutation(async () => {
    await api.promo.spaReportExtra({ body: { reportId: check.reportId, content: note.trim() } });
    await refreshReportChecks();
  });
  const report = useQuery(reportQuery(check));
  const pending = check.status === 0;
  return (
    <Card className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {check.kind === 'review'
            ? t('promo.checkReview', { name: check.reporterNickname, date: check.reportDate })
            : t('promo.checkRevise', { date: check.reportDate })}
        </p>
        <Badge tone={pending ? 'warning' : check.status === 1 ? 'success' : 'danger'}>
          {t(`promo.checkStatus.${check.status}` as 'promo.checkStatus.0')}
        </Badge>
      </div>
      {report.data ? (
        <div className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
          <p className="whitespace-pre-wrap">{report.data.content}</p>
          {report.data.extras.map((entry) => (
            <p key={entry.createdAt} className="mt-2 whitespace-pre-wrap border-slate-200 border-t pt-2">
              {entry.content}
            </p>
          ))}
          <p className="mt-2 text-slate-600">
            {t('promo.reportContacted')}: {report.data.contactedCount} ·{' '}
            {t('promo.recorded', { count: report.data.recordedContactCount })}
          </p>
        </div>
      ) : null}
      {check.note ? <p className="text-sm text-slate-600">“{check.note}”</p> : null}
      {pending ? (
        <>
          <TextField
            label={t('promo.noteLabel')}
            value={note}
            maxLength={500}
            onChange={(event) => setNote(event.target.value)}
          />
          {check.kind === 'review' ? (
            <div className="grid grid-cols-2 gap-2">
              <Button
                busy={settle.isPending && settle.variables === 1}
                onClick={() => void settle.mutateAsync(1)}
              >
                {t('promo.accept')}
              </Button>
              <Button
                variant="danger"
                busy={settle.isPending && settle.variables === 2}
                onClick={() => void settle.mutateAsync(2)}
              >
                {t('promo.returnReport')}
              </Button>
            </div>
          ) : (
            <div className="grid grid-cols-2 gap-2">
              <Button
                disabled={!note.trim()}
                busy={extra.isPending}
                onClick={() =>
                  void extra.mutateAsync(undefined).then(() => notify.success(t('promo.extraSent')))
                }
              >
                {t('promo.addExtra')}
              </Button>
              <Button variant="secondary" busy={settle.isPending} onClick={() => void settle.mutateAsync(1)}>
                {t('promo.acknowledge')}
              </Button>
            </div>
          )}
        </>
      ) : null}
    </Card>
  );
}

/** /pem: the report checks addressed to the caller; settling the last pending one ends the banner. */
export default function PemPage() {
  const { t } = useTranslation();
  const checks = useQuery(reportChecksQuery());
  if (!checks.data)
    return checks.isError ? (
      <Page title={t('promo.pemTitle')}>
        <LoadError query={checks} />
      </Page>
    ) : (
      <PageSpinner label={t('common.loading')} />
    );
  return (
    <Page title={t('promo.pemTitle')}>
      {checks.data.items.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">{t('promo.noChecks')}</p>
        </Card>
      ) : (
        checks.data.items.map((check) => <CheckCard key={check.id} check={check} />)
      )}
    </Page>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { useCan } from '../../lib/staff.ts';
import { downloadCsv } from '../../shared/csv.ts';
import { Badge, Button, Card, ErrorLine, Input, Table } from '../../shared/ui.tsx';

/** Payment operators' pending agreement requests (limits and commission, each a new version), and the review. */
export function AgreementsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayReview = useCan('reviewAgreement');
  const [notes, setNotes] = useState<Record<number, string>>({});
  const list = useQuery({ queryKey: ['console', 'agreements'], queryFn: () => api.console.agreements() });
  const review = useMutation({
    mutationFn: (input: { id: number; decision: 'approve' | 'reject' }) =>
      api.console.reviewAgreement({
        params: { id: input.id },
        body: { decision: input.decision, note: (notes[input.id] ?? '').trim() },
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['console', 'agreements'] }),
  });
  const items = list.data?.items ?? [];
  return (
    <Card
      title={t('consoleOps.agreements.heading')}
      actions={
        <Button
          variant="plain"
          disabled={items.length === 0}
          onClick={() =>
            downloadCsv(
              'agreements.csv',
              [
                'id',
                'operatorId',
                'version',
                'state',
                'perOrderMax',
                'dailyMax',
                'commissionBps',
                'note',
                'requestedAt',
              ],
              items,
            )
          }
        >
          {t('console.common.exportCsv')}
        </Button>
      }
    >
      <ErrorLine error={(list.error ?? review.error) ? errorText(list.error ?? review.error) : null} />
      {review.data && (
        <p role="status" className="mb-2 text-sm text-emerald-700">
          {t('consoleOps.agreements.decided', {
            id: review.data.id,
            state: t(`consoleOps.agreements.states.${review.data.state}`),
          })}
        </p>
      )}
      <Table
        head={[
          t('console.common.id'),
          t('consoleOps.agreements.operator'),
          t('consoleOps.agreements.version'),
          t('consoleOps.agreements.perOrderMax'),
          t('consoleOps.agreements.dailyMax'),
          t('consoleOps.agreements.commission'),
          t('consoleOps.agreements.note'),
          t('consoleOps.agreements.requested'),
          '',
        ]}
      >
        {items.map((item) => (
          <tr key={item.id}>
            <td className="px-2 py-2 tabular-nums">{item.id}</td>
            <td className="px-2 py-2 tabular-nums">#{item.operatorId}</td>
            <td className="px-2 py-2">
              <Badge tone="amber">
                v{item.version} · {t(`consoleOps.agreements.states.${item.state}`)}
              </Badge>
            </td>
            <td className="px-2 py-2 tabular-nums">{item.perOrderMax}</td>
            <td className="px-2 py-2 tabular-nums">{item.dailyMax}</td>
            <td className="px-2 py-2 tabular-nums">{(item.commissionBps / 100).toFixed(2)}%</td>
            <td className="max-w-48 px-2 py-2 text-slate-600">{item.note}</td>
            <td className="px-2 py-2 text-slate-500">{new Date(item.requestedAt).toLocaleString()}</td>
            <td className="px-2 py-2">
              {mayReview && (
                <div className="flex flex-wrap items-center gap-1">
                  <Input
                    aria-label={t('consoleOps.agreements.decisionNote')}
                    placeholder={t('consoleOps.agreements.decisionNote')}
                    value={notes[item.id] ?? ''}
                    onChange={(event) => setNotes({ ...notes, [item.id]: event.target.value })}
                  />
                  <Button
                    disabled={(notes[item.id] ?? '').trim().length < 3 || review.isPending}
                    onClick={() => review.mutate({ id: item.id, decision: 'approve' })}
                  >
                    {t('consoleOps.agreements.approve')}
                  </Button>
                  <Button
                    variant="danger"
                    disabled={(notes[item.id] ?? '').trim().length < 3 || review.isPending}
                    onClick={() => review.mutate({ id: item.id, decision: 'reject' })}
                  >
                    {t('consoleOps.agreements.reject')}
                  </Button>
                </div>
              )}
            </td>
          </tr>
        ))}
      </Table>
      {items.length === 0 && !list.isLoading && (
        <p className="py-4 text-sm text-slate-500">{t('console.common.empty')}</p>
      )}
    </Card>
  );
}

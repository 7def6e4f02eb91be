import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { useCan } from '../../lib/staff.ts';
import { downloadCsv } from '../../shared/csv.ts';
import { Badge, Button, Card, ErrorLine, Input, Select, Table } from '../../shared/ui.tsx';

const PAGE_SIZE = 20;

/** Monitoring (AML) cases: the queue, each case's evidence, and the decision that closes it. */
export function CasesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayClose = useCan('closeCase');
  const [status, setStatus] = useState<'open' | 'closed' | ''>('open');
  const [page, setPage] = useState(1);
  const cases = useQuery({
    queryKey: ['console', 'cases', status, page],
    queryFn: () => api.console.cases({ query: { page, count: PAGE_SIZE, ...(status ? { status } : {}) } }),
  });
  const [resolution, setResolution] = useState<Record<number, string>>({});
  const close = useMutation({
    mutationFn: (id: number) =>
      api.console.closeCase({ params: { id }, body: { resolution: resolution[id] ?? '' } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['console', 'cases'] }),
  });
  const items = cases.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((cases.data?.total ?? 0) / PAGE_SIZE));
  return (
    <Card
      title={t('console.cases.heading')}
      actions={
        <div className="flex gap-2">
          <Select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as 'open' | 'closed' | '');
              setPage(1);
            }}
            aria-label={t('console.common.status')}
          >
            <option value="">{t('console.common.all')}</option>
            <option value="open">{t('console.cases.open')}</option>
            <option value="closed">{t('console.cases.closed')}</option>
          </Select>
          <Button
            variant="plain"
            disabled={items.length === 0}
            onClick={() =>
              downloadCsv(
                'cases.csv',
                [
                  'id',
                  'rule',
                  'subjectType',
                  'subjectId',
                  'status',
                  'openedAt',
                  'closedAt',
                  'resolution',
                  'details',
                ],
                items,
              )
            }
          >
            {t('console.common.exportCsv')}
          </Button>
        </div>
      }
    >
      <p className="mb-3 text-xs text-slate-500">{t('console.cases.thresholds')}</p>
      <ErrorLine error={close.error ? errorText(close.error) : null} />
      <Table
        head={[
          t('console.common.id'),
          t('console.cases.rule'),
          t('console.cases.subject'),
          t('console.cases.evidence'),
          t('console.cases.opened'),
          t('console.common.status'),
          t('console.cases.resolution'),
        ]}
      >
        {items.map((item) => (
          <tr key={item.id} className="align-top">
            <td className="px-2 py-2 tabular-nums">{item.id}</td>
            <td className="px-2 py-2 font-medium">{item.rule}</td>
            <td className="px-2 py-2">
              {item.subjectType} #{item.subjectId}
            </td>
            <td className="max-w-xs px-2 py-2">
              <pre className="whitespace-pre-wrap break-all text-xs text-slate-600">
                {JSON.stringify(item.details, null, 1)}
              </pre>
            </td>
            <td className="px-2 py-2 text-slate-500">{new Date(item.openedAt).toLocaleString()}</td>
            <td className="px-2 py-2">
              <Badge tone={item.status === 'open' ? 'amber' : 'green'}>
                {t(`console.cases.${item.status}`)}
              </Badge>
            </td>
            <td className="px-2 py-2">
              {item.status === 'closed' ? (
                item.resolution
              ) : mayClose ? (
                <div className="flex gap-2">
                  <Input
                    aria-label={`${t('console.cases.resolution')} ${item.id}`}
                    placeholder={t('console.cases.resolutionPlaceholder')}
                    value={resolution[item.id] ?? ''}
                    onChange={(event) => setResolution({ ...resolution, [item.id]: event.target.value })}
                  />
                  <Button
                    disabled={!(resolution[item.id] ?? '').trim()}
                    onClick={() => close.mutate(item.id)}
                  >
                    {t('console.cases.close')}
                  </Button>
                </div>
              ) : null}
            </td>
          </tr>
        ))}
      </Table>
      {items.length === 0 && !cases.isLoading && (
        <p className="py-4 text-sm text-slate-500">{t('console.common.empty')}</p>
      )}
      <div className="mt-3 flex items-center gap-2 text-sm">
        <Button variant="plain" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          ‹
        </Button>
        <span className="tabular-nums">
          {page} / {pages}
        </span>
        <Button variant="plain" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          ›
        </Button>
      </div>
    </Card>
  );
}

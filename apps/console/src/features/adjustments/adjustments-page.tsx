import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { QUEUE_REFRESH_MS } from '../../lib/query-client.ts';
import { useCan, useStaff } from '../../lib/staff.ts';
import { downloadCsv } from '../../shared/csv.ts';
import { LoadMore } from '../../shared/list-controls.tsx';
import { Badge, Button, Card, Select, Table } from '../../shared/ui.tsx';
import { AdjustmentDecisionDialog } from './adjustment-decision-dialog.tsx';

type Status = 'pending' | 'approved' | 'rejected';

/** Manual adjustments: requested by one staff member, approved or rejected by another. */
export function AdjustmentsPage() {
  const { t } = useTranslation();
  const me = useStaff().data;
  const mayDecide = useCan('approveAdjustment');
  const [status, setStatus] = useState<Status | ''>('pending');
  const list = useInfiniteQuery({
    queryKey: ['console', 'adjustments', status],
    queryFn: ({ pageParam }) =>
      api.console.adjustments({
        query: { ...(status ? { status } : {}), ...(pageParam ? { cursor: pageParam } : {}), count: 25 },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: status === 'pending' ? QUEUE_REFRESH_MS : false,
  });
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  const [deciding, setDeciding] = useState<{ row: (typeof rows)[number]; approve: boolean } | null>(null);
  const tone = (value: Status) => (value === 'approved' ? 'green' : value === 'rejected' ? 'red' : 'amber');
  return (
    <Card
      title={t('console.adjustments.heading')}
      actions={
        <div className="flex gap-2">
          <Select
            value={status}
            onChange={(event) => setStatus(event.target.value as Status | '')}
            aria-label={t('console.common.status')}
          >
            <option value="">{t('console.common.all')}</option>
            <option value="pending">{t('console.adjustments.pending')}</option>
            <option value="approved">{t('console.adjustments.approved')}</option>
            <option value="rejected">{t('console.adjustments.rejected')}</option>
          </Select>
          <Button
            variant="plain"
            disabled={rows.length === 0}
            onClick={() =>
              downloadCsv(
                'adjustments.csv',
                [
                  'id',
                  'userId',
                  'asset',
                  'amount',
                  'reason',
                  'status',
                  'requestedBy',
                  'decidedBy',
                  'createdAt',
                  'decidedAt',
                ],
                rows,
              )
            }
          >
            {t('console.common.exportCsv')}
          </Button>
        </div>
      }
    >
      {deciding && (
        <AdjustmentDecisionDialog
          adjustment={deciding.row}
          approve={deciding.approve}
          onClose={() => setDeciding(null)}
        />
      )}
      <Table
        head={[
          t('console.common.id'),
          t('console.adjustments.player'),
          t('console.players.amount'),
          t('console.adjustments.reason'),
          t('console.common.status'),
          t('console.adjustments.requestedBy'),
          t('console.adjustments.decidedBy'),
          '',
        ]}
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <td className="px-2 py-2 tabular-nums">{row.id}</td>
            <td className="px-2 py-2">
              <Link className="text-blue-700 underline" to={paths.player(row.userId)}>
                #{row.userId}
              </Link>
            </td>
            <td className="px-2 py-2 tabular-nums">
              {row.amount} {row.asset}
            </td>
            <td className="px-2 py-2">{row.reason}</td>
            <td className="px-2 py-2">
              <Badge tone={tone(row.status)}>{t(`console.adjustments.${row.status}`)}</Badge>
            </td>
            <td className="px-2 py-2 tabular-nums">#{row.requestedBy}</td>
            <td className="px-2 py-2 tabular-nums">{row.decidedBy ? `#${row.decidedBy}` : ''}</td>
            <td className="px-2 py-2 text-right">
              {mayDecide && row.status === 'pending' && row.requestedBy !== me?.userId && (
                <div className="flex justify-end gap-2">
                  <Button onClick={() => setDeciding({ row, approve: true })}>
                    {t('console.adjustments.approve')}
                  </Button>
                  <Button variant="plain" onClick={() => setDeciding({ row, approve: false })}>
                    {t('console.adjustments.reject')}
                  </Button>
                </div>
              )}
            </td>
          </tr>
        ))}
      </Table>
      {rows.length === 0 && !list.isLoading && (
        <p className="py-4 text-sm text-slate-500">{t('console.common.empty')}</p>
      )}
      <LoadMore query={list} />
    </Card>
  );
}

import { SPA_APPLY_STATUS_NAMES, SpaApplyStatus } from '@payhub/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { useCan } from '../../lib/staff.ts';
import { downloadCsv } from '../../shared/csv.ts';
import { Badge, Button, Card, ErrorLine, Input, Pager, Select, Table } from '../../shared/ui.tsx';

const PAGE_SIZE = 20;
type Decision = 'approve' | 'reject' | 'remove';
const OPEN: readonly number[] = [SpaApplyStatus.Applied, SpaApplyStatus.Reviewing];

/** Promo group applications of the project: filter by status, decide with a note (the applicant is told). */
export function ApplicationsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayDecide = useCan('decideApplication');
  const [status, setStatus] = useState<string>(String(SpaApplyStatus.Applied));
  const [page, setPage] = useState(1);
  const [notes, setNotes] = useState<Record<number, string>>({});
  const list = useQuery({
    queryKey: ['console', 'applications', status, page],
    queryFn: () =>
      api.console.promoApplications({
        query: { page, count: PAGE_SIZE, ...(status !== '' ? { status: Number(status) } : {}) },
      }),
  });
  const decide = useMutation({
    mutationFn: (input: { id: number; decision: Decision }) =>
      api.console.decideApplication({
        params: { id: input.id },
        body: { decision: input.decision, note: (notes[input.id] ?? '').trim() },
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['console', 'applications'] }),
  });
  const items = list.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  const decisionsOf = (state: number): Decision[] =>
    OPEN.includes(state) ? ['approve', 'reject'] : state === SpaApplyStatus.Approved ? ['remove'] : [];
  return (
    <Card
      title={t('consoleOps.applications.heading')}
      actions={
        <div className="flex gap-2">
          <Select
            aria-label={t('console.common.status')}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('console.common.all')}</option>
            {SPA_APPLY_STATUS_NAMES.map((name, index) => (
              <option key={name} value={index}>
                {t(`consoleOps.applications.statuses.${name}`)}
              </option>
            ))}
          </Select>
          <Button
            variant="plain"
            disabled={items.length === 0}
            onClick={() =>
              downloadCsv(
                'promo-applications.csv',
                [
                  'id',
                  'groupName',
                  'userId',
                  'nickname',
                  'spaType',
                  'statusName',
                  'note',
                  'reviewNote',
                  'createdAt',
                ],
                items.map((item) => ({ ...item, createdAt: new Date(item.createdAt * 1000).toISOString() })),
              )
            }
          >
            {t('console.common.exportCsv')}
          </Button>
        </div>
      }
    >
      <ErrorLine error={(list.error ?? decide.error) ? errorText(list.error ?? decide.error) : null} />
      {decide.data && (
        <p role="status" className="mb-2 text-sm text-emerald-700">
          {t('consoleOps.applications.decided', {
            id: decide.data.id,
            state: t(`consoleOps.applications.statuses.${decide.data.statusName}`),
          })}
        </p>
      )}
      <Table
        head={[
          t('console.common.id'),
          t('consoleOps.applications.group'),
          t('consoleOps.applications.applicant'),
          t('consoleOps.applications.type'),
          t('console.common.status'),
          t('consoleOps.applications.note'),
          t('console.common.date'),
          '',
        ]}
      >
        {items.map((item) => (
          <tr key={item.id}>
            <td className="px-2 py-2 tabular-nums">{item.id}</td>
            <td className="px-2 py-2">{item.groupName}</td>
            <td className="px-2 py-2">
              {item.nickname} <span className="text-xs text-slate-500">#{item.userId}</span>
            </td>
            <td className="px-2 py-2">{item.spaType}</td>
            <td className="px-2 py-2">
              <Badge tone={OPEN.includes(item.status) ? 'amber' : 'slate'}>
                {t(`consoleOps.applications.statuses.${item.statusName}`)}
              </Badge>
            </td>
            <td className="max-w-48 px-2 py-2 text-slate-600">{item.reviewNote ?? item.note}</td>
            <td className="px-2 py-2 text-slate-500">{new Date(item.createdAt * 1000).toLocaleString()}</td>
            <td className="px-2 py-2">
              {mayDecide && decisionsOf(item.status).length > 0 && (
                <div className="flex flex-wrap items-center gap-1">
                  <Input
                    aria-label={t('consoleOps.applications.decisionNote')}
                    placeholder={t('consoleOps.applications.decisionNote')}
                    value={notes[item.id] ?? ''}
                    onChange={(event) => setNotes({ ...notes, [item.id]: event.target.value })}
                  />
                  {decisionsOf(item.status).map((decision) => (
                    <Button
                      key={decision}
                      variant={decision === 'approve' ? 'primary' : 'danger'}
                      disabled={(notes[item.id] ?? '').trim().length < 3 || decide.isPending}
                      onClick={() => decide.mutate({ id: item.id, decision })}
                    >
                      {t(`consoleOps.applications.${decision}`)}
                    </Button>
                  ))}
                </div>
              )}
            </td>
          </tr>
        ))}
      </Table>
      {items.length === 0 && !list.isLoading && (
        <p className="py-4 text-sm text-slate-500">{t('console.common.empty')}</p>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </Card>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { useCan } from '../../lib/staff.ts';
import { downloadCsv } from '../../shared/csv.ts';
import { Badge, Button, Card, ErrorLine, Input, Pager, Select, Table } from '../../shared/ui.tsx';

const PAGE_SIZE = 10;

/** A `datetime-local` value (the browser's zone) for an epoch-ms time. */
function localInput(ms: number): string {
  const date = new Date(ms);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The project's notices: scheduled ones first (move the time, or publish now), then published ones. */
export function NoticesList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const may = useCan('notices');
  const mayMove = useCan('scheduleNotice');
  const [status, setStatus] = useState<'' | 'scheduled' | 'published'>('');
  const [page, setPage] = useState(1);
  const [moving, setMoving] = useState<Record<number, string>>({});
  const notices = useQuery({
    queryKey: ['console', 'notices', status, page],
    queryFn: () => api.console.notices({ query: { page, count: PAGE_SIZE, ...(status ? { status } : {}) } }),
    enabled: may,
  });
  const schedule = useMutation({
    mutationFn: (input: { id: number; showAt: number | null }) =>
      api.console.scheduleNotice({ params: { id: input.id }, body: { showAt: input.showAt } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['console', 'notices'] }),
  });
  if (!may) return null;
  const items = notices.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((notices.data?.total ?? 0) / PAGE_SIZE));
  return (
    <div className="lg:col-span-2">
      <Card
        title={t('consoleOps.notices.heading')}
        actions={
          <div className="flex gap-2">
            <Select
              aria-label={t('console.common.status')}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as typeof status);
                setPage(1);
              }}
            >
              <option value="">{t('console.common.all')}</option>
              <option value="scheduled">{t('consoleOps.notices.statuses.scheduled')}</option>
              <option value="published">{t('consoleOps.notices.statuses.published')}</option>
            </Select>
            <Button
              variant="plain"
              disabled={items.length === 0}
              onClick={() =>
                downloadCsv(
                  'notices.csv',
                  [
                    'noticeId',
                    'status',
                    'showAt',
                    'showDuration',
                    'audience',
                    'createdBy',
                    'createdAt',
                    'content',
                  ],
                  items.map((item) => ({ ...item, showAt: new Date(item.showAt).toISOString() })),
                )
              }
            >
              {t('console.common.exportCsv')}
            </Button>
          </div>
        }
      >
        <ErrorLine
          error={(notices.error ?? schedule.error) ? errorText(notices.error ?? schedule.error) : null}
        />
        <Table
          head={[
            t('console.common.id'),
            t('console.common.status'),
            t('consoleOps.notices.showAt'),
            t('consoleOps.notices.audience'),
            t('consoleOps.notices.content'),
            '',
          ]}
        >
          {items.map((item) => (
            <tr key={item.noticeId} data-testid={`notice-row-${item.noticeId}`}>
              <td className="px-2 py-2 tabular-nums">{item.noticeId}</td>
              <td className="px-2 py-2">
                <Badge tone={item.status === 'scheduled' ? 'amber' : 'green'}>
                  {t(`consoleOps.notices.statuses.${item.status}`)}
                </Badge>
              </td>
              <td className="px-2 py-2 text-slate-600">{new Date(item.showAt).toLocaleString()}</td>
              <td className="px-2 py-2 text-slate-600">
                {item.audience
                  ? item.audience.map((type) => t(`console.content.audienceTypes.${type}`)).join(', ')
                  : t('consoleOps.notices.everyone')}
              </td>
              <td className="max-w-sm truncate px-2 py-2 text-slate-600">
                {item.content.replace(/<[^>]*>/g, ' ').trim()}
              </td>
              <td className="px-2 py-2">
                {mayMove && item.status === 'scheduled' && (
                  <div className="flex flex-wrap items-center gap-1">
                    <Input
                      type="datetime-local"
                      aria-label={t('consoleOps.notices.move')}
                      value={moving[item.noticeId] ?? localInput(item.showAt)}
                      onChange={(event) => setMoving({ ...moving, [item.noticeId]: event.target.value })}
                    />
                    <Button
                      variant="plain"
                      disabled={!moving[item.noticeId] || schedule.isPending}
                      onClick={() =>
                        schedule.mutate({
                          id: item.noticeId,
                          showAt: new Date(moving[item.noticeId]!).getTime(),
                        })
                      }
                    >
                      {t('consoleOps.notices.move')}
                    </Button>
                    <Button
                      variant="plain"
                      disabled={schedule.isPending}
                      onClick={() => schedule.mutate({ id: item.noticeId, showAt: null })}
                    >
                      {t('consoleOps.notices.publishNow')}
                    </Button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </Table>
        {items.length === 0 && !notices.isLoading && (
          <p className="py-4 text-sm text-slate-500">{t('console.common.empty')}</p>
        )}
        <Pager page={page} pages={pages} onPage={setPage} />
      </Card>
    </div>
  );
}

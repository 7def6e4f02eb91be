import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { downloadCsv } from '../../shared/csv.ts';
import { FilterBar, LoadMore } from '../../shared/list-controls.tsx';
import { Button, Card, ErrorLine, Input, Table } from '../../shared/ui.tsx';

/** The project's audit log: filter by action, object and actor; read-only. */
export function AuditPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState({ action: '', objectType: '', objectId: '', actorId: '' });
  const [filter, setFilter] = useState(form);
  const list = useInfiniteQuery({
    queryKey: ['console', 'audit', filter],
    queryFn: ({ pageParam }) =>
      api.console.audit({
        query: {
          ...(filter.action ? { action: filter.action } : {}),
          ...(filter.objectType ? { objectType: filter.objectType } : {}),
          ...(filter.objectId ? { objectId: filter.objectId } : {}),
          ...(filter.actorId ? { actorId: filter.actorId } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
          count: 50,
        },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  const submit = () => {
    setFilter(form);
  };
  const field = (key: keyof typeof form, label: string) => (
    <Input
      aria-label={label}
      placeholder={label}
      value={form[key]}
      onChange={(event) => setForm({ ...form, [key]: event.target.value })}
    />
  );
  return (
    <Card
      title={t('console.audit.heading')}
      actions={
        <Button
          variant="plain"
          disabled={rows.length === 0}
          onClick={() =>
            downloadCsv(
              'audit.csv',
              ['id', 'at', 'actorId', 'action', 'objectType', 'objectId', 'before', 'after', 'ip'],
              rows,
            )
          }
        >
          {t('console.common.exportCsv')}
        </Button>
      }
    >
      <FilterBar onSearch={submit}>
        {field('action', t('console.audit.action'))}
        {field('objectType', t('console.audit.object'))}
        {field('objectId', `${t('console.audit.object')} ${t('console.common.id')}`)}
        {field('actorId', t('console.audit.actor'))}
      </FilterBar>
      <ErrorLine error={list.error ? errorText(list.error) : null} />
      <Table
        head={[
          t('console.common.date'),
          t('console.audit.actor'),
          t('console.audit.action'),
          t('console.audit.object'),
          t('console.audit.change'),
        ]}
      >
        {rows.map((row) => (
          <tr key={row.id} className="align-top">
            <td className="whitespace-nowrap px-2 py-1.5 text-slate-500">
              {new Date(row.at).toLocaleString()}
            </td>
            <td className="px-2 py-1.5 tabular-nums">{row.actorId ? `#${row.actorId}` : ''}</td>
            <td className="px-2 py-1.5 font-medium">{row.action}</td>
            <td className="px-2 py-1.5">
              {row.objectType} {row.objectId ? `#${row.objectId}` : ''}
            </td>
            <td className="max-w-md px-2 py-1.5">
              <code className="block whitespace-pre-wrap break-all text-xs text-slate-600">
                {row.before ? `${JSON.stringify(row.before)} → ` : ''}
                {row.after ? JSON.stringify(row.after) : ''}
              </code>
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

import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { downloadCsv } from '../../shared/csv.ts';
import { FilterBar, LoadMore } from '../../shared/list-controls.tsx';
import { Badge, Button, Card, ErrorLine, Table } from '../../shared/ui.tsx';
import { spaTypeLabel } from './labels.ts';

/**
 * The project's promoters as their own list: role (promoter type, leader), group, leader, whether the
 * agent app reports now; keyset pages, one group at a time when a group name is clicked; CSV.
 */
export function PromotersList() {
  const { t } = useTranslation();
  const [group, setGroup] = useState<{ id: number; name: string } | null>(null);
  const list = useInfiniteQuery({
    queryKey: ['console', 'promoters', group?.id ?? null],
    queryFn: ({ pageParam }) =>
      api.console.promoters({
        query: {
          ...(group ? { groupId: group.id } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
          count: 25,
        },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  const tone = (status: 'online' | 'away' | 'never') =>
    status === 'online' ? 'green' : status === 'away' ? 'amber' : 'slate';
  return (
    <Card
      title={t('consoleScreens.people.promotersHeading')}
      actions={
        <Button
          variant="plain"
          disabled={rows.length === 0}
          onClick={() =>
            downloadCsv(
              'promoters.csv',
              [
                'userId',
                'phone',
                'nickname',
                'spaType',
                'leads',
                'groupId',
                'groupName',
                'leaderId',
                'leaderName',
                'status',
                'lastSeenAt',
                'joinedAt',
              ],
              rows.map((row) => ({
                ...row,
                leads: row.group.leads,
                groupId: row.group.id,
                groupName: row.group.name,
                leaderId: row.group.leaderId,
                leaderName: row.group.leaderName,
              })),
            )
          }
        >
          {t('console.common.exportCsv')}
        </Button>
      }
    >
      <FilterBar>
        {group ? (
          <>
            <span>{t('consoleScreens.people.groupFilter', { group: group.name })}</span>
            <Button variant="plain" onClick={() => setGroup(null)}>
              {t('consoleScreens.people.allGroups')}
            </Button>
          </>
        ) : (
          <span className="text-slate-500">{t('consoleScreens.people.groupHint')}</span>
        )}
      </FilterBar>
      <ErrorLine error={list.error ? errorText(list.error) : null} />
      <Table
        head={[
          t('console.common.id'),
          t('console.players.phone'),
          t('consoleScreens.people.role'),
          t('consoleScreens.people.group'),
          t('consoleScreens.people.leader'),
          t('console.common.status'),
          t('consoleScreens.people.joined'),
        ]}
      >
        {rows.map((row) => (
          <tr key={`${row.userId}:${row.group.id}`}>
            <td className="px-2 py-2 tabular-nums">{row.userId}</td>
            <td className="px-2 py-2 tabular-nums">
              {row.phone}
              <span className="block text-xs text-slate-500">{row.nickname}</span>
            </td>
            <td className="px-2 py-2">
              <span className="block">
                {row.group.leads
                  ? t('consoleScreens.people.leaderRole')
                  : t('consoleScreens.people.memberRole')}
              </span>
              {row.spaType && (
                <span className="block text-xs text-slate-500">{spaTypeLabel(t, row.spaType)}</span>
              )}
              {row.spaPay && (
                <span className="block text-xs text-slate-500">
                  {t('consoleScreens.people.alsoOperator')}
                </span>
              )}
            </td>
            <td className="px-2 py-2">
              <button
                type="button"
                className="text-left text-sky-700 hover:underline"
                onClick={() => setGroup({ id: row.group.id, name: row.group.name })}
              >
                {row.group.name}
              </button>
            </td>
            <td className="px-2 py-2">{row.group.leaderName ?? `#${row.group.leaderId}`}</td>
            <td className="px-2 py-2">
              <Badge tone={tone(row.status)}>{t(`consoleScreens.people.status.${row.status}`)}</Badge>
              {row.lastSeenAt && (
                <span className="block text-xs text-slate-500">
                  {new Date(row.lastSeenAt).toLocaleString()}
                </span>
              )}
            </td>
            <td className="px-2 py-2 tabular-nums">{new Date(row.joinedAt).toLocaleDateString()}</td>
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

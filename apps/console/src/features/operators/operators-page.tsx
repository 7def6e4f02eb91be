import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { useCan } from '../../lib/staff.ts';
import { downloadCsv } from '../../shared/csv.ts';
import { Badge, Button, Card, ErrorLine, Input, Select, Table } from '../../shared/ui.tsx';

type Kyc = 'pending' | 'verified' | 'rejected' | 'suspended';

/** Payment operators: KYC queue and decision, limits, work status and commission. */
export function OperatorsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayDecide = useCan('decideKyc');
  const [kyc, setKyc] = useState<Kyc | ''>('pending');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const list = useInfiniteQuery({
    queryKey: ['console', 'operators', kyc, q],
    queryFn: ({ pageParam }) =>
      api.console.operators({
        query: {
          ...(kyc ? { kycStatus: kyc } : {}),
          ...(q ? { q } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
          count: 25,
        },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  const decide = useMutation({
    mutationFn: ({ userId, status }: { userId: number; status: Kyc }) => {
      const verifiedName =
        status === 'verified' ? (window.prompt(t('console.operators.namePrompt')) ?? '').trim() : '';
      return api.console.decideKyc({
        params: { userId },
        body: { status, ...(verifiedName ? { verifiedName } : {}) },
      });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['console', 'operators'] }),
  });
  const tone = (value: Kyc) => (value === 'verified' ? 'green' : value === 'pending' ? 'amber' : 'red');
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
  };
  return (
    <Card
      title={t('console.operators.heading')}
      actions={
        <Button
          variant="plain"
          disabled={rows.length === 0}
          onClick={() =>
            downloadCsv(
              'operators.csv',
              [
                'userId',
                'phone',
                'nickname',
                'kycStatus',
                'verifiedName',
                'working',
                'perOrderMax',
                'dailyMax',
                'commissionBps',
              ],
              rows,
            )
          }
        >
          {t('console.common.exportCsv')}
        </Button>
      }
    >
      <form onSubmit={search} className="mb-3 flex flex-wrap gap-2">
        <Select
          value={kyc}
          onChange={(event) => setKyc(event.target.value as Kyc | '')}
          aria-label={t('console.operators.kyc')}
        >
          <option value="">{t('console.common.all')}</option>
          {(['pending', 'verified', 'rejected', 'suspended'] as const).map((value) => (
            <option key={value} value={value}>
              {t(`console.operators.${value}`)}
            </option>
          ))}
        </Select>
        <Input
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('console.players.searchPlaceholder')}
        />
        <Button type="submit">{t('console.common.search')}</Button>
      </form>
      <ErrorLine error={decide.error ? errorText(decide.error) : null} />
      <Table
        head={[
          t('console.common.id'),
          t('console.players.phone'),
          t('console.operators.kyc'),
          t('console.operators.verifiedName'),
          t('console.operators.working'),
          t('console.operators.perOrderMax'),
          t('console.operators.dailyMax'),
          t('console.operators.commission'),
          '',
        ]}
      >
        {rows.map((row) => (
          <tr key={row.userId}>
            <td className="px-2 py-2 tabular-nums">{row.userId}</td>
            <td className="px-2 py-2 tabular-nums">
              {row.phone}
              <span className="block text-xs text-slate-500">{row.nickname}</span>
            </td>
            <td className="px-2 py-2">
              <Badge tone={tone(row.kycStatus)}>{t(`console.operators.${row.kycStatus}`)}</Badge>
            </td>
            <td className="px-2 py-2">{row.verifiedName ?? ''}</td>
            <td className="px-2 py-2">
              {row.working ? t('console.operators.yes') : t('console.operators.no')}
            </td>
            <td className="px-2 py-2 tabular-nums">{row.perOrderMax}</td>
            <td className="px-2 py-2 tabular-nums">{row.dailyMax}</td>
            <td className="px-2 py-2 tabular-nums">{(row.commissionBps / 100).toFixed(2)}%</td>
            <td className="px-2 py-2">
              {mayDecide && (
                <div className="flex justify-end gap-1">
                  {row.kycStatus !== 'verified' && (
                    <Button onClick={() => decide.mutate({ userId: row.userId, status: 'verified' })}>
                      {t('console.operators.verify')}
                    </Button>
                  )}
                  {row.kycStatus === 'pending' && (
                    <Button
                      variant="plain"
                      onClick={() => decide.mutate({ userId: row.userId, status: 'rejected' })}
                    >
                      {t('console.operators.reject')}
                    </Button>
                  )}
                  {row.kycStatus === 'verified' && (
                    <Button
                      variant="danger"
                      onClick={() => decide.mutate({ userId: row.userId, status: 'suspended' })}
                    >
                      {t('console.operators.suspend')}
                    </Button>
                  )}
                </div>
              )}
            </td>
          </tr>
        ))}
      </Table>
      {rows.length === 0 && !list.isLoading && (
        <p className="py-4 text-sm text-slate-500">{t('console.common.empty')}</p>
      )}
      {list.hasNextPage && (
        <Button variant="plain" className="mt-3" onClick={() => void list.fetchNextPage()}>
          {t('console.common.loadMore')}
        </Button>
      )}
    </Card>
  );
}

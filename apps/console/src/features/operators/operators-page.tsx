import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { useCan } from '../../lib/staff.ts';
import { downloadCsv } from '../../shared/csv.ts';
import { FilterBar, LoadMore } from '../../shared/list-controls.tsx';
import { Badge, Button, Card, Input, Select, Table } from '../../shared/ui.tsx';
import { type KycDecision, KycDecisionDialog } from './kyc-decision-dialog.tsx';
import { OperatorDetail } from './operator-detail.tsx';
import { PromotersList } from './promoters-list.tsx';

type Kyc = 'pending' | 'verified' | 'rejected' | 'suspended';

/** Payment operators (the list, one operator's page) and promoters, as two views of one screen. */
export function OperatorsPage() {
  const { t } = useTranslation();
  const mayPromoters = useCan('promoters');
  const mayOperators = useCan('operators');
  const [view, setView] = useState<'operators' | 'promoters'>(mayOperators ? 'operators' : 'promoters');
  return (
    <div className="flex flex-col gap-4">
      {mayOperators && mayPromoters && (
        <div className="flex gap-2" role="tablist">
          {(['operators', 'promoters'] as const).map((key) => (
            <Button
              key={key}
              role="tab"
              aria-selected={view === key}
              variant={view === key ? undefined : 'plain'}
              onClick={() => setView(key)}
            >
              {t(`consoleScreens.people.tabs.${key}`)}
            </Button>
          ))}
        </div>
      )}
      {view === 'operators' && mayOperators ? <OperatorsList /> : <PromotersList />}
    </div>
  );
}

/** Payment operators: KYC queue and decision, limits, work status and commission; a row opens its page. */
function OperatorsList() {
  const { t } = useTranslation();
  const mayDecide = useCan('decideKyc');
  const mayOpen = useCan('operator');
  const [selected, setSelected] = useState<number | null>(null);
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
  const [deciding, setDeciding] = useState<{ row: (typeof rows)[number]; status: KycDecision } | null>(null);
  const tone = (value: Kyc) => (value === 'verified' ? 'green' : value === 'pending' ? 'amber' : 'red');
  const search = () => {
    setQ(text.trim());
  };
  return (
    <>
      {selected !== null && (
        <OperatorDetail key={selected} userId={selected} onClose={() => setSelected(null)} />
      )}
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
        <FilterBar onSearch={search}>
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
        </FilterBar>
        {deciding && (
          <KycDecisionDialog
            operator={deciding.row}
            status={deciding.status}
            onClose={() => setDeciding(null)}
          />
        )}
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
            <tr key={row.userId} className={selected === row.userId ? 'bg-sky-50' : undefined}>
              <td className="px-2 py-2 tabular-nums">{row.userId}</td>
              <td className="px-2 py-2 tabular-nums">
                {mayOpen ? (
                  <button
                    type="button"
                    className="text-left text-sky-700 hover:underline"
                    onClick={() => setSelected(row.userId)}
                  >
                    {row.phone}
                  </button>
                ) : (
                  row.phone
                )}
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
                <div className="flex justify-end gap-1">
                  {mayOpen && (
                    <Button variant="plain" onClick={() => setSelected(row.userId)}>
                      {t('consoleScreens.people.open')}
                    </Button>
                  )}
                  {mayDecide && (
                    <div className="flex justify-end gap-1">
                      {row.kycStatus !== 'verified' && (
                        <Button onClick={() => setDeciding({ row, status: 'verified' })}>
                          {t('console.operators.verify')}
                        </Button>
                      )}
                      {row.kycStatus === 'pending' && (
                        <Button variant="plain" onClick={() => setDeciding({ row, status: 'rejected' })}>
                          {t('console.operators.reject')}
                        </Button>
                      )}
                      {row.kycStatus === 'verified' && (
                        <Button variant="danger" onClick={() => setDeciding({ row, status: 'suspended' })}>
                          {t('console.operators.suspend')}
                        </Button>
                      )}
                    </div>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </Table>
        {rows.length === 0 && !list.isLoading && (
          <p className="py-4 text-sm text-slate-500">{t('console.common.empty')}</p>
        )}
        <LoadMore query={list} />
      </Card>
    </>
  );
}

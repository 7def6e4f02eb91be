import { CHAIN_DEPOSIT_STATES, CHAIN_WITHDRAW_STATES } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, errorText } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { useCan } from '../../lib/staff.ts';
import { downloadCsv } from '../../shared/csv.ts';
import { FilterBar } from '../../shared/list-controls.tsx';
import { Badge, Button, Card, ErrorLine, Input, Pager, Select, Table } from '../../shared/ui.tsx';
import { BlocklistCard } from './blocklist-card.tsx';

const PAGE_SIZE = 25;
type Kind = 'deposits' | 'withdrawals';
type ChainState = (typeof CHAIN_DEPOSIT_STATES)[number] | (typeof CHAIN_WITHDRAW_STATES)[number];
const TONE: Record<ChainState, 'slate' | 'green' | 'amber' | 'red'> = {
  pending: 'amber',
  credited: 'green',
  dust: 'slate',
  dropped: 'red',
  requested: 'amber',
  sent: 'amber',
  confirmed: 'green',
  failed: 'red',
};

/** One row of either list, as the table shows it. */
interface ChainRow {
  id: number;
  playerId: number;
  txHash: string | null;
  amount: string;
  state: ChainState;
  confirmations: string;
  address: string;
  detail: string;
  createdAt: string;
}

/** The crypto screen: the project's USDT deposits and withdrawals, and the AML blocklist. */
export function ChainPage() {
  const mayBlocklist = useCan('chainBlocklist');
  return (
    <div className="flex flex-col gap-4">
      <ChainOrders />
      {mayBlocklist && <BlocklistCard />}
    </div>
  );
}

/** USDT deposits and withdrawals of the project with their chain status (tx hash, confirmations, state). */
function ChainOrders() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('deposits');
  const [state, setState] = useState('');
  const [form, setForm] = useState({ playerId: '', txHash: '' });
  const [search, setSearch] = useState(form);
  const [page, setPage] = useState(1);
  const query = {
    page,
    count: PAGE_SIZE,
    ...(state ? { state } : {}),
    ...(search.playerId ? { playerId: search.playerId } : {}),
    ...(search.txHash ? { txHash: search.txHash } : {}),
  };
  const list = useQuery({
    queryKey: ['console', 'chain', kind, query],
    queryFn: async (): Promise<{ enabled: boolean; items: ChainRow[]; total: number }> => {
      if (kind === 'deposits') {
        const result = await api.console.chainDeposits({
          query: { ...query, state: query.state as (typeof CHAIN_DEPOSIT_STATES)[number] | undefined },
        });
        return {
          ...result,
          items: result.items.map((row) => ({
            id: row.id,
            playerId: row.playerId,
            txHash: row.txHash,
            amount: row.amount,
            state: row.state,
            confirmations: `${row.confirmations} / ${row.confirmationsRequired}`,
            address: row.address,
            detail: `#${row.blockNumber}`,
            createdAt: row.createdAt,
          })),
        };
      }
      const result = await api.console.chainWithdrawals({
        query: { ...query, state: query.state as (typeof CHAIN_WITHDRAW_STATES)[number] | undefined },
      });
      return {
        ...result,
        items: result.items.map((row) => ({
          id: row.id,
          playerId: row.playerId,
          txHash: row.txHash,
          amount: row.amount,
          state: row.state,
          confirmations: '—',
          address: row.address,
          detail: row.failure ?? `${t('consoleOps.chain.fee')} ${row.fee}`,
          createdAt: row.createdAt,
        })),
      };
    },
  });
  const items = list.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  const states = kind === 'deposits' ? CHAIN_DEPOSIT_STATES : CHAIN_WITHDRAW_STATES;
  const submit = () => {
    setSearch(form);
    setPage(1);
  };
  return (
    <Card
      title={t('consoleOps.chain.heading')}
      actions={
        <Button
          variant="plain"
          disabled={items.length === 0}
          onClick={() =>
            downloadCsv(
              `chain-${kind}.csv`,
              [
                'id',
                'playerId',
                'txHash',
                'amount',
                'state',
                'confirmations',
                'address',
                'detail',
                'createdAt',
              ],
              items as unknown as Array<Record<string, unknown>>,
            )
          }
        >
          {t('console.common.exportCsv')}
        </Button>
      }
    >
      <FilterBar onSearch={submit}>
        <Select
          aria-label={t('console.orders.kind')}
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as Kind);
            setState('');
            setPage(1);
          }}
        >
          <option value="deposits">{t('consoleOps.chain.deposits')}</option>
          <option value="withdrawals">{t('consoleOps.chain.withdrawals')}</option>
        </Select>
        <Select
          aria-label={t('console.common.status')}
          value={state}
          onChange={(event) => {
            setState(event.target.value);
            setPage(1);
          }}
        >
          <option value="">{t('console.common.all')}</option>
          {states.map((item) => (
            <option key={item} value={item}>
              {t(`consoleOps.chain.states.${item}`)}
            </option>
          ))}
        </Select>
        <Input
          aria-label={t('console.adjustments.player')}
          placeholder={t('console.adjustments.player')}
          inputMode="numeric"
          value={form.playerId}
          onChange={(event) => setForm({ ...form, playerId: event.target.value })}
        />
        <Input
          className="w-96"
          aria-label={t('consoleOps.chain.txHash')}
          placeholder={t('consoleOps.chain.txHashPlaceholder')}
          value={form.txHash}
          onChange={(event) => setForm({ ...form, txHash: event.target.value.trim() })}
        />
      </FilterBar>
      <ErrorLine error={list.error ? errorText(list.error) : null} />
      {list.data && !list.data.enabled && (
        <p className="py-2 text-sm text-amber-700">{t('consoleOps.chain.off')}</p>
      )}
      <Table
        head={[
          t('console.common.id'),
          t('console.adjustments.player'),
          t('consoleOps.chain.amount'),
          t('console.common.status'),
          t('consoleOps.chain.confirmations'),
          t('consoleOps.chain.txHash'),
          t('consoleOps.chain.address'),
          '',
          t('console.common.date'),
        ]}
      >
        {items.map((row) => (
          <tr key={row.id}>
            <td className="px-2 py-2 tabular-nums">{row.id}</td>
            <td className="px-2 py-2">
              <Link className="text-blue-700 underline" to={paths.player(row.playerId)}>
                #{row.playerId}
              </Link>
            </td>
            <td className="px-2 py-2 tabular-nums">{row.amount} USDT</td>
            <td className="px-2 py-2">
              <Badge tone={TONE[row.state]}>{t(`consoleOps.chain.states.${row.state}`)}</Badge>
            </td>
            <td className="px-2 py-2 tabular-nums">{row.confirmations}</td>
            <td className="max-w-40 truncate px-2 py-2 font-mono text-xs" title={row.txHash ?? ''}>
              {row.txHash ?? '—'}
            </td>
            <td className="max-w-40 truncate px-2 py-2 font-mono text-xs" title={row.address}>
              {row.address}
            </td>
            <td className="px-2 py-2 text-xs text-slate-500">{row.detail}</td>
            <td className="px-2 py-2 text-slate-500">{new Date(row.createdAt).toLocaleString()}</td>
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

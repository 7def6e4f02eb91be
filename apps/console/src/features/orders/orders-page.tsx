import {
  type DepositReversal,
  PAY_CREDITED_STATES,
  PayOrderState,
  WithdrawOrderState,
} from '@payhub/contracts';
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
import { ResolveOrder } from './resolve-order.tsx';
import { ReverseDeposit } from './reverse-deposit.tsx';

const PAGE_SIZE = 25;

/** What the list shows of a deposit or a withdrawal order. */
type OrderRow = {
  id: number;
  orderNo: string;
  state: number;
  amount: string;
  currency: string;
  playerId: number;
  operatorId: number | null;
  remark: string | null;
  createdAt: string;
  updatedAt: string;
  /** Deposits only: the bank took it back after it was credited. */
  reversal?: DepositReversal | null;
};
type Kind = 'deposits' | 'withdrawals';
type StateName = keyof typeof PayOrderState & keyof typeof WithdrawOrderState;
const STATES: Record<Kind, Record<string, number>> = {
  deposits: PayOrderState,
  withdrawals: WithdrawOrderState,
};
/** The state a person resolves from the console (the payment manager's queue). */
const RESOLVABLE: Record<Kind, number> = {
  deposits: PayOrderState.EXCEPTIONAL,
  withdrawals: WithdrawOrderState.EXCEPTIONAL,
};

/** A deposit the player was credited (what a reversal applies to). */

/** Finished well: green; finished badly: red; stuck: amber; on its way: grey. */
function stateTone(kind: Kind, state: number): 'slate' | 'green' | 'amber' | 'red' {
  if (state === RESOLVABLE[kind]) return 'amber';
  const done = kind === 'deposits' ? PayOrderState.CHECK_SUCCESS : WithdrawOrderState.FINISH;
  if (state === done) return 'green';
  const failed: number[] =
    kind === 'deposits'
      ? [
          PayOrderState.CANCELED,
          PayOrderState.FAILED,
          PayOrderState.CHOOSE_FAILED,
          PayOrderState.CALLBACK_FAILD,
        ]
      : [WithdrawOrderState.FAILED, WithdrawOrderState.CANCELED, WithdrawOrderState.CHOOSE_FAILED];
  return failed.includes(state) ? 'red' : 'slate';
}

/** Deposits and withdrawals of the project: every order with its state, the stuck queue, search by player or number. */
export function OrdersPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('deposits');
  const [state, setState] = useState('');
  const [stuck, setStuck] = useState(false);
  const [form, setForm] = useState({ playerId: '', orderNo: '' });
  const [search, setSearch] = useState(form);
  const [page, setPage] = useState(1);
  const [resolving, setResolving] = useState<OrderRow | null>(null);
  const [reversing, setReversing] = useState<OrderRow | null>(null);
  const [reversed, setReversed] = useState<DepositReversal | null>(null);
  const mayResolve = useCan(kind === 'deposits' ? 'resolveDeposit' : 'resolveWithdrawal');
  const mayReverse = useCan('reverseDeposit') && kind === 'deposits';
  const query = {
    page,
    count: PAGE_SIZE,
    ...(stuck ? { stuck: true } : state !== '' ? { state: Number(state) } : {}),
    ...(search.playerId ? { playerId: search.playerId } : {}),
    ...(search.orderNo ? { orderNo: search.orderNo } : {}),
  };
  const orders = useQuery({
    queryKey: ['console', 'orders', kind, query],
    queryFn: async (): Promise<{ items: OrderRow[]; total: number }> =>
      kind === 'deposits' ? api.console.deposits({ query }) : api.console.withdrawals({ query }),
  });
  const items = orders.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((orders.data?.total ?? 0) / PAGE_SIZE));
  const stateName = (value: number) =>
    Object.entries(STATES[kind]).find(([, code]) => code === value)?.[0] ?? String(value);
  /** The state as a person reads it; the raw name (CHECK_SUCCESS …) stays as the tooltip and in the CSV. */
  const stateLabel = (value: number) => {
    const name = stateName(value);
    return name in STATES[kind] ? t(`consoleScreens.orderStates.${kind}.${name as StateName}`) : name;
  };
  const submit = () => {
    setSearch(form);
    setPage(1);
  };
  return (
    <div className="flex flex-col gap-4">
      {resolving && (
        <ResolveOrder
          key={`${kind}:${resolving.id}`}
          kind={kind}
          order={resolving}
          stateName={stateLabel}
          onClose={() => setResolving(null)}
        />
      )}
      {reversing && (
        <ReverseDeposit
          key={reversing.id}
          order={reversing}
          onDone={(reversal) => {
            setReversed(reversal);
            setReversing(null);
          }}
          onClose={() => setReversing(null)}
        />
      )}
      <Card
        title={t('console.orders.heading')}
        actions={
          <Button
            variant="plain"
            disabled={items.length === 0}
            onClick={() =>
              downloadCsv(
                `${kind}.csv`,
                [
                  'id',
                  'orderNo',
                  'state',
                  'amount',
                  'currency',
                  'playerId',
                  'operatorId',
                  'remark',
                  'createdAt',
                  'updatedAt',
                  ...(kind === 'deposits' ? ['reversedAt'] : []),
                ],
                items.map((row) => ({ ...row, reversedAt: row.reversal?.reversedAt ?? '' })),
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
              setResolving(null);
              setReversed(null);
              setState('');
              setPage(1);
            }}
          >
            <option value="deposits">{t('console.orders.deposits')}</option>
            <option value="withdrawals">{t('console.orders.withdrawals')}</option>
          </Select>
          <Select
            aria-label={t('console.common.status')}
            value={state}
            disabled={stuck}
            onChange={(event) => {
              setState(event.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('console.common.all')}</option>
            {Object.entries(STATES[kind]).map(([name, code]) => (
              <option key={name} value={code} title={name}>
                {stateLabel(code)}
              </option>
            ))}
          </Select>
          <label className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={stuck}
              onChange={(event) => {
                setStuck(event.target.checked);
                setPage(1);
              }}
            />
            {t('console.orders.stuck')}
          </label>
          <Input
            aria-label={t('console.adjustments.player')}
            placeholder={t('console.adjustments.player')}
            inputMode="numeric"
            value={form.playerId}
            onChange={(event) => setForm({ ...form, playerId: event.target.value })}
          />
          <Input
            aria-label={t('console.orders.orderNo')}
            placeholder={t('console.orders.orderNo')}
            value={form.orderNo}
            onChange={(event) => setForm({ ...form, orderNo: event.target.value })}
          />
        </FilterBar>
        <ErrorLine error={orders.error ? errorText(orders.error) : null} />
        {reversed && (
          <p role="status" className="text-sm text-emerald-700">
            {t('consoleOps.reverse.done', {
              id: reversed.orderId,
              recovered: `${reversed.recovered} ${reversed.currency}`,
              unrecovered: `${reversed.unrecovered} ${reversed.currency}`,
              commission: `${reversed.commissionRecovered} ${reversed.currency}`,
            })}
          </p>
        )}
        <Table
          head={[
            t('console.common.id'),
            t('console.orders.orderNo'),
            t('console.common.status'),
            t('console.players.amount'),
            t('console.adjustments.player'),
            t('console.common.date'),
            t('console.orders.updated'),
            '',
          ]}
        >
          {items.map((row) => (
            <tr key={row.id}>
              <td className="px-2 py-2 tabular-nums">{row.id}</td>
              <td className="px-2 py-2 font-mono text-xs">{row.orderNo}</td>
              <td className="px-2 py-2">
                <span title={stateName(row.state)}>
                  <Badge tone={stateTone(kind, row.state)}>{stateLabel(row.state)}</Badge>
                </span>
                {row.reversal && (
                  <span
                    className="ml-1"
                    title={t('consoleOps.reverse.badgeTitle', {
                      at: new Date(row.reversal.reversedAt).toLocaleString(),
                      by: row.reversal.reversedBy,
                      reason: row.reversal.reason,
                    })}
                  >
                    <Badge tone="red">{t('consoleOps.reverse.badge')}</Badge>
                  </span>
                )}
              </td>
              <td className="px-2 py-2 tabular-nums">{row.amount}</td>
              <td className="px-2 py-2">
                <Link className="text-blue-700 underline" to={paths.player(row.playerId)}>
                  #{row.playerId}
                </Link>
              </td>
              <td className="px-2 py-2 text-slate-500">{new Date(row.createdAt).toLocaleString()}</td>
              <td className="px-2 py-2 text-slate-500">{new Date(row.updatedAt).toLocaleString()}</td>
              <td className="px-2 py-2">
                {mayResolve && row.state === RESOLVABLE[kind] && (
                  <Button variant="plain" onClick={() => setResolving(row)}>
                    {t('consoleOps.resolve.action')}
                  </Button>
                )}
                {mayReverse && PAY_CREDITED_STATES.includes(row.state) && !row.reversal && (
                  <Button variant="plain" onClick={() => setReversing(row)}>
                    {t('consoleOps.reverse.action')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </Table>
        {items.length === 0 && !orders.isLoading && (
          <p className="py-4 text-sm text-slate-500">{t('console.common.empty')}</p>
        )}
        <Pager page={page} pages={pages} onPage={setPage} />
      </Card>
    </div>
  );
}

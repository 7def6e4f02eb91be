import type { ConsoleGiftCode } from '@payhub/contracts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { useStaff } from '../../lib/staff.ts';
import { downloadCsv } from '../../shared/csv.ts';
import { LoadMore } from '../../shared/list-controls.tsx';
import { Badge, Button, Card, ErrorLine, Input, Select, Table } from '../../shared/ui.tsx';

const seconds = (local: string) => Math.floor(new Date(local).getTime() / 1000);
const inputDate = (date: Date) =>
  new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

const EMPTY = {
  code: '',
  kind: 'spins' as 'amount' | 'spins',
  amount: '',
  spins: '3',
  maxRedemptions: '100',
  perPlayer: '1',
  startsAt: '',
  expiresAt: inputDate(new Date(Date.now() + 7 * 86_400_000)),
  newUsersOnly: false,
  depositRequired: false,
  networks: '',
};

function CreateForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const networks = form.networks
        .split(',')
        .map((network) => network.trim())
        .filter(Boolean);
      const created = await api.console.createGiftCode({
        body: {
          code: form.code,
          kind: form.kind,
          ...(form.kind === 'amount' ? { amount: form.amount } : { spins: Number(form.spins) }),
          maxRedemptions: Number(form.maxRedemptions),
          perPlayer: Number(form.perPlayer),
          newUsersOnly: form.newUsersOnly,
          depositRequired: form.depositRequired,
          startsAt: form.startsAt ? seconds(form.startsAt) : null,
          expiresAt: seconds(form.expiresAt),
          networks,
        },
      });
      setDone(t('console.giftCodes.created', { code: created.code }));
      setForm({ ...EMPTY, expiresAt: form.expiresAt });
      onCreated();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };
  const labelled = (label: string, field: ReactNode) => (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the field passed in, inside this label
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
      {label}
      {field}
    </label>
  );
  return (
    <Card title={t('console.giftCodes.create')}>
      <form onSubmit={submit} className="grid grid-cols-4 gap-3" data-testid="gift-code-form">
        {labelled(
          t('console.giftCodes.code'),
          <Input value={form.code} onChange={set('code')} name="code" required />,
        )}
        {labelled(
          t('console.giftCodes.kind'),
          <Select value={form.kind} onChange={set('kind')} name="kind">
            <option value="spins">{t('console.giftCodes.kinds.spins')}</option>
            <option value="amount">{t('console.giftCodes.kinds.amount')}</option>
          </Select>,
        )}
        {form.kind === 'amount'
          ? labelled(
              t('console.giftCodes.amount'),
              <Input value={form.amount} onChange={set('amount')} name="amount" inputMode="decimal" />,
            )
          : labelled(
              t('console.giftCodes.spins'),
              <Input value={form.spins} onChange={set('spins')} name="spins" inputMode="numeric" />,
            )}
        {labelled(
          t('console.giftCodes.maxRedemptions'),
          <Input
            value={form.maxRedemptions}
            onChange={set('maxRedemptions')}
            name="maxRedemptions"
            inputMode="numeric"
          />,
        )}
        {labelled(
          t('console.giftCodes.perPlayer'),
          <Input value={form.perPlayer} onChange={set('perPlayer')} name="perPlayer" inputMode="numeric" />,
        )}
        {labelled(
          t('console.giftCodes.startsAt'),
          <Input type="datetime-local" value={form.startsAt} onChange={set('startsAt')} name="startsAt" />,
        )}
        {labelled(
          t('console.giftCodes.expiresAt'),
          <Input
            type="datetime-local"
            value={form.expiresAt}
            onChange={set('expiresAt')}
            name="expiresAt"
            required
          />,
        )}
        {labelled(
          t('console.giftCodes.networks'),
          <Input value={form.networks} onChange={set('networks')} name="networks" />,
        )}
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={form.newUsersOnly}
            onChange={(event) => setForm({ ...form, newUsersOnly: event.target.checked })}
          />
          {t('console.giftCodes.newUsersOnly')}
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={form.depositRequired}
            onChange={(event) => setForm({ ...form, depositRequired: event.target.checked })}
          />
          {t('console.giftCodes.depositRequired')}
        </label>
        <div className="col-span-2 flex items-center justify-end gap-3">
          {done && <span className="text-sm text-emerald-700">{done}</span>}
          <Button type="submit" disabled={busy}>
            {t('console.giftCodes.create')}
          </Button>
        </div>
      </form>
      <ErrorLine error={error} />
    </Card>
  );
}

function Redemptions({ code, onClose }: { code: ConsoleGiftCode; onClose: () => void }) {
  const { t } = useTranslation();
  // Keyset pages: a code may be redeemed thousands of times.
  const list = useInfiniteQuery({
    queryKey: ['console', 'giftRedemptions', code.id],
    queryFn: ({ pageParam }) =>
      api.console.giftRedemptions({
        params: { id: code.id },
        query: { ...(pageParam ? { cursor: pageParam } : {}), count: 100 },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card
      title={t('console.giftCodes.redemptions', { code: code.code })}
      actions={
        <div className="flex gap-2">
          <Button
            variant="plain"
            disabled={rows.length === 0}
            onClick={() =>
              downloadCsv(
                `gift-code-${code.code}-redemptions.csv`,
                ['id', 'userId', 'asset', 'amount', 'spins', 'createdAt'],
                rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt * 1000).toISOString() })),
              )
            }
          >
            {t('console.common.exportCsv')}
          </Button>
          <Button variant="plain" onClick={onClose}>
            {t('console.giftCodes.close')}
          </Button>
        </div>
      }
    >
      <ErrorLine error={list.error ? errorText(list.error) : null} />
      <Table
        head={[
          t('console.common.id'),
          t('console.giftCodes.player'),
          t('console.giftCodes.value'),
          t('console.common.date'),
        ]}
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <td className="px-2 py-1.5 tabular-nums">{row.id}</td>
            <td className="px-2 py-1.5 tabular-nums">#{row.userId}</td>
            <td className="px-2 py-1.5">
              {row.amount !== null
                ? `${row.amount} ${row.asset}`
                : `${row.spins} × ${t('console.giftCodes.kinds.spins')}`}
            </td>
            <td className="px-2 py-1.5 text-slate-500">{new Date(row.createdAt * 1000).toLocaleString()}</td>
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

/** Gift codes (issue 17): create amount or spin codes with their rules, search and page, deactivate, see redemptions. */
export function GiftCodesPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<ConsoleGiftCode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const may = (action: string) => staff.data?.actions.includes(action) ?? false;
  const list = useInfiniteQuery({
    queryKey: ['console', 'giftCodes', filter],
    queryFn: ({ pageParam }) =>
      api.console.giftCodes({
        query: { ...(filter ? { q: filter } : {}), ...(pageParam ? { cursor: pageParam } : {}), count: 50 },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['console', 'giftCodes'] });
  const deactivate = async (id: number) => {
    setError(null);
    try {
      await api.console.deactivateGiftCode({ params: { id } });
      refresh();
    } catch (caught) {
      setError(errorText(caught));
    }
  };
  const rules = (row: ConsoleGiftCode) =>
    [
      row.newUsersOnly ? t('console.giftCodes.ruleNew') : null,
      row.depositRequired ? t('console.giftCodes.ruleDeposit') : null,
      row.networks.length > 0 ? t('console.giftCodes.ruleNetworks', { count: row.networks.length }) : null,
      `${row.perPlayer}/${t('console.giftCodes.player').toLowerCase()}`,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <div className="flex flex-col gap-4">
      {may('createGiftCode') && <CreateForm onCreated={refresh} />}
      <Card
        title={t('console.giftCodes.heading')}
        actions={
          <Button
            variant="plain"
            disabled={rows.length === 0}
            onClick={() =>
              downloadCsv(
                'gift-codes.csv',
                [
                  'id',
                  'code',
                  'kind',
                  'asset',
                  'amount',
                  'spins',
                  'redeemed',
                  'maxRedemptions',
                  'perPlayer',
                  'newUsersOnly',
                  'depositRequired',
                  'startsAt',
                  'expiresAt',
                  'active',
                  'createdAt',
                ],
                rows.map((row) => ({
                  ...row,
                  startsAt: row.startsAt === null ? '' : new Date(row.startsAt * 1000).toISOString(),
                  expiresAt: new Date(row.expiresAt * 1000).toISOString(),
                  createdAt: new Date(row.createdAt * 1000).toISOString(),
                })),
              )
            }
          >
            {t('console.common.exportCsv')}
          </Button>
        }
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setFilter(search.trim());
          }}
          className="mb-3 flex gap-2"
        >
          <Input
            aria-label={t('console.giftCodes.searchPlaceholder')}
            placeholder={t('console.giftCodes.searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <Button type="submit">{t('console.common.search')}</Button>
        </form>
        <ErrorLine error={error ?? (list.error ? errorText(list.error) : null)} />
        <Table
          head={[
            t('console.giftCodes.code'),
            t('console.giftCodes.value'),
            t('console.giftCodes.redeemed'),
            t('console.giftCodes.rules'),
            t('console.giftCodes.expiresAt'),
            t('console.common.status'),
            '',
          ]}
        >
          {rows.map((row) => (
            <tr key={row.id} data-testid={`gift-code-${row.code}`}>
              <td className="px-2 py-1.5 font-mono font-medium">{row.code}</td>
              <td className="px-2 py-1.5">
                {row.kind === 'amount'
                  ? `${row.amount} ${row.asset}`
                  : `${row.spins} × ${t('console.giftCodes.kinds.spins')}`}
              </td>
              <td className="px-2 py-1.5 tabular-nums">
                {row.redeemed} / {row.maxRedemptions}
              </td>
              <td className="px-2 py-1.5 text-xs text-slate-600">{rules(row)}</td>
              <td className="px-2 py-1.5 text-slate-500">
                {new Date(row.expiresAt * 1000).toLocaleString()}
              </td>
              <td className="px-2 py-1.5">
                <Badge tone={row.active ? 'green' : 'slate'}>
                  {row.active ? t('console.giftCodes.active') : t('console.giftCodes.inactive')}
                </Badge>
              </td>
              <td className="flex gap-2 px-2 py-1.5">
                {may('giftRedemptions') && (
                  <Button variant="plain" onClick={() => setOpen(row)}>
                    {t('console.giftCodes.redeemed')}
                  </Button>
                )}
                {row.active && may('deactivateGiftCode') && (
                  <Button variant="danger" onClick={() => void deactivate(row.id)}>
                    {t('console.giftCodes.deactivate')}
                  </Button>
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
      {open && <Redemptions code={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

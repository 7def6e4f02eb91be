import { type Asset, HISTORY_TYPES, type HistoryRow, type HistoryType } from '@payhub/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ChevronDown, Download, Receipt } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { useProjectFormat } from '../../lib/currency.ts';
import { paths } from '../../lib/paths.ts';
import { walletBalancesQuery } from '../../lib/wallet-queries.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { historyQuery } from './api.ts';
import { dayRange, daysBefore, localDay } from './days.ts';

const OBJECT_KEYS = [
  'exchange_quote',
  'pay_order',
  'withdraw_order',
  'chain_deposit',
  'chain_withdrawal',
  'game_bet',
  'round_bet',
  'provider_round',
  'rewards_bonus',
  'checkin',
  'wheel_spin',
  'gift_code',
  'shop_voucher',
  'staff_adjustment',
] as const;
type ObjectKey = (typeof OBJECT_KEYS)[number];
/** The days a CSV covers when the player chose no start day (the server allows at most 93). */
const EXPORT_DEFAULT_DAYS = 30;
/** The period filter: all time, the last N local days (today included), or two chosen days. */
const PERIODS = ['', '1', '7', '30', '90', 'custom'] as const;
type Period = (typeof PERIODS)[number];
const PERIOD_KEYS = {
  '': 'periodAll',
  '1': 'periodToday',
  '7': 'period7',
  '30': 'period30',
  '90': 'period90',
  custom: 'periodCustom',
} as const;

/** The screen that shows a movement's object, where the player app has one. */
function objectPath(row: HistoryRow): string | null {
  switch (row.objectType) {
    case 'pay_order':
      return row.objectId && /^\d+$/.test(row.objectId) ? paths.depositOrder(Number(row.objectId)) : null;
    case 'withdraw_order':
      return paths.walletWithdrawals;
    case 'chain_deposit':
      return paths.chainDeposit;
    case 'chain_withdrawal':
      return paths.chainWithdraw;
    case 'rewards_bonus':
      return paths.bonus;
    case 'checkin':
      return paths.checkin;
    case 'wheel_spin':
      return paths.wheel;
    case 'gift_code':
      return paths.rewardHistory;
    default:
      return null;
  }
}

function DayField({
  label,
  value,
  onChange,
  testId,
  max,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  max: string;
}) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-[12px] font-medium text-slate-500">
      {label}
      <input
        type="date"
        data-testid={testId}
        value={value}
        max={max}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 min-w-0 rounded-xl bg-white px-3 text-[14px] font-semibold text-slate-900 ring-1 ring-slate-200"
      />
    </label>
  );
}

/**
 * Every movement of every asset in one list: filters by asset, type and period (the last days or two
 * chosen local days), keyset pages, each row opening to its object (a link where the app shows it),
 * CSV of the chosen period (the last 30 days when it is all time).
 */
export default function HistoryPage() {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const timeZone = format.project?.timeZone ?? 'UTC';
  const [asset, setAsset] = useState<Asset | ''>('');
  const [type, setType] = useState<HistoryType | ''>('');
  const [period, setPeriod] = useState<Period>('');
  const [customFrom, setCustomFrom] = useState('');
  const [customTo, setCustomTo] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const today = localDay(Date.now(), timeZone);
  const fromDay =
    period === 'custom' ? customFrom : period === '' ? '' : daysBefore(today, Number(period) - 1);
  const toDay = period === 'custom' ? customTo : period === '' ? '' : today;
  const range = dayRange(fromDay, toDay, timeZone);
  const balances = useQuery(walletBalancesQuery());
  const rows = useInfiniteQuery({
    ...historyQuery({ asset: asset || undefined, type: type || undefined, ...range }),
    enabled: range !== null && format.project !== undefined,
  });
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    const lastDay = toDay || today;
    const span = dayRange(fromDay || daysBefore(lastDay, EXPORT_DEFAULT_DAYS - 1), lastDay, timeZone);
    if (!span?.from || !span.to) return;
    setExporting(true);
    try {
      const answer = await api.wallet.historyExport({
        query: {
          from: span.from,
          to: span.to,
          ...(asset ? { asset } : {}),
          ...(type ? { type } : {}),
        },
      });
      const url = URL.createObjectURL(new Blob([answer.csv], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = answer.filename;
      link.click();
      URL.revokeObjectURL(url);
    } catch {
      // The error dialog has told the player why.
    } finally {
      setExporting(false);
    }
  }

  const items = rows.data?.pages.flatMap((page) => page.items) ?? [];
  const objectLabel = (objectType: string) =>
    (OBJECT_KEYS as readonly string[]).includes(objectType)
      ? t(`playerMoney.history.objects.${objectType as ObjectKey}`)
      : t('playerMoney.history.objects.other');
  return (
    <main className="mx-auto flex max-w-md flex-col gap-3 px-4 pt-[max(1.25rem,env(safe-area-inset-top))] pb-6">
      <header className="flex items-center justify-between">
        <h1 className="text-[22px] font-bold text-slate-900">{t('playerMoney.history.title')}</h1>
        <Button
          variant="ghost"
          busy={exporting}
          disabled={range === null}
          onClick={() => void exportCsv()}
          aria-label={t('playerMoney.history.export')}
          title={t('playerMoney.history.export')}
          data-testid="history-export"
          className="h-9 px-3 text-[13px]"
        >
          <Download className="size-4" />
          CSV
        </Button>
      </header>
      <div className="grid grid-cols-2 gap-2">
        <select
          aria-label={t('playerMoney.history.allAssets')}
          data-testid="history-asset"
          value={asset}
          onChange={(event) => setAsset(event.target.value as Asset | '')}
          className="h-11 rounded-xl bg-white px-3 text-[14px] font-semibold ring-1 ring-slate-200"
        >
          <option value="">{t('playerMoney.history.allAssets')}</option>
          {(balances.data?.items ?? []).map((item) => (
            <option key={item.asset} value={item.asset}>
              {t(`playerMoney.assets.${item.asset as Asset}`)}
            </option>
          ))}
        </select>
        <select
          aria-label={t('playerMoney.history.allTypes')}
          data-testid="history-type"
          value={type}
          onChange={(event) => setType(event.target.value as HistoryType | '')}
          className="h-11 rounded-xl bg-white px-3 text-[14px] font-semibold ring-1 ring-slate-200"
        >
          <option value="">{t('playerMoney.history.allTypes')}</option>
          {HISTORY_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`playerMoney.history.types.${value}`)}
            </option>
          ))}
        </select>
        <select
          aria-label={t('playerMoney.history.period')}
          data-testid="history-period"
          value={period}
          onChange={(event) => setPeriod(event.target.value as Period)}
          className="col-span-2 h-11 rounded-xl bg-white px-3 text-[14px] font-semibold ring-1 ring-slate-200"
        >
          {PERIODS.map((value) => (
            <option key={value} value={value}>
              {t(`playerMoney.history.${PERIOD_KEYS[value]}`)}
            </option>
          ))}
        </select>
        {period === 'custom' && (
          <>
            <DayField
              label={t('playerMoney.history.fromDay')}
              value={customFrom}
              onChange={setCustomFrom}
              testId="history-from"
              max={today}
            />
            <DayField
              label={t('playerMoney.history.toDay')}
              value={customTo}
              onChange={setCustomTo}
              testId="history-to"
              max={today}
            />
          </>
        )}
      </div>
      {range === null ? (
        <p className="rounded-xl bg-rose-50 px-4 py-3 text-[13.5px] text-rose-700" role="alert">
          {t('playerMoney.history.backwards')}
        </p>
      ) : !rows.data ? (
        <PageSpinner label={t('player.loading')} />
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center px-6 py-10 text-center text-slate-500">
          <Receipt className="mb-2 size-8" />
          {t('playerMoney.history.empty')}
        </div>
      ) : (
        <section className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/70">
          <ul className="divide-y divide-slate-100">
            {items.map((row) => {
              const positive = !row.amount.startsWith('-');
              const expanded = open === row.id;
              const to = objectPath(row);
              return (
                <li key={row.id} data-testid="history-row">
                  <button
                    type="button"
                    aria-expanded={expanded}
                    onClick={() => setOpen(expanded ? null : row.id)}
                    className="grid w-full grid-cols-[1fr_auto] gap-x-2 gap-y-0.5 px-4 py-3 text-left active:bg-slate-50"
                  >
                    <span
                      className="flex items-center gap-1 text-[14.5px] font-semibold text-slate-900"
                      data-testid="history-type-label"
                    >
                      {t(`playerMoney.history.types.${row.type}`)}
                    </span>
                    <span
                      className={clsx(
                        'text-right text-[14.5px] font-semibold tabular-nums',
                        positive ? 'text-emerald-700' : 'text-slate-900',
                      )}
                      data-testid="history-amount"
                    >
                      {positive ? '+' : ''}
                      {format.asset(row.amount, row.asset)}
                    </span>
                    <span className="flex min-w-0 items-center gap-1 text-[12px] text-slate-500">
                      <span className="truncate">
                        {row.objectType ? `${objectLabel(row.objectType)} · #${row.objectId ?? ''}` : ''}
                      </span>
                      <ChevronDown
                        className={clsx('size-3.5 shrink-0 transition-transform', expanded && 'rotate-180')}
                      />
                    </span>
                    <span className="text-right text-[12px] text-slate-500">
                      {format.shortDateTime(row.createdAt)}
                    </span>
                  </button>
                  {expanded && (
                    <dl
                      className="mx-4 mb-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-xl bg-slate-50 px-3 py-2.5 text-[12.5px]"
                      data-testid="history-detail"
                    >
                      <dt className="text-slate-500">{t('playerMoney.history.when')}</dt>
                      <dd className="text-right text-slate-900">{format.dateTime(row.createdAt)}</dd>
                      {row.balanceAfter !== null && (
                        <>
                          <dt className="text-slate-500">{t('playerMoney.history.balanceAfter')}</dt>
                          <dd className="text-right text-slate-900 tabular-nums">
                            {format.asset(row.balanceAfter, row.asset)}
                          </dd>
                        </>
                      )}
                      {row.objectType && (
                        <>
                          <dt className="text-slate-500">{objectLabel(row.objectType)}</dt>
                          <dd className="break-all text-right font-mono text-slate-900">#{row.objectId}</dd>
                        </>
                      )}
                      {to && (
                        <dd className="col-span-2 pt-1 text-right">
                          <Link
                            to={to}
                            className="font-semibold text-brand-600"
                            data-testid="history-object-link"
                          >
                            {t('playerMoney.history.open')}
                          </Link>
                        </dd>
                      )}
                    </dl>
                  )}
                </li>
              );
            })}
          </ul>
          {rows.hasNextPage && (
            <div className="border-t border-slate-100 p-2">
              <Button
                variant="ghost"
                block
                busy={rows.isFetchingNextPage}
                onClick={() => void rows.fetchNextPage()}
              >
                {t('playerMoney.history.loadMore')}
              </Button>
            </div>
          )}
        </section>
      )}
    </main>
  );
}

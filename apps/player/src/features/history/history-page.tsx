import { type Asset, HISTORY_TYPES, type HistoryType } from '@payhub/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Download, Receipt } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { useProjectFormat } from '../../lib/currency.ts';
import { walletBalancesQuery } from '../../lib/wallet-queries.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { historyQuery } from './api.ts';

const OBJECT_KEYS = [
  'exchange_quote',
  'pay_order',
  'withdraw_order',
  'chain_deposit',
  'chain_withdrawal',
] as const;
type ObjectKey = (typeof OBJECT_KEYS)[number];
const DAY_MS = 86_400_000;

/** Every movement of every asset in one list: filters by asset and type, keyset pages, CSV of 30 days. */
export default function HistoryPage() {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const [asset, setAsset] = useState<Asset | ''>('');
  const [type, setType] = useState<HistoryType | ''>('');
  const balances = useQuery(walletBalancesQuery());
  const rows = useInfiniteQuery(historyQuery({ asset: asset || undefined, type: type || undefined }));
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const to = new Date();
      const answer = await api.wallet.historyExport({
        query: { from: new Date(to.getTime() - 30 * DAY_MS).toISOString(), to: to.toISOString() },
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
  const objectLabel = (objectType: string | null) =>
    objectType && (OBJECT_KEYS as readonly string[]).includes(objectType)
      ? t(`playerMoney.history.objects.${objectType as ObjectKey}`)
      : objectType;
  return (
    <main className="mx-auto flex max-w-md flex-col gap-3 px-4 pt-[max(1.25rem,env(safe-area-inset-top))] pb-6">
      <header className="flex items-center justify-between">
        <h1 className="text-[22px] font-bold text-slate-900">{t('playerMoney.history.title')}</h1>
        <Button
          variant="ghost"
          busy={exporting}
          onClick={() => void exportCsv()}
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
      </div>
      {!rows.data ? (
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
              return (
                <li
                  key={row.id}
                  className="grid grid-cols-[1fr_auto] gap-x-2 gap-y-0.5 px-4 py-3"
                  data-testid="history-row"
                >
                  <span
                    className="text-[14.5px] font-semibold text-slate-900"
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
                  <span className="truncate text-[12px] text-slate-500">
                    {row.objectType ? `${objectLabel(row.objectType)} · ${row.objectId?.slice(0, 8)}` : ''}
                  </span>
                  <span className="text-right text-[12px] text-slate-500">
                    {format.shortDateTime(row.createdAt)}
                  </span>
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

import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ArrowDownToLine, ArrowUpFromLine, Receipt } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { AssetBalances } from '../../lib/asset-balances.tsx';
import { useProjectFormat } from '../../lib/currency.ts';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { QUERY_KEYS } from '../../lib/query-keys.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { depositTone, StateChip, withdrawTone } from '../../shared/ui/state-chip.tsx';
import { balanceQuery, depositRecordsQuery, withdrawalRecordsQuery } from './api.ts';

type Tab = 'deposits' | 'withdrawals';

function LoadMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <div className="border-t border-slate-100 p-2">
      <Button
        variant="ghost"
        block
        busy={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {t('playerWallet.loadMore')}
      </Button>
    </div>
  );
}

function EmptyRecords() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center px-6 py-10 text-center">
      <span className="mb-3 flex size-12 items-center justify-center rounded-2xl bg-slate-100 text-slate-400">
        <Receipt className="size-6" />
      </span>
      <p className="text-[15px] font-semibold text-slate-700">{t('playerWallet.empty')}</p>
      <p className="mt-1 text-[13px] text-slate-500">{t('playerWallet.emptyHint')}</p>
    </div>
  );
}

function DepositRecords() {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const orders = useInfiniteQuery(depositRecordsQuery());
  if (!orders.data) return <PageSpinner label={t('player.loading')} />;
  const items = orders.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyRecords />;
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {items.map((order) => (
          <li key={order.id}>
            <Link
              to={paths.depositOrder(order.id)}
              className="flex items-center gap-3 px-4 py-3.5 active:bg-slate-50"
              data-testid="deposit-record"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-emerald-50 text-emerald-700">
                <ArrowDownToLine className="size-5" />
              </span>
              <span className="grid min-w-0 flex-1 grid-cols-[1fr_auto] items-center gap-x-2 gap-y-1">
                <span className="truncate text-[14.5px] font-semibold text-slate-900">
                  {t(`playerWallet.ports.${order.port}`)}
                </span>
                <span
                  className={clsx(
                    'text-right text-[14.5px] font-semibold tabular-nums',
                    // Taken back by the bank: no longer money that came in.
                    order.reversedAt ? 'text-slate-400 line-through' : 'text-emerald-700',
                  )}
                >
                  +{format.money(order.amount)}
                </span>
                <span className="truncate text-[12.5px] text-slate-500">
                  {order.bankCode} · {format.shortDateTime(order.createdAt)}
                </span>
                <span className="justify-self-end">
                  <StateChip
                    tone={depositTone(order)}
                    label={
                      order.reversedAt
                        ? t('playerWallet.depositReversed')
                        : t(`playerWallet.depositStates.${String(order.state) as '0'}`)
                    }
                  />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore query={orders} />
    </>
  );
}

function WithdrawalRecords() {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const queryClient = useQueryClient();
  const [cancelId, setCancelId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const orders = useInfiniteQuery(withdrawalRecordsQuery());

  async function cancel() {
    if (cancelId === null) return;
    setBusy(true);
    try {
      await api.withdraw.cancel({ params: { id: cancelId } });
      notify.success(t('playerWallet.withdrawalCanceled'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.withdrawals }),
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.balance }),
      ]);
    } catch {
      // The error dialog has told the user why.
    } finally {
      setBusy(false);
      setCancelId(null);
    }
  }

  if (!orders.data) return <PageSpinner label={t('player.loading')} />;
  const items = orders.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyRecords />;
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {items.map((order) => (
          <li key={order.id} className="flex items-start gap-3 px-4 py-3.5" data-testid="withdraw-record">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
              <ArrowUpFromLine className="size-5" />
            </span>
            <span className="grid min-w-0 flex-1 grid-cols-[1fr_auto] items-center gap-x-2 gap-y-1">
              <span className="truncate text-[14.5px] font-semibold text-slate-900">
                {order.bankCode} ••{order.accountNo.slice(-4)}
              </span>
              <span className="text-right text-[14.5px] font-semibold text-slate-900 tabular-nums">
                -{format.money(order.amount)}
              </span>
              <span className="truncate text-[12.5px] text-slate-500">
                {format.shortDateTime(order.createdAt)}
              </span>
              <span className="justify-self-end">
                <StateChip
                  tone={withdrawTone(order.state)}
                  label={t(`playerWallet.withdrawStates.${String(order.state) as '0'}`)}
                />
              </span>
              {order.state === 0 && (
                <button
                  type="button"
                  onClick={() => setCancelId(order.id)}
                  className="col-span-2 justify-self-start py-0.5 text-[13px] font-semibold text-rose-600"
                >
                  {t('playerWallet.cancelWithdrawal')}
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
      <LoadMore query={orders} />
      <ConfirmDialog
        open={cancelId !== null}
        onOpenChange={(open) => !open && setCancelId(null)}
        title={t('playerWallet.cancelWithdrawal')}
        message={t('playerWallet.cancelWithdrawalConfirm')}
        confirmLabel={t('player.confirm')}
        cancelLabel={t('player.back')}
        onConfirm={() => void cancel()}
        busy={busy}
        danger
      />
    </>
  );
}

/** The wallet: balance (posted, on hold, available), deposit and withdraw actions, and the records. */
export default function WalletPage() {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = search.get('tab') === 'withdrawals' ? 'withdrawals' : 'deposits';
  const balance = useQuery(balanceQuery());

  return (
    <div className="min-h-dvh">
      <header className="rounded-b-[28px] bg-gradient-to-br from-brand-900 via-brand-700 to-brand-600 px-5 pt-[max(1rem,env(safe-area-inset-top))] pb-6 text-white">
        <div className="mx-auto max-w-md">
          <h1 className="text-[17px] font-semibold text-white/90">{t('playerWallet.title')}</h1>
          <p className="mt-5 text-[13px] font-medium text-white/70">{t('playerWallet.balance')}</p>
          <p
            className="mt-1 text-[30px] leading-tight font-bold tracking-tight tabular-nums"
            data-testid="balance"
          >
            {balance.data ? format.money(balance.data.balance) : '…'}
          </p>
          <div className="mt-4 grid grid-cols-2 gap-2 rounded-2xl bg-white/10 p-3 text-[12.5px] ring-1 ring-white/15">
            <div className="min-w-0">
              <p className="text-white/65">{t('playerWallet.available')}</p>
              <p className="truncate font-semibold tabular-nums" data-testid="available">
                {balance.data ? format.money(balance.data.available) : '…'}
              </p>
            </div>
            <div className="min-w-0">
              <p className="text-white/65">{t('playerWallet.held')}</p>
              <p className="truncate font-semibold tabular-nums">
                {balance.data ? format.money(balance.data.held) : '…'}
              </p>
            </div>
          </div>
          {format.project?.playMoney && (
            <p className="mt-3 text-[12px] font-medium text-amber-200">{t('playerWallet.playMoney')}</p>
          )}
          <div className="mt-5 grid grid-cols-2 gap-3">
            <Link
              to={paths.deposit}
              className="flex h-12 items-center justify-center gap-2 rounded-xl bg-white text-[15px] font-semibold text-brand-700 active:bg-brand-50"
            >
              <ArrowDownToLine className="size-5" />
              {t('playerWallet.deposit')}
            </Link>
            <Link
              to={paths.withdraw}
              className="flex h-12 items-center justify-center gap-2 rounded-xl bg-white/15 text-[15px] font-semibold text-white ring-1 ring-white/25 active:bg-white/25"
            >
              <ArrowUpFromLine className="size-5" />
              {t('playerWallet.withdraw')}
            </Link>
            <Link
              to={paths.chainDeposit}
              className="flex h-10 items-center justify-center rounded-xl bg-white/15 text-[13px] font-semibold text-white ring-1 ring-white/25 active:bg-white/25"
              data-testid="chain-deposit-link"
            >
              {t('playerChain.depositCrypto')}
            </Link>
            <Link
              to={paths.chainWithdraw}
              className="flex h-10 items-center justify-center rounded-xl bg-white/15 text-[13px] font-semibold text-white ring-1 ring-white/25 active:bg-white/25"
              data-testid="chain-withdraw-link"
            >
              {t('playerChain.withdrawCrypto')}
            </Link>
          </div>
        </div>
      </header>

      <main className="mx-auto mt-5 flex max-w-md flex-col gap-3 px-4 pb-6">
        <AssetBalances />
        <h2 className="px-1 text-[12.5px] font-semibold tracking-wide text-slate-600 uppercase">
          {t('playerWallet.records')}
        </h2>
        <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/70">
          <div role="tablist" className="grid grid-cols-2 gap-1 border-b border-slate-100 p-1.5">
            {(['deposits', 'withdrawals'] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={tab === name}
                onClick={() => setSearch(name === 'deposits' ? {} : { tab: name }, { replace: true })}
                className={clsx(
                  'h-10 rounded-xl text-[14px] font-semibold',
                  tab === name ? 'bg-brand-50 text-brand-700' : 'text-slate-500 active:bg-slate-50',
                )}
              >
                {t(`playerWallet.${name}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel">{tab === 'deposits' ? <DepositRecords /> : <WithdrawalRecords />}</div>
        </div>
      </main>
    </div>
  );
}

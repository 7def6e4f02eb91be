import { type Asset, type Quote, tryParseAmount } from '@payhub/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDownUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { useProjectFormat } from '../../lib/currency.ts';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { QUERY_KEYS } from '../../lib/query-keys.ts';
import { walletBalancesQuery } from '../../lib/wallet-queries.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { rateQuery } from './api.ts';

function AssetSelect({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: Asset;
  options: Asset[];
  onChange: (asset: Asset) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <label className="flex flex-1 flex-col gap-1 text-[13px] font-semibold text-slate-600">
      {label}
      <select
        value={value}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value as Asset)}
        className="h-12 rounded-xl bg-white px-3 text-[15px] font-semibold text-slate-900 ring-1 ring-slate-200"
      >
        {options.map((asset) => (
          <option key={asset} value={asset}>
            {t(`playerMoney.assets.${asset}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Seconds until an instant, ticking every second. */
function useSecondsLeft(expiresAt: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt ? Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now) / 1000)) : 0;
}

/** Exchange: pick two assets and an amount, get a quote that holds for its stated seconds, confirm it once. */
/** The rate's decimal text without trailing zeros past two decimals ("100.00000000" → "100,00" in id-ID). */
function rateText(display: string, locale: string | undefined): string {
  const [whole = '0', fraction = ''] = display.split('.');
  const digits = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${whole}${locale === 'id-ID' ? ',' : '.'}${digits}`;
}

export default function ExchangePage() {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const queryClient = useQueryClient();
  const balances = useQuery(walletBalancesQuery());
  const assets = (balances.data?.items.map((item) => item.asset) ?? []) as Asset[];
  const [from, setFrom] = useState<Asset | null>(null);
  const [to, setTo] = useState<Asset>('YEC');
  const [amount, setAmount] = useState('');
  const [quote, setQuote] = useState<Quote | null>(null);
  const [busy, setBusy] = useState(false);
  const source: Asset = from ?? assets[0] ?? 'USDT';
  const target: Asset = to === source ? (assets.find((asset) => asset !== source) ?? 'YEC') : to;
  const rate = useQuery({ ...rateQuery(source, target), enabled: assets.length > 0 });
  const secondsLeft = useSecondsLeft(quote?.expiresAt ?? null);
  const available = balances.data?.items.find((item) => item.asset === source)?.available;
  const typed = tryParseAmount(amount, source, 'typed');

  function reset() {
    setQuote(null);
  }

  async function askQuote() {
    if (typed === null || typed <= 0n) {
      notify.error(t('playerMoney.exchange.invalidAmount'));
      return;
    }
    setBusy(true);
    try {
      setQuote(
        await api.exchange.quote({ body: { from: source, to: target, amount: amount.replace(',', '.') } }),
      );
    } catch {
      // The error dialog has told the player why (3014, 700, 762, 3).
    } finally {
      setBusy(false);
    }
  }

  async function accept() {
    if (!quote) return;
    setBusy(true);
    try {
      await api.exchange.accept({ params: { id: quote.id } });
      notify.success(t('playerMoney.exchange.done'));
      setQuote(null);
      setAmount('');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.walletBalances }),
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.history }),
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.balance }),
      ]);
    } catch {
      setQuote(null);
    } finally {
      setBusy(false);
    }
  }

  const pairRate = rate.data?.items[0];
  return (
    <div className="min-h-dvh">
      <PageHeader title={t('playerMoney.exchange.title')} backTo={paths.home} backLabel={t('player.back')} />
      <main className="mx-auto flex max-w-md flex-col gap-4 px-4 pt-4 pb-8">
        <section className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70">
          <div className="flex items-end gap-2">
            <AssetSelect
              label={t('playerMoney.exchange.from')}
              value={source}
              options={assets}
              testId="exchange-from"
              onChange={(asset) => {
                setFrom(asset);
                reset();
              }}
            />
            <button
              type="button"
              aria-label={t('playerMoney.exchange.swap')}
              className="mb-1 flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700"
              onClick={() => {
                setFrom(target);
                setTo(source);
                reset();
              }}
            >
              <ArrowDownUp className="size-5" />
            </button>
            <AssetSelect
              label={t('playerMoney.exchange.to')}
              value={target}
              options={assets.filter((asset) => asset !== source)}
              testId="exchange-to"
              onChange={(asset) => {
                setTo(asset);
                reset();
              }}
            />
          </div>
          <label className="flex flex-col gap-1 text-[13px] font-semibold text-slate-600">
            {t('playerMoney.exchange.amount')}
            <input
              inputMode="decimal"
              value={amount}
              data-testid="exchange-amount"
              onChange={(event) => {
                setAmount(event.target.value);
                reset();
              }}
              className="h-12 rounded-xl px-3 text-[17px] font-semibold text-slate-900 tabular-nums ring-1 ring-slate-200"
            />
          </label>
          {available !== undefined && (
            <p className="text-[12.5px] text-slate-500">
              {t('playerMoney.exchange.amountHint', { amount: format.asset(available, source) })}
            </p>
          )}
          {pairRate && (
            <p className="text-[13px] text-slate-600" data-testid="exchange-rate">
              {t('playerMoney.exchange.rate', {
                from: source,
                to: target,
                rate: rateText(pairRate.display, format.project?.locale),
              })}{' '}
              · {t('playerMoney.exchange.spread', { percent: (pairRate.spreadBps / 100).toString() })}
            </p>
          )}
          {!quote && (
            <Button block busy={busy} onClick={() => void askQuote()} data-testid="exchange-quote">
              {t('playerMoney.exchange.quote')}
            </Button>
          )}
        </section>
        {quote && (
          <section
            className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70"
            data-testid="exchange-quote-card"
          >
            <div className="flex justify-between text-[14px]">
              <span className="text-slate-500">{t('playerMoney.exchange.youPay')}</span>
              <span className="font-semibold text-slate-900 tabular-nums">
                {format.asset(quote.fromAmount, quote.from)}
              </span>
            </div>
            <div className="flex justify-between text-[14px]">
              <span className="text-slate-500">{t('playerMoney.exchange.youGet')}</span>
              <span className="font-bold text-emerald-700 tabular-nums" data-testid="exchange-get">
                {format.asset(quote.toAmount, quote.to)}
              </span>
            </div>
            {secondsLeft > 0 ? (
              <>
                <p className="text-[12.5px] font-semibold text-amber-700">
                  {t('playerMoney.exchange.expiresIn', { seconds: secondsLeft })}
                </p>
                <Button block busy={busy} onClick={() => void accept()} data-testid="exchange-confirm">
                  {t('playerMoney.exchange.confirm')}
                </Button>
              </>
            ) : (
              <>
                <p className="text-[13px] text-rose-600">{t('playerMoney.exchange.expired')}</p>
                <Button block variant="secondary" onClick={() => void askQuote()}>
                  {t('playerMoney.exchange.quote')}
                </Button>
              </>
            )}
          </section>
        )}
      </main>
    </div>
  );
}

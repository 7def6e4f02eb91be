import { formatAmount, maskNumber, parseAmount, tryParseAmount } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CircleCheck, Landmark, Plus } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { BonusWithdrawNotice } from '../../lib/bonus.tsx';
import { useProjectFormat } from '../../lib/currency.ts';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { queryClient } from '../../lib/query-client.ts';
import { QUERY_KEYS } from '../../lib/query-keys.ts';
import { useWithdrawHeld, WithdrawHoldNotice, withdrawHoldQuery } from '../../lib/withdraw-hold.tsx';
import { newIdempotencyKey } from '../../shared/idempotency.ts';
import { type AmountProblem, checkAmount } from '../../shared/money.ts';
import { Button } from '../../shared/ui/button.tsx';
import { AmountField } from '../../shared/ui/field.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { bankAccountsQuery, feeQuery, withdrawInfoQuery } from './api.ts';
import { BankAccountSheet } from './bank-account-sheet.tsx';

/** The contracts' limit on saved bank accounts. */
const BANK_ACCOUNTS_MAX = 5;
/** The fee preview waits until typing pauses. */
const FEE_PREVIEW_DELAY_MS = 400;

/** A withdrawal to one of the player's saved bank accounts, with the fee shown before it is asked for. */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useProjectFormat();
  const currency = format.currency;
  const info = useQuery(withdrawInfoQuery());
  const held = useWithdrawHeld();
  const accounts = useQuery(bankAccountsQuery());
  const [accountId, setAccountId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [amountProblem, setAmountProblem] = useState<AmountProblem | null>(null);
  const [accountMissing, setAccountMissing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [previewAmount, setPreviewAmount] = useState<string | null>(null);
  const idempotencyKey = useRef(newIdempotencyKey());

  const limits = info.data
    ? {
        min: parseAmount(info.data.minAmount, currency, 'wire'),
        max: parseAmount(info.data.maxAmount, currency, 'wire'),
        available: parseAmount(info.data.available, currency, 'wire'),
      }
    : null;

  // The fee preview follows the amount once it passes the local rules, after typing pauses.
  const typedMinor = tryParseAmount(amount, currency, 'typed');
  const candidate =
    limits !== null && typedMinor !== null && checkAmount(amount, limits, currency) === null
      ? formatAmount(typedMinor, currency)
      : null;
  useEffect(() => {
    const timer = setTimeout(() => setPreviewAmount(candidate), FEE_PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [candidate]);

  const fee = useQuery(feeQuery(previewAmount));

  const items = accounts.data?.items ?? [];
  const selectedId = accountId ?? items[0]?.id ?? null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!limits) return;
    // The hold is amount plus fee: once the fee of this amount is known, the total must fit too.
    const feeOfAmount = fee.data && fee.data.amount === candidate ? fee.data : null;
    const totalTooLarge =
      feeOfAmount !== null && parseAmount(feeOfAmount.total, currency, 'wire') > limits.available;
    const problem = checkAmount(amount, limits, currency) ?? (totalTooLarge ? 'amountOverAvailable' : null);
    setAmountProblem(problem);
    setAccountMissing(selectedId === null);
    const minor = tryParseAmount(amount, currency, 'typed');
    if (problem || selectedId === null || minor === null) return;
    setBusy(true);
    try {
      await api.withdraw.create({
        body: { amount: formatAmount(minor, currency), bankAccountId: selectedId },
        idempotencyKey: idempotencyKey.current,
      });
      idempotencyKey.current = newIdempotencyKey();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.balance }),
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.withdrawals }),
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.withdrawInfo }),
      ]);
      notify.success(t('playerWithdraw.submitted'));
      navigate(paths.walletWithdrawals, { replace: true });
    } catch {
      // The error dialog has told the user why; a refusal may have put the account under review.
      void queryClient.invalidateQueries({ queryKey: withdrawHoldQuery().queryKey });
    } finally {
      setBusy(false);
    }
  }

  const header = (
    <PageHeader title={t('playerWithdraw.title')} backTo="/wallet" backLabel={t('player.back')} />
  );
  if (!info.data || !accounts.data || !limits) {
    return (
      <>
        {header}
        <PageSpinner label={t('player.loading')} />
      </>
    );
  }
  const data = info.data;
  const amountMessage = amountProblem
    ? t(`playerWallet.amountRules.${amountProblem}`, {
        min: format.money(limits.min),
        max: format.money(limits.max),
      })
    : null;
  // feeBps is a rate in hundredths of a percent (100 -> 1 %); a rate, not an amount of money.
  const feePercent = String(data.feeBps / 100);

  return (
    <div className="min-h-dvh bg-white">
      {header}
      <form onSubmit={submit} noValidate className="mx-auto flex max-w-md flex-col gap-6 px-5 pt-5 pb-8">
        <section className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-600 p-4 text-white">
          <p className="text-[12.5px] text-white/70">{t('playerWithdraw.available')}</p>
          <p className="mt-0.5 text-[24px] font-bold tabular-nums" data-testid="withdraw-available">
            {format.money(data.available)}
          </p>
          <p className="mt-2 text-[12.5px] text-white/75">
            {t('playerWithdraw.limits', {
              min: format.money(data.minAmount),
              max: format.money(data.maxAmount),
            })}
          </p>
          <p className="text-[12.5px] text-white/75">
            {t('playerWithdraw.feeRule', { percent: feePercent, min: format.money(data.feeMin) })}
          </p>
          {data.openOrders > 0 && (
            <p className="mt-1 text-[12.5px] text-amber-200">
              {t('playerWithdraw.openOrders', { count: data.openOrders, max: data.openOrdersMax })}
            </p>
          )}
        </section>
        <WithdrawHoldNotice />

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-[13px] font-medium text-slate-600">
            {t('playerWithdraw.account')}
          </legend>
          {items.length === 0 && (
            <p className="rounded-2xl bg-slate-50 px-4 py-3 text-[13.5px] text-slate-500">
              {t('playerWithdraw.noAccounts')}
            </p>
          )}
          {items.map((account) => {
            const selected = account.id === selectedId;
            return (
              <button
                key={account.id}
                type="button"
                aria-pressed={selected}
                onClick={() => {
                  setAccountId(account.id);
                  setAccountMissing(false);
                }}
                className={clsx(
                  'flex items-center gap-3 rounded-2xl px-4 py-3 text-left ring-1',
                  selected
                    ? 'bg-brand-50 ring-2 ring-brand-500'
                    : 'bg-white ring-slate-200 active:bg-slate-50',
                )}
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-600">
                  <Landmark className="size-5" />
                </span>
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="text-[15px] font-semibold text-slate-900">
                    {account.bankCode} · {maskNumber(account.accountNo)}
                  </span>
                  <span className="truncate text-[12.5px] text-slate-500">{account.holderName}</span>
                </span>
                {selected && <CircleCheck className="size-5 shrink-0 text-brand-600" />}
              </button>
            );
          })}
          {items.length < BANK_ACCOUNTS_MAX ? (
            <button
              type="button"
              onClick={() => setAdding(true)}
              className="flex h-12 items-center justify-center gap-2 rounded-2xl border border-dashed border-slate-300 text-[14px] font-semibold text-brand-700 active:bg-slate-50"
            >
              <Plus className="size-5" />
              {t('playerWithdraw.addAccount')}
            </button>
          ) : (
            <p className="text-[12.5px] text-slate-500">
              {t('playerWithdraw.accountsFull', { max: BANK_ACCOUNTS_MAX })}
            </p>
          )}
          {accountMissing && (
            <p role="alert" className="text-[12.5px] text-rose-600">
              {t('playerWithdraw.validation.accountRequired')}
            </p>
          )}
        </fieldset>

        <div className="flex flex-col gap-3">
          <AmountField
            label={t('playerWithdraw.amount')}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setAmountProblem(null);
            }}
            error={amountMessage}
            currencySymbol={format.project?.currencySymbol}
            placeholder={t('playerWithdraw.amountPlaceholder')}
          />
          {fee.data && previewAmount !== null && (
            <dl className="grid grid-cols-[1fr_auto] gap-y-1 rounded-2xl bg-slate-50 px-4 py-3 text-[13.5px]">
              <dt className="text-slate-500">{t('playerWithdraw.fee')}</dt>
              <dd className="text-right font-medium text-slate-800 tabular-nums" data-testid="withdraw-fee">
                {format.money(fee.data.fee)}
              </dd>
              <dt className="text-slate-500">{t('playerWithdraw.total')}</dt>
              <dd
                className="text-right font-semibold text-slate-900 tabular-nums"
                data-testid="withdraw-total"
              >
                {format.money(fee.data.total)}
              </dd>
            </dl>
          )}
        </div>

        <BonusWithdrawNotice />
        <Button type="submit" block busy={busy} disabled={held}>
          {t('playerWithdraw.submit')}
        </Button>
      </form>
      {adding && <BankAccountSheet open onOpenChange={setAdding} onAdded={(id) => setAccountId(id)} />}
    </div>
  );
}

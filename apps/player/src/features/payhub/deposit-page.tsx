import {
  type BankCode,
  formatAmount,
  type LocalCurrency,
  type PayPort,
  parseAmount,
  tryParseAmount,
} from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ArrowLeftRight, Building2, QrCode, Store } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { useProjectFormat } from '../../lib/currency.ts';
import { applyDepositOrder } from '../../lib/deposit-live.ts';
import { paths } from '../../lib/paths.ts';
import { queryClient } from '../../lib/query-client.ts';
import { newIdempotencyKey } from '../../shared/idempotency.ts';
import { type AmountProblem, checkAmount } from '../../shared/money.ts';
import { Button } from '../../shared/ui/button.tsx';
import { AmountField, TextField } from '../../shared/ui/field.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { payingBanksQuery, portsQuery } from './api.ts';

type Port = PayPort;
/** The ports come from the project's rails (server): SPEI and OXXO in Mexico, bank and QRIS in Indonesia. */
const portIcons = { bank_transfer: Building2, qris: QrCode, spei: ArrowLeftRight, oxxo: Store } as const;
/** Quick amounts: multiples of the port's minimum, kept within its maximum. */
const QUICK_MULTIPLES = [1n, 5n, 10n, 50n];

/** The amount as the player would type it: "150000", or "150000.50" when it has cents. */
function typedFromMinor(minor: bigint, currency: LocalCurrency): string {
  const wire = formatAmount(minor, currency);
  return wire.endsWith('.00') ? wire.slice(0, -3) : wire;
}

/** A deposit: choose the port and the paying bank, enter the amount, create the order. */
export default function DepositPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useProjectFormat();
  const currency = format.currency;
  const ports = useQuery(portsQuery());
  const banks = useQuery(payingBanksQuery());
  const [port, setPort] = useState<Port | null>(null);
  const [bankCode, setBankCode] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [payerName, setPayerName] = useState('');
  const [amountProblem, setAmountProblem] = useState<AmountProblem | null>(null);
  const [bankMissing, setBankMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  // One key per order the player means to create: a retried submit is answered once.
  const idempotencyKey = useRef(newIdempotencyKey());

  if (!ports.data || !banks.data) {
    return (
      <>
        <PageHeader title={t('playerDeposit.title')} backTo="/wallet" backLabel={t('player.back')} />
        <PageSpinner label={t('player.loading')} />
      </>
    );
  }
  const selectedPort = ports.data.items.find((item) => item.port === port) ?? ports.data.items[0];
  const limits = selectedPort
    ? {
        min: parseAmount(selectedPort.minAmount, currency, 'wire'),
        max: parseAmount(selectedPort.maxAmount, currency, 'wire'),
      }
    : null;
  const quickAmounts = limits
    ? QUICK_MULTIPLES.map((multiple) => limits.min * multiple).filter((value) => value <= limits.max)
    : [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!selectedPort || !limits) return;
    const problem = checkAmount(amount, limits, currency);
    setAmountProblem(problem);
    setBankMissing(bankCode === null);
    const minor = tryParseAmount(amount, currency, 'typed');
    if (problem || bankCode === null || minor === null) return;
    setBusy(true);
    try {
      const order = await api.payhub.createOrder({
        body: {
          amount: formatAmount(minor, currency),
          bankCode: bankCode as BankCode,
          port: selectedPort.port,
          ...(payerName.trim().length >= 2 ? { payerName: payerName.trim() } : {}),
        },
        idempotencyKey: idempotencyKey.current,
      });
      idempotencyKey.current = newIdempotencyKey();
      applyDepositOrder(queryClient, order);
      navigate(paths.depositOrder(order.id), { replace: true });
    } catch {
      // The error dialog has told the user why.
    } finally {
      setBusy(false);
    }
  }

  const amountMessage =
    amountProblem && limits
      ? t(`playerWallet.amountRules.${amountProblem}`, {
          min: format.money(limits.min),
          max: format.money(limits.max),
        })
      : null;

  return (
    <div className="min-h-dvh bg-white">
      <PageHeader title={t('playerDeposit.title')} backTo="/wallet" backLabel={t('player.back')} />
      {selectedPort && limits ? (
        <form onSubmit={submit} noValidate className="mx-auto flex max-w-md flex-col gap-6 px-5 pt-5 pb-8">
          <fieldset className="flex flex-col gap-2.5">
            <legend className="mb-2.5 text-[13px] font-medium text-slate-600">
              {t('playerDeposit.method')}
            </legend>
            {ports.data.items.map((item) => {
              const Icon = portIcons[item.port];
              const selected = item.port === selectedPort.port;
              return (
                <button
                  key={item.port}
                  type="button"
                  aria-pressed={selected}
                  onClick={() => {
                    setPort(item.port);
                    setAmountProblem(null);
                  }}
                  className={clsx(
                    'flex items-center gap-3 rounded-2xl px-4 py-3 text-left ring-1 transition-colors',
                    selected
                      ? 'bg-brand-50 ring-2 ring-brand-500'
                      : 'bg-white ring-slate-200 active:bg-slate-50',
                  )}
                >
                  <span
                    className={clsx(
                      'flex size-10 items-center justify-center rounded-xl',
                      selected ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-500',
                    )}
                  >
                    <Icon className="size-5" />
                  </span>
                  <span className="flex min-w-0 flex-col">
                    <span className="text-[15px] font-semibold text-slate-900">
                      {t(`playerWallet.ports.${item.port}`)}
                    </span>
                    <span className="truncate text-[12.5px] text-slate-600 tabular-nums">
                      {t('playerDeposit.range', {
                        min: format.money(item.minAmount),
                        max: format.money(item.maxAmount),
                      })}
                    </span>
                  </span>
                </button>
              );
            })}
          </fieldset>

          <fieldset>
            <legend className="mb-2.5 text-[13px] font-medium text-slate-600">
              {t('playerDeposit.bank')}
            </legend>
            <div className="grid grid-cols-3 gap-2">
              {banks.data.items.map((bank) => (
                <button
                  key={bank.code}
                  type="button"
                  aria-pressed={bank.code === bankCode}
                  title={bank.name}
                  onClick={() => {
                    setBankCode(bank.code);
                    setBankMissing(false);
                  }}
                  className={clsx(
                    'h-11 rounded-xl text-[13.5px] font-semibold ring-1',
                    bank.code === bankCode
                      ? 'bg-brand-50 text-brand-700 ring-2 ring-brand-500'
                      : 'bg-white text-slate-700 ring-slate-200 active:bg-slate-50',
                  )}
                >
                  {bank.code}
                </button>
              ))}
            </div>
            {bankMissing && (
              <p role="alert" className="mt-1.5 text-[12.5px] text-rose-600">
                {t('playerWithdraw.validation.bankRequired')}
              </p>
            )}
          </fieldset>

          <div className="flex flex-col gap-2.5">
            <AmountField
              label={t('playerDeposit.amount')}
              value={amount}
              onChange={(value) => {
                setAmount(value);
                setAmountProblem(null);
              }}
              error={amountMessage}
              currencySymbol={format.project?.currencySymbol}
              placeholder={t('playerDeposit.amountPlaceholder')}
            />
            <div className="flex flex-wrap gap-2">
              {quickAmounts.map((value) => (
                <button
                  key={value.toString()}
                  type="button"
                  onClick={() => {
                    setAmount(typedFromMinor(value, currency));
                    setAmountProblem(null);
                  }}
                  className="h-9 rounded-full bg-slate-100 px-3.5 text-[13px] font-semibold text-slate-700 tabular-nums active:bg-slate-200"
                >
                  {format.money(value)}
                </button>
              ))}
            </div>
          </div>

          <TextField
            label={t('playerDeposit.payerName')}
            hint={t('playerDeposit.payerNameHint')}
            name="payerName"
            autoComplete="name"
            maxLength={80}
            value={payerName}
            onChange={setPayerName}
          />

          <Button type="submit" block busy={busy}>
            {t('playerDeposit.create')}
          </Button>
        </form>
      ) : (
        <p className="mx-auto max-w-md px-6 py-16 text-center text-[15px] text-slate-500">
          {t('playerDeposit.noMethods')}
        </p>
      )}
    </div>
  );
}

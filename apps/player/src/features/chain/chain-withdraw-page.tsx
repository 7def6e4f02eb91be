import { tryParseAmount } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CircleCheck, Clock, Plus } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { BonusWithdrawNotice } from '../../lib/bonus.tsx';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { queryClient } from '../../lib/query-client.ts';
import { QUERY_KEYS } from '../../lib/query-keys.ts';
import { useWithdrawHeld, WithdrawHoldNotice, withdrawHoldQuery } from '../../lib/withdraw-hold.tsx';
import { newIdempotencyKey } from '../../shared/idempotency.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Sheet } from '../../shared/ui/sheet.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { StateChip, type StateTone } from '../../shared/ui/state-chip.tsx';
import { addressBookQuery, chainWithdrawalsQuery, withdrawQuoteQuery } from './api.ts';
import { useUsdtText } from './usdt-text.ts';

const WITHDRAW_TONES: Record<string, StateTone> = {
  requested: 'pending',
  sent: 'pending',
  confirmed: 'success',
  failed: 'danger',
};
const QUOTE_DELAY_MS = 400;
const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

/** Adds an address with the SMS code sent to the player's own phone; usable 24 h later. */
function AddAddressSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [code, setCode] = useState('');
  const [problems, setProblems] = useState<{ address?: string; label?: string; code?: string }>({});
  const [busy, setBusy] = useState(false);

  async function sendCode() {
    try {
      await api.chain.addressCode();
      notify.success(t('playerChain.codeSent'));
    } catch {
      // The error dialog has told the user why.
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(ADDRESS_PATTERN.test(address.trim()) ? {} : { address: t('playerChain.validation.addressRule') }),
      ...(label.trim() ? {} : { label: t('playerChain.validation.labelRequired') }),
      ...(/^\d{6}$/.test(code) ? {} : { code: t('playerChain.validation.codeRule') }),
    };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const entry = await api.chain.addAddress({
        body: { address: address.trim(), label: label.trim(), code },
      });
      notify.success(t('playerChain.addressAdded', { hours: 24 }));
      void entry;
      await queryClient.invalidateQueries({ queryKey: ['chain', 'addresses'] });
      setAddress('');
      setLabel('');
      setCode('');
      onOpenChange(false);
    } catch {
      // The error dialog has told the user why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('playerChain.addAddress')}
      closeLabel={t('player.back')}
    >
      <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('playerChain.address')}
          value={address}
          onChange={setAddress}
          error={problems.address}
          autoComplete="off"
          spellCheck={false}
          name="address"
        />
        <TextField
          label={t('playerChain.label')}
          value={label}
          onChange={setLabel}
          error={problems.label}
          placeholder={t('playerChain.labelPlaceholder')}
          maxLength={40}
          name="label"
        />
        <TextField
          label={t('playerChain.code')}
          value={code}
          onChange={(value) => setCode(value.replace(/\D/g, '').slice(0, 6))}
          error={problems.code}
          inputMode="numeric"
          name="code"
          trailing={
            <button
              type="button"
              className="text-[13px] font-semibold text-brand-600"
              onClick={() => void sendCode()}
            >
              {t('playerChain.sendCode')}
            </button>
          }
        />
        <Button type="submit" block busy={busy}>
          {t('playerChain.addAddress')}
        </Button>
      </form>
    </Sheet>
  );
}

/** A USDT withdrawal to a usable address-book entry, with the fee quoted before it is asked for. */
export default function ChainWithdrawPage() {
  const { t, i18n } = useTranslation();
  const shortUsdt = useUsdtText();
  const book = useQuery(addressBookQuery());
  const withdrawals = useQuery(chainWithdrawalsQuery());
  const held = useWithdrawHeld();
  const [addressId, setAddressId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [quoted, setQuoted] = useState<string | null>(null);
  const idempotencyKey = useRef(newIdempotencyKey());

  const minor = tryParseAmount(amount, 'USDT', 'typed');
  const candidate = minor !== null && minor > 0n ? amount.trim() : null;
  useEffect(() => {
    const timer = setTimeout(() => setQuoted(candidate), QUOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [candidate]);
  const quote = useQuery(withdrawQuoteQuery(quoted));

  const header = (
    <PageHeader title={t('playerChain.withdrawTitle')} backTo={paths.wallet} backLabel={t('player.back')} />
  );
  if (!book.data) {
    return (
      <>
        {header}
        <PageSpinner label={t('player.loading')} />
      </>
    );
  }
  const entries = book.data.items;
  const usable = entries.filter((entry) => entry.usable);
  const selected = addressId ?? usable[0]?.id ?? null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (candidate === null) return setProblem(t('playerChain.validation.amountRule'));
    if (selected === null) return setProblem(t('playerChain.validation.addressRequired'));
    setProblem(null);
    setBusy(true);
    try {
      await api.chain.withdraw({
        body: { amount: candidate, addressId: selected },
        idempotencyKey: idempotencyKey.current,
      });
      idempotencyKey.current = newIdempotencyKey();
      notify.success(t('playerChain.submitted'));
      setAmount('');
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.chainWithdrawals });
    } catch {
      // The error dialog has told the user why; a refusal may have put the account under review.
      void queryClient.invalidateQueries({ queryKey: withdrawHoldQuery().queryKey });
    } finally {
      setBusy(false);
    }
  }

  const items = withdrawals.data?.items ?? [];
  return (
    <>
      {header}
      <main className="mx-auto flex max-w-md flex-col gap-4 px-4 py-4">
        <WithdrawHoldNotice />
        <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70">
          <div className="mb-2 flex items-center justify-between">
            <h2 className="text-[14px] font-semibold text-slate-700">{t('playerChain.addressBook')}</h2>
            {entries.length < book.data.max ? (
              <button
                type="button"
                className="flex items-center gap-1 text-[13px] font-semibold text-brand-600"
                onClick={() => setAdding(true)}
                data-testid="chain-add-address"
              >
                <Plus className="size-4" /> {t('playerChain.addAddress')}
              </button>
            ) : (
              <span className="text-[12px] text-slate-500">
                {t('playerChain.addressesFull', { max: book.data.max })}
              </span>
            )}
          </div>
          {entries.length === 0 && (
            <p className="text-[13px] text-slate-500">{t('playerChain.noAddresses')}</p>
          )}
          <ul className="flex flex-col gap-2">
            {entries.map((entry) => (
              <li key={entry.id}>
                <button
                  type="button"
                  disabled={!entry.usable}
                  onClick={() => setAddressId(entry.id)}
                  className={clsx(
                    'flex w-full items-center gap-3 rounded-xl p-3 text-left ring-1',
                    selected === entry.id ? 'bg-brand-50 ring-brand-400' : 'bg-slate-50 ring-slate-200',
                    !entry.usable && 'opacity-60',
                  )}
                  data-testid="chain-address-entry"
                >
                  {entry.usable ? (
                    <CircleCheck className="size-5 text-brand-600" />
                  ) : (
                    <Clock className="size-5 text-slate-400" />
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="block text-[14px] font-semibold text-slate-900">{entry.label}</span>
                    <span className="block truncate font-mono text-[11.5px] text-slate-600">
                      {entry.address}
                    </span>
                    {!entry.usable && (
                      <span className="block text-[12px] text-slate-500">
                        {t('playerChain.usableFrom', {
                          time: new Date(entry.usableAt).toLocaleString(i18n.language),
                        })}
                      </span>
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
        <form
          className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70"
          onSubmit={(event) => void submit(event)}
          noValidate
        >
          <TextField
            label={t('playerChain.amount')}
            value={amount}
            onChange={setAmount}
            error={problem}
            inputMode="decimal"
            placeholder={t('playerChain.amountPlaceholder')}
            leading={<span className="text-[13px] font-semibold text-slate-500">USDT</span>}
            name="amount"
          />
          {quote.data && quote.data.amount !== undefined && (
            <dl className="grid grid-cols-2 gap-y-1 text-[13px]" data-testid="chain-quote">
              <dt className="text-slate-500">{t('playerChain.available')}</dt>
              <dd className="text-right text-slate-900">{shortUsdt(quote.data.available)}</dd>
              <dt className="text-slate-500">{t('playerChain.fee')}</dt>
              <dd className="text-right text-slate-900">{shortUsdt(quote.data.fee)}</dd>
              <dt className="font-semibold text-slate-700">{t('playerChain.total')}</dt>
              <dd className="text-right font-semibold text-slate-900">{shortUsdt(quote.data.total)}</dd>
              <dd className="col-span-2 text-[12px] text-slate-500">
                {t('playerChain.limits', {
                  min: shortUsdt(quote.data.minAmount),
                  max: shortUsdt(quote.data.maxAmount),
                })}
              </dd>
            </dl>
          )}
          <BonusWithdrawNotice />
          <Button type="submit" block busy={busy} disabled={held} data-testid="chain-withdraw-submit">
            {t('playerChain.submit')}
          </Button>
        </form>
        <section className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/70">
          <h2 className="px-4 pt-3.5 text-[14px] font-semibold text-slate-700">
            {t('playerChain.withdrawals')}
          </h2>
          {items.length === 0 ? (
            <p className="px-4 py-4 text-[13px] text-slate-500">{t('playerChain.noWithdrawals')}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {items.map((item) => (
                <li
                  key={item.id}
                  className="flex items-center gap-3 px-4 py-3"
                  data-testid="chain-withdrawal"
                >
                  <div className="min-w-0 flex-1">
                    <p className="text-[15px] font-semibold text-slate-900">{shortUsdt(item.amount)} USDT</p>
                    <p className="truncate font-mono text-[11.5px] text-slate-500">{item.address}</p>
                  </div>
                  <StateChip
                    tone={WITHDRAW_TONES[item.state] ?? 'neutral'}
                    label={t(`playerChain.withdrawStates.${item.state}`)}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </main>
      <AddAddressSheet open={adding} onOpenChange={setAdding} />
    </>
  );
}

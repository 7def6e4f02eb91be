import type { Topup } from '@payhub/contracts';
import { Copy } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText, notify } from '../../lib/notify.ts';
import { parseAmountInput, useFormatMoney, useFormatTime } from '../../shared/payment-ui.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card, CardTitle, DetailRow } from '../../shared/ui/card.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { usePayhubMutation } from './api.ts';
import { TopupStateBadge } from './payhub-ui.tsx';

/** A value with a copy button. */
export function CopyValue({ value, testId }: { value: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1.5">
      <span className="break-all" data-testid={testId}>
        {value}
      </span>
      <button
        type="button"
        aria-label={t('payhub.topup.copy')}
        onClick={() => void copyText(value)}
        className="rounded-md p-1.5 text-brand-700 hover:bg-brand-50"
      >
        <Copy className="size-4" />
      </button>
    </span>
  );
}

/** The amount form of a top-up: validates 2 decimals and the range, then opens it with the provider. */
export function TopupForm({
  range,
  open,
  onOpened,
}: {
  range: { min: string; max: string } | null;
  open: (amount: string, idempotencyKey: string) => Promise<Topup>;
  onOpened: (topup: Topup) => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  // One key per form: a double tap or a retry answers the same top-up.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const mutation = usePayhubMutation(
    (text: string) => open(text, idempotencyKey),
    (topup) => {
      notify.success(t('payhub.topup.created'));
      setIdempotencyKey(crypto.randomUUID());
      onOpened(topup);
    },
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    const minor = parseAmountInput(amount);
    if (minor === null) {
      setError(t('payhub.topup.amountInvalid'));
      return;
    }
    if (range) {
      const min = parseAmountInput(range.min) ?? 0n;
      const max = parseAmountInput(range.max) ?? minor;
      if (minor < min || minor > max) {
        setError(t('payhub.topup.amountHint', { min: money(range.min), max: money(range.max) }));
        return;
      }
    }
    setError(null);
    mutation.mutate(amount.trim());
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <TextField
        label={t('payhub.topup.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={error}
        hint={
          range ? t('payhub.topup.amountHint', { min: money(range.min), max: money(range.max) }) : undefined
        }
      />
      <Button type="submit" block busy={mutation.isPending}>
        {t('payhub.topup.submit')}
      </Button>
    </form>
  );
}

/** What to pay for an open top-up. */
export function TopupCard({ topup }: { topup: Topup }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const time = useFormatTime();
  return (
    <Card>
      <CardTitle>{t(`payhub.topup.method.${topup.method}`)}</CardTitle>
      <dl>
        <DetailRow label={t('payhub.orders.orderNo')}>{topup.orderNo}</DetailRow>
        <DetailRow label={t('payhub.orders.amount')}>{money(topup.amount)}</DetailRow>
        <DetailRow label={t('payhub.topup.payTo')}>
          {topup.method === 'indodax' ? (
            <a href={topup.payTo} target="_blank" rel="noreferrer" className="text-brand-700 underline">
              {t('payhub.topup.openCheckout')}
            </a>
          ) : (
            <CopyValue value={topup.payTo} testId="topup-pay-to" />
          )}
        </DetailRow>
        <DetailRow label={t('payhub.orders.expiresAt')}>{time(topup.expiresAt)}</DetailRow>
        <DetailRow label="">
          <TopupStateBadge state={topup.state} />
        </DetailRow>
      </dl>
    </Card>
  );
}

import type { CardLink } from '@payhub/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { ListState, parseAmountInput, useFormatMoney, useFormatTime } from '../../shared/payment-ui.tsx';
import { Badge } from '../../shared/ui/badge.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card, CardTitle, DetailRow } from '../../shared/ui/card.tsx';
import { SelectField, TextField } from '../../shared/ui/field.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { usePayhubMutation } from './api.ts';
import { LinkReminder } from './link-reminder.tsx';
import { useCards, useLinkAmount, useLinks } from './tools-api.ts';
import { usePayhubLive } from './use-payhub-live.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const stateTone = { active: 'success', expired: 'warning', replaced: 'neutral' } as const;

/** A datetime-local value (device time) a week from now. */
function inAWeek(): string {
  const at = new Date(Date.now() + 7 * DAY_MS);
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** /payhub/link: bind a payment link with expiry and amount limits to a card; live links and history. */
export default function LinkPage() {
  const { t } = useTranslation();
  usePayhubLive();
  const amount = useLinkAmount();
  const links = useLinks();
  const live = (amount.data?.items ?? []).filter((link) => link.state === 'active');
  return (
    <Page title={t('payhubTools.link.title')}>
      <LinkReminder withLink={false} />
      <BindForm />
      <Card>
        <CardTitle>{t('payhubTools.link.live')}</CardTitle>
        <ListState loading={amount.isPending} empty={live.length === 0 ? t('payhubTools.link.empty') : null}>
          <ul className="flex flex-col gap-3" data-testid="live-links">
            {live.map((link) => (
              <LinkRow key={link.id} link={link} />
            ))}
          </ul>
        </ListState>
      </Card>
      <Card>
        <CardTitle>{t('payhubTools.link.history')}</CardTitle>
        <ListState
          loading={links.isPending}
          empty={(links.data?.items.length ?? 0) === 0 ? t('payhubTools.link.empty') : null}
        >
          <ul className="flex flex-col gap-3">
            {(links.data?.items ?? []).map((link) => (
              <LinkRow key={link.id} link={link} />
            ))}
          </ul>
        </ListState>
      </Card>
    </Page>
  );
}

function LinkRow({ link }: { link: CardLink }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const time = useFormatTime();
  return (
    <li className="rounded-xl bg-slate-50 p-3">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 font-semibold text-slate-900">
          {link.bankCode} <span className="font-mono">{link.accountNo}</span>
        </p>
        <Badge tone={stateTone[link.state]}>{t(`payhubTools.link.states.${link.state}`)}</Badge>
      </div>
      <p className="truncate text-[13px] text-brand-700">{link.url}</p>
      <dl className="mt-1">
        <DetailRow label={t('payhubTools.link.expiresAt')}>{time(link.expiresAt)}</DetailRow>
        <DetailRow label={t('payhubTools.link.minAmount')}>{money(link.minAmount)}</DetailRow>
        <DetailRow label={t('payhubTools.link.maxAmount')}>{money(link.maxAmount)}</DetailRow>
        <DetailRow label={t('payhubTools.link.used')}>
          {money(link.used)} / {money(link.totalLimit)}
        </DetailRow>
        <DetailRow label={t('payhubTools.link.remaining')}>{money(link.remaining)}</DetailRow>
      </dl>
    </li>
  );
}

function BindForm() {
  const { t } = useTranslation();
  const cards = useCards();
  const [accountNo, setAccountNo] = useState('');
  const [url, setUrl] = useState('');
  const [expiresAt, setExpiresAt] = useState(inAWeek);
  const [minAmount, setMinAmount] = useState('');
  const [maxAmount, setMaxAmount] = useState('');
  const [totalLimit, setTotalLimit] = useState('');
  const [error, setError] = useState<string | null>(null);
  const bind = usePayhubMutation(
    (body: {
      accountNo: string;
      url: string;
      expiresAt: string;
      minAmount: string;
      maxAmount: string;
      totalLimit: string;
    }) => api.payhubTools.cardUrlBind({ body }),
    () => {
      notify.success(t('payhubTools.link.bound'));
      setUrl('');
    },
  );
  const items = cards.data?.items ?? [];
  const card = accountNo || items[0]?.accountNo || '';
  if (!cards.isPending && items.length === 0)
    return (
      <Card>
        <p className="text-sm text-slate-600">{t('payhubTools.link.noCards')}</p>
      </Card>
    );
  function submit(event: FormEvent) {
    event.preventDefault();
    const min = parseAmountInput(minAmount);
    const max = parseAmountInput(maxAmount);
    const total = parseAmountInput(totalLimit);
    const expiry = new Date(expiresAt);
    if (!/^https:\/\/\S+$/.test(url.trim())) return setError(t('payhubTools.link.urlInvalid'));
    if (min === null || max === null || total === null) return setError(t('payhubTools.link.amountInvalid'));
    if (min > max || max > total) return setError(t('payhubTools.link.rangeInvalid'));
    if (Number.isNaN(expiry.getTime()) || expiry.getTime() <= Date.now())
      return setError(t('payhubTools.link.expiryInvalid'));
    setError(null);
    bind.mutate({
      accountNo: card,
      url: url.trim(),
      expiresAt: expiry.toISOString(),
      minAmount: minAmount.trim(),
      maxAmount: maxAmount.trim(),
      totalLimit: totalLimit.trim(),
    });
  }
  return (
    <Card>
      <CardTitle>{t('payhubTools.link.bind')}</CardTitle>
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate data-testid="bind-link-form">
        <SelectField
          label={t('payhubTools.link.card')}
          value={card}
          onChange={setAccountNo}
          options={items.map((item) => ({
            value: item.accountNo,
            label: `${item.bankCode} ${item.accountNo}`,
          }))}
        />
        <TextField
          label={t('payhubTools.link.url')}
          name="url"
          type="url"
          inputMode="url"
          autoComplete="off"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
        <TextField
          label={t('payhubTools.link.expiresAt')}
          name="expiresAt"
          type="datetime-local"
          value={expiresAt}
          onChange={(event) => setExpiresAt(event.target.value)}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={t('payhubTools.link.minAmount')}
            name="minAmount"
            inputMode="decimal"
            value={minAmount}
            onChange={(event) => setMinAmount(event.target.value)}
          />
          <TextField
            label={t('payhubTools.link.maxAmount')}
            name="maxAmount"
            inputMode="decimal"
            value={maxAmount}
            onChange={(event) => setMaxAmount(event.target.value)}
          />
        </div>
        <TextField
          label={t('payhubTools.link.totalLimit')}
          name="totalLimit"
          inputMode="decimal"
          value={totalLimit}
          onChange={(event) => setTotalLimit(event.target.value)}
          error={error}
        />
        <Button type="submit" block busy={bind.isPending}>
          {t('payhubTools.link.bind')}
        </Button>
      </form>
    </Card>
  );
}

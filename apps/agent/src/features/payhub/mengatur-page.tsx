import { CONTACT_CHANNELS } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { ListState, parseAmountInput, useFormatMoney, useFormatTime } from '../../shared/payment-ui.tsx';
import { Badge } from '../../shared/ui/badge.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card, CardTitle, DetailRow } from '../../shared/ui/card.tsx';
import { SelectField, TextField } from '../../shared/ui/field.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { usePayhubMutation } from './api.ts';
import { agreementHistoryQuery, agreementQuery, commissionQuery, contactsQuery } from './tools-api.ts';
import { usePayhubLive } from './use-payhub-live.ts';

type Channel = (typeof CONTACT_CHANNELS)[number];
const percent = (bps: number) => `${(bps / 100).toFixed(2)}%`;

/** /payhub/mengatur (settings): agreement terms and requests, contacts, commission into quota. */
export default function MengaturPage() {
  const { t } = useTranslation();
  usePayhubLive();
  return (
    <Page title={t('payhubTools.settings.title')}>
      <nav className="grid grid-cols-2 gap-2">
        <Link
          to={paths.payhubWorkHours}
          className="rounded-xl bg-white px-3 py-3 text-center text-sm font-semibold text-brand-700 ring-1 ring-slate-200/70"
        >
          {t('payhubTools.menu.workHours')}
        </Link>
        <Link
          to={paths.payhubCards}
          className="rounded-xl bg-white px-3 py-3 text-center text-sm font-semibold text-brand-700 ring-1 ring-slate-200/70"
        >
          {t('payhubTools.menu.cards')}
        </Link>
      </nav>
      <AgreementCard />
      <CommissionCard />
      <ContactsCard />
    </Page>
  );
}

function AgreementCard() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const time = useFormatTime();
  const state = useQuery(agreementQuery());
  const history = useQuery(agreementHistoryQuery());
  const [perOrderMax, setPerOrderMax] = useState('');
  const [dailyMax, setDailyMax] = useState('');
  const [bps, setBps] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = usePayhubMutation(
    (body: { perOrderMax: string; dailyMax: string; commissionBps: number; note: string }) =>
      api.payhubTools.request({ body }),
    () => notify.success(t('payhubTools.settings.requested')),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    const perOrder = parseAmountInput(perOrderMax);
    const daily = parseAmountInput(dailyMax);
    const commissionBps = Number(bps);
    if (
      perOrder === null ||
      daily === null ||
      daily < perOrder ||
      !/^\d{1,4}$/.test(bps) ||
      commissionBps > 1000
    )
      return setError(t('payhubTools.settings.invalid'));
    setError(null);
    request.mutate({
      perOrderMax: perOrderMax.trim(),
      dailyMax: dailyMax.trim(),
      commissionBps,
      note: note.trim(),
    });
  }
  return (
    <Card>
      <CardTitle>{t('payhubTools.settings.agreement')}</CardTitle>
      {state.data ? (
        <dl data-testid="agreement-terms">
          <DetailRow label={t('payhubTools.settings.commissionRate')}>
            {percent(state.data.terms.commissionBps)}
          </DetailRow>
          <DetailRow label={t('payhubTools.settings.perOrderMax')}>
            {money(state.data.terms.perOrderMax)}
          </DetailRow>
          <DetailRow label={t('payhubTools.settings.dailyMax')}>{money(state.data.terms.dailyMax)}</DetailRow>
        </dl>
      ) : null}
      {state.data?.pending ? (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('payhubTools.settings.pending', { version: state.data.pending.version })}
        </p>
      ) : null}
      <form onSubmit={submit} className="mt-3 flex flex-col gap-3" noValidate>
        <p className="text-sm font-semibold text-slate-800">{t('payhubTools.settings.request')}</p>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={t('payhubTools.settings.perOrderMax')}
            name="perOrderMax"
            inputMode="decimal"
            value={perOrderMax}
            onChange={(event) => setPerOrderMax(event.target.value)}
          />
          <TextField
            label={t('payhubTools.settings.dailyMax')}
            name="dailyMax"
            inputMode="decimal"
            value={dailyMax}
            onChange={(event) => setDailyMax(event.target.value)}
          />
        </div>
        <TextField
          label={t('payhubTools.settings.commissionBps')}
          name="commissionBps"
          inputMode="numeric"
          value={bps}
          onChange={(event) => setBps(event.target.value)}
        />
        <TextField
          label={t('payhubTools.settings.note')}
          name="note"
          value={note}
          maxLength={500}
          onChange={(event) => setNote(event.target.value)}
          error={error}
        />
        <Button type="submit" block busy={request.isPending}>
          {t('payhubTools.settings.request')}
        </Button>
      </form>
      <p className="mt-4 text-sm font-semibold text-slate-800">{t('payhubTools.settings.history')}</p>
      {history.data && history.data.items.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t('payhubTools.settings.noHistory')}</p>
      ) : null}
      <ul className="mt-2 flex flex-col gap-2" data-testid="agreement-history">
        {(history.data?.items ?? []).map((item) => (
          <li key={item.id} className="rounded-xl bg-slate-50 px-3 py-2 text-sm">
            <div className="flex items-center justify-between gap-2">
              <span className="font-semibold text-slate-900">
                {t('payhubTools.settings.version', { version: item.version })}
              </span>
              <Badge
                tone={item.state === 'active' ? 'success' : item.state === 'pending' ? 'warning' : 'neutral'}
              >
                {t(`payhubTools.settings.states.${item.state}`)}
              </Badge>
            </div>
            <p className="text-slate-600">
              {percent(item.commissionBps)} · {money(item.perOrderMax)} · {money(item.dailyMax)}
            </p>
            <p className="text-[13px] text-slate-500">{time(item.requestedAt)}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function CommissionCard() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const balance = useQuery(commissionQuery());
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const change = usePayhubMutation(
    (text: string) =>
      api.commission.balanceChange({ body: { amount: text, target: 'quota' }, idempotencyKey: key }),
    () => {
      notify.success(t('payhubTools.settings.changed'));
      setAmount('');
      setKey(crypto.randomUUID());
    },
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    if (parseAmountInput(amount) === null) return setError(t('payhubTools.link.amountInvalid'));
    setError(null);
    change.mutate(amount.trim());
  }
  return (
    <Card>
      <CardTitle>{t('payhubTools.settings.commissionBalance')}</CardTitle>
      <p className="text-2xl font-bold text-slate-900" data-testid="commission-balance">
        {balance.data ? money(balance.data.available) : '…'}
      </p>
      <form onSubmit={submit} className="mt-3 flex flex-col gap-3" noValidate>
        <TextField
          label={t('payhubTools.settings.amount')}
          name="commissionAmount"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={error}
        />
        <Button type="submit" block variant="secondary" busy={change.isPending}>
          {t('payhubTools.settings.changeToQuota')}
        </Button>
      </form>
    </Card>
  );
}

function ContactsCard() {
  const { t } = useTranslation();
  const contacts = useQuery(contactsQuery());
  const [channel, setChannel] = useState<Channel>('whatsapp');
  const [value, setValue] = useState('');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = usePayhubMutation(
    (body: { channel: Channel; value: string; label: string }) => api.payhubTools.addContact({ body }),
    () => {
      notify.success(t('payhubTools.settings.contactAdded'));
      setValue('');
      setLabel('');
    },
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    if (value.trim().length < 3) return setError(t('payhubTools.settings.valueRequired'));
    setError(null);
    add.mutate({ channel, value: value.trim(), label: label.trim() });
  }
  const items = contacts.data?.items ?? [];
  return (
    <Card>
      <CardTitle>{t('payhubTools.settings.contacts')}</CardTitle>
      <ListState
        loading={contacts.isPending}
        empty={items.length === 0 ? t('payhubTools.settings.noContacts') : null}
      >
        <ul className="flex flex-col gap-2" data-testid="contact-list">
          {items.map((contact) => (
            <li key={contact.id} className="rounded-xl bg-slate-50 px-3 py-2 text-sm">
              <span className="font-semibold text-slate-900">
                {t(`payhubTools.settings.channels.${contact.channel}`)}
              </span>
              <span className="ml-2 break-all text-slate-700">{contact.value}</span>
              {contact.label ? <span className="ml-2 text-slate-500">({contact.label})</span> : null}
            </li>
          ))}
        </ul>
      </ListState>
      <form onSubmit={submit} className="mt-3 flex flex-col gap-3" noValidate>
        <p className="text-sm font-semibold text-slate-800">{t('payhubTools.settings.addContact')}</p>
        <SelectField
          label={t('payhubTools.settings.channel')}
          value={channel}
          onChange={(next) => setChannel(next as Channel)}
          options={CONTACT_CHANNELS.map((item) => ({
            value: item,
            label: t(`payhubTools.settings.channels.${item}`),
          }))}
        />
        <TextField
          label={t('payhubTools.settings.value')}
          name="contactValue"
          value={value}
          maxLength={120}
          onChange={(event) => setValue(event.target.value)}
          error={error}
        />
        <TextField
          label={t('payhubTools.settings.label')}
          name="contactLabel"
          value={label}
          maxLength={40}
          onChange={(event) => setLabel(event.target.value)}
        />
        <Button type="submit" block variant="secondary" busy={add.isPending}>
          {t('payhubTools.settings.addContact')}
        </Button>
      </form>
    </Card>
  );
}

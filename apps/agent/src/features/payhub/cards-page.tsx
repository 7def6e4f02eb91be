import { OPERATOR_CARDS_MAX, type OperatorCard } from '@payhub/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { ListState } from '../../shared/payment-ui.tsx';
import { Badge } from '../../shared/ui/badge.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card, CardTitle } from '../../shared/ui/card.tsx';
import { SelectField, TextField } from '../../shared/ui/field.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { usePayhubMutation } from './api.ts';
import { useCards, useSupportedBanks } from './tools-api.ts';
import { usePayhubLive } from './use-payhub-live.ts';

/** After adding a card the list reloads after 500 ms (spec §4). */
const RELOAD_AFTER_ADD_MS = 500;
const ACCOUNT_NO = /^[0-9]{6,20}$/;

/** /payhub/cards: the operator's bank cards: add, switch on/off, change number and holder, remove. */
export default function CardsPage() {
  const { t } = useTranslation();
  usePayhubLive();
  const cards = useCards();
  const [editing, setEditing] = useState<OperatorCard | null>(null);
  const [removing, setRemoving] = useState<OperatorCard | null>(null);
  const toggle = usePayhubMutation(
    (card: OperatorCard) =>
      api.payhubTools.bankUpdate({
        query: { oldAccountNo: card.accountNo, state: card.state === 1 ? 0 : 1 },
      }),
    () => notify.success(t('payhubTools.cards.updated')),
  );
  const remove = usePayhubMutation(
    (card: OperatorCard) => api.payhubTools.bankDelete({ query: { accountNo: card.accountNo } }),
    () => {
      setRemoving(null);
      notify.success(t('payhubTools.cards.deleted'));
    },
  );
  const items = cards.data?.items ?? [];

  return (
    <Page title={t('payhubTools.cards.title')}>
      <AddCardForm onAdded={() => setTimeout(() => void cards.refetch(), RELOAD_AFTER_ADD_MS)} />
      <p className="text-sm text-slate-600" data-testid="card-count">
        {t('payhubTools.cards.limit', { count: items.length, max: OPERATOR_CARDS_MAX })}
      </p>
      <ListState loading={cards.isPending} empty={items.length === 0 ? t('payhubTools.cards.empty') : null}>
        <ul className="flex flex-col gap-3" data-testid="card-list">
          {items.map((card) => (
            <li key={card.id}>
              <Card>
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="text-[15px] font-semibold text-slate-900">{card.bankCode}</p>
                    <p className="font-mono text-[15px] text-slate-900" data-testid="card-account-no">
                      {card.accountNo}
                    </p>
                    <p className="truncate text-sm text-slate-600">{card.bankCardHolder}</p>
                    {card.oldAccountNo ? (
                      <p className="text-[13px] text-slate-500">
                        {t('payhubTools.cards.previous', { accountNo: card.oldAccountNo })}
                      </p>
                    ) : null}
                    {card.cardUrl ? (
                      <p className="truncate text-[13px] text-brand-700">
                        {t('payhubTools.cards.link', { url: card.cardUrl })}
                      </p>
                    ) : null}
                  </div>
                  <Badge tone={card.state === 1 ? 'success' : 'neutral'}>
                    {card.state === 1 ? t('payhubTools.cards.active') : t('payhubTools.cards.inactive')}
                  </Badge>
                </div>
                <div className="mt-3 grid grid-cols-[1.5fr_1fr_1fr] gap-2">
                  <Button
                    variant="secondary"
                    busy={toggle.isPending && toggle.variables?.id === card.id}
                    onClick={() => toggle.mutate(card)}
                  >
                    {card.state === 1 ? t('payhubTools.cards.turnOff') : t('payhubTools.cards.turnOn')}
                  </Button>
                  <Button variant="secondary" onClick={() => setEditing(card)}>
                    {t('payhubTools.cards.edit')}
                  </Button>
                  <Button variant="secondary" onClick={() => setRemoving(card)}>
                    {t('payhubTools.cards.delete')}
                  </Button>
                </div>
                {editing?.id === card.id ? (
                  <EditCardForm card={card} onDone={() => setEditing(null)} />
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      </ListState>
      <Modal
        open={removing !== null}
        title={t('payhubTools.cards.confirmDelete', { accountNo: removing?.accountNo ?? '' })}
        tone="danger"
        onDismiss={() => setRemoving(null)}
        actions={
          <>
            <Button
              variant="danger"
              busy={remove.isPending}
              onClick={() => removing && remove.mutate(removing)}
            >
              {t('payhubTools.cards.delete')}
            </Button>
            <Button variant="secondary" onClick={() => setRemoving(null)}>
              {t('payhubTools.cards.cancel')}
            </Button>
          </>
        }
      />
    </Page>
  );
}

function AddCardForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation();
  const banks = useSupportedBanks();
  const [bankCode, setBankCode] = useState('');
  const [accountNo, setAccountNo] = useState('');
  const [holder, setHolder] = useState('');
  const [errors, setErrors] = useState<{ accountNo?: string; holder?: string }>({});
  const add = usePayhubMutation(
    (body: { bankCode: string; accountNo: string; bankCardHolder: string }) =>
      api.payhubTools.bankAdd({ body: body as never }),
    () => {
      notify.success(t('payhubTools.cards.added'));
      setAccountNo('');
      onAdded();
    },
  );
  const bank = bankCode || banks.data?.items[0]?.code || '';
  function submit(event: FormEvent) {
    event.preventDefault();
    const next = {
      ...(ACCOUNT_NO.test(accountNo.trim()) ? {} : { accountNo: t('payhubTools.cards.accountNoInvalid') }),
      ...(holder.trim().length >= 2 ? {} : { holder: t('payhubTools.cards.holderRequired') }),
    };
    setErrors(next);
    if (Object.keys(next).length > 0 || !bank) return;
    add.mutate({ bankCode: bank, accountNo: accountNo.trim(), bankCardHolder: holder.trim() });
  }
  return (
    <Card>
      <CardTitle>{t('payhubTools.cards.add')}</CardTitle>
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate data-testid="add-card-form">
        <SelectField
          label={t('payhubTools.cards.bank')}
          value={bank}
          onChange={setBankCode}
          options={(banks.data?.items ?? []).map((item) => ({ value: item.code, label: item.name }))}
        />
        <TextField
          label={t('payhubTools.cards.accountNo')}
          name="accountNo"
          inputMode="numeric"
          autoComplete="off"
          value={accountNo}
          onChange={(event) => setAccountNo(event.target.value)}
          error={errors.accountNo ?? null}
        />
        <TextField
          label={t('payhubTools.cards.holder')}
          name="holder"
          autoComplete="name"
          value={holder}
          onChange={(event) => setHolder(event.target.value)}
          hint={t('payhubTools.cards.holderHint')}
          error={errors.holder ?? null}
        />
        <Button type="submit" block busy={add.isPending}>
          {t('payhubTools.cards.save')}
        </Button>
      </form>
    </Card>
  );
}

function EditCardForm({ card, onDone }: { card: OperatorCard; onDone: () => void }) {
  const { t } = useTranslation();
  const [accountNo, setAccountNo] = useState(card.accountNo);
  const [holder, setHolder] = useState(card.bankCardHolder);
  const [error, setError] = useState<string | null>(null);
  const update = usePayhubMutation(
    (query: { oldAccountNo: string; newAccountNo: string; bankCardHolder: string }) =>
      api.payhubTools.bankUpdate({ query }),
    () => {
      notify.success(t('payhubTools.cards.updated'));
      onDone();
    },
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ACCOUNT_NO.test(accountNo.trim())) {
      setError(t('payhubTools.cards.accountNoInvalid'));
      return;
    }
    setError(null);
    update.mutate({
      oldAccountNo: card.accountNo,
      newAccountNo: accountNo.trim(),
      bankCardHolder: holder.trim(),
    });
  }
  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-3 border-slate-200 border-t pt-3" noValidate>
      <TextField
        label={t('payhubTools.cards.newAccountNo')}
        name="newAccountNo"
        inputMode="numeric"
        value={accountNo}
        onChange={(event) => setAccountNo(event.target.value)}
        error={error}
      />
      <TextField
        label={t('payhubTools.cards.holder')}
        name="editHolder"
        value={holder}
        onChange={(event) => setHolder(event.target.value)}
      />
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('payhubTools.cards.cancel')}
        </Button>
        <Button type="submit" busy={update.isPending}>
          {t('payhubTools.cards.save')}
        </Button>
      </div>
    </form>
  );
}

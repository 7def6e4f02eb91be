import type { BankCode } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { queryClient } from '../../lib/query-client.ts';
import { QUERY_KEYS } from '../../lib/query-keys.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Sheet } from '../../shared/ui/sheet.tsx';
import { supportedBanksQuery } from './api.ts';

/** The contracts' BankAccountInput rules: 6-20 digits, a holder name of 2-80 letters. */
const ACCOUNT_NO_PATTERN = /^\d{6,20}$/;
const HOLDER_NAME_PATTERN = /^[\p{L} .'-]{2,80}$/u;

type Problem = 'bankRequired' | 'accountNoRule' | 'holderNameRule';

/** Adds a bank account to withdraw to; answers the new account's id through onAdded. */
export function BankAccountSheet({
  open,
  onOpenChange,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (id: number) => void;
}) {
  const { t } = useTranslation();
  const banks = useQuery(supportedBanksQuery());
  const [bankCode, setBankCode] = useState<string | null>(null);
  const [accountNo, setAccountNo] = useState('');
  const [holderName, setHolderName] = useState('');
  const [problems, setProblems] = useState<Partial<Record<'bank' | 'accountNo' | 'holderName', Problem>>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof problems = {};
    if (bankCode === null) found.bank = 'bankRequired';
    if (!ACCOUNT_NO_PATTERN.test(accountNo)) found.accountNo = 'accountNoRule';
    if (!HOLDER_NAME_PATTERN.test(holderName.trim())) found.holderName = 'holderNameRule';
    setProblems(found);
    if (Object.keys(found).length > 0 || bankCode === null) return;
    setBusy(true);
    try {
      const added = await api.withdraw.bankAdd({
        body: { bankCode: bankCode as BankCode, accountNo, holderName: holderName.trim() },
      });
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.bankAccounts });
      notify.success(t('playerWithdraw.accountAdded'));
      onAdded(added.id);
      onOpenChange(false);
    } catch {
      // The error dialog has told the user why.
    } finally {
      setBusy(false);
    }
  }

  const message = (problem: Problem | undefined) =>
    problem ? t(`playerWithdraw.validation.${problem}`) : null;

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('playerWithdraw.addAccountTitle')}
      closeLabel={t('player.close')}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <fieldset>
          <legend className="mb-1.5 text-[13px] font-medium text-slate-600">
            {t('playerWithdraw.bank')}
          </legend>
          <div className="grid grid-cols-3 gap-2">
            {(banks.data?.items ?? []).map((bank) => (
              <button
                key={bank.code}
                type="button"
                title={bank.name}
                aria-pressed={bank.code === bankCode}
                onClick={() => {
                  setBankCode(bank.code);
                  setProblems((current) => ({ ...current, bank: undefined }));
                }}
                className={clsx(
                  'h-11 rounded-xl text-[13px] font-semibold ring-1',
                  bank.code === bankCode
                    ? 'bg-brand-50 text-brand-700 ring-2 ring-brand-500'
                    : 'bg-white text-slate-700 ring-slate-200 active:bg-slate-50',
                )}
              >
                {bank.code}
              </button>
            ))}
          </div>
          {problems.bank && (
            <p role="alert" className="mt-1.5 text-[12.5px] text-rose-600">
              {message(problems.bank)}
            </p>
          )}
        </fieldset>
        <TextField
          label={t('playerWithdraw.accountNo')}
          value={accountNo}
          onChange={(value) => {
            setAccountNo(value.replace(/\D/g, '').slice(0, 20));
            setProblems((current) => ({ ...current, accountNo: undefined }));
          }}
          error={message(problems.accountNo)}
          inputMode="numeric"
          placeholder={t('playerWithdraw.accountNoPlaceholder')}
          name="accountNo"
        />
        <TextField
          label={t('playerWithdraw.holderName')}
          value={holderName}
          onChange={(value) => {
            setHolderName(value);
            setProblems((current) => ({ ...current, holderName: undefined }));
          }}
          error={message(problems.holderName)}
          autoComplete="name"
          placeholder={t('playerWithdraw.holderNamePlaceholder')}
          maxLength={80}
          name="holderName"
        />
        <Button type="submit" block busy={busy} className="mt-1">
          {t('playerWithdraw.addAccount')}
        </Button>
      </form>
    </Sheet>
  );
}

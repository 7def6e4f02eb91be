import type { Locale, SmsPurpose } from '@payhub/contracts';
import { normalisePhone } from '@payhub/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../shared/ui/field.tsx';
import { codeDigits } from '../shared/validation.ts';
import { api } from './api.ts';
import { notify } from './notify.ts';

export interface SmsCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  purpose: SmsPurpose;
  /** Checks the phone before sending; answers the phone to send to, or null when it is not valid. */
  phoneToSend: () => string | null;
  /** The project's country code and locale: the "code sent" toast shows the national phone after the prefix. */
  countryCode: string;
  locale: Locale;
}

/** The 6-digit SMS code input with its send button; the button counts down until a resend is allowed. */
export function SmsCodeField({
  value,
  onChange,
  error,
  purpose,
  phoneToSend,
  countryCode,
  locale,
}: SmsCodeFieldProps) {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  async function send() {
    const phone = phoneToSend();
    if (phone === null) return;
    setSending(true);
    try {
      const answer = await api.user.sendCode({ query: { phone, purpose } });
      setSecondsLeft(answer.resendAfterSeconds);
      notify.success(t('playerAuth.codeSent', { countryCode, phone: normalisePhone(phone, locale) }));
    } catch {
      // The error dialog has told the user why.
    } finally {
      setSending(false);
    }
  }

  const waiting = secondsLeft > 0;
  return (
    <TextField
      label={t('playerAuth.code')}
      value={value}
      onChange={(typed) => onChange(codeDigits(typed))}
      error={error}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder={t('playerAuth.codePlaceholder')}
      maxLength={6}
      name="code"
      trailing={
        <button
          type="button"
          onClick={send}
          disabled={waiting || sending}
          className="-mr-1.5 h-9 shrink-0 rounded-lg bg-brand-50 px-3 text-[13px] font-semibold text-brand-700 tabular-nums active:bg-brand-100 disabled:bg-slate-100 disabled:text-slate-400"
        >
          {waiting ? t('playerAuth.resendIn', { seconds: secondsLeft }) : t('playerAuth.sendCode')}
        </button>
      }
    />
  );
}

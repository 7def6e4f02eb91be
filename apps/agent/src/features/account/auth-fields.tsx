import { Eye, EyeOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';

export function PhoneField({
  value,
  onChange,
  countryCode,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  countryCode: string;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('Auth.phone')}
      name="phone"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={t('Auth.phonePlaceholder')}
      prefix={`+${countryCode}`}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      maxLength={24}
    />
  );
}

export function PasswordField({
  value,
  onChange,
  error,
  label,
  placeholder,
  autoComplete,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  label: string;
  placeholder: string;
  autoComplete: 'current-password' | 'new-password';
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      label={label}
      name="password"
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      maxLength={64}
      suffix={
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? t('Auth.hidePassword') : t('Auth.showPassword')}
          aria-pressed={visible}
          className="flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100"
        >
          {visible ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
        </button>
      }
    />
  );
}

/** The SMS code field with its send button and resend countdown. */
export function CodeField({
  value,
  onChange,
  error,
  onSend,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  /** Sends the code; answers the seconds before another may be sent, or null when it was not sent. */
  onSend: () => Promise<number | null>;
}) {
  const { t } = useTranslation();
  const [waitSeconds, setWaitSeconds] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (waitSeconds <= 0) return;
    const timer = setTimeout(() => setWaitSeconds((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [waitSeconds]);
  const send = async () => {
    setSending(true);
    try {
      const wait = await onSend();
      if (wait !== null) setWaitSeconds(wait);
    } finally {
      setSending(false);
    }
  };
  return (
    <TextField
      label={t('Auth.code')}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={6}
      placeholder={t('Auth.codePlaceholder')}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      error={error}
      suffix={
        <Button size="sm" variant="ghost" onClick={send} busy={sending} disabled={waitSeconds > 0}>
          {waitSeconds > 0 ? t('Auth.resendIn', { seconds: waitSeconds }) : t('Auth.sendCode')}
        </Button>
      }
    />
  );
}

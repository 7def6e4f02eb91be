import type { User } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { Copy, Monitor } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { useProjectFormat } from '../../lib/currency.ts';
import { notify } from '../../lib/notify.ts';
import { useProject } from '../../lib/project.ts';
import { queryClient, showSaved } from '../../lib/query-client.ts';
import { USER_QUERY_KEY } from '../../lib/session.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PasswordField, TextField } from '../../shared/ui/field.tsx';
import { Sheet } from '../../shared/ui/sheet.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { checkEmail, EMAIL_MAX_LENGTH } from '../../shared/validation.ts';
import { identityQuery, sessionsQuery, twoFactorQuery } from './api.ts';
import { IdentityDocuments, TierWithdrawLimits } from './identity-documents.tsx';

interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const SIX_DIGITS = /^\d{6}$/;
const SECOND_FACTOR = /^(\d{6}|[a-z2-7]{5}-[a-z2-7]{5})$/;

/** Runs a call; the error dialog has told the user why when it fails. */
async function attempt<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch {
    return undefined;
  }
}

/** The authenticator code asked when two-step verification is on (also takes a recovery code). */
export function OtpField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('playerSafety.otpLabel')}
      hint={t('playerSafety.otpHint')}
      value={value}
      onChange={onChange}
      error={error}
      autoComplete="one-time-code"
      name="otp"
      maxLength={11}
    />
  );
}

export function isSecondFactor(code: string): boolean {
  return SECOND_FACTOR.test(code.trim().toLowerCase());
}

/** Binds or changes the email with a 6-digit code mailed to it (and the authenticator code when 2FA is on). */
export function EmailCodeSheet({ user, open, onOpenChange }: SheetProps & { user: User }) {
  const { t } = useTranslation();
  const twoFactor = useQuery(twoFactorQuery());
  const [email, setEmail] = useState(user.email ?? '');
  const [code, setCode] = useState('');
  const [otp, setOtp] = useState('');
  const [errors, setErrors] = useState<{ email?: string; code?: string; otp?: string }>({});
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  const needsOtp = twoFactor.data?.enabled === true;

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  function emailError(): string | null {
    const failed = checkEmail(email);
    return failed ? t(`playerAuth.validation.${failed}`, { max: 32 }) : null;
  }

  async function send() {
    const failed = emailError();
    if (failed) return setErrors({ email: failed });
    // A format error shown for an earlier address must not stay under a valid one.
    setErrors((shown) => ({ ...shown, email: undefined }));
    setBusy(true);
    const sent = await attempt(() => api.email.sendCode({ body: { email: email.trim() } }));
    setBusy(false);
    if (sent) {
      setWait(sent.resendAfterSeconds);
      notify.success(t('playerSafety.codeSent', { email: email.trim() }));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next = {
      email: emailError() ?? undefined,
      code: SIX_DIGITS.test(code) ? undefined : t('playerSafety.codeInvalid'),
      otp: !needsOtp || isSecondFactor(otp) ? undefined : t('playerSafety.otpInvalid'),
    };
    setErrors(next);
    if (next.email || next.code || next.otp) return;
    setBusy(true);
    const updated = await attempt(() =>
      api.email.bind({ body: { email: email.trim(), code, ...(needsOtp && { otp: otp.trim() }) } }),
    );
    setBusy(false);
    if (updated) {
      queryClient.setQueryData(USER_QUERY_KEY, updated);
      notify.success(t('playerSafety.emailBound'));
      onOpenChange(false);
    }
  }

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={user.email ? t('playerAccount.editEmail') : t('playerAccount.bindEmail')}
      description={t('playerSafety.emailHint')}
      closeLabel={t('player.close')}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label={t('playerAccount.email')}
          value={email}
          onChange={(value) => {
            setEmail(value);
            if (errors.email) setErrors((shown) => ({ ...shown, email: undefined }));
          }}
          error={errors.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('playerAccount.emailPlaceholder')}
          maxLength={EMAIL_MAX_LENGTH}
          name="email"
        />
        <TextField
          label={t('playerSafety.emailCode')}
          value={code}
          onChange={(value) => setCode(value.replace(/\D/g, '').slice(0, 6))}
          error={errors.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          name="emailCode"
          trailing={
            <button
              type="button"
              onClick={() => void send()}
              disabled={wait > 0 || busy}
              className="shrink-0 text-[14px] font-semibold text-brand-600 disabled:text-slate-400"
            >
              {wait > 0 ? t('playerSafety.resendIn', { seconds: wait }) : t('playerSafety.sendCode')}
            </button>
          }
        />
        {needsOtp && <OtpField value={otp} onChange={setOtp} error={errors.otp ?? null} />}
        <Button type="submit" block busy={busy}>
          {t('player.confirm')}
        </Button>
      </form>
    </Sheet>
  );
}

/** Two-step verification: enrol (password → QR → code → recovery codes shown once) or turn off. */
export function TwoFactorSheet({ open, onOpenChange }: SheetProps) {
  const { t } = useTranslation();
  const status = useQuery(twoFactorQuery());
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [setup, setSetup] = useState<{ secret: string; qrCode: string } | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  function done() {
    void queryClient.invalidateQueries({ queryKey: twoFactorQuery().queryKey });
  }

  async function start(event: FormEvent) {
    event.preventDefault();
    if (password === '') return setError(t('playerAuth.validation.passwordRequired'));
    setBusy(true);
    const answer = await attempt(() => api.twoFactor.setup({ body: { password } }));
    setBusy(false);
    if (answer) {
      setSetup(answer);
      setError(null);
    }
  }

  async function enable(event: FormEvent) {
    event.preventDefault();
    if (!SIX_DIGITS.test(code)) return setError(t('playerSafety.codeInvalid'));
    setBusy(true);
    const answer = await attempt(() => api.twoFactor.enable({ body: { code } }));
    setBusy(false);
    if (answer) {
      setRecovery(answer.recoveryCodes);
      notify.success(t('playerSafety.enabled'));
      done();
    }
  }

  async function disable(event: FormEvent) {
    event.preventDefault();
    if (!isSecondFactor(code)) return setError(t('playerSafety.otpInvalid'));
    setBusy(true);
    const answer = await attempt(() => api.twoFactor.disable({ body: { code: code.trim() } }));
    setBusy(false);
    if (answer) {
      notify.success(t('playerSafety.disabled'));
      done();
      onOpenChange(false);
    }
  }

  const codeField = (label: string, digitsOnly: boolean) => (
    <TextField
      label={label}
      value={code}
      onChange={(value) => {
        setCode(digitsOnly ? value.replace(/\D/g, '').slice(0, 6) : value);
        setError(null);
      }}
      error={error}
      inputMode={digitsOnly ? 'numeric' : 'text'}
      autoComplete="one-time-code"
      name="totp"
      maxLength={11}
      autoFocus
    />
  );

  let body: React.ReactNode;
  if (!status.data) body = <Spinner className="mx-auto size-6" />;
  else if (recovery)
    body = (
      <div className="flex flex-col gap-4">
        <h3 className="text-[15px] font-semibold text-slate-900">{t('playerSafety.recoveryTitle')}</h3>
        <p className="rounded-xl bg-amber-50 p-3 text-[13.5px] text-amber-800">
          {t('playerSafety.recoveryHint')}
        </p>
        <ul className="grid grid-cols-2 gap-2 font-mono text-[14.5px]" data-testid="recovery-codes">
          {recovery.map((item) => (
            <li key={item} className="rounded-lg bg-slate-100 px-2 py-1.5 text-center">
              {item}
            </li>
          ))}
        </ul>
        <Button
          variant="secondary"
          block
          onClick={() =>
            void navigator.clipboard
              ?.writeText(recovery.join('\n'))
              .then(() => notify.success(t('playerSafety.copied')))
          }
        >
          <Copy className="size-4" />
          {t('playerSafety.copyCodes')}
        </Button>
        <Button block onClick={() => onOpenChange(false)}>
          {t('playerSafety.savedCodes')}
        </Button>
      </div>
    );
  else if (status.data.enabled)
    body = (
      <form onSubmit={disable} noValidate className="flex flex-col gap-4">
        <p className="text-[14px] text-slate-600">{t('playerSafety.disableHint')}</p>
        {codeField(t('playerSafety.otpLabel'), false)}
        <Button type="submit" variant="danger" block busy={busy}>
          {t('playerSafety.disable')}
        </Button>
      </form>
    );
  else if (setup)
    body = (
      <form onSubmit={enable} noValidate className="flex flex-col gap-4">
        <p className="text-[14px] text-slate-600">{t('playerSafety.scanQr')}</p>
        <img src={setup.qrCode} alt="" className="mx-auto size-44 rounded-xl ring-1 ring-slate-200" />
        <p className="text-center text-[13px] text-slate-500">
          {t('playerSafety.secretKey')}:{' '}
          <span className="font-mono font-semibold break-all text-slate-900" data-testid="totp-secret">
            {setup.secret}
          </span>
        </p>
        {codeField(t('playerSafety.confirmCode'), true)}
        <Button type="submit" block busy={busy}>
          {t('playerSafety.enable')}
        </Button>
      </form>
    );
  else
    body = (
      <form onSubmit={start} noValidate className="flex flex-col gap-4">
        <p className="text-[14px] text-slate-600">{t('playerSafety.twoFactorIntro')}</p>
        <PasswordField
          label={t('playerAccount.currentPassword')}
          value={password}
          onChange={(value) => {
            setPassword(value);
            setError(null);
          }}
          error={error}
          autoComplete="current-password"
          showLabel={t('playerAuth.showPassword')}
          hideLabel={t('playerAuth.hidePassword')}
          name="currentPassword"
        />
        <Button type="submit" block busy={busy}>
          {t('playerSafety.startSetup')}
        </Button>
      </form>
    );

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => (recovery && !next ? onOpenChange(false) : onOpenChange(next))}
      title={t('playerSafety.twoFactor')}
      closeLabel={t('player.close')}
    >
      {body}
    </Sheet>
  );
}

/** The player's signed-in sessions, with sign-out of one or of all the others. */
export function SessionsSheet({ open, onOpenChange }: SheetProps) {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const sessions = useQuery(sessionsQuery());
  const [busy, setBusy] = useState<number | 'others' | null>(null);

  async function revoke(target: number | 'others') {
    setBusy(target);
    const ok = await attempt(() =>
      target === 'others' ? api.sessions.revokeOthers() : api.sessions.revoke({ params: { id: target } }),
    );
    setBusy(null);
    if (ok) {
      notify.success(t('playerSafety.signedOut'));
      await sessions.refetch();
    }
  }

  const items = sessions.data?.items ?? [];
  const others = items.filter((item) => !item.current);
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('playerSafety.sessions')}
      description={t('playerSafety.sessionsHint')}
      closeLabel={t('player.close')}
    >
      {!sessions.data ? (
        <Spinner className="mx-auto size-6" />
      ) : (
        <div className="flex flex-col gap-3">
          <ul className="divide-y divide-slate-100 rounded-2xl ring-1 ring-slate-200" data-testid="sessions">
            {items.map((item) => (
              <li key={item.id} className="flex items-center gap-3 px-3 py-3">
                <Monitor className="size-5 shrink-0 text-slate-400" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-[14.5px] font-medium text-slate-900">
                    {item.device ?? t('playerSafety.unknownDevice')}
                  </p>
                  {item.ip && <p className="truncate text-[12.5px] text-slate-500">{item.ip}</p>}
                  <p className="text-[12.5px] text-slate-500">
                    {t('playerSafety.lastSeen', {
                      date: format.shortDateTime(new Date(item.lastSeenAt * 1000).toISOString()),
                    })}
                  </p>
                </div>
                {item.current ? (
                  <span className="shrink-0 rounded-full bg-emerald-50 px-2 py-0.5 text-[11.5px] font-semibold text-emerald-700">
                    {t('playerSafety.thisDevice')}
                  </span>
                ) : (
                  <Button
                    variant="ghost"
                    className="h-9 shrink-0 px-3 text-rose-600"
                    busy={busy === item.id}
                    onClick={() => void revoke(item.id)}
                  >
                    {t('playerSafety.signOut')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {others.length === 0 ? (
            <p className="text-center text-[13.5px] text-slate-500">{t('playerSafety.noOtherSessions')}</p>
          ) : (
            <Button variant="danger" block busy={busy === 'others'} onClick={() => void revoke('others')}>
              {t('playerSafety.signOutOthers')}
            </Button>
          )}
        </div>
      )}
    </Sheet>
  );
}

/** A calendar day (YYYY-MM-DD) in the reader's language, e.g. "17 Mei 1990" (no time zone shift). */
function calendarDate(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** Tier 1: the full name and birth date, declared once; under the minimum age the message says what is blocked. */
export function IdentitySheet({ open, onOpenChange }: SheetProps) {
  const { t, i18n } = useTranslation();
  const identity = useQuery(identityQuery());
  const project = useProject().data;
  const [fullName, setFullName] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [errors, setErrors] = useState<{ fullName?: string; birthDate?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = fullName.trim();
    const next = {
      fullName: name.length >= 2 && name.length <= 100 ? undefined : t('playerSafety.fullNameInvalid'),
      birthDate: /^\d{4}-\d{2}-\d{2}$/.test(birthDate) ? undefined : t('playerSafety.birthDateInvalid'),
    };
    setErrors(next);
    if (next.fullName || next.birthDate) return;
    setBusy(true);
    const answer = await attempt(() => api.identity.declare({ body: { fullName: name, birthDate } }));
    setBusy(false);
    if (answer) {
      await showSaved(identityQuery().queryKey, answer);
      notify.success(t('playerSafety.identitySaved'));
    }
  }

  const view = identity.data;
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('playerSafety.identity')}
      description={t('playerSafety.identityHint')}
      closeLabel={t('player.close')}
    >
      {!view ? (
        <Spinner className="mx-auto size-6" />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-[13.5px] text-slate-500">
            {t('playerSafety.identityTier', { tier: view.tier })} ·{' '}
            {t('playerSafety.minimumAge', { age: view.minimumAge })}
          </p>
          {view.underAge && (
            <p role="alert" className="rounded-xl bg-rose-50 p-3 text-[13.5px] font-medium text-rose-700">
              {t('playerSafety.underAge', { age: view.minimumAge })}
            </p>
          )}
          {view.tier === 0 && project && !project.playMoney && (
            <p
              className="rounded-xl bg-amber-50 p-3 text-[13.5px] font-medium text-amber-800"
              data-testid="identity-required"
            >
              {t('playerSafety.identityRequired')}
            </p>
          )}
          {view.fullName ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-[14.5px]">
              <dt className="text-slate-500">{t('playerSafety.fullName')}</dt>
              <dd className="font-medium text-slate-900" data-testid="identity-name">
                {view.fullName}
              </dd>
              <dt className="text-slate-500">{t('playerSafety.birthDate')}</dt>
              <dd className="font-medium text-slate-900">
                {view.birthDate ? calendarDate(view.birthDate, i18n.language) : null}
              </dd>
            </dl>
          ) : (
            <form onSubmit={submit} noValidate className="flex flex-col gap-4">
              <TextField
                label={t('playerSafety.fullName')}
                value={fullName}
                onChange={setFullName}
                error={errors.fullName}
                autoComplete="name"
                maxLength={100}
                name="fullName"
              />
              <TextField
                label={t('playerSafety.birthDate')}
                value={birthDate}
                onChange={setBirthDate}
                error={errors.birthDate}
                type="date"
                autoComplete="bday"
                max={new Date().toLocaleDateString('en-CA')}
                name="birthDate"
              />
              <Button type="submit" block busy={busy}>
                {t('playerSafety.declare')}
              </Button>
            </form>
          )}
          <IdentityDocuments view={view} />
          <TierWithdrawLimits view={view} />
        </div>
      )}
    </Sheet>
  );
}

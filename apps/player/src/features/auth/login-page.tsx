import { ApiError } from '@payhub/client/errors.ts';
import { ErrorCode } from '@payhub/contracts';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { startSession } from '../../lib/session.ts';
import { useForm } from '../../shared/form.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PasswordField, TextField } from '../../shared/ui/field.tsx';
import { checkPhone } from '../../shared/validation.ts';
import { AuthLayout } from './auth-layout.tsx';
import { AuthPhoneField } from './phone-code-fields.tsx';
import { usePhoneRules } from './use-phone-rules.ts';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rules = usePhoneRules();
  const form = useForm({ phone: '', password: '' });
  const [busy, setBusy] = useState(false);
  /** The account has two-step verification (7045): the authenticator or a recovery code is asked. */
  const [otpAsked, setOtpAsked] = useState(false);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { phone, password } = form.values;
    const valid = form.check({
      phone: checkPhone(phone, rules.locale),
      password: password === '' ? 'passwordRequired' : null,
    });
    if (!valid) return;
    const code = otp.trim().toLowerCase();
    if (otpAsked && !/^(\d{6}|[a-z2-7]{5}-[a-z2-7]{5})$/.test(code)) {
      setOtpError(t('playerSafety.otpInvalid'));
      return;
    }
    setBusy(true);
    try {
      startSession(await api.user.login({ body: { phone, password, ...(otpAsked && { otp: code }) } }));
      navigate(paths.wallet, { replace: true });
    } catch (error) {
      // 7045 asks for the code (quiet); any other failure: the error dialog has told the user why.
      if (error instanceof ApiError && error.errCode === ErrorCode.TwoFactorRequired) setOtpAsked(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title={t('playerAuth.welcome')}
      hint={t('playerAuth.welcomeHint')}
      footer={
        <p className="text-center text-[14px] text-slate-500">
          {t('playerAuth.noAccount')}{' '}
          <Link to={paths.register} className="font-semibold text-brand-600">
            {t('playerAuth.register')}
          </Link>
        </p>
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <AuthPhoneField form={form} />
        <PasswordField
          label={t('playerAuth.password')}
          value={form.values.password}
          onChange={form.set('password')}
          error={rules.message(form.errors.password)}
          autoComplete="current-password"
          placeholder={t('playerAuth.passwordPlaceholder')}
          showLabel={t('playerAuth.showPassword')}
          hideLabel={t('playerAuth.hidePassword')}
          name="password"
        />
        {otpAsked && (
          <div className="flex flex-col gap-2">
            <p className="rounded-xl bg-brand-50 p-3 text-[13.5px] text-brand-800">
              {t('playerSafety.loginOtpHint')}
            </p>
            <TextField
              label={t('playerSafety.otpLabel')}
              hint={t('playerSafety.otpHint')}
              value={otp}
              onChange={(value) => {
                setOtp(value);
                setOtpError(null);
              }}
              error={otpError}
              autoComplete="one-time-code"
              maxLength={11}
              name="otp"
              autoFocus
            />
          </div>
        )}
        <div className="-mt-1 flex justify-end">
          <Link to={paths.forgot} className="py-1 text-[13.5px] font-semibold text-brand-600">
            {t('playerAuth.forgotPassword')}
          </Link>
        </div>
        <Button type="submit" block busy={busy}>
          {t('playerAuth.login')}
        </Button>
        <p className="text-center text-[12px] leading-relaxed text-slate-500">{t('playerAuth.terms')}</p>
      </form>
    </AuthLayout>
  );
}

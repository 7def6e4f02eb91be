import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { startSession } from '../../lib/session.ts';
import { useForm } from '../../shared/form.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PasswordField } from '../../shared/ui/field.tsx';
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

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { phone, password } = form.values;
    const valid = form.check({
      phone: checkPhone(phone, rules.locale),
      password: password === '' ? 'passwordRequired' : null,
    });
    if (!valid) return;
    setBusy(true);
    try {
      startSession(await api.user.login({ body: { phone, password } }));
      navigate(paths.wallet, { replace: true });
    } catch {
      // The error dialog has told the user why.
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
        <div className="-mt-1 flex justify-end">
          <Link to={paths.forgot} className="py-1 text-[13.5px] font-semibold text-brand-600">
            {t('playerAuth.forgotPassword')}
          </Link>
        </div>
        <Button type="submit" block busy={busy}>
          {t('playerAuth.login')}
        </Button>
        <p className="text-center text-[12px] leading-relaxed text-slate-400">{t('playerAuth.terms')}</p>
      </form>
    </AuthLayout>
  );
}

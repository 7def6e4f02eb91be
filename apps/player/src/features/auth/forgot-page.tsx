import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { NewPasswordFields } from '../../lib/new-password-fields.tsx';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { useForm } from '../../shared/form.ts';
import { Button } from '../../shared/ui/button.tsx';
import { checkCode, checkNewPassword, checkPhone } from '../../shared/validation.ts';
import { AuthLayout } from './auth-layout.tsx';
import { PhoneCodeFields } from './phone-code-fields.tsx';
import { usePhoneRules } from './use-phone-rules.ts';

/** Forgot password: an SMS code to the account's phone and a new password (ends every session). */
export default function ForgotPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rules = usePhoneRules();
  const form = useForm({ phone: '', code: '', password: '', repeat: '' });
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { phone, code, password, repeat } = form.values;
    const valid = form.check({
      phone: checkPhone(phone, rules.locale),
      code: checkCode(code),
      ...checkNewPassword(password, repeat),
    });
    if (!valid) return;
    setBusy(true);
    try {
      await api.user.resetPassword({ body: { phone, code, password } });
      notify.success(t('playerAuth.resetDone'));
      navigate(paths.login, { replace: true });
    } catch {
      // The error dialog has told the user why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title={t('playerAuth.forgotTitle')} hint={t('playerAuth.forgotHint')} backTo="/login">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <PhoneCodeFields form={form} purpose="reset" />
        <NewPasswordFields
          password={form.values.password}
          repeat={form.values.repeat}
          onPasswordChange={form.set('password')}
          onRepeatChange={form.set('repeat')}
          passwordError={form.errors.password}
          repeatError={form.errors.repeat}
        />
        <Button type="submit" block busy={busy} className="mt-1">
          {t('playerAuth.resetPassword')}
        </Button>
      </form>
    </AuthLayout>
  );
}

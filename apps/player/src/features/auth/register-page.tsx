import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { startSession } from '../../lib/session.ts';
import { useForm } from '../../shared/form.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PasswordField, TextField } from '../../shared/ui/field.tsx';
import {
  checkCode,
  checkNickname,
  checkPassword,
  checkPhone,
  NICKNAME_MAX_LENGTH,
} from '../../shared/validation.ts';
import { AuthLayout } from './auth-layout.tsx';
import { PhoneCodeFields } from './phone-code-fields.tsx';
import { usePhoneRules } from './use-phone-rules.ts';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rules = usePhoneRules();
  const [search] = useSearchParams();
  // A share link (/register?invite=CODE) fills the invite code in.
  const form = useForm({
    phone: '',
    code: '',
    password: '',
    nickname: '',
    inviteCode: search.get('invite') ?? '',
  });
  const [inviteError, setInviteError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { phone, code, password, nickname } = form.values;
    const inviteCode = form.values.inviteCode.trim();
    const inviteValid = inviteCode === '' || /^[A-Za-z0-9]{6,12}$/.test(inviteCode);
    setInviteError(inviteValid ? null : t('playerRewards.register.inviteInvalid'));
    const valid = form.check({
      phone: checkPhone(phone, rules.locale),
      code: checkCode(code),
      password: checkPassword(password),
      nickname: checkNickname(nickname),
    });
    if (!valid || !inviteValid) return;
    setBusy(true);
    try {
      startSession(
        await api.user.register({
          body: { phone, code, password, nickname: nickname.trim(), ...(inviteCode ? { inviteCode } : {}) },
        }),
      );
      notify.success(t('playerAuth.registered'));
      navigate(paths.wallet, { replace: true });
    } catch {
      // The error dialog has told the user why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title={t('playerAuth.registerTitle')}
      hint={t('playerAuth.registerHint')}
      backTo="/login"
      footer={
        <p className="text-center text-[14px] text-slate-500">
          {t('playerAuth.haveAccount')}{' '}
          <Link to={paths.login} className="font-semibold text-brand-600">
            {t('playerAuth.login')}
          </Link>
        </p>
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <PhoneCodeFields form={form} purpose="register" />
        <PasswordField
          label={t('playerAuth.password')}
          value={form.values.password}
          onChange={form.set('password')}
          error={rules.message(form.errors.password)}
          hint={t('playerAuth.passwordHint')}
          autoComplete="new-password"
          placeholder={t('playerAuth.passwordPlaceholder')}
          showLabel={t('playerAuth.showPassword')}
          hideLabel={t('playerAuth.hidePassword')}
          name="password"
        />
        <TextField
          label={t('playerAuth.nickname')}
          value={form.values.nickname}
          onChange={form.set('nickname')}
          error={rules.message(form.errors.nickname)}
          autoComplete="nickname"
          placeholder={t('playerAuth.nicknamePlaceholder')}
          maxLength={NICKNAME_MAX_LENGTH * 2}
          name="nickname"
        />
        <TextField
          label={t('playerRewards.register.inviteCode')}
          value={form.values.inviteCode}
          onChange={form.set('inviteCode')}
          error={inviteError}
          autoCapitalize="characters"
          placeholder={t('playerRewards.register.invitePlaceholder')}
          maxLength={12}
          name="inviteCode"
        />
        <Button type="submit" block busy={busy} className="mt-1">
          {t('playerAuth.register')}
        </Button>
        <p className="text-center text-[12px] leading-relaxed text-slate-500">{t('playerAuth.terms')}</p>
      </form>
    </AuthLayout>
  );
}

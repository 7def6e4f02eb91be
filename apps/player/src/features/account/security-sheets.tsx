import type { Locale, User } from '@payhub/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { NewPasswordFields } from '../../lib/new-password-fields.tsx';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { queryClient } from '../../lib/query-client.ts';
import { endSession, USER_QUERY_KEY } from '../../lib/session.ts';
import { SmsCodeField } from '../../lib/sms-code-field.tsx';
import { useValidationMessage } from '../../lib/validation-message.ts';
import { checkedPhone, useForm } from '../../shared/form.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PhoneField, PhonePrefix, TextField } from '../../shared/ui/field.tsx';
import { Sheet } from '../../shared/ui/sheet.tsx';
import { checkCode, checkNewPassword, checkPhone } from '../../shared/validation.ts';

interface SecuritySheetProps {
  user: User;
  locale: Locale;
  countryCode: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Verifies the current phone (mode "verify") or moves the account to a new phone ("change"), each
 * with an SMS code sent to the phone being verified.
 */
export function PhoneSheet({
  user,
  locale,
  countryCode,
  open,
  onOpenChange,
  mode,
}: SecuritySheetProps & { mode: 'verify' | 'change' }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const form = useForm({ phone: '', code: '' });
  const [busy, setBusy] = useState(false);
  const ownPhone = `+${countryCode}${user.phone}`;

  function targetPhone(): string | null {
    if (mode === 'verify') return ownPhone;
    return checkedPhone(form, locale);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const valid = form.check({
      phone: mode === 'change' ? checkPhone(form.values.phone, locale) : null,
      code: checkCode(form.values.code),
    });
    const phone = targetPhone();
    if (!valid || phone === null) return;
    setBusy(true);
    try {
      const updated = await api.user.verifyPhone({ body: { phone, code: form.values.code } });
      queryClient.setQueryData(USER_QUERY_KEY, updated);
      notify.success(mode === 'verify' ? t('playerAccount.phoneVerified') : t('playerAccount.phoneChanged'));
      onOpenChange(false);
    } catch {
      // The error dialog has told the user why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={mode === 'verify' ? t('playerAccount.verifyPhone') : t('playerAccount.changePhone')}
      description={
        mode === 'verify' ? t('playerAccount.verifyPhoneHint') : t('playerAccount.changePhoneHint')
      }
      closeLabel={t('player.close')}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {mode === 'change' ? (
          <PhoneField
            label={t('playerAccount.newPhone')}
            value={form.values.phone}
            onChange={form.set('phone')}
            error={message(form.errors.phone)}
            countryCode={countryCode}
            locale={locale}
            name="newPhone"
          />
        ) : (
          <TextField
            label={t('playerAccount.phone')}
            value={user.phone}
            onChange={() => undefined}
            leading={<PhonePrefix countryCode={countryCode} />}
            readOnly
            name="ownPhone"
          />
        )}
        <SmsCodeField
          value={form.values.code}
          onChange={form.set('code')}
          error={message(form.errors.code)}
          purpose="verify"
          phoneToSend={targetPhone}
          countryCode={countryCode}
          locale={locale}
        />
        <Button type="submit" block busy={busy} className="mt-1">
          {t('player.confirm')}
        </Button>
      </form>
    </Sheet>
  );
}

/** Changes the password through the reset flow: a code to the account's phone; every session ends after. */
export function PasswordSheet({ user, locale, countryCode, open, onOpenChange }: SecuritySheetProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const message = useValidationMessage();
  const form = useForm({ code: '', password: '', repeat: '' });
  const [busy, setBusy] = useState(false);
  const ownPhone = `+${countryCode}${user.phone}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { code, password, repeat } = form.values;
    const valid = form.check({
      code: checkCode(code),
      ...checkNewPassword(password, repeat),
    });
    if (!valid) return;
    setBusy(true);
    try {
      await api.user.resetPassword({ body: { phone: ownPhone, code, password } });
      onOpenChange(false);
      endSession();
      notify.success(t('playerAuth.resetDone'));
      navigate(paths.login, { replace: true });
    } catch {
      // The error dialog has told the user why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('playerAccount.changePassword')}
      description={t('playerAccount.changePasswordHint', { countryCode, phone: user.phone })}
      closeLabel={t('player.close')}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <SmsCodeField
          value={form.values.code}
          onChange={form.set('code')}
          error={message(form.errors.code)}
          purpose="reset"
          phoneToSend={() => ownPhone}
          countryCode={countryCode}
          locale={locale}
        />
        <NewPasswordFields
          password={form.values.password}
          repeat={form.values.repeat}
          onPasswordChange={form.set('password')}
          onRepeatChange={form.set('repeat')}
          passwordError={form.errors.password}
          repeatError={form.errors.repeat}
        />
        <Button type="submit" block busy={busy} className="mt-1">
          {t('playerAccount.changePassword')}
        </Button>
      </form>
    </Sheet>
  );
}

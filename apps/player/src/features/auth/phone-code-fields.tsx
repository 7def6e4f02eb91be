import type { SmsPurpose } from '@payhub/contracts';
import { useTranslation } from 'react-i18next';
import { SmsCodeField } from '../../lib/sms-code-field.tsx';
import { checkedPhone } from '../../shared/form.ts';
import { PhoneField } from '../../shared/ui/field.tsx';
import type { ValidationKey } from '../../shared/validation.ts';
import { usePhoneRules } from './use-phone-rules.ts';

/** The part of a `useForm` form that holds a phone. */
interface PhoneForm {
  values: { phone: string };
  errors: Partial<Record<'phone', ValidationKey>>;
  set: (name: 'phone') => (value: string) => void;
}

/** The part of a `useForm` form that holds a phone and the SMS code sent to it. */
interface PhoneCodeForm {
  values: { phone: string; code: string };
  errors: Partial<Record<'phone' | 'code', ValidationKey>>;
  set: (name: 'phone' | 'code') => (value: string) => void;
  fail: (name: 'phone', key: ValidationKey) => void;
}

/** The signed-out screens' phone field, after the project's prefix. */
export function AuthPhoneField({ form }: { form: PhoneForm }) {
  const { t } = useTranslation();
  const rules = usePhoneRules();
  return (
    <PhoneField
      label={t('playerAuth.phone')}
      value={form.values.phone}
      onChange={form.set('phone')}
      error={rules.message(form.errors.phone)}
      countryCode={rules.countryCode}
      locale={rules.locale}
      name="phone"
    />
  );
}

/** The signed-out screens' phone and the SMS code sent to it for `purpose`. */
export function PhoneCodeFields({ form, purpose }: { form: PhoneCodeForm; purpose: SmsPurpose }) {
  const rules = usePhoneRules();
  return (
    <>
      <AuthPhoneField form={form} />
      <SmsCodeField
        value={form.values.code}
        onChange={form.set('code')}
        error={rules.message(form.errors.code)}
        purpose={purpose}
        phoneToSend={() => checkedPhone(form, rules.locale)}
        countryCode={rules.countryCode}
        locale={rules.locale}
      />
    </>
  );
}

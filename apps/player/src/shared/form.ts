import type { Locale } from '@payhub/contracts';
import { useState } from 'react';
import { checkPhone, type ValidationKey } from './validation.ts';

/**
 * Form state for the small forms of the player app: values, and for each field the rule it failed
 * (a `playerAuth.validation` key) once the user tried to submit. Editing a field clears its error.
 */
export function useForm<Fields extends Record<string, string>>(initial: Fields) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, ValidationKey>>>({});

  function set<Name extends keyof Fields>(name: Name) {
    return (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    };
  }

  /** Records the failed rules; answers true when every rule passed. */
  function check(rules: Partial<Record<keyof Fields, ValidationKey | null>>): boolean {
    const failed: Partial<Record<keyof Fields, ValidationKey>> = {};
    for (const [name, key] of Object.entries(rules) as Array<[keyof Fields, ValidationKey | null]>) {
      if (key) failed[name] = key;
    }
    setErrors(failed);
    return Object.keys(failed).length === 0;
  }

  function fail(name: keyof Fields, key: ValidationKey) {
    setErrors((current) => ({ ...current, [name]: key }));
  }

  return { values, errors, set, check, fail, setValues };
}

/**
 * Checks a form's phone before an SMS code is sent to it: answers the phone, or records the failed
 * rule on the phone field and answers null.
 */
export function checkedPhone(
  form: { values: { phone: string }; fail: (name: 'phone', key: ValidationKey) => void },
  locale: Locale,
): string | null {
  const failed = checkPhone(form.values.phone, locale);
  if (failed) {
    form.fail('phone', failed);
    return null;
  }
  return form.values.phone;
}

import { useState } from 'react';
import type { ValidationKey } from './validation.ts';

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

import { useTranslation } from 'react-i18next';
import type { ValidationKey } from '../shared/validation.ts';

/** The message of a failed form rule (a `playerAuth.validation` key), or null when the rule passed. */
export function useValidationMessage(): (key: ValidationKey | undefined) => string | null {
  const { t } = useTranslation();
  return (key) => (key ? t(`playerAuth.validation.${key}`, { max: 32 }) : null);
}

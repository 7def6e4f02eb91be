import type { Locale } from '@payhub/contracts';
import { useProject } from '../../lib/project.ts';
import { useValidationMessage } from '../../lib/validation-message.ts';
import type { ValidationKey } from '../../shared/validation.ts';

/** The phone rules of the chosen project (its locale and country code) and the message of a failed rule. */
export function usePhoneRules(): {
  locale: Locale;
  countryCode: string;
  message: (key: ValidationKey | undefined) => string | null;
} {
  const message = useValidationMessage();
  const project = useProject();
  return {
    locale: project.data?.locale ?? 'id-ID',
    countryCode: project.data?.countryCode ?? '62',
    message,
  };
}

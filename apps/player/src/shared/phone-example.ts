import type { Locale } from '@payhub/contracts';

/**
 * An example national number for the phone field's placeholder. It follows the project (the
 * number's country), not the UI language: an English-speaking player in México types a Mexican number.
 */
const EXAMPLES: Record<Locale, string> = {
  'id-ID': '812 3456 7890',
  'es-MX': '55 1234 5678',
  en: '812 3456 7890',
};

export function phoneExample(projectLocale: Locale): string {
  return EXAMPLES[projectLocale];
}

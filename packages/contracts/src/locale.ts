/** Locales of the product: Indonesian first, then Mexican Spanish and English. */
export const LOCALES = ['id-ID', 'es-MX', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'id-ID';

/** Maps a `language` header or cookie value ("es", "es-MX", "en-US", "id") to a supported locale. */
export function resolveLocale(value: string | undefined | null): Locale {
  if (!value) return DEFAULT_LOCALE;
  const lower = value.toLowerCase();
  if (lower.startsWith('es')) return 'es-MX';
  if (lower.startsWith('en')) return 'en';
  return DEFAULT_LOCALE;
}

/**
 * Digit grouping and decimal mark of each locale, fixed here so that every WebView and every mail
 * prints the same text ("Rp 150.000,00", "MX$1,500.00"), whatever the device's own Intl data.
 */
export const AMOUNT_SEPARATORS: Readonly<Record<Locale, { group: string; decimal: string }>> = {
  'id-ID': { group: '.', decimal: ',' },
  'es-MX': { group: ',', decimal: '.' },
  en: { group: ',', decimal: '.' },
};

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

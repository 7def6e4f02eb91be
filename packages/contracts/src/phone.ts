import type { Locale } from './locale.ts';

/**
 * Phone normalisation (spec §3 "Login payload"): digits only, then the leading prefix removed —
 * 62 or 0 for the Indonesian locale, 52 for es-MX, otherwise a leading 0. The result is the
 * national number the server stores and looks up.
 */
export function normalisePhone(raw: string, locale: Locale): string {
  const digits = raw.replace(/[\s\-().+]/g, '');
  if (!/^\d*$/.test(digits)) return digits;
  if (locale === 'id-ID') {
    if (digits.startsWith('62')) return digits.slice(2);
    if (digits.startsWith('0')) return digits.slice(1);
    return digits;
  }
  if (locale === 'es-MX') return digits.startsWith('52') ? digits.slice(2) : digits;
  return digits.startsWith('0') ? digits.slice(1) : digits;
}

/** National-number patterns per locale: Indonesian mobiles start with 8 (9-12 digits); Mexican numbers have 10. */
const nationalPattern: Record<Locale, RegExp> = {
  'id-ID': /^8\d{8,11}$/,
  'es-MX': /^\d{10}$/,
  en: /^\d{6,14}$/,
};

export function isValidNationalPhone(national: string, locale: Locale): boolean {
  return nationalPattern[locale].test(national);
}

/**
 * Masking (spec §9): numbers shorter than 6 digits mask the middle; 11 or more digits keep 3
 * leading and 4 trailing; others mask 4 in the middle.
 */
export function maskNumber(value: string): string {
  const length = value.length;
  if (length === 0) return value;
  if (length < 6) {
    if (length <= 2) return value.slice(0, 1) + '*'.repeat(length - 1);
    return value.slice(0, 1) + '*'.repeat(length - 2) + value.slice(length - 1);
  }
  if (length >= 11) return value.slice(0, 3) + '*'.repeat(length - 7) + value.slice(length - 4);
  const start = Math.floor((length - 4) / 2);
  return `${value.slice(0, start)}****${value.slice(start + 4)}`;
}

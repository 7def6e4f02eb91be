import { isValidNationalPhone, type Locale, normalisePhone } from '@payhub/contracts';

export type PhoneCheck =
  | { ok: true; national: string }
  | { ok: false; error: 'phoneRequired' | 'phoneInvalid' };

/**
 * The phone as the forms send it: normalised by the project's locale (spec §3 — 62 or 0 removed
 * for Indonesian, 52 for es-MX, else a leading 0), then checked against the national pattern.
 */
export function checkPhone(raw: string, locale: Locale): PhoneCheck {
  const trimmed = raw.trim();
  if (trimmed === '') return { ok: false, error: 'phoneRequired' };
  const national = normalisePhone(trimmed, locale);
  if (!isValidNationalPhone(national, locale)) return { ok: false, error: 'phoneInvalid' };
  return { ok: true, national };
}

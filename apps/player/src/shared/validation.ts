import {
  isValidNationalPhone,
  type Locale,
  normalisePhone,
  PASSWORD_PATTERN,
  VERIFICATION_CODE_PATTERN,
} from '@payhub/contracts';

/** Keys of `playerAuth.validation`: a failed rule names its message, a passed rule answers null. */
export type ValidationKey =
  | 'phoneRequired'
  | 'phoneInvalid'
  | 'passwordRequired'
  | 'passwordRule'
  | 'passwordMismatch'
  | 'codeRequired'
  | 'codeRule'
  | 'nicknameRequired'
  | 'nicknameLength'
  | 'emailRequired'
  | 'emailInvalid';

/** The contracts' Nickname schema allows 1 to 32 characters after trimming. */
export const NICKNAME_MAX_LENGTH = 32;
/** The contracts' Email schema allows at most 254 characters. */
export const EMAIL_MAX_LENGTH = 254;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Phone: required and, once the country prefix or trunk 0 is removed, the project's national pattern. */
export function checkPhone(raw: string, projectLocale: Locale): ValidationKey | null {
  if (raw.trim() === '') return 'phoneRequired';
  if (!/^\+?[\d\s\-().]+$/.test(raw.trim())) return 'phoneInvalid';
  return isValidNationalPhone(normalisePhone(raw, projectLocale), projectLocale) ? null : 'phoneInvalid';
}

/** Password: 8 to 16 characters with letters and digits (spec §5). */
export function checkPassword(password: string): ValidationKey | null {
  if (password === '') return 'passwordRequired';
  return PASSWORD_PATTERN.test(password) ? null : 'passwordRule';
}

export function checkPasswordRepeat(password: string, repeat: string): ValidationKey | null {
  return password === repeat ? null : 'passwordMismatch';
}

/** A new password and its confirmation; the confirmation is only compared once the password follows the rule. */
export function checkNewPassword(
  password: string,
  repeat: string,
): { password: ValidationKey | null; repeat: ValidationKey | null } {
  const failed = checkPassword(password);
  return { password: failed, repeat: failed ? null : checkPasswordRepeat(password, repeat) };
}

/** Security and verification codes: 6 digits. */
export function checkCode(code: string): ValidationKey | null {
  if (code.trim() === '') return 'codeRequired';
  return VERIFICATION_CODE_PATTERN.test(code.trim()) ? null : 'codeRule';
}

/** Nickname: not empty, at most 32 characters. */
export function checkNickname(nickname: string): ValidationKey | null {
  const trimmed = nickname.trim();
  if (trimmed === '') return 'nicknameRequired';
  return [...trimmed].length > NICKNAME_MAX_LENGTH ? 'nicknameLength' : null;
}

/** Email: required, format checked. */
export function checkEmail(email: string): ValidationKey | null {
  const trimmed = email.trim();
  if (trimmed === '') return 'emailRequired';
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(trimmed) ? null : 'emailInvalid';
}

/** Keeps only digits, at most 6: what the code inputs accept while typing. */
export function codeDigits(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, 6);
}

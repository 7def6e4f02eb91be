import { z } from 'zod';
import { PASSWORD_PATTERN, VERIFICATION_CODE_PATTERN } from './patterns.ts';

export { PASSWORD_PATTERN, VERIFICATION_CODE_PATTERN };

/** Player and agent password rule: 8 to 16 characters with letters and digits (spec §5). */
export const Password = z
  .string()
  .max(64)
  .regex(PASSWORD_PATTERN, 'password must be 8-16 characters with letters and digits');

/** Security and verification codes: 6 digits. */
export const VerificationCode = z.string().regex(VERIFICATION_CODE_PATTERN, 'code must be 6 digits');

/** A phone as typed, in any accepted form ("+62 812-3456-7890", "0812...", "812..."). */
export const PhoneInput = z
  .string()
  .min(4)
  .max(24)
  .regex(/^\+?[\d\s\-().]+$/, 'phone must contain digits only');

export const Nickname = z.string().trim().min(1).max(32);
export const Email = z.string().trim().max(254).email();

/** A database id on the wire: a positive integer, given as a number or a numeric string. */
export const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const Page = z.coerce.number().int().min(1).max(100_000).default(1);
/** Every list is bounded by the spec's page size of 500. */
export const Count = z.coerce.number().int().min(1).max(500).default(20);

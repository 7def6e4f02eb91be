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

/**
 * An integer within [min, max], given as a JSON number or as a plain decimal string (path and query
 * values are strings). Unlike z.coerce it refuses '', ' ', '1e3', '0x10' and '1.5' instead of
 * reading them as numbers.
 */
export function intInput(min: number, max: number) {
  return z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?\d{1,16}$/, 'expected an integer')
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));
}

/** A boolean given as JSON true/false or as 'true'/'false'/'1'/'0' (z.coerce would read 'false' as true). */
export const BooleanInput = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1'),
]);

/** A database id on the wire: a positive integer, given as a number or a numeric string. */
export const Id = intInput(1, Number.MAX_SAFE_INTEGER);

export const Page = intInput(1, 100_000).default(1);
/** Every list is bounded by the spec's page size of 500. */
export const Count = intInput(1, 500).default(20);

/**
 * Input patterns shared by the schemas and the apps' forms. Kept apart from the zod schemas so a
 * browser bundle can check a form without shipping zod.
 */

/** Player and agent password rule: 8 to 16 characters with letters and digits (spec §5). */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,16}$/;

/** Security and verification codes: 6 digits. */
export const VERIFICATION_CODE_PATTERN = /^\d{6}$/;

/** Accepted uploads: images only, at most 2 MiB. */
export const UPLOAD_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

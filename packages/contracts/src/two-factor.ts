import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';

/** A code from an authenticator app (6 digits) or a recovery code (xxxxx-xxxxx). */
export const SecondFactorCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(\d{6}|[a-z2-7]{5}-[a-z2-7]{5})$/, 'code: 6 digits or a recovery code');
/** Only a code from the app (enrolment is confirmed by the app, not by a recovery code). */
export const TotpCode = z.string().regex(/^\d{6}$/, 'code must be 6 digits');

export const TwoFactorStatus = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });

/** TOTP two-factor sign-in (issue 14). */
export const twoFactor = {
  status: endpoint({
    method: 'GET',
    path: '/main/user/2fa',
    access: 'secure',
    summary: 'Whether two-step verification is on, and how many recovery codes are left',
    response: TwoFactorStatus,
  }),
  setup: endpoint({
    method: 'POST',
    path: '/main/user/2fa/setup',
    access: 'secure',
    summary: 'Start enrolment (current password): a new secret, its otpauth URL and a QR code (PNG data URL)',
    body: z.object({ password: z.string().min(1).max(64) }).strict(),
    response: z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() }),
    errors: [ErrorCode.PasswordError, ErrorCode.AccountLocked, ErrorCode.TwoFactorAlreadyEnabled],
  }),
  enable: endpoint({
    method: 'POST',
    path: '/main/user/2fa/enable',
    access: 'secure',
    summary: 'Confirm enrolment with a code from the app; answers ten one-time recovery codes (shown once)',
    body: z.object({ code: TotpCode }).strict(),
    response: z.object({ recoveryCodes: z.array(z.string()) }),
    errors: [
      ErrorCode.TwoFactorInvalid,
      ErrorCode.TwoFactorLocked,
      ErrorCode.TwoFactorNotEnabled,
      ErrorCode.TwoFactorAlreadyEnabled,
    ],
  }),
  disable: endpoint({
    method: 'POST',
    path: '/main/user/2fa/disable',
    access: 'secure',
    summary: 'Turn two-step verification off with a code from the app or a recovery code',
    body: z.object({ code: SecondFactorCode }).strict(),
    response: z.object({ ok: z.literal(true) }),
    errors: [ErrorCode.TwoFactorInvalid, ErrorCode.TwoFactorLocked, ErrorCode.TwoFactorNotEnabled],
  }),
} as const;

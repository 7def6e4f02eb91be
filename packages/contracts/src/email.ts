import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { SecondFactorCode } from './two-factor.ts';
import { User } from './user.ts';
import { Email, VerificationCode } from './validation.ts';

/** Binding the account's email with a 6-digit code mailed to it (issue 14). */
export const email = {
  sendCode: endpoint({
    method: 'POST',
    path: '/main/user/email/code',
    access: 'secure',
    summary: 'Mail a 6-digit code (valid 10 minutes, in the caller’s language) to the address to bind',
    body: z.object({ email: Email }).strict(),
    response: z.object({ expiresInSeconds: z.number().int(), resendAfterSeconds: z.number().int() }),
    errors: [ErrorCode.CodeSentTooOften, ErrorCode.CodeSendLimit, ErrorCode.ContactSupport],
  }),
  bind: endpoint({
    method: 'POST',
    path: '/main/user/email',
    access: 'secure',
    summary:
      'Bind or change the account’s email with the mailed code (and the authenticator code when two-step verification is on)',
    body: z.object({ email: Email, code: VerificationCode, otp: SecondFactorCode.optional() }).strict(),
    response: User,
    errors: [
      ErrorCode.CodeInvalid,
      ErrorCode.CodeExpired,
      ErrorCode.TwoFactorRequired,
      ErrorCode.TwoFactorInvalid,
      ErrorCode.TwoFactorLocked,
    ],
  }),
  devLatestMail: endpoint({
    method: 'GET',
    path: '/main/dev/mail',
    access: 'public',
    devOnly: true,
    summary:
      'Dev mail capture: the last mail the embedded SMTP capture received for an address (development mode only, loopback callers only; 404 otherwise)',
    query: z.object({ to: Email }),
    response: z.object({
      to: z.array(z.string()),
      subject: z.string(),
      text: z.string(),
      language: z.string().nullable(),
      receivedAt: z.string(),
    }),
    errors: [ErrorCode.NotFound],
  }),
} as const;

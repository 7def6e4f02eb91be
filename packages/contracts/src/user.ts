import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { InviteCodeInput } from './rewards.ts';
import { SecondFactorCode } from './two-factor.ts';
import { Nickname, Password, PhoneInput, VerificationCode } from './validation.ts';

/** The account as the apps see it. `phone` is the national number (prefix stripped, spec §3). */
export const User = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  phone: z.string(),
  /** International number for WhatsApp contact, e.g. "+628123456789". */
  whatsApp: z.string(),
  nickname: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  phoneVerified: z.boolean(),
  /** Operator-console staff role; `null` for everyone else. */
  staffRole: z.enum(['admin']).nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof User>;

export const SessionAnswer = z.object({ token: z.string(), user: User });
export const Ok = z.object({ ok: z.literal(true) });

/**
 * `register` (a new account), `reset` (forgot password), `unlock` (end a sign-in lock), `verify`
 * (signed in: confirm the own phone or a new one to move to). Reset and unlock codes only reach
 * registered numbers, without telling the caller which numbers are (docs/decisions.md).
 */
export const SMS_PURPOSES = ['register', 'reset', 'verify', 'unlock'] as const;
export const SmsPurpose = z.enum(SMS_PURPOSES);
export type SmsPurpose = z.infer<typeof SmsPurpose>;
/**
 * Every purpose a code is sent for: the public send call's, plus those a signed-in call sends to the
 * caller's own phone (`crypto_address`: adding a withdrawal address, contracts/chain.ts).
 */
export const CODE_PURPOSES = [...SMS_PURPOSES, 'crypto_address'] as const;
export const CodePurpose = z.enum(CODE_PURPOSES);
export type CodePurpose = z.infer<typeof CodePurpose>;

export const user = {
  me: endpoint({
    method: 'GET',
    path: '/main/user',
    access: 'secure',
    summary: 'The signed-in user',
    response: User,
  }),
  update: endpoint({
    method: 'POST',
    path: '/main/user',
    access: 'secure',
    // No email here: an address is bound or changed only with the mailed code (and the
    // authenticator code when two-step verification is on) through /main/user/email (issue 14).
    summary: 'Update nickname or avatar (an URL returned by /main/site/upload)',
    body: z
      .object({
        nickname: Nickname.optional(),
        avatar: z.string().max(200).nullable().optional(),
      })
      .strict(),
    response: User,
  }),
  sendCode: endpoint({
    method: 'GET',
    path: '/main/user/phone',
    access: 'public',
    summary:
      'Send a 6-digit SMS code (valid 5 minutes; one per minute and a few per hour per phone, a few per hour per device); reset, unlock and verify codes reach registered numbers only',
    query: z.object({ phone: PhoneInput, purpose: SmsPurpose.default('register') }),
    response: z.object({ expiresInSeconds: z.number().int(), resendAfterSeconds: z.number().int() }),
    errors: [2001, 7028, 7017],
  }),
  sendNewPhoneCode: endpoint({
    method: 'POST',
    path: '/main/user/phone/new',
    access: 'secure',
    summary:
      'Signed in: send a verify code to the new phone the account is to move to (same limits as GET /main/user/phone)',
    body: z.object({ phone: PhoneInput }).strict(),
    response: z.object({ expiresInSeconds: z.number().int(), resendAfterSeconds: z.number().int() }),
    errors: [2001, 7028, 7017],
  }),
  verifyPhone: endpoint({
    method: 'POST',
    path: '/main/user/phone',
    access: 'secure',
    summary:
      'Verify the signed-in user’s phone, or move the account to a new phone (code from POST /main/user/phone/new) with the current password; the old phone is told',
    body: z
      .object({
        phone: PhoneInput,
        code: VerificationCode,
        /** Required to move the account to another phone. */
        password: z.string().min(1).max(64).optional(),
      })
      .strict(),
    response: User,
    errors: [2002, 7016, 7017, 7013, 7030],
  }),
  register: endpoint({
    method: 'POST',
    path: '/main/user/phone/register',
    access: 'public',
    summary: 'Register with phone, password and SMS code; answers a session',
    body: z
      .object({
        phone: PhoneInput,
        password: Password,
        code: VerificationCode,
        nickname: Nickname.optional(),
        /** A promoter's share code: the registration counts for that promoter (docs/promo.md). */
        shareCode: z
          .string()
          .regex(/^[A-Z0-9]{6,12}$/, 'shareCode must be 6-12 capital letters or digits')
          .optional(),
        /** A player's invite code (rewards, issue 17): its owner becomes the new player's referrer. */
        inviteCode: InviteCodeInput.optional(),
      })
      .strict(),
    response: SessionAnswer,
    errors: [7017, 2002, 7016, 7003],
  }),
  login: endpoint({
    method: 'POST',
    path: '/main/user/phone/login',
    access: 'public',
    summary:
      'Sign in with phone (any accepted form) and password, and with two-step verification on a code from the authenticator app or a recovery code (7045 asks for it); answers a session',
    body: z
      .object({ phone: PhoneInput, password: z.string().min(1).max(64), otp: SecondFactorCode.optional() })
      .strict(),
    response: SessionAnswer,
    errors: [7021, 667, 7030, 7045, 7046, 7047],
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/main/user/phone/password',
    access: 'public',
    summary: 'Reset the password with an SMS code; ends every session and any sign-in lock of the account',
    body: z.object({ phone: PhoneInput, code: VerificationCode, password: Password }).strict(),
    response: Ok,
    errors: [2002, 7016],
  }),
  unlock: endpoint({
    method: 'POST',
    path: '/main/user/phone/unlock',
    access: 'public',
    summary: 'End a sign-in lock (7030) with an SMS code of purpose unlock; the password stays',
    body: z.object({ phone: PhoneInput, code: VerificationCode }).strict(),
    response: Ok,
    errors: [2002, 7016],
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/main/user/password',
    access: 'secure',
    summary: 'Change the password with the current one; ends every other session of the account',
    body: z.object({ currentPassword: z.string().min(1).max(64), password: Password }).strict(),
    response: Ok,
    errors: [7013, 7030],
  }),
  checkPhone: endpoint({
    method: 'POST',
    path: '/main/user/phone/check',
    access: 'public',
    summary:
      'Whether a phone is registered in this project (what sign-up answers anyway; counts against the per-device code budget)',
    body: z.object({ phone: PhoneInput }).strict(),
    response: z.object({ registered: z.boolean() }),
    errors: [7028],
  }),
  logout: endpoint({
    method: 'POST',
    path: '/main/user/logout',
    access: 'secure',
    summary: 'End this session',
    response: Ok,
  }),
  devLatestCode: endpoint({
    method: 'GET',
    path: '/main/dev/sms',
    access: 'public',
    devOnly: true,
    summary:
      'Dev SMS adapter: the last code sent to a phone (development mode only, loopback callers only; 404 otherwise)',
    query: z.object({ phone: PhoneInput, purpose: CodePurpose.default('register') }),
    response: z.object({ code: z.string(), expiresAt: z.string() }),
    errors: [404],
  }),
};

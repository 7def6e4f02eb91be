import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { Email, Nickname, Password, PhoneInput, VerificationCode } from './validation.ts';

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

export const SMS_PURPOSES = ['register', 'reset', 'verify'] as const;
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
    summary: 'Update nickname, email or avatar (an URL returned by /main/site/upload)',
    body: z
      .object({
        nickname: Nickname.optional(),
        email: Email.nullable().optional(),
        avatar: z.string().max(200).nullable().optional(),
      })
      .strict(),
    response: User,
  }),
  sendCode: endpoint({
    method: 'GET',
    path: '/main/user/phone',
    access: 'public',
    summary: 'Send a 6-digit SMS code (valid 5 minutes; one per minute, a few per hour)',
    query: z.object({ phone: PhoneInput, purpose: SmsPurpose.default('register') }),
    response: z.object({ expiresInSeconds: z.number().int(), resendAfterSeconds: z.number().int() }),
    errors: [2001, 7028, 7017, 7019],
  }),
  verifyPhone: endpoint({
    method: 'POST',
    path: '/main/user/phone',
    access: 'secure',
    summary: 'Verify the signed-in user’s phone, or move the account to a new phone, with an SMS code',
    body: z.object({ phone: PhoneInput, code: VerificationCode }).strict(),
    response: User,
    errors: [2002, 7016, 7017],
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
      })
      .strict(),
    response: SessionAnswer,
    errors: [7017, 2002, 7016, 7003],
  }),
  login: endpoint({
    method: 'POST',
    path: '/main/user/phone/login',
    access: 'public',
    summary: 'Sign in with phone (any accepted form) and password; answers a session',
    body: z.object({ phone: PhoneInput, password: z.string().min(1).max(64) }).strict(),
    response: SessionAnswer,
    errors: [7021, 667],
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/main/user/phone/password',
    access: 'public',
    summary: 'Reset the password with an SMS code; ends every other session of the account',
    body: z.object({ phone: PhoneInput, code: VerificationCode, password: Password }).strict(),
    response: Ok,
    errors: [7019, 2002, 7016],
  }),
  checkPhone: endpoint({
    method: 'POST',
    path: '/main/user/phone/check',
    access: 'public',
    summary: 'Whether a phone is registered in this project',
    body: z.object({ phone: PhoneInput }).strict(),
    response: z.object({ registered: z.boolean() }),
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
    summary: 'Dev SMS adapter: the last code sent to a phone (absent in production)',
    query: z.object({ phone: PhoneInput, purpose: CodePurpose.default('register') }),
    response: z.object({ code: z.string(), expiresAt: z.string() }),
  }),
};

import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { AssetSchema } from './money.ts';
import { SecondFactorCode } from './two-factor.ts';
import { User } from './user.ts';
import { Email, Id, VerificationCode } from './validation.ts';

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

const BirthDate = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'birthDate: YYYY-MM-DD')
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, 'birthDate: not a calendar date');

/** Where a tier-2 submission (ID document and selfie) stands; a rejected one carries the reason. */
export const IDENTITY_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const IdentityReviewStatus = z.enum(IDENTITY_REVIEW_STATUSES);
export type IdentityReviewStatus = z.infer<typeof IdentityReviewStatus>;

export const IdentityReview = z.object({
  id: z.number().int(),
  status: IdentityReviewStatus,
  /** Why staff rejected it (shown to the player), else null. */
  reason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type IdentityReview = z.infer<typeof IdentityReview>;

/** One asset's withdrawal limit at the caller's tier; null = no tier limit (the rail's range still applies), "0" = none allowed. */
export const TierWithdrawLimit = z.object({
  asset: AssetSchema,
  perWithdrawal: z.string().nullable(),
  daily: z.string().nullable(),
});

export const IdentityView = z.object({
  tier: z.number().int(),
  fullName: z.string().nullable(),
  birthDate: z.string().nullable(),
  /** The project's minimum age for real-money play. */
  minimumAge: z.number().int(),
  /** The declared birth date is under the minimum age: no real-money play, no withdrawal. */
  underAge: z.boolean(),
  /** The latest tier-2 submission (documents and selfie), or null when none was sent. */
  review: IdentityReview.nullable(),
  /** Withdrawal limits of the caller's tier, per asset the project withdraws in (docs/identity.md). */
  withdrawLimits: z.array(TierWithdrawLimit),
});
export type IdentityView = z.infer<typeof IdentityView>;

/** An identity image as the server stored it (magic-byte type), base64 in a data URL. */
export const IdentityImage = z.object({ mime: z.string(), dataUrl: z.string() });
export const IdentityImages = z.object({ document: IdentityImage, selfie: IdentityImage });

/** Identity tiers (issue 14): tier 1 is a declared full name and birth date (the age gate); tier 2 documents reviewed by staff. */
export const identity = {
  get: endpoint({
    method: 'GET',
    path: '/main/user/identity',
    access: 'secure',
    summary:
      'The caller’s identity tier, declared name and birth date, the project’s minimum age, the tier-2 review and the tier’s withdrawal limits',
    response: IdentityView,
  }),
  declare: endpoint({
    method: 'POST',
    path: '/main/user/identity',
    access: 'secure',
    summary:
      'Declare the full name and birth date once (tier 1); under the minimum age no real-money play or withdrawal',
    body: z.object({ fullName: z.string().trim().min(2).max(100), birthDate: BirthDate }).strict(),
    response: IdentityView,
    errors: [ErrorCode.IdentityAlreadyDeclared],
  }),
  submitDocuments: endpoint({
    method: 'POST',
    path: '/main/user/identity/documents',
    access: 'secure',
    bodyKind: 'multipart',
    summary:
      'Tier 2: upload a photo of the ID document (file field `document`) and a selfie (`selfie`), png/jpeg/webp (type read from the bytes), at most 2 MiB each; staff review them',
    response: IdentityView,
    errors: [ErrorCode.IdentityTierRequired, ErrorCode.IdentityDocumentsOpen],
  }),
  documentImages: endpoint({
    method: 'GET',
    path: '/main/user/identity/documents/:id',
    access: 'secure',
    summary: 'The caller’s own submitted ID document and selfie (404 for anyone else’s)',
    params: z.object({ id: Id }),
    response: IdentityImages,
    errors: [ErrorCode.NotFound],
  }),
} as const;

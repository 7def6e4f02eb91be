import { z } from 'zod';
import { IdentityImages, IdentityReviewStatus } from './email.ts';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { Id, intInput } from './validation.ts';

/**
 * The console's tier-2 identity review (issue 14): compliance staff see the queue of submitted ID
 * documents and selfies, view both images, and approve (the player becomes tier 2) or reject with a
 * reason the player reads. Spread into `contracts.console`; permissions in CONSOLE_KYC_PERMISSIONS.
 */
export const ConsoleKycSubmission = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  phone: z.string(),
  nickname: z.string(),
  /** The tier-1 name and birth date the player declared (what the document must show). */
  fullName: z.string(),
  birthDate: z.string(),
  status: IdentityReviewStatus,
  reason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.number().int().nullable(),
});
export type ConsoleKycSubmission = z.infer<typeof ConsoleKycSubmission>;

const KycParams = z.object({ id: Id });

export const consoleKycApi = {
  kycQueue: endpoint({
    method: 'GET',
    path: '/main/console/kyc',
    access: 'secure',
    summary:
      'Console: tier-2 identity submissions of the project (pending first-in first-out by default; approved or rejected newest first); keyset pages',
    query: z
      .object({
        status: IdentityReviewStatus.default('pending'),
        cursor: z
          .string()
          .regex(/^\d{1,18}$/, 'unknown cursor')
          .optional(),
        count: intInput(1, 100).default(20),
      })
      .strict(),
    response: z.object({ items: z.array(ConsoleKycSubmission), nextCursor: z.string().nullable() }),
    errors: [ErrorCode.NoPermission],
  }),
  kycImages: endpoint({
    method: 'GET',
    path: '/main/console/kyc/:id/images',
    access: 'secure',
    summary: 'Console: the ID document and selfie of one submission (every view is an audit line)',
    params: KycParams,
    response: IdentityImages,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
  approveKyc: endpoint({
    method: 'POST',
    path: '/main/console/kyc/:id/approve',
    access: 'secure',
    summary: 'Console: approve a pending submission — the player becomes identity tier 2',
    params: KycParams,
    body: z.object({}).strict(),
    response: ConsoleKycSubmission,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound, ErrorCode.IdentityDocumentsDecided],
  }),
  rejectKyc: endpoint({
    method: 'POST',
    path: '/main/console/kyc/:id/reject',
    access: 'secure',
    summary:
      'Console: reject a pending submission with a reason the player reads (they may send new documents)',
    params: KycParams,
    body: z.object({ reason: z.string().trim().min(3).max(500) }).strict(),
    response: ConsoleKycSubmission,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound, ErrorCode.IdentityDocumentsDecided],
  }),
};

/** Compliance reviews identity documents; admins may too. */
export const CONSOLE_KYC_PERMISSIONS = {
  kycQueue: ['compliance', 'admin'],
  kycImages: ['compliance', 'admin'],
  approveKyc: ['compliance', 'admin'],
  rejectKyc: ['compliance', 'admin'],
} as const;

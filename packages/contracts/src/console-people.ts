import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { OperatorStatus } from './payhub.ts';
import { QuotaBalance } from './quota.ts';
import { Id, intInput } from './validation.ts';

/**
 * The console's payment operators and promoters beyond the KYC list (issue 19): one operator's
 * receiving cards with the names on them, quota balance, profile and group; and the project's
 * promoters as their own list (role, group, leader, presence). Read through the payhub, quota, promo
 * and user modules' services. Spread into `contracts.console`; permissions in
 * CONSOLE_PEOPLE_PERMISSIONS.
 */
export const ConsoleOperatorCard = z.object({
  id: z.number().int(),
  bankCode: z.string(),
  accountNo: z.string(),
  /** The name on the card (the bank account holder). */
  holderName: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
});

/** The group a promoter or operator works in (led or joined). */
export const ConsolePeopleGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  leaderId: z.number().int(),
  leaderName: z.string().nullable(),
  /** True when this person leads the group. */
  leads: z.boolean(),
});

/** Whether the agent app reports: online in the foreground now, seen before, or never. */
export const PresenceStatus = z.enum(['online', 'away', 'never']);

/** A payment operator in the console's KYC list (`GET /main/console/operators`). */
export const ConsoleOperator = z.object({
  userId: z.number().int(),
  phone: z.string(),
  nickname: z.string(),
  kycStatus: OperatorStatus.shape.kycStatus,
  verifiedName: z.string().nullable(),
  working: z.boolean(),
  perOrderMax: z.string(),
  dailyMax: z.string(),
  commissionBps: z.number().int(),
});
export type ConsoleOperator = z.infer<typeof ConsoleOperator>;

/** One operator's page: the list row and what the payhub, quota, promo and user modules add. */
export const ConsoleOperatorDetail = ConsoleOperator.extend({
  /** The user module's payment profile: may take orders, and the role (e.g. "CS", "banker"). */
  spaPay: z.boolean(),
  paymentRole: z.string().nullable(),
  spaType: z.string().nullable(),
  /** Every live receiving card (removed ones are not shown). */
  cards: z.array(ConsoleOperatorCard),
  /** Quota and commission balances; null when the operator may not take orders (no quota account use). */
  quota: QuotaBalance.nullable(),
  group: ConsolePeopleGroup.nullable(),
  lastSeenAt: z.string().nullable(),
});
export type ConsoleOperatorDetail = z.infer<typeof ConsoleOperatorDetail>;

export const ConsolePromoter = z.object({
  userId: z.number().int(),
  phone: z.string(),
  nickname: z.string(),
  /** The promoter type (user module's spa type), e.g. "CS"; null when none is set. */
  spaType: z.string().nullable(),
  leaderLevel: z.number().int(),
  /** Also a payment operator (may take orders). */
  spaPay: z.boolean(),
  group: ConsolePeopleGroup,
  joinedAt: z.string(),
  status: PresenceStatus,
  lastSeenAt: z.string().nullable(),
});
export type ConsolePromoter = z.infer<typeof ConsolePromoter>;

export const consolePeopleApi = {
  operator: endpoint({
    method: 'GET',
    path: '/main/console/operators/:userId',
    access: 'secure',
    summary:
      'Console: one payment operator — KYC, limits, work status, commission, receiving cards and the names on them, quota balance, group and leader',
    params: z.object({ userId: Id }).strict(),
    response: ConsoleOperatorDetail,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
  promoters: endpoint({
    method: 'GET',
    path: '/main/console/promoters',
    access: 'secure',
    summary:
      "Console: the project's promoters (group leaders and members) with role, group, leader and app status; keyset pages on user id",
    query: z
      .object({
        groupId: Id.optional(),
        cursor: z
          .string()
          .regex(/^\d{1,18}$/, 'unknown cursor')
          .optional(),
        count: intInput(1, 100).default(20),
      })
      .strict(),
    response: z.object({ items: z.array(ConsolePromoter), nextCursor: z.string().nullable() }),
    errors: [ErrorCode.NoPermission],
  }),
};

/**
 * The operator page shows cards and holder names (personal and payment data): the roles that already
 * see the operator list. Promoters are people support and compliance deal with too.
 */
export const CONSOLE_PEOPLE_PERMISSIONS = {
  operator: ['payments', 'compliance', 'admin'],
  promoters: ['support', 'payments', 'compliance', 'admin'],
} as const;

import { z } from 'zod';
import { BlockedAddress, ChainDeposit, ChainWithdrawal, EvmAddressInput } from './chain.ts';
import type { StaffRole } from './console.ts';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { LOCALES } from './locale.ts';
import { NoticeAudienceType } from './notices.ts';
import { DepositReversal, PayOrder } from './payhub.ts';
import { Agreement } from './payhub-tools.ts';
import { SpaApplication } from './promo.ts';
import { ProviderDayRow } from './providers.ts';
import { Count, Id, intInput, Page } from './validation.ts';
import { WithdrawOrder } from './withdraw.ts';

/**
 * The console's operations screens (issue 19, second part): manual resolution of stuck orders, chain
 * status of crypto orders, scheduled notices, the beginner guide, operators' agreements and promo
 * applications, and game providers. Kept beside console.ts (which spreads these endpoints into
 * `contracts.console` and their roles into CONSOLE_PERMISSIONS).
 */

const Reason = z.string().trim().min(3).max(500);
const ProviderId = z.string().regex(/^[a-z0-9-]{1,40}$/, 'unknown provider');
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');
/** Epoch milliseconds (2020-01-01 .. 2100-01-01). */
const EpochMs = z.number().int().min(1_577_836_800_000).max(4_102_444_800_000);

/** What a staff member may do to a deposit stuck in EXCEPTIONAL (the payment manager's three decisions). */
export const DEPOSIT_RESOLUTIONS = ['complete', 'cancel', 'fail'] as const;
/** What a staff member may do to a withdrawal stuck in EXCEPTIONAL. */
export const WITHDRAW_RESOLUTIONS = ['complete', 'fail'] as const;

export const ConsoleChainDeposit = ChainDeposit.extend({ playerId: z.number().int(), address: z.string() });
export const ConsoleChainWithdrawal = ChainWithdrawal.extend({ playerId: z.number().int() });
export const CHAIN_DEPOSIT_STATES = ['pending', 'credited', 'dust', 'dropped'] as const;
export const CHAIN_WITHDRAW_STATES = ['requested', 'sent', 'confirmed', 'failed'] as const;

const ChainQuery = {
  page: Page,
  count: Count,
  playerId: Id.optional(),
  txHash: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'expected a transaction hash')
    .optional(),
};

export const NOTICE_STATUSES = ['scheduled', 'published'] as const;
/** A site notice as the console lists it: scheduled (showAt in the future, not yet sent) or published. */
export const ConsoleNotice = z.object({
  noticeId: z.number().int(),
  content: z.string(),
  showDuration: z.number().int(),
  /** Epoch ms: when it is (or was) shown. */
  showAt: z.number().int(),
  audience: z.array(NoticeAudienceType).nullable(),
  status: z.enum(NOTICE_STATUSES),
  createdBy: z.number().int(),
  createdAt: z.string(),
});

/** The beginner guide of the player app: per language, up to GUIDE_STEPS_MAX plain-text steps. */
export const GUIDE_STEPS_MAX = 8;
export const GUIDE_STEP_MAX_CHARS = 400;
export const GuideLocale = z.enum(LOCALES);
export const GuideSteps = z
  .array(z.string().trim().min(1).max(GUIDE_STEP_MAX_CHARS))
  .min(1)
  .max(GUIDE_STEPS_MAX);
export const ConsoleGuide = z.object({
  locale: GuideLocale,
  /** Null: the player app shows its built-in guide. */
  steps: z.array(z.string()).nullable(),
  updatedBy: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
});

export const ConsoleProvider = z.object({ providerId: z.string(), name: z.string(), enabled: z.boolean() });

export const consoleOpsApi = {
  resolveDeposit: endpoint({
    method: 'POST',
    path: '/main/console/deposits/:id/resolve',
    access: 'secure',
    summary:
      'Console: resolve a deposit stuck in EXCEPTIONAL with a reason — complete (credit the player from the held quota), cancel or fail (the hold goes back); pushed live to the player and the operator',
    params: z.object({ id: Id }),
    body: z.object({ resolution: z.enum(DEPOSIT_RESOLUTIONS), reason: Reason }).strict(),
    response: PayOrder,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound, ErrorCode.OrderAlreadyStarted],
  }),
  reverseDeposit: endpoint({
    method: 'POST',
    path: '/main/console/deposits/:id/reverse',
    access: 'secure',
    summary:
      "Console: reverse a credited deposit (PAID or CHECK_SUCCESS) the bank took back, with a reason — the operator's quota gets the amount back from the player's wallet as far as it covers it and from the house for the rest, the house takes back the commission still there, the deposit's bonuses are voided or clawed back, the player is told; once per order (a repeat answers the reversal and moves nothing); audited",
    params: z.object({ id: Id }),
    body: z.object({ reason: Reason }).strict(),
    response: DepositReversal,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound, ErrorCode.OrderAlreadyStarted],
  }),
  resolveWithdrawal: endpoint({
    method: 'POST',
    path: '/main/console/withdrawals/:id/resolve',
    access: 'secure',
    summary:
      "Console: resolve a withdrawal stuck in EXCEPTIONAL with a reason — complete (the operator's transfer proof stands; the held funds are paid out) or fail (the hold goes back to the player)",
    params: z.object({ id: Id }),
    body: z.object({ resolution: z.enum(WITHDRAW_RESOLUTIONS), reason: Reason }).strict(),
    response: WithdrawOrder,
    errors: [
      ErrorCode.NoPermission,
      ErrorCode.NotFound,
      ErrorCode.OrderAlreadyStarted,
      ErrorCode.WithdrawalProofMissing,
    ],
  }),
  chainDeposits: endpoint({
    method: 'GET',
    path: '/main/console/chain/deposits',
    access: 'secure',
    summary:
      'Console: USDT deposits of the project with tx hash, confirmations and state (`enabled` false when no chain is configured)',
    query: z.object({ ...ChainQuery, state: z.enum(CHAIN_DEPOSIT_STATES).optional() }).strict(),
    response: z.object({
      enabled: z.boolean(),
      items: z.array(ConsoleChainDeposit),
      total: z.number().int(),
    }),
    errors: [ErrorCode.NoPermission],
  }),
  chainBlocklist: endpoint({
    method: 'GET',
    path: '/main/console/chain/blocked',
    access: 'secure',
    summary:
      "Console: the project's AML blocklist of USDT addresses no withdrawal by its players may go to (one list per project), newest first",
    response: z.object({ enabled: z.boolean(), items: z.array(BlockedAddress) }),
    errors: [ErrorCode.NoPermission],
  }),
  blockChainAddress: endpoint({
    method: 'POST',
    path: '/main/console/chain/blocked',
    access: 'secure',
    summary:
      'Console: add an address to the AML blocklist with a reason; a withdrawal to it is refused (777) and opens a monitoring case; audited',
    body: z.object({ address: EvmAddressInput, reason: z.string().trim().min(1).max(200) }).strict(),
    response: BlockedAddress,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
  unblockChainAddress: endpoint({
    method: 'DELETE',
    path: '/main/console/chain/blocked/:address',
    access: 'secure',
    summary: 'Console: remove an address from the AML blocklist; audited',
    params: z.object({ address: EvmAddressInput }).strict(),
    response: BlockedAddress,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
  chainWithdrawals: endpoint({
    method: 'GET',
    path: '/main/console/chain/withdrawals',
    access: 'secure',
    summary: 'Console: USDT withdrawals of the project with tx hash and state',
    query: z.object({ ...ChainQuery, state: z.enum(CHAIN_WITHDRAW_STATES).optional() }).strict(),
    response: z.object({
      enabled: z.boolean(),
      items: z.array(ConsoleChainWithdrawal),
      total: z.number().int(),
    }),
    errors: [ErrorCode.NoPermission],
  }),
  notices: endpoint({
    method: 'GET',
    path: '/main/console/notices',
    access: 'secure',
    summary: 'Console: site notices of the project, scheduled ones first, then published newest first',
    query: z.object({ page: Page, count: Count, status: z.enum(NOTICE_STATUSES).optional() }).strict(),
    response: z.object({ items: z.array(ConsoleNotice), total: z.number().int() }),
    errors: [ErrorCode.NoPermission],
  }),
  scheduleNotice: endpoint({
    method: 'PUT',
    path: '/main/console/notices/:id/schedule',
    access: 'secure',
    summary:
      'Console: move a scheduled notice to another future time, or clear its schedule (showAt null) to publish it now',
    params: z.object({ id: Id }),
    body: z.object({ showAt: EpochMs.nullable() }).strict(),
    response: ConsoleNotice,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound, ErrorCode.NoticeAlreadyPublished],
  }),
  guides: endpoint({
    method: 'GET',
    path: '/main/console/guide',
    access: 'secure',
    summary: "Console: the player app's beginner guide per language (null steps: the built-in text)",
    response: z.object({ items: z.array(ConsoleGuide) }),
    errors: [ErrorCode.NoPermission],
  }),
  saveGuide: endpoint({
    method: 'PUT',
    path: '/main/console/guide',
    access: 'secure',
    summary: "Console: set one language's beginner guide steps, or null to go back to the built-in text",
    body: z.object({ locale: GuideLocale, steps: GuideSteps.nullable() }).strict(),
    response: ConsoleGuide,
    errors: [ErrorCode.NoPermission],
  }),
  agreements: endpoint({
    method: 'GET',
    path: '/main/console/agreements',
    access: 'secure',
    summary: "Console: payment operators' pending agreement requests (limits and commission)",
    response: z.object({ items: z.array(Agreement.extend({ operatorId: z.number().int() })) }),
    errors: [ErrorCode.NoPermission],
  }),
  reviewAgreement: endpoint({
    method: 'POST',
    path: '/main/console/agreements/:id/review',
    access: 'secure',
    summary: 'Console: approve (the terms take effect) or reject a pending agreement request',
    params: z.object({ id: Id }),
    body: z.object({ decision: z.enum(['approve', 'reject']), note: Reason }).strict(),
    response: Agreement,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound, ErrorCode.OrderAlreadyStarted],
  }),
  promoApplications: endpoint({
    method: 'GET',
    path: '/main/console/promo/applications',
    access: 'secure',
    summary: 'Console: promo group applications of the project, by status; pages',
    query: z.object({ page: Page, count: Count, status: intInput(0, 5).optional() }).strict(),
    response: z.object({ items: z.array(SpaApplication), total: z.number().int() }),
    errors: [ErrorCode.NoPermission],
  }),
  decideApplication: endpoint({
    method: 'POST',
    path: '/main/console/promo/applications/:id/decide',
    access: 'secure',
    summary: 'Console: approve or reject a promo group application (or remove a member) with a note',
    params: z.object({ id: Id }),
    body: z.object({ decision: z.enum(['approve', 'reject', 'remove']), note: Reason }).strict(),
    response: SpaApplication,
    errors: [
      ErrorCode.NoPermission,
      ErrorCode.NotFound,
      ErrorCode.OrderAlreadyStarted,
      ErrorCode.AlreadyJoined,
    ],
  }),
  providers: endpoint({
    method: 'GET',
    path: '/main/console/providers',
    access: 'secure',
    summary: 'Console: the game providers and whether each is on in this project',
    response: z.object({ items: z.array(ConsoleProvider) }),
    errors: [ErrorCode.NoPermission],
  }),
  switchProvider: endpoint({
    method: 'PUT',
    path: '/main/console/providers',
    access: 'secure',
    summary: "Console: switch a game provider on or off in this project (its games leave the players' lobby)",
    body: z.object({ providerId: ProviderId, enabled: z.boolean() }).strict(),
    response: ConsoleProvider,
    errors: [ErrorCode.NoPermission, ErrorCode.GameProviderUnknown],
  }),
  providerReport: endpoint({
    method: 'GET',
    path: '/main/console/providers/report',
    access: 'secure',
    summary: "Console: a provider's UTC day — bets, wins, rollbacks and GGR per asset",
    query: z.object({ providerId: ProviderId, day: Day }).strict(),
    response: z.object({ providerId: z.string(), day: z.string(), items: z.array(ProviderDayRow) }),
    errors: [ErrorCode.NoPermission, ErrorCode.GameProviderUnknown],
  }),
  providerReconcile: endpoint({
    method: 'GET',
    path: '/main/console/providers/reconcile',
    access: 'secure',
    summary: "Console: a provider's day compared with the provider's own record, with every difference",
    query: z.object({ providerId: ProviderId, day: Day }).strict(),
    response: z.object({
      providerId: z.string(),
      day: z.string(),
      items: z.array(ProviderDayRow),
      differences: z.array(
        z.object({
          transactionUuid: z.string(),
          kind: z.string(),
          /** The asset of the amounts (ours, else the provider's currency). */
          asset: z.string(),
          problem: z.enum(['missing_at_provider', 'missing_here', 'amount']),
          ours: z.string().nullable(),
          theirs: z.string().nullable(),
        }),
      ),
    }),
    errors: [ErrorCode.NoPermission, ErrorCode.GameProviderUnknown],
  }),
};

/** The beginner guide as the player app reads it (public: shown before sign-in too). */
export const guide = {
  text: endpoint({
    method: 'GET',
    path: '/main/guide',
    access: 'public',
    summary:
      "The beginner guide's steps in a language as the operator edited them (null: the app's built-in text)",
    query: z.object({ locale: GuideLocale }).strict(),
    response: z.object({ locale: GuideLocale, steps: z.array(z.string()).nullable() }),
  }),
};

const READ_ORDERS: readonly StaffRole[] = ['support', 'payments', 'compliance', 'finance', 'admin'];
/** Who may call the operations endpoints (merged into CONSOLE_PERMISSIONS; docs/console.md shows them). */
export const CONSOLE_OPS_PERMISSIONS: Readonly<Record<keyof typeof consoleOpsApi, readonly StaffRole[]>> = {
  resolveDeposit: ['payments', 'admin'],
  resolveWithdrawal: ['payments', 'admin'],
  /** Takes money back from a player's wallet: finance and the admin only. */
  reverseDeposit: ['finance', 'admin'],
  chainDeposits: READ_ORDERS,
  chainWithdrawals: READ_ORDERS,
  /** The AML blocklist: payments reads it (a refused withdrawal); compliance and the admin change it. */
  chainBlocklist: ['payments', 'compliance', 'admin'],
  blockChainAddress: ['compliance', 'admin'],
  unblockChainAddress: ['compliance', 'admin'],
  notices: ['content', 'admin'],
  scheduleNotice: ['content', 'admin'],
  guides: ['content', 'admin'],
  saveGuide: ['content', 'admin'],
  agreements: ['payments', 'compliance', 'finance', 'admin'],
  reviewAgreement: ['finance', 'admin'],
  promoApplications: ['support', 'compliance', 'admin'],
  decideApplication: ['compliance', 'admin'],
  providers: ['finance', 'admin'],
  switchProvider: ['admin'],
  providerReport: ['finance', 'admin'],
  providerReconcile: ['finance', 'admin'],
};

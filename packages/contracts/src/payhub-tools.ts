import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { MoneyInput, MoneyWire } from './money.ts';
import { BankCode } from './rails.ts';
import { Count, Id, Page } from './validation.ts';

/**
 * Payment hub operator tools (docs/payments.md "Operator tools"): the operator's bank cards and the
 * payment links bound to them, work hours, the group view, agreements (contracts) with the
 * platform, contacts, and the shop where commission buys quota vouchers. All under /main/payhub
 * (docs/decisions.md).
 */

/** Most cards an operator may hold at once (3010 beyond). */
export const OPERATOR_CARDS_MAX = 6;
/** Most contacts an operator may record (3010 beyond). */
export const OPERATOR_CONTACTS_MAX = 10;
/** The app reminds the operator this long before a card link expires. */
export const LINK_REMINDER_BEFORE_SECONDS = 24 * 60 * 60;

const AccountNo = z
  .string()
  .trim()
  .regex(/^[0-9]{6,20}$/, 'accountNo must be 6 to 20 digits');
const HolderName = z.string().trim().min(2).max(80);
const Timestamp = z.string();

/** A card: spec §3 fields plus its bank; `state` 1 takes orders, 0 is switched off. */
export const OperatorCard = z.object({
  id: z.number().int(),
  bankCode: z.string(),
  accountNo: z.string(),
  bankCardHolder: z.string(),
  /** The url of the card's live payment link, or null. */
  cardUrl: z.string().nullable(),
  state: z.union([z.literal(0), z.literal(1)]),
  /** The number this card had before its last number change, or null. */
  oldAccountNo: z.string().nullable(),
  /** The number now in force after a change (equals accountNo), or null when never changed. */
  newAccountNo: z.string().nullable(),
  createdAt: Timestamp,
});
export type OperatorCard = z.infer<typeof OperatorCard>;

export const CardLink = z.object({
  id: z.number().int(),
  accountNo: z.string(),
  bankCode: z.string(),
  url: z.string(),
  minAmount: MoneyWire,
  maxAmount: MoneyWire,
  totalLimit: MoneyWire,
  /** Volume of live orders assigned to the card since the link was bound. */
  used: MoneyWire,
  remaining: MoneyWire,
  expiresAt: Timestamp,
  /** active: takes orders; expired: past expiresAt; replaced: another link was bound to the card. */
  state: z.enum(['active', 'expired', 'replaced']),
  createdAt: Timestamp,
});
export type CardLink = z.infer<typeof CardLink>;

const ClockTime = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'time must be HH:MM');
/** Work hours in the project's time zone; end before start runs past midnight. Days: 1 Monday .. 7 Sunday. */
export const WorkTimeInput = z.object({
  start: ClockTime,
  end: ClockTime,
  days: z.array(z.number().int().min(1).max(7)).min(1).max(7),
});
export const WorkTime = z.object({
  timeZone: z.string(),
  /** null: no hours set, the operator takes orders whenever at work. */
  hours: z.object({ start: z.string(), end: z.string(), days: z.array(z.number().int()) }).nullable(),
  /** Whether the hours (if any) include the current moment. */
  insideHours: z.boolean(),
  working: z.boolean(),
  /** An operator whose app has not reported for longer than this stops being assigned orders. */
  silenceSeconds: z.number().int(),
});

export const GroupMemberWork = z.object({
  userId: z.number().int(),
  nickname: z.string(),
  working: z.boolean(),
  hours: WorkTime.shape.hours,
  insideHours: z.boolean(),
  lastSeenAt: Timestamp.nullable(),
});

export const Agreement = z.object({
  id: z.number().int(),
  version: z.number().int(),
  /** pending: awaiting the admin; active: in force; superseded: replaced by a later version. */
  state: z.enum(['pending', 'active', 'rejected', 'withdrawn', 'superseded']),
  perOrderMax: MoneyWire,
  dailyMax: MoneyWire,
  /** Commission in basis points of each settled order (100 = 1%). */
  commissionBps: z.number().int(),
  note: z.string(),
  requestedAt: Timestamp,
  reviewedAt: Timestamp.nullable(),
  reviewNote: z.string().nullable(),
});
export type Agreement = z.infer<typeof Agreement>;

export const CONTACT_CHANNELS = ['whatsapp', 'telegram', 'phone', 'email'] as const;
export const Contact = z.object({
  id: z.number().int(),
  channel: z.enum(CONTACT_CHANNELS),
  value: z.string(),
  label: z.string(),
  createdAt: Timestamp,
});

export const ShopProduct = z.object({
  id: z.string(),
  /** What the voucher adds to the quota when claimed. */
  faceValue: MoneyWire,
  /** What it costs in commission. */
  price: MoneyWire,
});
export const Voucher = z.object({
  id: z.number().int(),
  code: z.string(),
  productId: z.string(),
  price: MoneyWire,
  faceValue: MoneyWire,
  state: z.enum(['unclaimed', 'claimed']),
  createdAt: Timestamp,
  claimedAt: Timestamp.nullable(),
});
export type Voucher = z.infer<typeof Voucher>;

const PageQuery = z.object({ page: Page, count: Count });
const cardErrors = [ErrorCode.NoPermission, ErrorCode.NotFound];

export const payhubTools = {
  bankSupport: endpoint({
    method: 'GET',
    path: '/main/payhub/spammer/bank/support',
    access: 'secure',
    summary: 'Banks an operator of this project may hold a card at',
    response: z.object({ items: z.array(z.object({ code: z.string(), name: z.string() })) }),
    errors: [ErrorCode.NoPermission],
  }),
  bankAdd: endpoint({
    method: 'POST',
    path: '/main/payhub/bank/add',
    access: 'secure',
    summary: 'Add a card in the operator’s verified name (active at once)',
    body: z.object({ bankCode: BankCode, accountNo: AccountNo, bankCardHolder: HolderName }),
    response: OperatorCard,
    errors: [
      ErrorCode.NoPermission,
      ErrorCode.BankAccountExists,
      ErrorCode.BankAccountLimit,
      ErrorCode.BankUnsupported,
      ErrorCode.HolderNotVerifiedName,
    ],
  }),
  bankQuery: endpoint({
    method: 'GET',
    path: '/main/payhub/bank/query',
    access: 'secure',
    summary: 'The operator’s cards (shell: page 1, count 500)',
    query: PageQuery,
    response: z.object({ items: z.array(OperatorCard), total: z.number().int() }),
    errors: [ErrorCode.NoPermission],
  }),
  bankUpdate: endpoint({
    method: 'POST',
    path: '/main/payhub/bank/update',
    access: 'secure',
    summary: 'Replace a card’s number and holder, or switch it on (state 1) or off (state 0)',
    query: z
      .object({
        oldAccountNo: AccountNo,
        newAccountNo: AccountNo.optional(),
        bankCardHolder: HolderName.optional(),
        state: z.union([z.literal(0), z.literal(1), z.enum(['0', '1']).transform(Number)]).optional(),
      })
      .refine(
        (value) =>
          value.newAccountNo !== undefined || value.bankCardHolder !== undefined || value.state !== undefined,
        { message: 'nothing to change', path: ['state'] },
      ),
    response: OperatorCard,
    errors: [
      ...cardErrors,
      ErrorCode.BankAccountExists,
      ErrorCode.HolderNotVerifiedName,
      ErrorCode.CardInUse,
    ],
  }),
  bankDelete: endpoint({
    method: 'DELETE',
    path: '/main/payhub/bank/delete',
    access: 'secure',
    summary: 'Remove a card (refused with 3040 while an open order uses it)',
    query: z.object({ accountNo: AccountNo }),
    response: z.object({ accountNo: z.string() }),
    errors: [...cardErrors, ErrorCode.CardInUse],
  }),

  cardUrlBind: endpoint({
    method: 'POST',
    path: '/main/payhub/card/url/bind',
    access: 'secure',
    summary: 'Bind a payment link to a card with an expiry and amount limits (replaces its live link)',
    body: z
      .object({
        accountNo: AccountNo,
        url: z
          .string()
          .trim()
          .max(300)
          .url()
          .regex(/^https:\/\//, 'url must be https'),
        expiresAt: z.string().datetime({ offset: true }),
        minAmount: MoneyInput,
        maxAmount: MoneyInput,
        totalLimit: MoneyInput,
      })
      .refine((value) => value.minAmount <= value.maxAmount, {
        message: 'minAmount must not exceed maxAmount',
        path: ['minAmount'],
      })
      .refine((value) => value.maxAmount <= value.totalLimit, {
        message: 'maxAmount must not exceed totalLimit',
        path: ['maxAmount'],
      }),
    response: CardLink,
    errors: cardErrors,
  }),
  cardUrlAmount: endpoint({
    method: 'GET',
    path: '/main/payhub/card/url/amount',
    access: 'secure',
    summary: 'Live links’ used and remaining amounts, and when the app should remind of the next expiry',
    response: z.object({
      items: z.array(CardLink),
      /** taskFlag.linkExpirationReminder: unix seconds from which to remind, or null. */
      linkExpirationReminder: z.number().int().nullable(),
    }),
    errors: [ErrorCode.NoPermission],
  }),
  cardUrlList: endpoint({
    method: 'GET',
    path: '/main/payhub/card/url/list',
    access: 'secure',
    summary: 'Every link the operator bound, newest first',
    query: PageQuery,
    response: z.object({ items: z.array(CardLink), total: z.number().int() }),
    errors: [ErrorCode.NoPermission],
  }),

  workTime: endpoint({
    method: 'GET',
    path: '/main/payhub/work/time',
    access: 'secure',
    summary: 'The operator’s work hours (project time zone), work status and silence limit',
    response: WorkTime,
    errors: [ErrorCode.NoPermission],
  }),
  setWorkTime: endpoint({
    method: 'POST',
    path: '/main/payhub/work/time',
    access: 'secure',
    summary: 'Set the operator’s work hours; outside them no order is assigned',
    body: WorkTimeInput,
    response: WorkTime,
    errors: [ErrorCode.NoPermission],
  }),
  groupWorkTime: endpoint({
    method: 'GET',
    path: '/main/payhub/group/work/time',
    access: 'secure',
    summary: 'Group leader: the work status and hours of the group’s operators',
    response: z.object({ items: z.array(GroupMemberWork) }),
    errors: [ErrorCode.NoPermission],
  }),
  groupInfo: endpoint({
    method: 'GET',
    path: '/main/payhub/group/info',
    access: 'secure',
    summary: 'The caller’s group: name, leader, operators and how many are at work',
    response: z.object({
      group: z.object({ id: z.number().int(), name: z.string(), leaderId: z.number().int() }).nullable(),
      isLeader: z.boolean(),
      operators: z.number().int(),
      working: z.number().int(),
    }),
  }),

  history: endpoint({
    method: 'GET',
    path: '/main/payhub/history',
    access: 'secure',
    summary: 'Every version of the operator’s agreement, newest first',
    response: z.object({ items: z.array(Agreement) }),
    errors: [ErrorCode.NoPermission],
  }),
  request: endpoint({
    method: 'POST',
    path: '/main/payhub/request',
    access: 'secure',
    summary: 'Ask for new agreement terms (replaces a pending request); the admin reviews it',
    body: z.object({
      perOrderMax: MoneyInput,
      dailyMax: MoneyInput,
      commissionBps: z.number().int().min(0).max(1000),
      note: z.string().trim().max(500).default(''),
    }),
    response: Agreement,
    errors: [ErrorCode.NoPermission],
  }),
  state: endpoint({
    method: 'GET',
    path: '/main/payhub/state',
    access: 'secure',
    summary: 'The agreement in force and the pending request, if any',
    response: z.object({
      /** The terms in force now (set at KYC until an agreement is approved). */
      terms: z.object({ perOrderMax: MoneyWire, dailyMax: MoneyWire, commissionBps: z.number().int() }),
      active: Agreement.nullable(),
      pending: Agreement.nullable(),
    }),
    errors: [ErrorCode.NoPermission],
  }),
  adminAgreements: endpoint({
    method: 'GET',
    path: '/main/payhub/admin/agreements',
    access: 'secure',
    summary: 'Admin: pending agreement requests of the project',
    response: z.object({ items: z.array(Agreement.extend({ operatorId: z.number().int() })) }),
    errors: [ErrorCode.NoPermission],
  }),
  adminReviewAgreement: endpoint({
    method: 'POST',
    path: '/main/payhub/admin/agreements/:id/review',
    access: 'secure',
    summary: 'Admin: approve (puts the terms in force) or reject a pending agreement request',
    params: z.object({ id: Id }),
    body: z.object({ decision: z.enum(['approve', 'reject']), note: z.string().trim().max(500).default('') }),
    response: Agreement,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound, ErrorCode.OrderAlreadyStarted],
  }),

  contactList: endpoint({
    method: 'GET',
    path: '/main/payhub/contact/list',
    access: 'secure',
    summary: 'The operator’s contacts',
    response: z.object({ items: z.array(Contact) }),
    errors: [ErrorCode.NoPermission],
  }),
  addContact: endpoint({
    method: 'POST',
    path: '/main/payhub/add/contact',
    access: 'secure',
    summary: 'Record a contact channel of the operator',
    body: z.object({
      channel: z.enum(CONTACT_CHANNELS),
      value: z
        .string()
        .trim()
        .min(3)
        .max(120)
        .regex(/^[^<>]+$/, 'value must not contain < or >'),
      label: z.string().trim().max(40).default(''),
    }),
    response: Contact,
    errors: [ErrorCode.NoPermission, ErrorCode.BankAccountLimit],
  }),
  getContact: endpoint({
    method: 'GET',
    path: '/main/payhub/get/contact',
    access: 'secure',
    summary: 'One of the operator’s contacts',
    query: z.object({ id: Id }),
    response: Contact,
    errors: cardErrors,
  }),

  shopProducts: endpoint({
    method: 'GET',
    path: '/main/payhub/shop/products',
    access: 'secure',
    summary: 'Quota vouchers an operator can buy with commission',
    response: z.object({ items: z.array(ShopProduct) }),
    errors: [ErrorCode.NoPermission],
  }),
  shopBuy: endpoint({
    method: 'POST',
    path: '/main/payhub/shop/buy',
    access: 'secure',
    summary: 'Buy a voucher with commission (commission -> house); idempotent by Idempotency-Key',
    body: z.object({ productId: z.string().max(40) }),
    response: Voucher,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound, ErrorCode.InsufficientBalanceWallet],
  }),
  voucherQuery: endpoint({
    method: 'GET',
    path: '/main/payhub/user/voucher/query',
    access: 'secure',
    summary: 'The operator’s vouchers, newest first',
    query: PageQuery.extend({ state: z.enum(['unclaimed', 'claimed']).optional() }),
    response: z.object({ items: z.array(Voucher), total: z.number().int() }),
    errors: [ErrorCode.NoPermission],
  }),
  voucherClaim: endpoint({
    method: 'POST',
    path: '/main/payhub/user/voucher/claim',
    access: 'secure',
    summary: 'Claim a voucher: its face value is added to the quota (house -> quota) once',
    body: z.object({ id: Id }),
    response: Voucher,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
};

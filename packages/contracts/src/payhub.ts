import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { PAYMENT_ROLES, PayOrderState } from './enums.ts';
import { ErrorCode } from './errors.ts';
import { LocalCurrencySchema, MoneyInput, MoneyWire } from './money.ts';
import { BankCode, PayPort } from './rails.ts';
import { Count, Id, intInput, Page } from './validation.ts';

/**
 * Payment hub: deposit (payment) orders between players and payment operators, the operators' order
 * handling and the admin's review of KYC and monitoring cases. Player-side pay calls live under
 * /main/heracles/pay (spec §7 Public pay); operator calls under /main/payhub (docs/decisions.md).
 * State transitions: docs/payments.md.
 */

export const PAY_ORDER_STATE_NAMES = Object.keys(PayOrderState) as Array<keyof typeof PayOrderState>;
const PayOrderStateValue = z.number().int().min(-1).max(9);
/** A comma-joined list of state numbers in a query ("0,4"), as the client joins arrays. */
const StateList = z
  .union([z.string().max(60), z.array(intInput(-1, 99))])
  .transform((value, context) => {
    const parts = Array.isArray(value) ? value.map(String) : value.split(',').filter((part) => part !== '');
    const states: number[] = [];
    for (const part of parts) {
      if (!/^-?\d{1,2}$/.test(part.trim())) {
        context.addIssue({ code: 'custom', message: 'state must be a list of state numbers' });
        return z.NEVER;
      }
      states.push(Number(part));
    }
    return states;
  })
  .optional();

/** The card a player pays to: always an active card in the operator's verified name. */
export const Payee = z.object({
  bankCode: z.string(),
  accountNo: z.string(),
  holderName: z.string(),
  /** The card's QRIS merchant id (NMID): a QRIS order's QR is built from it (contracts/qris.ts). */
  qrisNmid: z.string().nullable(),
});

export const PayOrder = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  state: PayOrderStateValue,
  amount: MoneyWire,
  commission: MoneyWire,
  currency: LocalCurrencySchema,
  bankCode: z.string(),
  port: PayPort,
  payee: Payee.nullable(),
  playerId: z.number().int(),
  /** The payer's name as the player typed it; null when not given. */
  payerName: z.string().nullable(),
  operatorId: z.number().int().nullable(),
  /** 0: no group head has taken it yet; 1: taken by `handlerId`. */
  handleState: z.union([z.literal(0), z.literal(1)]),
  handlerId: z.number().int().nullable(),
  voucherUrl: z.string().nullable(),
  remark: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Grows on every change; clients drop pushes older than what they hold. */
  version: z.number().int(),
  /**
   * When the bank took this credited deposit back (docs/payments.md "Reversal of a credited
   * deposit"); null otherwise. The state stays PAID or CHECK_SUCCESS.
   */
  reversedAt: z.string().nullable(),
});
export type PayOrder = z.infer<typeof PayOrder>;

export const PayOrderPage = z.object({ items: z.array(PayOrder), total: z.number().int() });

/**
 * The reversal of a credited deposit (docs/payments.md "Reversal of a credited deposit"): the bank took
 * the payment back after the operator confirmed it. The order keeps its state; the operator's quota got
 * the amount back — `recovered` from the player's wallet, `unrecovered` made good by the house — and
 * the house took back `commissionRecovered` of the operator's commission (the rest was already gone).
 */
export const DepositReversal = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  currency: LocalCurrencySchema,
  amount: MoneyWire,
  recovered: MoneyWire,
  unrecovered: MoneyWire,
  commissionRecovered: MoneyWire,
  commissionUnrecovered: MoneyWire,
  reason: z.string(),
  /** The staff member who reversed it. */
  reversedBy: z.number().int(),
  reversedAt: z.string(),
});
export type DepositReversal = z.infer<typeof DepositReversal>;

/** An uploaded image (POST /main/site/upload answers its url). */
export const VoucherUrl = z
  .string()
  .max(200)
  .regex(/^\/uploads\/[A-Za-z0-9._-]{1,120}$/, 'voucherUrl must be an uploaded file url');
const Remark = z.string().trim().max(500);

export const PayCreate = z.object({
  amount: MoneyInput,
  bankCode: BankCode,
  /** Defaults to the first port of the project's rails. */
  port: PayPort.optional(),
  /** The name on the paying account (or the OXXO slip): evidence the operator checks before confirming. */
  payerName: z
    .string()
    .trim()
    .min(2)
    .max(80)
    .regex(/^[\p{L}\p{M} .,'-]+$/u, 'payerName: letters only')
    .optional(),
});
export const PayCheck = z.object({
  id: Id,
  /** confirm: the money arrived (PAID); report: a problem (EXCEPTIONAL); cancel: never paid (CANCELED). */
  action: z.enum(['confirm', 'report', 'cancel']),
  remark: Remark.optional(),
});

export const OperatorStatus = z.object({
  kycStatus: z.enum(['pending', 'verified', 'rejected', 'suspended']),
  working: z.boolean(),
  perOrderMax: MoneyWire,
  dailyMax: MoneyWire,
  dailyUsed: MoneyWire,
  commissionBps: z.number().int(),
});

export const MonitoringCase = z.object({
  id: z.number().int(),
  rule: z.enum([
    'velocity',
    'just_under_threshold',
    'many_payers_one_card',
    'self_dealing',
    'blocked_address',
    // Rewards held for a self-referral or ring (issue 17); closing the case releases or voids them.
    'reward_abuse',
    // A credited deposit of the player the bank took back (a chargeback): the account is reviewed.
    'deposit_reversed',
  ]),
  subjectType: z.string(),
  subjectId: z.string(),
  details: z.record(z.string(), z.unknown()),
  status: z.enum(['open', 'closed']),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  resolution: z.string().nullable(),
  /** Escalated to the project's admin by a compliance officer (issue 19): when, by whom, why. */
  escalatedAt: z.string().nullable(),
  escalatedBy: z.number().int().nullable(),
  escalationNote: z.string().nullable(),
});

const OrdersQuery = z.object({
  page: Page,
  count: Count,
  state: StateList,
  orderNo: z.string().max(40).optional(),
});
const OrderIdParams = z.object({ id: Id });
const orderErrors = [ErrorCode.NotFound, ErrorCode.NoPermission, ErrorCode.OrderAlreadyStarted];
const leaderErrors = [
  ...orderErrors,
  ErrorCode.OrderHandledByOtherLeader,
  ErrorCode.InsufficientBalanceWallet,
  ErrorCode.OperatorLinkedToPayer,
];

export const payhub = {
  role: endpoint({
    method: 'GET',
    path: '/main/payhub/role',
    access: 'secure',
    summary: 'The caller’s payment role: Manage, Handler, or null for non-operators',
    response: z.object({ role: z.enum(PAYMENT_ROLES).nullable() }),
  }),

  // Player side (spec §7 Public pay).
  heraclesBanks: endpoint({
    method: 'GET',
    path: '/main/heracles/pay/banks',
    access: 'secure',
    summary: "Banks a player of this project can pay from (the project's rails)",
    response: z.object({ items: z.array(z.object({ code: z.string(), name: z.string() })) }),
  }),
  ports: endpoint({
    method: 'GET',
    path: '/main/heracles/pay/ports',
    access: 'secure',
    summary: "The project's deposit ports (its rails) with their amount range",
    response: z.object({
      items: z.array(z.object({ port: PayPort, minAmount: MoneyWire, maxAmount: MoneyWire })),
    }),
  }),
  payBanks: endpoint({
    method: 'GET',
    path: '/main/payhub/pay/banks',
    access: 'secure',
    summary: 'Banks at which a verified, working operator holds an active card right now',
    response: z.object({ items: z.array(z.object({ code: z.string(), name: z.string() })) }),
  }),
  createOrder: endpoint({
    method: 'POST',
    path: '/main/heracles/pay/order',
    access: 'secure',
    summary:
      'Create a deposit order: assigns a verified working operator with quota and a card at the bank, never one linked to the payer (WAIT), or CHOOSE_FAILED',
    body: PayCreate,
    response: PayOrder,
    errors: [
      ErrorCode.PaymentOutOfRange,
      ErrorCode.BankUnsupported,
      ErrorCode.PortUnavailable,
      ErrorCode.OperatorCannotPay,
      ErrorCode.TryAgain,
      ErrorCode.UserCannotPlay,
      ErrorCode.DepositLimitReached,
    ],
  }),
  orderState: endpoint({
    method: 'GET',
    path: '/main/heracles/pay/orderState/:id',
    access: 'secure',
    summary: 'The player’s own order and its state (polled)',
    params: OrderIdParams,
    response: PayOrder,
    errors: [ErrorCode.NotFound],
  }),
  playerOrders: endpoint({
    method: 'GET',
    path: '/main/heracles/pay/orders',
    access: 'secure',
    summary: 'The player’s own deposit orders, newest first',
    query: OrdersQuery,
    response: PayOrderPage,
  }),
  voucher: endpoint({
    method: 'POST',
    path: '/main/payhub/pay/order/spammer/voucher',
    access: 'secure',
    summary: 'The player says it has paid and attaches the transfer voucher (WAIT -> CHECKING)',
    body: z.object({ id: Id, voucherUrl: VoucherUrl }),
    response: PayOrder,
    errors: orderErrors,
  }),

  // Operator side (spec §7 Other payment calls).
  ordersQuery: endpoint({
    method: 'GET',
    path: '/main/payhub/orders/query',
    access: 'secure',
    summary: 'The operator’s own deposit orders by state (shell: count 500, page 1, states 0,4)',
    query: OrdersQuery,
    response: PayOrderPage,
    errors: [ErrorCode.NoPermission],
  }),
  payCheck: endpoint({
    method: 'POST',
    path: '/main/payhub/pay/check',
    access: 'secure',
    summary:
      'The assigned operator confirms (PAID), reports (EXCEPTIONAL) or cancels an unpaid order; never an order of a payer linked to it',
    body: PayCheck,
    response: PayOrder,
    errors: [...orderErrors, ErrorCode.OperatorLinkedToPayer],
  }),
  handlerOrders: endpoint({
    method: 'GET',
    path: '/main/payhub/handler/orders',
    access: 'secure',
    summary: 'Manage role: the project’s exceptional and canceled orders, by handleState',
    query: OrdersQuery.extend({ handleState: intInput(0, 1).optional() }),
    response: PayOrderPage,
    errors: [ErrorCode.NoPermission],
  }),
  handleOrder: endpoint({
    method: 'GET',
    path: '/main/payhub/handle/order',
    access: 'secure',
    summary: 'Manage role: take an exceptional or canceled order to handle (3038 if another head has it)',
    query: z.object({ id: Id }),
    response: PayOrder,
    errors: leaderErrors,
  }),
  leaderCancel: endpoint({
    method: 'POST',
    path: '/main/payhub/leader/order/cancel/:id',
    access: 'secure',
    summary: 'Manage role: cancel an exceptional order, releasing the held quota (CANCELED)',
    params: OrderIdParams,
    response: PayOrder,
    errors: leaderErrors,
  }),
  leaderUnable: endpoint({
    method: 'POST',
    path: '/main/payhub/leader/unableHandle/:id',
    access: 'secure',
    summary: 'Manage role: the order cannot be settled (FAILED), releasing the held quota',
    params: OrderIdParams,
    response: PayOrder,
    errors: leaderErrors,
  }),
  leaderSuccess: endpoint({
    method: 'POST',
    path: '/main/payhub/leader/order/success/:id',
    access: 'secure',
    summary:
      'Manage role: the money did arrive (CHECK_SUCCESS): credits the player from the operator’s quota',
    params: OrderIdParams,
    body: z.object({ remark: Remark.optional() }),
    response: PayOrder,
    errors: leaderErrors,
  }),
  leaderOrders: endpoint({
    method: 'GET',
    path: '/main/payhub/leader/handel/orders',
    access: 'secure',
    summary: 'Manage role: orders this group head has taken',
    query: OrdersQuery,
    response: PayOrderPage,
    errors: [ErrorCode.NoPermission],
  }),
  setWork: endpoint({
    method: 'POST',
    path: '/main/payhub/work/:flag',
    access: 'secure',
    summary: 'Operator work status: 1 takes new orders, 0 stops',
    params: z.object({ flag: intInput(0, 1) }),
    response: z.object({ working: z.boolean() }),
    errors: [ErrorCode.NoPermission, ErrorCode.AccountUnderReview],
  }),
  isWork: endpoint({
    method: 'GET',
    path: '/main/payhub/isWork',
    access: 'secure',
    summary: 'Operator work status',
    response: z.object({ working: z.boolean() }),
    errors: [ErrorCode.NoPermission],
  }),
  operatorStatus: endpoint({
    method: 'GET',
    path: '/main/payhub/balance/config',
    access: 'secure',
    summary: 'Operator KYC status, limits, today’s assigned volume and commission rate',
    response: OperatorStatus,
    errors: [ErrorCode.NoPermission],
  }),
  unprocessed: endpoint({
    method: 'GET',
    path: '/main/payhub/unprocessed',
    access: 'secure',
    summary: 'Unprocessed deposit and withdraw orders of the operator (the dashboard counts)',
    response: z.object({ orders: z.number().int(), withdrawOrders: z.number().int() }),
    errors: [ErrorCode.NoPermission],
  }),

  // Admin (DESIGN.md §8 lawful operation).
  adminCases: endpoint({
    method: 'GET',
    path: '/main/payhub/admin/cases',
    access: 'secure',
    summary: 'Admin: monitoring cases of the project',
    query: z.object({ page: Page, count: Count, status: z.enum(['open', 'closed']).optional() }),
    response: z.object({ items: z.array(MonitoringCase), total: z.number().int() }),
    errors: [ErrorCode.NoPermission],
  }),
  adminCloseCase: endpoint({
    method: 'POST',
    path: '/main/payhub/admin/cases/:id/close',
    access: 'secure',
    summary: 'Admin: close a monitoring case with a resolution',
    params: z.object({ id: Id }),
    body: z.object({ resolution: z.string().trim().min(1).max(500) }),
    response: MonitoringCase,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound, ErrorCode.CaseAlreadyHandled],
  }),
  adminSetKyc: endpoint({
    method: 'POST',
    path: '/main/payhub/admin/operators/:userId/kyc',
    access: 'secure',
    summary: 'Admin: record an operator’s KYC result and verified name',
    params: z.object({ userId: Id }),
    body: z.object({
      status: z.enum(['pending', 'verified', 'rejected', 'suspended']),
      verifiedName: z.string().trim().min(2).max(80).optional(),
    }),
    response: OperatorStatus,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
};

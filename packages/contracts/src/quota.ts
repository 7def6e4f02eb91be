import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { LocalCurrencySchema, MoneyInput, MoneyWire } from './money.ts';
import { TopupMethod } from './rails.ts';
import { Count, intInput, Page } from './validation.ts';
import { Cursor, Instant } from './wallet.ts';

/**
 * Operator quota: the prepaid balance from which players' deposits are credited. Top-ups go through a
 * custody/exchange adapter (bank recharge, USDT, Indodax) and settle on its signed webhook.
 */

export const Topup = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  method: TopupMethod,
  amount: MoneyWire,
  currency: LocalCurrencySchema,
  /** SimplePayState: 0 WAIT, 1 DONE, 2 PAY_FAILD. */
  state: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** Where to pay: a bank account, a USDT address, or the exchange's checkout url. */
  payTo: z.string(),
  /** A USDT top-up on chain: the exact USDT to send to payTo (6 decimals, from the rate); else null. */
  usdtAmount: z.string().nullable(),
  providerReference: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type Topup = z.infer<typeof Topup>;
const TopupPage = z.object({ items: z.array(Topup), total: z.number().int() });

export const QuotaBalance = z.object({
  currency: LocalCurrencySchema,
  quota: MoneyWire,
  held: MoneyWire,
  available: MoneyWire,
  commission: MoneyWire,
  version: z.number().int(),
});

export const WebhookBody = z.object({
  provider: z.enum(['bank', 'usdt', 'indodax']),
  reference: z.string().min(1).max(80),
  status: z.enum(['settled', 'failed']),
  amount: MoneyInput,
});

const topupErrors = [ErrorCode.NoPermission, ErrorCode.PaymentOutOfRange, ErrorCode.TopupMethodUnavailable];

/**
 * What one of an operator's money movements is (the /transaction screen, issue 11), derived on the
 * server from the ledger transfer code (quota.movements.ts); a code not in that table is `other`.
 */
export const OPERATOR_MOVEMENT_TYPES = [
  'topup',
  'deposit',
  'withdrawal',
  'commission',
  'fee',
  'shop',
  'reversal',
  'other',
] as const;
export const OperatorMovementType = z.enum(OPERATOR_MOVEMENT_TYPES);
export type OperatorMovementType = z.infer<typeof OperatorMovementType>;

export const OperatorMovement = z.object({
  /** The ledger entry id (also the keyset cursor). */
  id: z.string(),
  /** Which of the operator's two accounts moved: the deposit quota or the earned commission. */
  account: z.enum(['quota', 'commission']),
  type: OperatorMovementType,
  /** The ledger transfer code behind the type. */
  code: z.string(),
  /** Signed: positive when the balance grew. */
  amount: MoneyWire,
  balanceAfter: MoneyWire.nullable(),
  /** The business object the movement belongs to (pay_order, withdraw_order, quota_topup, ...). */
  referenceType: z.string().nullable(),
  referenceId: z.string().nullable(),
  createdAt: z.string(),
});
export type OperatorMovement = z.infer<typeof OperatorMovement>;

export const OperatorMovementFilter = z
  .object({
    type: OperatorMovementType.optional(),
    from: Instant.optional(),
    to: Instant.optional(),
    cursor: Cursor.optional(),
    count: intInput(1, 100).default(20),
  })
  .strict();

export const quota = {
  pay: endpoint({
    method: 'POST',
    path: '/main/payhub/quota/pay',
    access: 'secure',
    summary: 'Operator: start a quota top-up by bank recharge or USDT (WAIT until the provider settles)',
    body: z.object({ amount: MoneyInput, method: z.enum(['bank', 'usdt']) }),
    response: Topup,
    errors: [...topupErrors, ErrorCode.UsdtTopupUnavailable],
  }),
  query: endpoint({
    method: 'GET',
    path: '/main/payhub/quota/query',
    access: 'secure',
    summary: 'Operator: quota, held by open deposit orders, available, and earned commission',
    response: QuotaBalance,
    errors: [ErrorCode.NoPermission],
  }),
  history: endpoint({
    method: 'GET',
    path: '/main/payhub/quota/history',
    access: 'secure',
    summary: 'Operator: quota balance history, newest first',
    query: z.object({ page: Page, count: Count }),
    response: z.object({
      items: z.array(
        z.object({
          id: z.string(),
          code: z.string(),
          amount: MoneyWire,
          balanceAfter: MoneyWire,
          referenceType: z.string().nullable(),
          referenceId: z.string().nullable(),
          createdAt: z.string(),
        }),
      ),
      total: z.number().int(),
    }),
    errors: [ErrorCode.NoPermission],
  }),
  transactions: endpoint({
    method: 'GET',
    path: '/main/payhub/quota/transactions',
    access: 'secure',
    summary:
      "Operator: every movement of the caller's quota and commission, newest first, filtered by type and date; keyset pages (pass nextCursor as cursor)",
    query: OperatorMovementFilter,
    response: z.object({ items: z.array(OperatorMovement), nextCursor: z.string().nullable() }),
    errors: [ErrorCode.NoPermission, ErrorCode.BadParameter],
  }),
  topups: endpoint({
    method: 'GET',
    path: '/main/payhub/quota/topups',
    access: 'secure',
    summary: 'Operator: quota top-up records (bank recharge and USDT), newest first',
    query: z.object({ page: Page, count: Count }),
    response: TopupPage,
    errors: [ErrorCode.NoPermission],
  }),
  rechargeBank: endpoint({
    method: 'GET',
    path: '/main/payhub/pay/recharge/bank',
    access: 'secure',
    summary:
      'The platform’s account for quota recharges by transfer in this project (its rails: a bank account, or a CLABE in Mexico)',
    response: z.object({
      bankCode: z.string(),
      accountNo: z.string(),
      holderName: z.string(),
      scheme: z.enum(['account', 'clabe']),
    }),
    errors: [ErrorCode.NoPermission, ErrorCode.TopupMethodUnavailable],
  }),
  indodaxUrl: endpoint({
    method: 'POST',
    path: '/main/payhub/indo/dax/url',
    access: 'secure',
    summary: 'Operator: open an Indodax checkout for a quota top-up',
    body: z.object({ amount: MoneyInput }),
    response: Topup,
    errors: topupErrors,
  }),
  indodaxPay: endpoint({
    method: 'POST',
    path: '/main/payhub/indo/dax/pay',
    access: 'secure',
    summary: 'Operator: ask the exchange for the state of an Indodax top-up (settles it when paid)',
    body: z.object({ orderNo: z.string().min(1).max(40) }),
    response: Topup,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
  topupRange: endpoint({
    method: 'GET',
    path: '/main/payhub/quota/range',
    access: 'secure',
    summary:
      "Operator: the quota top-up range of this project and its currency's rate per USDT (IDR in Indonesia, MXN in Mexico)",
    response: z.object({ minAmount: MoneyWire, maxAmount: MoneyWire, localPerUsdt: MoneyWire }),
    errors: [ErrorCode.NoPermission],
  }),
  indodaxAmount: endpoint({
    method: 'GET',
    path: '/main/payhub/indo/dax/amount',
    access: 'secure',
    summary: 'Indodax top-up range and the IDR per USDT rate',
    response: z.object({ minAmount: MoneyWire, maxAmount: MoneyWire, idrPerUsdt: z.string() }),
    errors: [ErrorCode.NoPermission, ErrorCode.TopupMethodUnavailable],
  }),
  indodaxOrders: endpoint({
    method: 'GET',
    path: '/main/payhub/indo/dax/orders',
    access: 'secure',
    summary: 'Operator: Indodax top-ups, newest first',
    query: z.object({ page: Page, count: Count }),
    response: TopupPage,
    errors: [ErrorCode.NoPermission],
  }),
  webhook: endpoint({
    method: 'POST',
    path: '/main/payhub/quota/webhook',
    access: 'public',
    summary: 'Custody/exchange webhook: HMAC-SHA256 signature in the x-payhub-signature header',
    body: WebhookBody,
    response: z.object({ ok: z.literal(true), state: z.union([z.literal(0), z.literal(1), z.literal(2)]) }),
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound],
  }),
  devSettle: endpoint({
    method: 'POST',
    path: '/main/payhub/quota/dev/settle',
    access: 'secure',
    summary:
      'Development simulator: the provider settles (or fails) the caller’s top-up through the signed webhook',
    body: z.object({
      orderNo: z.string().min(1).max(40),
      status: z.enum(['settled', 'failed']).default('settled'),
    }),
    response: Topup,
    errors: [ErrorCode.NotFound],
    devOnly: true,
  }),
};

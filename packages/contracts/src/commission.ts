import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { LocalCurrencySchema, MoneyInput, MoneyWire } from './money.ts';
import { Count, Page } from './validation.ts';

/**
 * An operator's commission balance (spec §7 withdraw area): what it earned per settled order, how
 * it changes it into quota or pays it out to its own card, and a group leader's view of its
 * operators. Every movement is a ledger transfer (docs/payments.md "Commission").
 */

export const CommissionBalance = z.object({
  currency: LocalCurrencySchema,
  balance: MoneyWire,
  held: MoneyWire,
  available: MoneyWire,
});

/** A change of commission: into quota, or paid out to one of the operator's active cards. */
export const CommissionChange = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  target: z.enum(['quota', 'card']),
  amount: MoneyWire,
  accountNo: z.string().nullable(),
  bankCode: z.string().nullable(),
  createdAt: z.string(),
});
export type CommissionChange = z.infer<typeof CommissionChange>;

export const CommissionEntry = z.object({
  id: z.string(),
  /** commission (earned on an order), commission_change, commission_payout, shop_purchase. */
  code: z.string(),
  /** Signed: positive when the commission grew. */
  amount: MoneyWire,
  balanceAfter: MoneyWire.nullable(),
  referenceType: z.string().nullable(),
  referenceId: z.string().nullable(),
  createdAt: z.string(),
});

export const MemberAggregate = z.object({
  userId: z.number().int(),
  nickname: z.string(),
  working: z.boolean(),
  /** Deposit orders credited (PAID, CHECK_SUCCESS) in the range. */
  paidOrders: z.number().int(),
  paidAmount: MoneyWire,
  /** Withdrawals finished in the range. */
  withdrawFinished: z.number().int(),
  withdrawAmount: MoneyWire,
  commission: MoneyWire,
  commissionBalance: MoneyWire,
});

/** Unix seconds as a query string. */
const Unix = z
  .string()
  .regex(/^\d{1,10}$/, 'expected unix seconds')
  .transform(Number);

export const commission = {
  balance: endpoint({
    method: 'GET',
    path: '/main/withdraw/balance',
    access: 'secure',
    summary: 'The operator’s commission balance',
    response: CommissionBalance,
    errors: [ErrorCode.NoPermission],
  }),
  handleCount: endpoint({
    method: 'GET',
    path: '/main/withdraw/handle/count',
    access: 'secure',
    summary: 'Withdrawals waiting in the project’s pool and the operator’s own by state',
    response: z.object({
      waiting: z.number().int(),
      confirm: z.number().int(),
      exceptional: z.number().int(),
      finished: z.number().int(),
    }),
    errors: [ErrorCode.NoPermission],
  }),
  balanceDetail: endpoint({
    method: 'GET',
    path: '/main/withdraw/balance/detail',
    access: 'secure',
    summary: 'Commission earned today and in total, changed into quota, paid out and spent in the shop',
    response: z.object({
      available: MoneyWire,
      earnedToday: MoneyWire,
      earnedTotal: MoneyWire,
      changedToQuota: MoneyWire,
      paidOut: MoneyWire,
      spentInShop: MoneyWire,
    }),
    errors: [ErrorCode.NoPermission],
  }),
  balanceChange: endpoint({
    method: 'POST',
    path: '/main/withdraw/balance/change',
    access: 'secure',
    summary:
      'Change commission into quota, or pay it out to one of the operator’s active cards; idempotent by Idempotency-Key',
    body: z
      .object({
        amount: MoneyInput,
        target: z.enum(['quota', 'card']),
        accountNo: z.string().max(20).optional(),
      })
      .refine((value) => value.target === 'quota' || value.accountNo !== undefined, {
        message: 'accountNo is required to pay out to a card',
        path: ['accountNo'],
      }),
    response: CommissionChange,
    errors: [ErrorCode.NoPermission, ErrorCode.NotFound, ErrorCode.InsufficientBalanceWallet],
  }),
  orders: endpoint({
    method: 'GET',
    path: '/main/withdraw/orders',
    access: 'secure',
    summary: 'The operator’s commission changes, newest first',
    query: z.object({ page: Page, count: Count }),
    response: z.object({ items: z.array(CommissionChange), total: z.number().int() }),
    errors: [ErrorCode.NoPermission],
  }),
  memberAggData: endpoint({
    method: 'GET',
    path: '/main/withdraw/member/agg/data',
    access: 'secure',
    summary:
      'Group leader: per operator of the group, credited deposits, finished withdrawals and commission',
    query: z.object({ startTime: Unix.optional(), endTime: Unix.optional() }),
    response: z.object({ items: z.array(MemberAggregate), summary: MemberAggregate.omit({ userId: true }) }),
    errors: [ErrorCode.NoPermission],
  }),
  balanceHistory: endpoint({
    method: 'GET',
    path: '/main/spay/spammer/balance/history',
    access: 'secure',
    summary: 'The commission account’s entries, newest first',
    query: z.object({ page: Page, count: Count }),
    response: z.object({ items: z.array(CommissionEntry), total: z.number().int() }),
    errors: [ErrorCode.NoPermission],
  }),
};

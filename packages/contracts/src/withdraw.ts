import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { LocalCurrencySchema, MoneyInput, MoneyWire } from './money.ts';
import { VoucherUrl } from './payhub.ts';
import { BankCode } from './rails.ts';
import { Count, Id, intInput, Page } from './validation.ts';

/**
 * Withdrawals (spec §4 second state set) and the player's bank accounts, under /main (spec §7
 * "Withdraw, bank and contract area"). Operators take and settle withdrawals through the handle calls.
 */

export const BANK_ACCOUNTS_MAX = 5;

export const BankAccountInput = z.object({
  bankCode: BankCode,
  accountNo: z.string().regex(/^\d{6,20}$/, 'accountNo must be 6 to 20 digits'),
  holderName: z
    .string()
    .trim()
    .min(2)
    .max(80)
    .regex(/^[\p{L} .'-]+$/u, 'holderName must be a name'),
});

export const BankAccount = z.object({
  id: z.number().int(),
  bankCode: z.string(),
  accountNo: z.string(),
  holderName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const WithdrawOrder = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  state: z.number().int().min(-1).max(7),
  amount: MoneyWire,
  fee: MoneyWire,
  commission: MoneyWire,
  currency: LocalCurrencySchema,
  bankCode: z.string(),
  accountNo: z.string(),
  holderName: z.string(),
  playerId: z.number().int(),
  operatorId: z.number().int().nullable(),
  handleState: z.union([z.literal(0), z.literal(1)]),
  handlerId: z.number().int().nullable(),
  voucherUrl: z.string().nullable(),
  remark: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type WithdrawOrder = z.infer<typeof WithdrawOrder>;
const WithdrawPage = z.object({ items: z.array(WithdrawOrder), total: z.number().int() });

export const WalletBalance = z.object({
  currency: LocalCurrencySchema,
  balance: MoneyWire,
  held: MoneyWire,
  available: MoneyWire,
});

const HandleQuery = z.object({
  page: Page,
  count: Count,
  /** 0: open (WAIT for the pool, CONFIRM for mine); 1: settled; 2: exceptional. */
  type: intInput(0, 2).optional(),
  orderNo: z.string().max(40).optional(),
});
const Remark = z.string().trim().max(500);
const bankErrors = [
  ErrorCode.BankAccountExists,
  ErrorCode.BankAccountLimit,
  ErrorCode.BankUnsupported,
  ErrorCode.AccountUsedByOther,
  ErrorCode.AccountUsedByOtherHolder,
  ErrorCode.HolderNotVerifiedName,
  ErrorCode.IdentityTierRequired,
];

export const withdraw = {
  create: endpoint({
    method: 'POST',
    path: '/main/withdraw',
    access: 'secure',
    summary: 'Withdraw to one of the player’s bank accounts: amount plus fee held at once (WAIT)',
    body: z.object({ amount: MoneyInput, bankAccountId: Id }),
    response: WithdrawOrder,
    errors: [
      ErrorCode.InsufficientBalanceWallet,
      ErrorCode.WithdrawalOutOfRange,
      ErrorCode.WithdrawalUnderReview,
      // A fraud case open on the player holds withdrawals until compliance closes it.
      ErrorCode.AccountUnderReview,
      ErrorCode.NotFound,
      ErrorCode.OperatorCannotPay,
      ErrorCode.UserCannotPlay,
      ErrorCode.WithdrawalOverTierLimit,
      ErrorCode.IdentityTierRequired,
      // An open bonus wagering requirement and the player chose refusal (rewards, issue 17).
      ErrorCode.BonusWageringOpen,
    ],
  }),
  fee: endpoint({
    method: 'POST',
    path: '/main/withdraw/fee',
    access: 'secure',
    summary: 'The fee of a withdrawal of this amount and the total held',
    body: z.object({ amount: MoneyInput }),
    response: z.object({ amount: MoneyWire, fee: MoneyWire, total: MoneyWire }),
    errors: [ErrorCode.WithdrawalOutOfRange],
  }),
  info: endpoint({
    method: 'GET',
    path: '/main/withdraw/info',
    access: 'secure',
    summary: 'Withdrawal limits, fee rule and the player’s available balance',
    response: z.object({
      currency: LocalCurrencySchema,
      available: MoneyWire,
      minAmount: MoneyWire,
      maxAmount: MoneyWire,
      feeBps: z.number().int(),
      feeMin: MoneyWire,
      openOrders: z.number().int(),
      openOrdersMax: z.number().int(),
    }),
  }),
  hold: endpoint({
    method: 'GET',
    path: '/main/withdraw/hold',
    access: 'secure',
    summary:
      'Whether the caller’s withdrawals, bank and crypto, wait for a compliance review (refused with 712 while held)',
    response: z.object({ held: z.boolean() }),
  }),
  cancel: endpoint({
    method: 'DELETE',
    path: '/main/withdraw/:id',
    access: 'secure',
    summary: 'The player cancels a withdrawal no operator has taken yet (CANCELED, hold released)',
    params: z.object({ id: Id }),
    response: WithdrawOrder,
    errors: [ErrorCode.NotFound, ErrorCode.OrderAlreadyStarted],
  }),
  orders: endpoint({
    method: 'GET',
    path: '/main/heracles/withdraw/orders',
    access: 'secure',
    summary: 'The player’s own withdrawals, newest first',
    query: z.object({ page: Page, count: Count }),
    response: WithdrawPage,
  }),
  order: endpoint({
    method: 'GET',
    path: '/main/heracles/withdraw/orders/:id',
    access: 'secure',
    summary: 'One of the player’s own withdrawals',
    params: z.object({ id: Id }),
    response: WithdrawOrder,
    errors: [ErrorCode.NotFound],
  }),
  balance: endpoint({
    method: 'GET',
    path: '/main/heracles/withdraw/balance',
    access: 'secure',
    summary: 'The player’s wallet: posted balance, held by open withdrawals, available',
    response: WalletBalance,
  }),

  // Player bank accounts.
  bankLatest: endpoint({
    method: 'GET',
    path: '/main/bank/account/latest',
    access: 'secure',
    summary: 'The player’s most recently used or added bank account',
    response: z.object({ account: BankAccount.nullable() }),
  }),
  bankList: endpoint({
    method: 'GET',
    path: '/main/bank/account',
    access: 'secure',
    summary: 'The player’s bank accounts',
    response: z.object({ items: z.array(BankAccount) }),
  }),
  bankAdd: endpoint({
    method: 'POST',
    path: '/main/bank/account',
    access: 'secure',
    summary: 'Add a bank account (at most 5; an account number belongs to one player)',
    body: BankAccountInput,
    response: BankAccount,
    errors: bankErrors,
  }),
  bankUpdate: endpoint({
    method: 'PUT',
    path: '/main/bank/account/:id',
    access: 'secure',
    summary: 'Replace a bank account’s bank, number and holder',
    params: z.object({ id: Id }),
    body: BankAccountInput,
    response: BankAccount,
    errors: [...bankErrors, ErrorCode.NotFound, ErrorCode.WithdrawalUnderReview],
  }),
  bankDelete: endpoint({
    method: 'DELETE',
    path: '/main/bank/account/:id',
    access: 'secure',
    summary: 'Remove a bank account',
    params: z.object({ id: Id }),
    response: z.object({ ok: z.literal(true) }),
    errors: [ErrorCode.NotFound, ErrorCode.WithdrawalUnderReview],
  }),
  bankSupport: endpoint({
    method: 'GET',
    path: '/main/bank/support',
    access: 'secure',
    summary: 'Banks a player can withdraw to in this project',
    response: z.object({ items: z.array(z.object({ code: z.string(), name: z.string() })) }),
  }),

  // Operator handling.
  spammerHandle: endpoint({
    method: 'POST',
    path: '/main/withdraw/order/spammer/handle',
    access: 'secure',
    summary:
      'Operator: take a waiting withdrawal (CONFIRM; 3007 if taken; 3042 if its payer is linked to the operator), finish it with the transfer voucher (FINISH) or report a problem (EXCEPTIONAL)',
    body: z.object({
      id: Id,
      action: z.enum(['take', 'finish', 'report']),
      voucherUrl: VoucherUrl.optional(),
      remark: Remark.optional(),
    }),
    response: WithdrawOrder,
    errors: [
      ErrorCode.NotFound,
      ErrorCode.NoPermission,
      ErrorCode.OrderAlreadyStarted,
      ErrorCode.AccountUnderReview,
      ErrorCode.OperatorLinkedToPayer,
      ErrorCode.PaymentOutOfRange,
    ],
  }),
  handles: endpoint({
    method: 'GET',
    path: '/main/withdraw/order/handles',
    access: 'secure',
    summary:
      'Operator: waiting withdrawals of the project (type 0) and the operator’s own by type or orderNo',
    query: HandleQuery,
    response: WithdrawPage,
    errors: [ErrorCode.NoPermission],
  }),
  leaderHandles: endpoint({
    method: 'GET',
    path: '/main/withdraw/leader/handles',
    access: 'secure',
    summary: 'Manage role: exceptional withdrawals of the project (type 2) or settled ones (type 1)',
    query: HandleQuery,
    response: WithdrawPage,
    errors: [ErrorCode.NoPermission],
  }),
  leaderHandle: endpoint({
    method: 'POST',
    path: '/main/withdraw/leader/handle',
    access: 'secure',
    summary:
      'Manage role: settle an exceptional withdrawal as paid (FINISH) or failed (FAILED, hold released)',
    body: z.object({
      id: Id,
      action: z.enum(['finish', 'fail']),
      voucherUrl: VoucherUrl.optional(),
      remark: Remark.optional(),
    }),
    response: WithdrawOrder,
    errors: [
      ErrorCode.NotFound,
      ErrorCode.NoPermission,
      ErrorCode.OrderAlreadyStarted,
      ErrorCode.OrderHandledByOtherLeader,
      ErrorCode.OperatorLinkedToPayer,
    ],
  }),
};

import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { type Asset, AssetSchema, LocalCurrencySchema, parseAmount } from './money.ts';
import { AssetAmountWire } from './wallet.ts';

/**
 * Exchange between a player's assets (spec §7 `GET /currency/rate`, §9 100 YEC = 1 USD): a quote
 * fixes both amounts for a stated number of seconds and is accepted once by its id; both legs move
 * in one linked ledger operation through the house exchange accounts (docs/payments.md "Exchange").
 * Rates are exact rationals on the wire (numerator/denominator of minor units), never floats.
 */

/** A rate as an exact fraction: `to` minor units per `from` minor unit = numerator / denominator. */
export const Rate = z.object({
  from: AssetSchema,
  to: AssetSchema,
  numerator: z.string().regex(/^\d+$/),
  denominator: z.string().regex(/^\d+$/),
  /** How many whole `to` one whole `from` buys at the mid rate, 8 decimals, rounded down (display only). */
  display: z.string(),
  /** The house's spread in basis points, taken from the amount received. */
  spreadBps: z.number().int(),
});
export type Rate = z.infer<typeof Rate>;

export const QUOTE_STATES = ['open', 'accepted'] as const;

export const Quote = z.object({
  id: z.string(),
  from: AssetSchema,
  to: AssetSchema,
  /** Debited from the player's `from` balance. */
  fromAmount: AssetAmountWire,
  /** Credited to the player's `to` balance (after the spread, rounded down). */
  toAmount: AssetAmountWire,
  rate: Rate,
  /** The state at answer time; an open quote past expiresAt can no longer be accepted. */
  state: z.enum(QUOTE_STATES),
  ttlSeconds: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type Quote = z.infer<typeof Quote>;

/** A quote id: a UUID. Anything else is a bad parameter; an unknown or foreign id is 404. */
const QuoteId = z.string().uuid('unknown quote id');

/** A USD price per whole unit: a positive decimal with at most 12 fraction digits ("0.0000625"). */
export const UsdPrice = z
  .string()
  .max(32)
  .regex(/^\d{1,9}(\.\d{1,12})?$/, 'expected a decimal price')
  .refine((text) => /[1-9]/.test(text), 'price must be positive');

/** The quote request: the amount is read in the `from` asset's own scale (USDT 6 digits, others 2). */
const QuoteRequest = z
  .object({ from: AssetSchema, to: AssetSchema, amount: z.string().max(24) })
  .strict()
  .transform((input, context) => {
    if (input.from === input.to) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'from and to must differ' });
      return z.NEVER;
    }
    try {
      const amount = parseAmount(input.amount, input.from as Asset);
      if (amount <= 0n) throw new RangeError('amount must be positive');
      return { from: input.from, to: input.to, amount };
    } catch (error) {
      context.addIssue({ code: 'custom', path: ['amount'], message: (error as Error).message });
      return z.NEVER;
    }
  });

export const ExchangeSettings = z.object({
  spreadBps: z.number().int().min(0).max(2000),
  quoteTtlSeconds: z.number().int().min(5).max(600),
});

export const exchange = {
  rate: endpoint({
    method: 'GET',
    path: '/main/currency/rate',
    access: 'secure',
    summary:
      'Exchange rates between the assets (every pair, or those of `from` / `to`) and the reference rates of the project currency',
    query: z.object({ from: AssetSchema.optional(), to: AssetSchema.optional() }).strict(),
    response: z.object({
      items: z.array(Rate),
      quoteTtlSeconds: z.number().int(),
      /** The project's currency and how many of it 1 USD and 1 USDT buy (2 decimals, rounded down). */
      currency: LocalCurrencySchema,
      usd: z.string(),
      usdt: z.string(),
      /** Spec §9: 100 YEC = 1 USD. */
      yecPerUsd: z.number().int(),
    }),
  }),
  quote: endpoint({
    method: 'POST',
    path: '/main/exchange/quote',
    access: 'secure',
    summary:
      'Quote an exchange of `amount` of `from` into `to`; it holds for ttlSeconds and is accepted once',
    body: QuoteRequest,
    response: Quote,
    errors: [ErrorCode.InsufficientBalance, ErrorCode.YecInsufficient, ErrorCode.ServiceMaintenance],
  }),
  accept: endpoint({
    method: 'POST',
    path: '/main/exchange/quote/:id/accept',
    access: 'secure',
    summary: 'Accept an open quote of the caller: both legs move at once, or nothing',
    params: z.object({ id: QuoteId }).strict(),
    response: Quote,
    errors: [
      ErrorCode.NotFound,
      ErrorCode.QuoteExpired,
      ErrorCode.QuoteUsed,
      ErrorCode.InsufficientBalance,
      ErrorCode.YecInsufficient,
      ErrorCode.ServiceMaintenance,
    ],
  }),
  getQuote: endpoint({
    method: 'GET',
    path: '/main/exchange/quote/:id',
    access: 'secure',
    summary: 'One quote of the caller',
    params: z.object({ id: QuoteId }).strict(),
    response: Quote,
    errors: [ErrorCode.NotFound],
  }),
  setRate: endpoint({
    method: 'PUT',
    path: '/main/exchange/admin/rate',
    access: 'secure',
    summary:
      "Admin: set an asset's USD price per whole unit in the project's rate table (YEC is fixed at 0.01, spec §9)",
    body: z.object({ asset: AssetSchema, usdPrice: UsdPrice }).strict(),
    response: z.object({ asset: AssetSchema, usdPrice: z.string() }),
    errors: [ErrorCode.NoPermission],
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/main/exchange/admin/settings',
    access: 'secure',
    summary: "Admin: the project's exchange spread (basis points) and quote lifetime (seconds)",
    body: ExchangeSettings.strict(),
    response: ExchangeSettings,
    errors: [ErrorCode.NoPermission],
  }),
};

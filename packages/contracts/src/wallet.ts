import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ErrorCode } from './errors.ts';
import { AssetSchema } from './money.ts';
import { intInput } from './validation.ts';

/**
 * The player wallet (issue 13): a balance per asset, the movements of every asset in one list with
 * keyset pagination, a bounded CSV export, and the project's wallet settings (the asset games are
 * played in). docs/payments.md "Player wallet".
 */

/** An amount of some asset on the wire: exactly that asset's scale digits, signed where it says so. */
export const AssetAmountWire = z.string().regex(/^-?\d{1,19}(\.\d{1,6})?$/);

export const AssetBalance = z.object({
  asset: AssetSchema,
  /** Posted balance. */
  balance: AssetAmountWire,
  /** Reserved by pending movements (a withdrawal in progress). */
  held: AssetAmountWire,
  /** What a new debit may use: balance minus held. */
  available: AssetAmountWire,
});
export type AssetBalance = z.infer<typeof AssetBalance>;

/**
 * What a movement is, derived from its ledger transfer code through one table on the server
 * (wallet.types.ts); a code not in the table shows as `other`.
 */
export const HISTORY_TYPES = [
  'deposit',
  'withdrawal',
  'exchange',
  'bet',
  'win',
  'bonus',
  'rebate',
  'fee',
  'reversal',
  'other',
] as const;
export const HistoryType = z.enum(HISTORY_TYPES);
export type HistoryType = z.infer<typeof HistoryType>;

export const HistoryRow = z.object({
  /** The ledger entry id (also the keyset cursor). */
  id: z.string(),
  asset: AssetSchema,
  type: HistoryType,
  /** The ledger transfer code behind the type. */
  code: z.string(),
  /** Signed: positive when the balance grew. */
  amount: AssetAmountWire,
  balanceAfter: AssetAmountWire.nullable(),
  /** The business object the movement belongs to (deposit_order, withdraw_order, exchange_quote, ...). */
  objectType: z.string().nullable(),
  objectId: z.string().nullable(),
  createdAt: z.string(),
});
export type HistoryRow = z.infer<typeof HistoryRow>;

/** An instant as an ISO 8601 string with a zone ("2026-11-24T00:00:00Z", "2026-11-24T07:00:00+07:00"). */
export const Instant = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/, 'expected an ISO instant')
  .transform((text, context) => {
    const at = new Date(text);
    if (Number.isNaN(at.getTime())) {
      context.addIssue({ code: 'custom', message: 'not a date' });
      return z.NEVER;
    }
    return at;
  });

/** The keyset cursor: the id of the last row of the previous page. */
export const Cursor = z.string().regex(/^\d{1,18}$/, 'unknown cursor');

/** The longest range one CSV export may cover. */
export const HISTORY_EXPORT_MAX_DAYS = 93;
/** The most rows one CSV export carries. */
export const HISTORY_EXPORT_MAX_ROWS = 10_000;

export const HistoryFilter = z
  .object({
    asset: AssetSchema.optional(),
    type: HistoryType.optional(),
    from: Instant.optional(),
    to: Instant.optional(),
  })
  .strict();

export const WalletSettings = z.object({
  /** The asset games are played in: the project's local currency or YEC. */
  gameAsset: AssetSchema,
});

export const wallet = {
  balances: endpoint({
    method: 'GET',
    path: '/main/wallet/balances',
    access: 'secure',
    summary: "The caller's balance of every asset (balance, held, available) and the project's game asset",
    response: z.object({ gameAsset: AssetSchema, items: z.array(AssetBalance) }),
  }),
  history: endpoint({
    method: 'GET',
    path: '/main/wallet/history',
    access: 'secure',
    summary:
      "The caller's movements of every asset, newest first, filtered by asset, type and date; keyset pages (pass nextCursor as cursor)",
    query: HistoryFilter.extend({ cursor: Cursor.optional(), count: intInput(1, 100).default(20) }).strict(),
    response: z.object({ items: z.array(HistoryRow), nextCursor: z.string().nullable() }),
  }),
  historyExport: endpoint({
    method: 'GET',
    path: '/main/wallet/history/export',
    access: 'secure',
    summary: `The caller's movements from \`from\` to \`to\` (at most ${HISTORY_EXPORT_MAX_DAYS} days, ${HISTORY_EXPORT_MAX_ROWS} rows) as CSV text`,
    query: HistoryFilter.extend({ from: Instant, to: Instant }).strict(),
    response: z.object({ filename: z.string(), rows: z.number().int(), csv: z.string() }),
  }),
  settings: endpoint({
    method: 'GET',
    path: '/main/wallet/settings',
    access: 'secure',
    summary: "The project's wallet settings",
    response: WalletSettings,
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/main/wallet/admin/settings',
    access: 'secure',
    summary: "Admin: change the project's wallet settings (the game asset: the local currency or YEC)",
    body: WalletSettings.strict(),
    response: WalletSettings,
    errors: [ErrorCode.NoPermission],
  }),
};

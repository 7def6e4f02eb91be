/**
 * Every asset the platform keeps, declared once (DESIGN.md §5; docs/decisions.md "Assets: one table of
 * scales"). Amounts are bigint counts of an asset's minor units; `scale` is how many fraction digits a
 * minor unit is (and how many the wire string carries), `displayDigits` how many a screen shows.
 * No zod here: browser bundles read this table.
 */
export interface AssetInfo {
  /** Fraction digits of one minor unit: 2 means 1 unit = 0.01. Also the wire string's digits. */
  readonly scale: number;
  /** Fraction digits shown on screens (USDT keeps its 6 on-chain digits and shows 2). */
  readonly displayDigits: number;
  /** The symbol printed before an amount. */
  readonly symbol: string;
  /** A project's own money (paid in and out through the payment hub) or a platform-wide asset. */
  readonly local: boolean;
}

export const ASSETS = {
  IDR: { scale: 2, displayDigits: 2, symbol: 'Rp', local: true },
  MXN: { scale: 2, displayDigits: 2, symbol: 'MX$', local: true },
  // ERC-20 USDT has 6 decimals on chain; keeping them means a deposit is credited to the last unit.
  USDT: { scale: 6, displayDigits: 2, symbol: 'USDT', local: false },
  // 100 YEC = 1 USD (spec §9): one YEC minor unit is 1/10,000 USD, exactly 100 USDT minor units.
  YEC: { scale: 2, displayDigits: 2, symbol: 'YEC', local: false },
} as const satisfies Record<string, AssetInfo>;

export type Asset = keyof typeof ASSETS;
/** Every asset code, in the order screens list them (the type check below keeps it complete). */
export const ASSET_CODES = ['IDR', 'MXN', 'USDT', 'YEC'] as const satisfies readonly Asset[];
// A compile error here means an asset of ASSETS is missing from ASSET_CODES.
const everyAssetListed: Record<Exclude<Asset, (typeof ASSET_CODES)[number]>, never> = {};
void everyAssetListed;

/** The projects' own currencies: what the payment hub, quotas and withdrawals to banks move. */
export const LOCAL_CURRENCIES = ['IDR', 'MXN'] as const satisfies readonly Asset[];
export type LocalCurrency = (typeof LOCAL_CURRENCIES)[number];

export function isAsset(value: unknown): value is Asset {
  return typeof value === 'string' && Object.hasOwn(ASSETS, value);
}

export function isLocalCurrency(value: unknown): value is LocalCurrency {
  return isAsset(value) && ASSETS[value].local;
}

/** The table of one asset. */
export function assetInfo(asset: Asset): AssetInfo {
  return ASSETS[asset];
}

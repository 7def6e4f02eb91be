import { type Asset, formatAmount, parseAmount } from '@payhub/contracts';

/** A withdrawal limit of one tier in one asset (minor units); null = no tier limit (the rail's range still applies). */
export interface TierLimit {
  perWithdrawal: bigint | null;
  daily: bigint | null;
}
export type IdentityTier = 0 | 1 | 2;
export type TierLimitTable = Record<IdentityTier, Partial<Record<Asset, TierLimit>>>;

const limit = (perWithdrawal: bigint, daily: bigint): TierLimit => ({ perWithdrawal, daily });

/**
 * The default withdrawal limits per identity tier (docs/identity.md). Tier 0 (phone only) small
 * amounts, tier 1 (declared name and birth date) everyday amounts, tier 2 (documents reviewed) up
 * to the rail's range. In a **licensed** (real-money) project tier 0 withdraws nothing (7052).
 * Per project override: `WITHDRAW_TIER_LIMITS` (config.ts).
 */
export const DEFAULT_TIER_LIMITS: TierLimitTable = {
  0: {
    IDR: limit(10_000_000_00n, 20_000_000_00n),
    MXN: limit(10_000_00n, 20_000_00n),
    USDT: limit(500_000_000n, 1_000_000_000n),
  },
  1: {
    IDR: limit(50_000_000_00n, 100_000_000_00n),
    MXN: limit(50_000_00n, 100_000_00n),
    USDT: limit(1_000_000_000n, 5_000_000_000n),
  },
  2: {
    IDR: limit(100_000_000_00n, 500_000_000_00n),
    MXN: limit(100_000_00n, 500_000_00n),
    USDT: limit(10_000_000_000n, 50_000_000_000n),
  },
};

/** The JSON of one project's override: `{"1": {"IDR": {"perWithdrawal": "5000000.00", "daily": "10000000.00"}}}`. */
export type TierLimitOverride = Partial<
  Record<'0' | '1' | '2', Partial<Record<Asset, { perWithdrawal: string | null; daily: string | null }>>>
>;

/** A project's table: the defaults with its override laid over them (amounts parsed per asset). */
export function tierTable(override: TierLimitOverride | undefined): TierLimitTable {
  const table: TierLimitTable = {
    0: { ...DEFAULT_TIER_LIMITS[0] },
    1: { ...DEFAULT_TIER_LIMITS[1] },
    2: { ...DEFAULT_TIER_LIMITS[2] },
  };
  for (const [tier, assets] of Object.entries(override ?? {})) {
    for (const [asset, value] of Object.entries(assets ?? {})) {
      if (!value) continue;
      const parse = (text: string | null) =>
        text === null ? null : parseAmount(text, asset as Asset, 'input');
      table[Number(tier) as IdentityTier][asset as Asset] = {
        perWithdrawal: parse(value.perWithdrawal),
        daily: parse(value.daily),
      };
    }
  }
  return table;
}

/** The wire form of a tier's limits for the given assets. */
export function tierLimitsWire(table: TierLimitTable, tier: IdentityTier, assets: readonly Asset[]) {
  return assets.map((asset) => {
    const row = table[tier][asset];
    return {
      asset,
      perWithdrawal: row?.perWithdrawal == null ? null : formatAmount(row.perWithdrawal, asset),
      daily: row?.daily == null ? null : formatAmount(row.daily, asset),
    };
  });
}

/**
 * The name-match rule (docs/identity.md): a bank account's holder matches the verified name when
 * both read the same after removing diacritics (NFKD, combining marks dropped), folding case,
 * turning punctuation (. , ' ’ - _) into spaces and collapsing runs of spaces. Word order and
 * missing or extra words still differ ("Siti Rahma" ≠ "Rahma Siti", ≠ "Siti").
 */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[.,'’`_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function namesMatch(holderName: string, verifiedName: string): boolean {
  const holder = normaliseName(holderName);
  return holder.length > 0 && holder === normaliseName(verifiedName);
}

import { z } from 'zod';
import { ASSET_CODES, type Asset, LOCAL_CURRENCIES } from './assets.ts';
import { amountWirePattern, MONEY_ASSET, parseAmount } from './money-units.ts';

// The arithmetic lives in money-units.ts and the asset table in assets.ts (no zod) so browser
// bundles can format money without zod.
export * from './assets.ts';
export * from './money-units.ts';

/** An asset code on the wire. */
export const AssetSchema = z.enum(ASSET_CODES);
/** A project's local currency on the wire (IDR, MXN). */
export const LocalCurrencySchema = z.enum(LOCAL_CURRENCIES);

/** A request amount of `asset`: a string (never a JS number), positive, at most its scale decimals. */
export function amountInput(asset: Asset) {
  return z
    .string()
    .max(24)
    .transform((text, context) => {
      try {
        const value = parseAmount(text, asset);
        if (value <= 0n) {
          context.addIssue({ code: 'custom', message: 'amount must be positive' });
          return z.NEVER;
        }
        return value;
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    });
}

/** A response amount of `asset` on the wire: exactly its scale decimals. */
export function amountWire(asset: Asset) {
  return z.string().regex(amountWirePattern(asset));
}

/** A request amount in the project's local currency: positive, at most 2 decimals. Parses to bigint. */
export const MoneyInput = amountInput(MONEY_ASSET);

/** A response amount in the project's local currency. */
export const MoneyWire = amountWire(MONEY_ASSET);

import { z } from 'zod';
import { MONEY_WIRE_PATTERN, parseMoney } from './money-units.ts';

// The arithmetic lives in money-units.ts (no zod) so browser bundles can format money without zod.
export * from './money-units.ts';

/** A request amount: a string (never a JS number), positive, at most 2 decimals. Parses to bigint. */
export const MoneyInput = z
  .string()
  .max(24)
  .transform((text, context) => {
    try {
      const value = parseMoney(text);
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

/** A response amount on the wire. */
export const MoneyWire = z.string().regex(MONEY_WIRE_PATTERN);

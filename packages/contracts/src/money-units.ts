/**
 * Money is an integer count of minor units (bigint). IDR and MXN both have 2 fraction digits.
 * On the wire it is a decimal string with exactly 2 fraction digits ("150000.00").
 * This is the only module that converts between the two; no float ever touches money.
 */
export const MONEY_SCALE_DIGITS = 2;
const MINOR_PER_MAJOR = 100n;

/** Upper bound on any single amount: 10^15 minor units (10 trillion major), far above any order. */
export const MONEY_MAX_MINOR = 10n ** 15n;

const inputPattern = /^(-?)(\d{1,16})(?:\.(\d{1,2}))?$/;
/** The wire form of an amount: exactly 2 fraction digits. */
export const MONEY_WIRE_PATTERN = /^-?\d{1,16}\.\d{2}$/;

export class MoneyFormatError extends Error {}

/** Parses "150000", "150000.5" or "150000.50" into minor units. Rejects 3+ decimals and junk. */
export function parseMoney(text: string): bigint {
  const match = inputPattern.exec(text.trim());
  if (!match) throw new MoneyFormatError(`not an amount: ${JSON.stringify(text).slice(0, 40)}`);
  const [, sign, whole, fraction = ''] = match;
  const minor = BigInt(whole!) * MINOR_PER_MAJOR + BigInt(fraction.padEnd(MONEY_SCALE_DIGITS, '0'));
  const value = sign === '-' ? -minor : minor;
  if (value > MONEY_MAX_MINOR || value < -MONEY_MAX_MINOR) throw new MoneyFormatError('amount out of range');
  return value;
}

/** Formats minor units as the wire string with exactly 2 fraction digits. */
export function formatMoney(minor: bigint): string {
  const negative = minor < 0n;
  const absolute = negative ? -minor : minor;
  const whole = absolute / MINOR_PER_MAJOR;
  const fraction = (absolute % MINOR_PER_MAJOR).toString().padStart(MONEY_SCALE_DIGITS, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

import { ASSETS, type Asset, MONEY_MAX_MINOR } from '@payhub/contracts';

/**
 * Exchange arithmetic on exact fractions of bigints: no float ever touches a rate or an amount.
 * docs/payments.md "Exchange" states the rounding: the player receives
 * floor(amount × rate × (10000 − spreadBps) / 10000) minor units of the target asset, so every
 * fraction of a minor unit stays with the house.
 */

/** A positive exact fraction. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function reduce(fraction: Fraction): Fraction {
  const divisor = gcd(fraction.num, fraction.den);
  return { num: fraction.num / divisor, den: fraction.den / divisor };
}

/** A decimal text ("0.0000625") as an exact fraction (625 / 10000000), reduced. */
export function decimalToFraction(text: string): Fraction {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`not a decimal: ${text}`);
  const fraction = match[2] ?? '';
  return reduce({ num: BigInt(`${match[1]}${fraction}`), den: 10n ** BigInt(fraction.length) });
}

/** A fraction printed with `digits` decimals, rounded down. */
export function fractionToDecimal(fraction: Fraction, digits: number): string {
  const scaled = (fraction.num * 10n ** BigInt(digits)) / fraction.den;
  const text = scaled.toString().padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * Minor units of `to` per minor unit of `from` at the mid rate, from each asset's USD price per
 * whole unit: (price_from / price_to) × 10^scale_to / 10^scale_from.
 */
export function minorRate(from: Asset, to: Asset, priceFrom: Fraction, priceTo: Fraction): Fraction {
  return reduce({
    num: priceFrom.num * priceTo.den * 10n ** BigInt(ASSETS[to].scale),
    den: priceFrom.den * priceTo.num * 10n ** BigInt(ASSETS[from].scale),
  });
}

/** Whole `to` per whole `from` (what a person reads as "the rate"). */
export function wholeRate(from: Asset, to: Asset, rate: Fraction): Fraction {
  return reduce({
    num: rate.num * 10n ** BigInt(ASSETS[from].scale),
    den: rate.den * 10n ** BigInt(ASSETS[to].scale),
  });
}

export const BPS = 10_000n;

/**
 * What the player receives for `amount` minor units of the source: the mid-rate value less the
 * spread, rounded down to a whole minor unit (the house's favour). Null when that is below one minor
 * unit or beyond the largest amount the ledger takes.
 */
export function quoteAmount(amount: bigint, rate: Fraction, spreadBps: number): bigint | null {
  const received = (amount * rate.num * (BPS - BigInt(spreadBps))) / (rate.den * BPS);
  if (received < 1n || received > MONEY_MAX_MINOR) return null;
  return received;
}

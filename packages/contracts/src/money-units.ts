import { ASSETS, type Asset, LOCAL_CURRENCIES, type LocalCurrency } from './assets.ts';

/**
 * Money is an integer count of an asset's minor units (bigint); each asset's scale is declared once in
 * assets.ts. On the wire an amount is a decimal string with exactly the asset's scale digits
 * ("150000.00" IDR, "12.345678" USDT). This is the only module that converts between the two, and the
 * only one that prints an amount for a screen; no float ever touches money. No zod: browser bundles
 * import it.
 */

/** Upper bound on any single amount in minor units (10^15, the ledger's CHECK too). */
export const MONEY_MAX_MINOR = 10n ** 15n;
/** Whole digits an amount may carry before the range check refuses it. */
const WHOLE_DIGITS_MAX = 16;

/** Not an amount of that asset: junk, too many decimals, or out of range. A RangeError of its input. */
export class MoneyFormatError extends RangeError {}

/**
 * How the text was written:
 * - `input`: a request amount ("150000", "150000.5", "-3.25"): optional sign, up to scale decimals;
 * - `wire`: the canonical response form: optional sign, exactly scale decimals, nothing around it;
 * - `typed`: what a person typed in a form ("1500", "1500,5"): no sign, "." or "," before the decimals.
 */
export type AmountForm = 'input' | 'wire' | 'typed';

const patterns = new Map<string, RegExp>();
function patternOf(asset: Asset, form: AmountForm): RegExp {
  const key = `${asset}:${form}`;
  let pattern = patterns.get(key);
  if (!pattern) {
    const scale: number = ASSETS[asset].scale;
    const whole = `(\\d{1,${WHOLE_DIGITS_MAX}})`;
    const fraction =
      scale === 0
        ? ''
        : form === 'wire'
          ? `\\.(\\d{${scale}})`
          : form === 'typed'
            ? `(?:[.,](\\d{1,${scale}}))?`
            : `(?:\\.(\\d{1,${scale}}))?`;
    const sign = form === 'typed' ? '()' : '(-?)';
    pattern = new RegExp(`^${sign}${whole}${fraction}$`);
    patterns.set(key, pattern);
  }
  return pattern;
}

/** The regular expression of an asset's wire string (exactly its scale digits). */
export function amountWirePattern(asset: Asset): RegExp {
  return patternOf(asset, 'wire');
}

function unitsPerWhole(asset: Asset): bigint {
  return 10n ** BigInt(ASSETS[asset].scale);
}

/**
 * Reads an amount of `asset` into minor units; throws MoneyFormatError for anything else. An `input` or
 * `typed` amount beyond MONEY_MAX_MINOR is refused; a `wire` string (a server total) is not.
 */
export function parseAmount(text: string, asset: Asset, form: AmountForm = 'input'): bigint {
  const match = patternOf(asset, form).exec(form === 'wire' ? text : text.trim());
  if (!match) throw new MoneyFormatError(`not an amount: ${JSON.stringify(text).slice(0, 40)}`);
  const [, sign, whole, fraction = ''] = match;
  const { scale } = ASSETS[asset];
  const units = BigInt(whole!) * unitsPerWhole(asset) + BigInt(fraction.padEnd(scale, '0') || '0');
  const value = sign === '-' ? -units : units;
  // One amount a person or a client sends is bounded; a wire string the server wrote may be a total.
  if (form !== 'wire' && (value > MONEY_MAX_MINOR || value < -MONEY_MAX_MINOR))
    throw new MoneyFormatError('amount out of range');
  return value;
}

/** parseAmount, answering null instead of throwing (form validation as the user types). */
export function tryParseAmount(text: string, asset: Asset, form: AmountForm = 'input'): bigint | null {
  try {
    return parseAmount(text, asset, form);
  } catch (error) {
    if (error instanceof MoneyFormatError) return null;
    throw error;
  }
}

/** Splits |units| into whole and fraction digit strings at `digits` (rounded half away from zero). */
function split(
  units: bigint,
  asset: Asset,
  digits: number,
): { negative: boolean; whole: string; fraction: string } {
  const { scale } = ASSETS[asset];
  const negative = units < 0n;
  let absolute = negative ? -units : units;
  let perWhole = unitsPerWhole(asset);
  if (digits < scale) {
    const step = 10n ** BigInt(scale - digits);
    absolute = (absolute + step / 2n) / step;
    perWhole /= step;
  } else if (digits > scale) {
    const step = 10n ** BigInt(digits - scale);
    absolute *= step;
    perWhole *= step;
  }
  const whole = (absolute / perWhole).toString();
  const fraction = digits === 0 ? '' : (absolute % perWhole).toString().padStart(digits, '0');
  return { negative, whole, fraction };
}

/**
 * The smallest of some amounts of minor units. Math.min cannot take a bigint (it throws a TypeError),
 * and converting to a number would lose exactness past 2^53, so amounts are compared as bigints.
 */
export function smallestAmount(first: bigint, ...others: bigint[]): bigint {
  let smallest = first;
  for (const amount of others) if (amount < smallest) smallest = amount;
  return smallest;
}

/** The wire string of minor units of `asset`: exactly its scale digits ("150000.00", "0.000001"). */
export function formatAmount(units: bigint, asset: Asset): string {
  const { negative, whole, fraction } = split(units, asset, ASSETS[asset].scale);
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

/** How a screen prints an amount: the locale's separators, a symbol, and how many decimals. */
export interface AmountDisplay {
  group: string;
  decimal: string;
  /** Printed before the amount; the asset's own symbol when absent, none when ''. */
  symbol?: string;
  /** Fraction digits shown; the asset's displayDigits when absent. Fewer than its scale round half away from zero. */
  digits?: number;
}

function groupDigits(digits: string, group: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/** An amount for a screen: "Rp 150.000,00", "MX$1,500.00", "USDT 12.35". Integer arithmetic only. */
export function displayAmount(units: bigint, asset: Asset, display: AmountDisplay): string {
  const digits = display.digits ?? ASSETS[asset].displayDigits;
  const { negative, whole, fraction } = split(units, asset, digits);
  const symbol = display.symbol ?? ASSETS[asset].symbol;
  // "MX$1,500" reads as one token; "Rp 150.000" keeps a no-break space after a letter symbol.
  const spacer = /[A-Za-z]$/.test(symbol) ? '\u00a0' : '';
  const text = `${groupDigits(whole, display.group)}${fraction === '' ? '' : `${display.decimal}${fraction}`}`;
  return `${negative ? '-' : ''}${symbol}${spacer}${text}`;
}

/**
 * The local-currency shortcuts. Order and quota wire shapes carry a project's local currency without
 * naming it; that is exact because every local currency shares one scale (checked here at load).
 */
export const MONEY_ASSET: LocalCurrency = LOCAL_CURRENCIES[0];
export const MONEY_SCALE_DIGITS = ASSETS[MONEY_ASSET].scale;
for (const currency of LOCAL_CURRENCIES)
  if (ASSETS[currency].scale !== MONEY_SCALE_DIGITS)
    throw new Error(`local currency ${currency} must have scale ${MONEY_SCALE_DIGITS}`);

/** The wire form of a local-currency amount. */
export const MONEY_WIRE_PATTERN = amountWirePattern(MONEY_ASSET);

/** Parses a local-currency amount ("150000", "150000.5", "150000.50") into minor units. */
export function parseMoney(text: string, form: AmountForm = 'input'): bigint {
  return parseAmount(text, MONEY_ASSET, form);
}

/** Formats local-currency minor units as the wire string with exactly 2 fraction digits. */
export function formatMoney(minor: bigint): string {
  return formatAmount(minor, MONEY_ASSET);
}

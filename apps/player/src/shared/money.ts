import type { Locale } from '@payhub/contracts';

/** What formatting needs from the project config (spec §3, §9): its symbol and its locale. */
export interface CurrencyFormat {
  currencySymbol: string;
  locale: Locale;
}

/** Money in the payment screens has exactly 2 fraction digits (spec §9). */
export const MONEY_FRACTION_DIGITS = 2;
const MINOR_PER_MAJOR = 100n;

/** The wire form of an amount: a sign, up to 16 whole digits, exactly 2 fraction digits. */
const WIRE_PATTERN = /^(-?)(\d{1,16})\.(\d{2})$/;

/** Digit grouping of each locale, fixed here so that every WebView prints the same text. */
const SEPARATORS: Record<Locale, { group: string; decimal: string }> = {
  'id-ID': { group: '.', decimal: ',' },
  'es-MX': { group: ',', decimal: '.' },
  en: { group: ',', decimal: '.' },
};

/** Reads the 2-decimal wire string ("150000.00") into bigint minor units; anything else throws. */
export function minorFromWire(text: string): bigint {
  const match = WIRE_PATTERN.exec(text);
  if (!match) throw new RangeError(`not a money wire string: ${JSON.stringify(text).slice(0, 40)}`);
  const [, sign, whole, fraction] = match;
  const minor = BigInt(whole!) * MINOR_PER_MAJOR + BigInt(fraction!);
  return sign === '-' ? -minor : minor;
}

function groupDigits(digits: string, group: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/**
 * The one money formatter of the player app: bigint minor units or the wire string in, the
 * project's symbol and 2 decimals out ("Rp 150.000,00", "MX$1,500.00"). Integer arithmetic only.
 */
export function formatMoney(amount: bigint | string, currency: CurrencyFormat): string {
  const minor = typeof amount === 'bigint' ? amount : minorFromWire(amount);
  const negative = minor < 0n;
  const absolute = negative ? -minor : minor;
  const { group, decimal } = SEPARATORS[currency.locale];
  const whole = groupDigits((absolute / MINOR_PER_MAJOR).toString(), group);
  const fraction = (absolute % MINOR_PER_MAJOR).toString().padStart(MONEY_FRACTION_DIGITS, '0');
  // "Rp 150.000,00" keeps a no-break space after a letter symbol; "MX$1,500.00" reads as one token.
  const spacer = /[A-Za-z]$/.test(currency.currencySymbol) ? '\u00a0' : '';
  return `${negative ? '-' : ''}${currency.currencySymbol}${spacer}${whole}${decimal}${fraction}`;
}

/** The wire string of minor units: "150000.00". */
export function wireFromMinor(minor: bigint): string {
  const negative = minor < 0n;
  const absolute = negative ? -minor : minor;
  const fraction = (absolute % MINOR_PER_MAJOR).toString().padStart(MONEY_FRACTION_DIGITS, '0');
  return `${negative ? '-' : ''}${absolute / MINOR_PER_MAJOR}.${fraction}`;
}

/** What a typed amount may look like: whole units, optionally 1 or 2 decimals after "." or ",". */
const TYPED_AMOUNT_PATTERN = /^(\d{1,13})(?:[.,](\d{1,2}))?$/;

/**
 * Reads an amount as the player typed it ("150000", "1500.5", "1500,50") into minor units, or null
 * when it is not an amount. Group separators are not accepted: "150.000" would be ambiguous.
 */
export function minorFromTyped(typed: string): bigint | null {
  const match = TYPED_AMOUNT_PATTERN.exec(typed.trim());
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  return BigInt(whole!) * MINOR_PER_MAJOR + BigInt(fraction.padEnd(MONEY_FRACTION_DIGITS, '0'));
}

/** The amount rules of the payment forms; each failed rule names its message key. */
export type AmountProblem =
  | 'amountRequired'
  | 'amountInvalid'
  | 'amountBelowMin'
  | 'amountAboveMax'
  | 'amountOverAvailable';

export function checkAmount(
  typed: string,
  limits: { min: bigint; max: bigint; available?: bigint },
): AmountProblem | null {
  if (typed.trim() === '') return 'amountRequired';
  const minor = minorFromTyped(typed);
  if (minor === null || minor <= 0n) return 'amountInvalid';
  if (minor < limits.min) return 'amountBelowMin';
  if (minor > limits.max) return 'amountAboveMax';
  if (limits.available !== undefined && minor > limits.available) return 'amountOverAvailable';
  return null;
}

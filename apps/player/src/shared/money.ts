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

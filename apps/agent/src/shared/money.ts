import { MONEY_SCALE_DIGITS, parseMoney } from '@payhub/contracts';

/** What formatting needs from the project config (spec §3). */
export interface CurrencyProject {
  locale: string;
  currencySymbol: string;
}

/** The shell shows whole units by default; the payment client always shows 2 decimals (spec §9). */
export const SHELL_CURRENCY_DIGITS = 0;
export const PAYMENT_CURRENCY_DIGITS = 2;

const MINOR_PER_MAJOR = 10n ** BigInt(MONEY_SCALE_DIGITS);

function separators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

function groupDigits(digits: string, group: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/**
 * Formats an amount (bigint minor units, or the 2-decimal wire string) with the project's symbol:
 * "Rp 150.000" / "MX$1,500.00". Integer arithmetic only; with no decimals the amount is rounded half
 * away from zero.
 */
export function formatCurrency(
  amount: bigint | string,
  project: CurrencyProject,
  digits: 0 | 2 = SHELL_CURRENCY_DIGITS,
): string {
  const minor = typeof amount === 'bigint' ? amount : parseMoney(amount);
  const negative = minor < 0n;
  const absolute = negative ? -minor : minor;
  const { group, decimal } = separators(project.locale);
  let text: string;
  if (digits === 0) {
    const whole = (absolute + MINOR_PER_MAJOR / 2n) / MINOR_PER_MAJOR;
    text = groupDigits(whole.toString(), group);
  } else {
    const whole = absolute / MINOR_PER_MAJOR;
    const fraction = (absolute % MINOR_PER_MAJOR).toString().padStart(MONEY_SCALE_DIGITS, '0');
    text = `${groupDigits(whole.toString(), group)}${decimal}${fraction}`;
  }
  // "MX$1,500" reads as one token; "Rp 150.000" keeps a no-break space after a letter symbol.
  const spacer = /[A-Za-z]$/.test(project.currencySymbol) ? '\u00a0' : '';
  return `${negative ? '-' : ''}${project.currencySymbol}${spacer}${text}`;
}

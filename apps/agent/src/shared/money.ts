import { type Asset, displayAmount, MONEY_ASSET, parseAmount } from '@payhub/contracts';

/** What formatting needs from the project config (spec §3). */
export interface CurrencyProject {
  locale: string;
  currencySymbol: string;
}

/** The shell shows whole units by default; the payment client always shows 2 decimals (spec §9). */
export const SHELL_CURRENCY_DIGITS = 0;
export const PAYMENT_CURRENCY_DIGITS = 2;

function separators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

/**
 * Formats an amount (bigint minor units, or its wire string) with the project's symbol:
 * "Rp 150.000" / "MX$1,500.00", through the contracts' one formatter; with no decimals the amount is
 * rounded half away from zero.
 */
export function formatCurrency(
  amount: bigint | string,
  project: CurrencyProject,
  digits: 0 | 2 = SHELL_CURRENCY_DIGITS,
  asset: Asset = MONEY_ASSET,
): string {
  const units = typeof amount === 'bigint' ? amount : parseAmount(amount, asset);
  return displayAmount(units, asset, {
    ...separators(project.locale),
    symbol: project.currencySymbol,
    digits,
  });
}

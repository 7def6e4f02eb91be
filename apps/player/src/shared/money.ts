import {
  AMOUNT_SEPARATORS,
  type Asset,
  displayAmount,
  type Locale,
  MONEY_ASSET,
  parseAmount,
  tryParseAmount,
} from '@payhub/contracts';

/** What formatting needs from the project config (spec §3, §9): its symbol and its locale. */
export interface CurrencyFormat {
  currencySymbol: string;
  locale: Locale;
  /** The amount's asset; the project's local currency when absent (every local currency has scale 2). */
  asset?: Asset;
}

/**
 * The player app's money display: bigint minor units or the wire string in, the project's symbol
 * and the asset's display digits out ("Rp 150.000,00", "MX$1,500.00"). Parsing and the digits are the
 * contracts' (money-units.ts); this only picks the locale's separators and the symbol.
 */
export function formatMoney(amount: bigint | string, currency: CurrencyFormat): string {
  const asset = currency.asset ?? MONEY_ASSET;
  const units = typeof amount === 'bigint' ? amount : parseAmount(amount, asset, 'wire');
  return displayAmount(units, asset, {
    ...AMOUNT_SEPARATORS[currency.locale],
    symbol: currency.currencySymbol,
  });
}

/** The amount rules of the payment forms; each failed rule names its message key. */
export type AmountProblem =
  | 'amountRequired'
  | 'amountInvalid'
  | 'amountBelowMin'
  | 'amountAboveMax'
  | 'amountOverAvailable';

/**
 * Checks an amount as the player typed it ("150000", "1500.5", "1500,50"; group separators are
 * refused, "150.000" would be ambiguous) against the form's limits, in minor units of `asset`.
 */
export function checkAmount(
  typed: string,
  limits: { min: bigint; max: bigint; available?: bigint },
  asset: Asset = MONEY_ASSET,
): AmountProblem | null {
  if (typed.trim() === '') return 'amountRequired';
  const minor = tryParseAmount(typed, asset, 'typed');
  if (minor === null || minor <= 0n) return 'amountInvalid';
  if (minor < limits.min) return 'amountBelowMin';
  if (minor > limits.max) return 'amountAboveMax';
  if (limits.available !== undefined && minor > limits.available) return 'amountOverAvailable';
  return null;
}

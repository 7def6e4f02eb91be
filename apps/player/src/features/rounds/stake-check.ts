import { type Asset, formatAmount, parseAmount, tryParseAmount } from '@payhub/contracts';

export interface StakeCheck {
  /** The stake typed, in minor units, when it reads as an amount of the asset. */
  units: bigint | null;
  /** What stops it (a message key of playerRounds), or null. */
  problem: 'amountInvalid' | 'amountOverBalance' | null;
  /** The stake as the API takes it ("1000.50"), only when nothing stops it. */
  wire: string | null;
}

/**
 * A round game's stake as the player typed it ("1000", "1000,5": a comma or a point before the
 * decimals, as the in-house games read it), against the balance when read. The request carries the
 * wire form: the API's amounts take a point only, and "1000,5" would be refused after the sheet
 * said nothing was wrong.
 */
export function stakeCheck(typed: string, asset: Asset, available: string | null): StakeCheck {
  const units = tryParseAmount(typed, asset, 'typed');
  if (units === null || units <= 0n) return { units, problem: 'amountInvalid', wire: null };
  if (available !== null && units > parseAmount(available, asset, 'wire'))
    return { units, problem: 'amountOverBalance', wire: null };
  return { units, problem: null, wire: formatAmount(units, asset) };
}

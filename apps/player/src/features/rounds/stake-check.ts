import {
  type Asset,
  formatAmount,
  parseAmount,
  type RoundStakeLimits,
  tryParseAmount,
} from '@payhub/contracts';

export interface StakeCheck {
  /** The stake typed, in minor units, when it reads as an amount of the asset. */
  units: bigint | null;
  /** What stops it (a message key of playerRounds), or null. */
  problem: 'amountInvalid' | 'amountBelowMin' | 'amountAboveMax' | 'amountOverBalance' | null;
  /** The bound a stake below the smallest or above the largest crossed, minor units. */
  bound: bigint | null;
  /** The stake as the API takes it ("1000.50"), only when nothing stops it. */
  wire: string | null;
}

/**
 * A round game's stake as the player typed it ("1000", "1000,5": a comma or a point before the
 * decimals, as the in-house games read it), against the game's stake range in the asset (the state
 * response's `stakes`) and the balance, each when read. The request carries the wire form: the
 * API's amounts take a point only, and "1000,5" would be refused after the sheet said nothing was
 * wrong. A stake the server would refuse (702 outside the range) is said before it is sent.
 */
export function stakeCheck(
  typed: string,
  asset: Asset,
  available: string | null,
  limits: RoundStakeLimits | null = null,
): StakeCheck {
  const units = tryParseAmount(typed, asset, 'typed');
  const stopped = (problem: NonNullable<StakeCheck['problem']>, bound: bigint | null = null) => ({
    units,
    problem,
    bound,
    wire: null,
  });
  if (units === null || units <= 0n) return stopped('amountInvalid');
  if (limits) {
    const min = parseAmount(limits.minStake, asset, 'wire');
    const max = parseAmount(limits.maxStake, asset, 'wire');
    if (units < min) return stopped('amountBelowMin', min);
    if (units > max) return stopped('amountAboveMax', max);
  }
  if (available !== null && units > parseAmount(available, asset, 'wire'))
    return stopped('amountOverBalance');
  return { units, problem: null, bound: null, wire: formatAmount(units, asset) };
}

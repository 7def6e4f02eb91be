/**
 * Roller: number = floor(float × 99 999) + 1, 1–99 999. The player picks a target and a direction:
 * "under" wins on number < target, "over" on number > target. Win chance = winning numbers / 99 999;
 * multiplier = 0.99 / chance, floored to a basis point, and at least 1.01× — so at most 98 018
 * winning numbers (98 018 / 99 999 ≈ 98.02 %).
 */
import { type FloatSource, floatsOf } from '../fair/seed-pair.ts';

export const ROLLER_NUMBERS = 99_999;
export const ROLLER_MULTIPLIER_MIN_BP = 10_100n;
/** multiplierBp = 0.99 × 10 000 × 99 999 / winning numbers. */
const ROLLER_RETURN_NUMERATOR = 9_900n * BigInt(ROLLER_NUMBERS);
/** The largest winning count whose multiplier is still ≥ 1.01×. */
export const ROLLER_WINNING_MAX = Number(ROLLER_RETURN_NUMERATOR / ROLLER_MULTIPLIER_MIN_BP);

export type RollerDirection = 'under' | 'over';

export interface RollerBet {
  target: number;
  direction: RollerDirection;
}

export function rollerNumber(input: FloatSource): number {
  return Math.floor(floatsOf(input).next() * ROLLER_NUMBERS) + 1;
}

/** How many of the 99 999 numbers win, or null when the bet is outside the bounds. */
export function rollerWinningCount(bet: RollerBet): number | null {
  if (!Number.isInteger(bet.target) || bet.target < 1 || bet.target > ROLLER_NUMBERS) return null;
  let count: number;
  if (bet.direction === 'under') count = bet.target - 1;
  else if (bet.direction === 'over') count = ROLLER_NUMBERS - bet.target;
  else return null;
  return count >= 1 && count <= ROLLER_WINNING_MAX ? count : null;
}

export function isValidRollerBet(bet: RollerBet): boolean {
  return rollerWinningCount(bet) !== null;
}

export function rollerMultiplierBp(bet: RollerBet): bigint {
  const count = rollerWinningCount(bet);
  if (count === null)
    throw new RangeError(
      'roller bet must win on 1..98 018 of the 99 999 numbers (multiplier at least 1.01×)',
    );
  return ROLLER_RETURN_NUMERATOR / BigInt(count);
}

export function rollerWins(bet: RollerBet, number: number): boolean {
  return bet.direction === 'under' ? number < bet.target : number > bet.target;
}

export interface RollerOutcome {
  number: number;
  win: boolean;
  multiplierBp: bigint;
}

export function playRoller(input: FloatSource, bet: RollerBet): RollerOutcome {
  const multiplier = rollerMultiplierBp(bet);
  const number = rollerNumber(input);
  const win = rollerWins(bet, number);
  return { number, win, multiplierBp: win ? multiplier : 0n };
}

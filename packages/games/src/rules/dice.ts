/**
 * Dice, Stake's mapping: roll = floor(float × 10 001) / 100, i.e. 0.00–100.00 in 10 001 steps.
 * The roll is kept as an integer in hundredths (0–10 000) so no float reaches a comparison or payout.
 * A bet is a target (hundredths) and a direction; win chance (as Stake states it) is target/100 %
 * under, (100 − target/100) % over, and the multiplier is 0.99 / chance, floored to a basis point.
 */
import { type FloatSource, floatsOf } from '../fair/seed-pair.ts';

export const DICE_OUTCOMES = 10_001;
/** Stake's bounds: chance 0.01 %–98 % (in hundredths of a percent). */
export const DICE_CHANCE_MIN = 1;
export const DICE_CHANCE_MAX = 9_800;
/** 0.99 in bp of bp: multiplierBp = 99 000 000 / chanceHundredths. */
const DICE_RETURN_NUMERATOR = 99_000_000n;

export type DiceDirection = 'under' | 'over';

export interface DiceBet {
  /** Target in hundredths: 4950 means 49.50. */
  target: number;
  direction: DiceDirection;
}

/** The spec's three payouts (§9) at a 1 % edge, each as roll-under and roll-over. */
export const DICE_PRESETS = {
  '2x': { under: { target: 4_950, direction: 'under' }, over: { target: 5_050, direction: 'over' } },
  '3x': { under: { target: 3_300, direction: 'under' }, over: { target: 6_700, direction: 'over' } },
  '9x': { under: { target: 1_100, direction: 'under' }, over: { target: 8_900, direction: 'over' } },
} as const satisfies Record<string, Record<DiceDirection, DiceBet>>;

/** Roll in hundredths (0–10 000) from the bet's first float. */
export function diceRollHundredths(input: FloatSource): number {
  return Math.floor(floatsOf(input).next() * DICE_OUTCOMES);
}

/** The roll as Stake prints it (54.86); for display and the verifier only. */
export function diceRoll(input: FloatSource): number {
  return diceRollHundredths(input) / 100;
}

/** Win chance in hundredths of a percent as Stake states it, or null when the bet is outside the bounds. */
export function diceChance(bet: DiceBet): number | null {
  if (!Number.isInteger(bet.target)) return null;
  const chance = bet.direction === 'under' ? bet.target : 10_000 - bet.target;
  if (bet.direction !== 'under' && bet.direction !== 'over') return null;
  if (chance < DICE_CHANCE_MIN || chance > DICE_CHANCE_MAX) return null;
  return chance;
}

export function isValidDiceBet(bet: DiceBet): boolean {
  return diceChance(bet) !== null;
}

export function diceMultiplierBp(bet: DiceBet): bigint {
  const chance = diceChance(bet);
  if (chance === null) throw new RangeError('dice target outside 0.01 %–98 % win chance');
  return DICE_RETURN_NUMERATOR / BigInt(chance);
}

/** Under wins on roll < target, over on roll > target (Stake). */
export function diceWins(bet: DiceBet, rollHundredths: number): boolean {
  return bet.direction === 'under' ? rollHundredths < bet.target : rollHundredths > bet.target;
}

export interface DiceOutcome {
  rollHundredths: number;
  win: boolean;
  multiplierBp: bigint;
}

export function playDice(input: FloatSource, bet: DiceBet): DiceOutcome {
  const multiplier = diceMultiplierBp(bet);
  const rollHundredths = diceRollHundredths(input);
  const win = diceWins(bet, rollHundredths);
  return { rollHundredths, win, multiplierBp: win ? multiplier : 0n };
}

/**
 * Exact RTP of a bet as a fraction of 10 001 × 10 000: winning rolls × multiplierBp. Under target t
 * wins on t rolls (0 … t−1), over target t on 10 000 − t rolls, each of probability 1/10 001.
 */
export function diceExactReturn(bet: DiceBet): { numerator: bigint; denominator: bigint } {
  const chance = diceChance(bet);
  if (chance === null) throw new RangeError('invalid dice bet');
  return { numerator: BigInt(chance) * diceMultiplierBp(bet), denominator: BigInt(DICE_OUTCOMES) * 10_000n };
}

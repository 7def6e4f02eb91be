/**
 * Roulette, European single zero, Stake's mapping: pocket = floor(float × 37), 0–36.
 * Every standard bet returns 36/n times its stake when one of its n numbers comes (35:1 straight …
 * 1:1 even chances), so each bet's RTP is 36/37 ≈ 97.30 %; zero loses the outside bets (no la partage).
 */
import { type FloatSource, floatsOf } from '../fair/seed-pair.ts';

export const ROULETTE_POCKETS = 37;
export const ROULETTE_BETS_MAX = 50;
export const RED_NUMBERS: readonly number[] = [
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
];

export type RouletteBetKind =
  | 'straight'
  | 'split'
  | 'street'
  | 'corner'
  | 'sixLine'
  | 'dozen'
  | 'column'
  | 'red'
  | 'black'
  | 'odd'
  | 'even'
  | 'low'
  | 'high';

/**
 * Inside bets name their numbers (split [17, 20], street [13, 14, 15] …); dozen and column name
 * which (1–3) in `numbers[0]`; the even-chance bets take no numbers.
 */
export interface RouletteBet {
  kind: RouletteBetKind;
  numbers?: readonly number[];
  amount: bigint;
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);
const sorted = (numbers: readonly number[]): number[] => [...numbers].sort((left, right) => left - right);
const same = (left: readonly number[], right: readonly number[]): boolean =>
  left.length === right.length && left.every((value, index) => value === right[index]);

/** Table geometry: 1–36 in 12 rows of 3 (row r holds 3r+1, 3r+2, 3r+3); 0 touches 1, 2 and 3. */
function isSplit(numbers: number[]): boolean {
  const [low, high] = numbers as [number, number];
  if (low === 0) return high >= 1 && high <= 3;
  if (high - low === 3) return true;
  return high - low === 1 && low % 3 !== 0;
}
function isStreet(numbers: number[]): boolean {
  const first = numbers[0]!;
  return first >= 1 && (first - 1) % 3 === 0 && same(numbers, range(first, first + 2));
}
function isCorner(numbers: number[]): boolean {
  const first = numbers[0]!;
  return (
    first >= 1 && first <= 32 && first % 3 !== 0 && same(numbers, [first, first + 1, first + 3, first + 4])
  );
}
function isSixLine(numbers: number[]): boolean {
  const first = numbers[0]!;
  return first >= 1 && first <= 31 && (first - 1) % 3 === 0 && same(numbers, range(first, first + 5));
}

/** The numbers a bet covers, or null when the bet is not a standard bet on this table. */
export function rouletteCoverage(bet: Omit<RouletteBet, 'amount'>): number[] | null {
  const numbers = sorted(bet.numbers ?? []);
  if (numbers.some((value) => !Number.isInteger(value) || value < 0 || value > 36)) return null;
  if (new Set(numbers).size !== numbers.length) return null;
  const pick = numbers[0];
  switch (bet.kind) {
    case 'straight':
      return numbers.length === 1 ? numbers : null;
    case 'split':
      return numbers.length === 2 && isSplit(numbers) ? numbers : null;
    case 'street':
      return numbers.length === 3 && isStreet(numbers) ? numbers : null;
    case 'corner':
      return numbers.length === 4 && isCorner(numbers) ? numbers : null;
    case 'sixLine':
      return numbers.length === 6 && isSixLine(numbers) ? numbers : null;
    case 'dozen':
      return numbers.length === 1 && pick !== undefined && pick >= 1 && pick <= 3
        ? range(12 * pick - 11, 12 * pick)
        : null;
    case 'column':
      return numbers.length === 1 && pick !== undefined && pick >= 1 && pick <= 3
        ? range(1, 36).filter((value) => (value - pick) % 3 === 0)
        : null;
    case 'red':
      return numbers.length === 0 ? [...RED_NUMBERS] : null;
    case 'black':
      return numbers.length === 0 ? range(1, 36).filter((value) => !RED_NUMBERS.includes(value)) : null;
    case 'odd':
      return numbers.length === 0 ? range(1, 36).filter((value) => value % 2 === 1) : null;
    case 'even':
      return numbers.length === 0 ? range(1, 36).filter((value) => value % 2 === 0) : null;
    case 'low':
      return numbers.length === 0 ? range(1, 18) : null;
    case 'high':
      return numbers.length === 0 ? range(19, 36) : null;
    default:
      return null;
  }
}

/** Returned multiplier of a winning bet covering n numbers: 36/n (36×, 18×, 12×, 9×, 6×, 3×, 2×). */
export function rouletteMultiplierBp(covered: number): bigint {
  if (![1, 2, 3, 4, 6, 12, 18].includes(covered)) throw new RangeError('not a standard bet size');
  return 360_000n / BigInt(covered);
}

export function roulettePocket(input: FloatSource): number {
  return Math.floor(floatsOf(input).next() * ROULETTE_POCKETS);
}

export type RouletteError = 'invalid_bet' | 'too_many_bets';

export interface RouletteOutcome {
  pocket: number;
  stake: bigint;
  payout: bigint;
  bets: { kind: RouletteBetKind; numbers: number[]; amount: bigint; multiplierBp: bigint; payout: bigint }[];
}

/** Validates a whole slip before anything is drawn: one bad bet refuses the slip. */
export function validateRouletteBets(bets: readonly RouletteBet[]): RouletteError | null {
  if (bets.length === 0 || bets.length > ROULETTE_BETS_MAX) return 'too_many_bets';
  for (const bet of bets) {
    if (typeof bet.amount !== 'bigint' || bet.amount <= 0n) return 'invalid_bet';
    if (rouletteCoverage(bet) === null) return 'invalid_bet';
  }
  return null;
}

/** Settles a slip against a pocket; pure, so the verifier and an exhaustive RTP test use it unchanged. */
export function settleRoulette(pocket: number, bets: readonly RouletteBet[]): RouletteOutcome {
  const error = validateRouletteBets(bets);
  if (error !== null) throw new RangeError(error);
  let stake = 0n;
  let payout = 0n;
  const settled = bets.map((bet) => {
    const numbers = rouletteCoverage(bet)!;
    const multiplierBp = numbers.includes(pocket) ? rouletteMultiplierBp(numbers.length) : 0n;
    const betPayout = (bet.amount * multiplierBp) / 10_000n;
    stake += bet.amount;
    payout += betPayout;
    return { kind: bet.kind, numbers, amount: bet.amount, multiplierBp, payout: betPayout };
  });
  return { pocket, stake, payout, bets: settled };
}

export function playRoulette(input: FloatSource, bets: readonly RouletteBet[]): RouletteOutcome {
  return settleRoulette(roulettePocket(input), bets);
}

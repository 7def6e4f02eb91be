/**
 * Coinflip: flip k (0-based) reads float k of the bet: heads when floor(float × 2) = 0, else tails.
 * A single flip pays 1.98×. The optional streak keeps flipping on the same bet; after n correct calls
 * the multiplier is 0.99 × 2ⁿ (1.98×, 3.96×, 7.92×, …), so the 1 % edge is taken once per bet and the
 * RTP is 99 % whenever the player cashes out. A wrong call loses the bet.
 */
import { type FloatSource, floatsOf } from '../fair/seed-pair.ts';
import type { StepResult } from './step.ts';

export type CoinSide = 'heads' | 'tails';
export const COINFLIP_FLIPS_MAX = 20;
/** 0.99 in basis points: the edge is taken once per bet. */
export const COINFLIP_RETURN_BP = 9_900n;

export function coinflipSides(input: FloatSource, count = COINFLIP_FLIPS_MAX): CoinSide[] {
  if (!Number.isInteger(count) || count < 1 || count > COINFLIP_FLIPS_MAX) {
    throw new RangeError(`count must be 1..${COINFLIP_FLIPS_MAX}`);
  }
  const stream = floatsOf(input);
  const sides: CoinSide[] = [];
  for (let index = 0; index < count; index += 1)
    sides.push(Math.floor(stream.next() * 2) === 0 ? 'heads' : 'tails');
  return sides;
}

/** Multiplier after `wins` correct calls in a row: 0.99 × 2^wins (0 wins: nothing to cash out). */
export function coinflipMultiplierBp(wins: number): bigint {
  if (!Number.isInteger(wins) || wins < 0 || wins > COINFLIP_FLIPS_MAX)
    throw new RangeError('wins out of range');
  return wins === 0 ? 0n : COINFLIP_RETURN_BP * 2n ** BigInt(wins);
}

export type CoinflipStatus = 'open' | 'lost' | 'cashed';

/** Everything the server keeps between calls; `sides` is the hidden part. */
export interface CoinflipState {
  sides: readonly CoinSide[];
  calls: CoinSide[];
  status: CoinflipStatus;
  multiplierBp: bigint;
}

/**
 * A single-flip bet derives one side and settles on its flip; a streak derives the 20 sides a streak
 * can reach (floats 0–19, three HMAC rounds).
 */
export function startCoinflip(input: FloatSource, mode: 'single' | 'streak' = 'streak'): CoinflipState {
  const flips = mode === 'single' ? 1 : COINFLIP_FLIPS_MAX;
  return { sides: coinflipSides(input, flips), calls: [], status: 'open', multiplierBp: 0n };
}

export type CoinflipError = 'game_not_open' | 'streak_limit' | 'nothing_to_cash_out' | 'invalid_side';

/** One call. A correct call raises the multiplier; a wrong one ends the game at 0. */
export function flipCoinflip(state: CoinflipState, call: CoinSide): StepResult<CoinflipState, CoinflipError> {
  if (state.status !== 'open') return { ok: false, error: 'game_not_open' };
  if (call !== 'heads' && call !== 'tails') return { ok: false, error: 'invalid_side' };
  if (state.calls.length >= state.sides.length) return { ok: false, error: 'streak_limit' };
  const side = state.sides[state.calls.length]!;
  const calls = [...state.calls, call];
  if (side !== call) return { ok: true, state: { ...state, calls, status: 'lost', multiplierBp: 0n } };
  const multiplierBp = coinflipMultiplierBp(calls.length);
  // The last flip the bet derived (1 for a single flip, 20 for a streak) settles the bet.
  const status: CoinflipStatus = calls.length === state.sides.length ? 'cashed' : 'open';
  return { ok: true, state: { ...state, calls, status, multiplierBp } };
}

export function cashOutCoinflip(state: CoinflipState): StepResult<CoinflipState, CoinflipError> {
  if (state.status !== 'open') return { ok: false, error: 'game_not_open' };
  if (state.calls.length === 0) return { ok: false, error: 'nothing_to_cash_out' };
  return { ok: true, state: { ...state, status: 'cashed' } };
}

/** What the player may see of an open game: the sides already flipped, never the next ones. */
export function coinflipPublicView(
  state: CoinflipState,
): Omit<CoinflipState, 'sides'> & { sides: CoinSide[] } {
  const shown = state.status === 'open' ? state.calls.length : state.sides.length;
  return {
    calls: [...state.calls],
    status: state.status,
    multiplierBp: state.multiplierBp,
    sides: state.sides.slice(0, shown),
  };
}

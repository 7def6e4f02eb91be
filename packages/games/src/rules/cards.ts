/**
 * Cards from floats, Stake's mapping for Hilo, Blackjack and Baccarat: an unlimited deck, each card
 * is floor(float × 52) into the index ♦2 ♥2 ♠2 ♣2 ♦3 … ♣A (rank-major, suits ♦ ♥ ♠ ♣).
 */
import { type FloatSource, floatsOf } from '../fair/seed-pair.ts';

export const CARD_COUNT = 52;
export const CARD_SUITS = ['♦', '♥', '♠', '♣'] as const;
/** Ranks in index order: 2 … 10, J, Q, K, A. */
export const CARD_RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;

export function cardIndices(input: FloatSource, count = CARD_COUNT): number[] {
  if (!Number.isInteger(count) || count < 1 || count > CARD_COUNT)
    throw new RangeError('count must be 1..52');
  const stream = floatsOf(input);
  return Array.from({ length: count }, () => Math.floor(stream.next() * CARD_COUNT));
}

/** "♠J" for index 38. */
export function cardName(index: number): string {
  return `${CARD_SUITS[index % 4]}${CARD_RANKS[Math.floor(index / 4)]}`;
}

/** Hilo's order, A low K high: A = 1, 2–10, J = 11, Q = 12, K = 13. */
export function hiloRank(index: number): number {
  const group = Math.floor(index / 4);
  return group === 12 ? 1 : group + 2;
}

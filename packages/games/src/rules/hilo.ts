/**
 * Hilo: cards from cards.ts (unlimited deck, Stake's mapping); card 0 is the start card and every
 * guess or skip turns the next one, up to the 52 cards Stake derives per bet. A low, K high.
 *
 * Guesses: "higher" wins when the next card is the same rank or higher, "lower" when it is the same
 * or lower — except on an Ace, where higher means strictly higher, and on a King, where lower means
 * strictly lower (else they would be certain). With r winning ranks of 13 the guess's chance is r/13.
 * After n correct guesses the multiplier is 0.99 × Π (13 / rᵢ), floored to a basis point: each guess
 * pays its fair odds and the 1 % edge is taken once, so the RTP is 99 % whenever the player cashes
 * out. A skip turns a card and changes nothing. A wrong guess loses the bet.
 */
import type { FloatSource } from '../fair/seed-pair.ts';
import { CARD_COUNT, cardIndices, hiloRank } from './cards.ts';
import type { StepResult } from './step.ts';

export const HILO_RETURN_BP = 9_900n;

export type HiloGuess = 'higher' | 'lower' | 'skip';

/** How many of the 13 ranks win a guess on a card of this hilo rank (1–13). */
export function hiloWinningRanks(rank: number, guess: 'higher' | 'lower'): number {
  if (!Number.isInteger(rank) || rank < 1 || rank > 13) throw new RangeError('rank must be 1..13');
  if (guess === 'higher') return rank === 1 ? 12 : 14 - rank;
  return rank === 13 ? 12 : rank;
}

export function hiloGuessWins(rank: number, guess: 'higher' | 'lower', nextRank: number): boolean {
  if (guess === 'higher') return rank === 1 ? nextRank > 1 : nextRank >= rank;
  return rank === 13 ? nextRank < 13 : nextRank <= rank;
}

export type HiloStatus = 'open' | 'lost' | 'cashed';

export interface HiloMove {
  guess: HiloGuess;
  /** The card turned by this move. */
  card: number;
  won: boolean | null;
}

export interface HiloState {
  /** All 52 cards of the bet; hidden beyond `position`. */
  cards: readonly number[];
  position: number;
  moves: HiloMove[];
  wins: number;
  /** Exact multiplier 0.99 × Π 13/rᵢ as a fraction, so no rounding compounds between guesses. */
  numerator: bigint;
  denominator: bigint;
  multiplierBp: bigint;
  status: HiloStatus;
}

export type HiloError = 'game_not_open' | 'invalid_guess' | 'deck_exhausted' | 'nothing_to_cash_out';

/**
 * `cards` is how many cards to derive (default all 52, what a game may reach); the simulation test
 * derives fewer for a strategy that cannot use more, saving HMAC rounds without changing any card.
 */
export function startHilo(input: FloatSource, cards = CARD_COUNT): HiloState {
  if (!Number.isInteger(cards) || cards < 2 || cards > CARD_COUNT)
    throw new RangeError('cards must be 2..52');
  return {
    cards: cardIndices(input, cards),
    position: 0,
    moves: [],
    wins: 0,
    numerator: HILO_RETURN_BP,
    denominator: 1n,
    multiplierBp: 10_000n,
    status: 'open',
  };
}

/** Multiplier of the next correct guess applied to a state (what the board shows on each button). */
export function hiloNextMultiplierBp(state: HiloState, guess: 'higher' | 'lower'): bigint {
  const ranks = hiloWinningRanks(hiloRank(state.cards[state.position]!), guess);
  return (state.numerator * 13n) / (state.denominator * BigInt(ranks));
}

export function guessHilo(state: HiloState, guess: HiloGuess): StepResult<HiloState, HiloError> {
  if (state.status !== 'open') return { ok: false, error: 'game_not_open' };
  if (guess !== 'higher' && guess !== 'lower' && guess !== 'skip')
    return { ok: false, error: 'invalid_guess' };
  const last = state.cards.length - 1;
  // A skip must leave a card to guess on; a guess needs a next card.
  if (state.position >= (guess === 'skip' ? last - 1 : last)) return { ok: false, error: 'deck_exhausted' };
  const position = state.position + 1;
  const card = state.cards[position]!;
  if (guess === 'skip') {
    return { ok: true, state: { ...state, position, moves: [...state.moves, { guess, card, won: null }] } };
  }
  const rank = hiloRank(state.cards[state.position]!);
  const won = hiloGuessWins(rank, guess, hiloRank(card));
  const moves = [...state.moves, { guess, card, won }];
  if (!won) return { ok: true, state: { ...state, position, moves, status: 'lost', multiplierBp: 0n } };
  const numerator = state.numerator * 13n;
  const denominator = state.denominator * BigInt(hiloWinningRanks(rank, guess));
  const multiplierBp = numerator / denominator;
  const status: HiloStatus = position === last ? 'cashed' : 'open';
  return {
    ok: true,
    state: { ...state, position, moves, wins: state.wins + 1, numerator, denominator, multiplierBp, status },
  };
}

export function cashOutHilo(state: HiloState): StepResult<HiloState, HiloError> {
  if (state.status !== 'open') return { ok: false, error: 'game_not_open' };
  if (state.wins === 0) return { ok: false, error: 'nothing_to_cash_out' };
  return { ok: true, state: { ...state, status: 'cashed' } };
}

/** The cards turned so far, never the next ones, while the game is open. */
export function hiloPublicView(
  state: HiloState,
): Omit<HiloState, 'cards' | 'numerator' | 'denominator'> & { cards: number[] } {
  return {
    cards: state.cards.slice(0, state.position + 1),
    position: state.position,
    moves: state.moves.map((move) => ({ ...move })),
    wins: state.wins,
    multiplierBp: state.multiplierBp,
    status: state.status,
  };
}

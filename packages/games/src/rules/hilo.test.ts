// Proves hilo cards follow Stake's deck order (published decks), each guess pays 13/r with one 1 % edge, and the state transitions.
import { describe, expect, it } from 'vitest';
import { PUBLISHED_HILO, PUBLISHED_SEEDS } from '../fair/vectors.ts';
import { cardIndices, cardName, hiloRank } from './cards.ts';
import {
  cashOutHilo,
  guessHilo,
  type HiloState,
  hiloGuessWins,
  hiloNextMultiplierBp,
  hiloPublicView,
  hiloWinningRanks,
  startHilo,
} from './hilo.ts';

const input = { serverSeed: 'hilo server', clientSeed: 'hilo client', nonce: 2 };

describe('hilo cards', () => {
  it('reproduces the published Stake decks card by card', () => {
    for (const { clientSeed, nonce, cards } of PUBLISHED_HILO) {
      const deck = cardIndices({ serverSeed: PUBLISHED_SEEDS.serverSeed, clientSeed, nonce });
      expect(deck.map(cardName).join(' - ')).toBe(cards);
    }
  });

  it('orders the deck ♦2 ♥2 ♠2 ♣2 ♦3 … ♣A and ranks A low, K high', () => {
    expect([0, 1, 2, 3, 4, 51].map(cardName)).toEqual(['♦2', '♥2', '♠2', '♣2', '♦3', '♣A']);
    expect([0, 35, 36, 40, 44, 48].map(hiloRank)).toEqual([2, 10, 11, 12, 13, 1]);
  });
});

describe('hilo rules', () => {
  it('counts winning ranks: same-or-higher / same-or-lower, strict on an Ace and a King', () => {
    expect([1, 2, 7, 12, 13].map((rank) => hiloWinningRanks(rank, 'higher'))).toEqual([12, 12, 7, 2, 1]);
    expect([1, 2, 7, 12, 13].map((rank) => hiloWinningRanks(rank, 'lower'))).toEqual([1, 2, 7, 12, 12]);
    for (let rank = 1; rank <= 13; rank += 1) {
      for (const guess of ['higher', 'lower'] as const) {
        const wins = Array.from({ length: 13 }, (_, index) => index + 1).filter((next) =>
          hiloGuessWins(rank, guess, next),
        );
        expect(wins.length).toBe(hiloWinningRanks(rank, guess));
      }
    }
  });

  it('returns 99 % on every single guess, within a basis point of rounding', () => {
    const state = startHilo(input);
    for (let rank = 1; rank <= 13; rank += 1) {
      for (const guess of ['higher', 'lower'] as const) {
        const card = rank === 1 ? 48 : (rank - 2) * 4;
        const multiplier = hiloNextMultiplierBp({ ...state, cards: [card, ...state.cards.slice(1)] }, guess);
        const rtp = (Number(multiplier) * hiloWinningRanks(rank, guess)) / 13 / 10_000;
        expect(rtp).toBeLessThanOrEqual(0.99);
        expect(rtp).toBeGreaterThan(0.9899);
      }
    }
  });

  it('compounds exact odds with one edge, skips, cashes out and loses', () => {
    let state: HiloState = startHilo(input);
    const deck = state.cards;
    expect(cashOutHilo(state)).toEqual({ ok: false, error: 'nothing_to_cash_out' });
    let expectedNumerator = 9_900n;
    let expectedDenominator = 1n;
    for (let move = 0; move < 3; move += 1) {
      const rank = hiloRank(deck[state.position]!);
      const next = hiloRank(deck[state.position + 1]!);
      const guess = hiloGuessWins(rank, 'higher', next) ? 'higher' : 'lower';
      expectedNumerator *= 13n;
      expectedDenominator *= BigInt(hiloWinningRanks(rank, guess));
      const step = guessHilo(state, guess);
      if (!step.ok) throw new Error(step.error);
      state = step.state;
    }
    expect(state.multiplierBp).toBe(expectedNumerator / expectedDenominator);
    expect(hiloPublicView(state).cards).toEqual(deck.slice(0, 4));
    const skipped = guessHilo(state, 'skip');
    if (!skipped.ok) throw new Error(skipped.error);
    expect([skipped.state.position, skipped.state.multiplierBp]).toEqual([4, state.multiplierBp]);
    const cashed = cashOutHilo(skipped.state);
    expect(cashed.ok && cashed.state.status).toBe('cashed');
    if (cashed.ok) expect(guessHilo(cashed.state, 'higher')).toEqual({ ok: false, error: 'game_not_open' });

    const rank = hiloRank(deck[4]!);
    const next = hiloRank(deck[5]!);
    const wrong = hiloGuessWins(rank, 'higher', next) ? 'lower' : 'higher';
    if (hiloGuessWins(rank, wrong, next)) return; // same rank: both guesses win, nothing to lose on
    const lost = guessHilo(skipped.state, wrong);
    expect(lost.ok && [lost.state.status, lost.state.multiplierBp]).toEqual(['lost', 0n]);
  });

  it('stops at the 52nd card and refuses an unknown guess', () => {
    let state = startHilo(input);
    for (let move = 0; move < 50; move += 1) {
      const step = guessHilo(state, 'skip');
      if (!step.ok) throw new Error(step.error);
      state = step.state;
    }
    expect(guessHilo(state, 'skip')).toEqual({ ok: false, error: 'deck_exhausted' });
    expect(guessHilo(state, 'sideways' as 'skip')).toEqual({ ok: false, error: 'invalid_guess' });
    const last = guessHilo(state, 'higher');
    expect(last.ok && last.state.position).toBe(51);
    if (last.ok) expect(last.state.status).not.toBe('open');
  });
});

// Proves replay() ends every game as the live state transitions did, and reports an illegal recorded move instead of skipping it.
import { describe, expect, it } from 'vitest';
import { PUBLISHED_SEEDS } from './fair/vectors.ts';
import { replay } from './replay.ts';
import { minesLayout } from './rules/mines.ts';

const seed = { ...PUBLISHED_SEEDS, nonce: 1 };

describe('replay', () => {
  it('replays single-step games from their bet', () => {
    // Published roll 74.67 and pocket 27.
    expect(replay(seed, { game: 'dice', bet: { target: 7_468, direction: 'under' } })).toEqual({
      ok: true,
      status: 'won',
      multiplierBp: 13_256n,
    });
    expect(
      replay(seed, { game: 'roulette', bets: [{ kind: 'straight', numbers: [27], amount: 100n }] }),
    ).toEqual({
      ok: true,
      status: 'won',
      multiplierBp: 360_000n,
    });
    expect(
      replay(seed, {
        game: 'roulette',
        bets: [
          { kind: 'red', amount: 100n },
          { kind: 'black', amount: 100n },
        ],
      }),
    ).toEqual({
      ok: true,
      status: 'won',
      multiplierBp: 10_000n, // 27 is red: 200 back on 200 staked
    });
    expect(replay(seed, { game: 'roller', bet: { target: 0, direction: 'under' } })).toEqual({
      ok: false,
      error: 'invalid_bet',
      move: 0,
    });
  });

  it('replays mines moves to a cash-out, a bust, an open game and an illegal move', () => {
    const mines = minesLayout(seed, 3); // published [18, 15, 5]
    expect(replay(seed, { game: 'mines', mines: 3, tiles: [0, 1], cashOut: true })).toEqual({
      ok: true,
      status: 'won',
      multiplierBp: 12_975n,
    });
    expect(replay(seed, { game: 'mines', mines: 3, tiles: [0, mines[0]!], cashOut: false })).toEqual({
      ok: true,
      status: 'lost',
      multiplierBp: 0n,
    });
    expect(replay(seed, { game: 'mines', mines: 3, tiles: [0], cashOut: false })).toEqual({
      ok: true,
      status: 'open',
      multiplierBp: 11_353n,
    });
    expect(replay(seed, { game: 'mines', mines: 3, tiles: [0, 0], cashOut: true })).toEqual({
      ok: false,
      error: 'tile_revealed',
      move: 2,
    });
    expect(replay(seed, { game: 'mines', mines: 25, tiles: [], cashOut: false })).toEqual({
      ok: false,
      error: 'invalid_mines',
      move: 0,
    });
  });

  it('replays hilo, coinflip and fruit bomb moves', () => {
    // Published deck: ♠J then ♥10 — "lower" on a Jack wins (11 of 13 ranks).
    expect(replay(seed, { game: 'hilo', guesses: ['lower'], cashOut: true })).toEqual({
      ok: true,
      status: 'won',
      multiplierBp: (9_900n * 13n) / 11n,
    });
    expect(replay(seed, { game: 'hilo', guesses: ['higher'], cashOut: false })).toEqual({
      ok: true,
      status: 'lost',
      multiplierBp: 0n,
    });
    // First flip of nonce 1 is tails (float 0.7467).
    expect(replay(seed, { game: 'coinflip', mode: 'single', calls: ['tails'], cashOut: false })).toEqual({
      ok: true,
      status: 'won',
      multiplierBp: 19_800n,
    });
    expect(replay(seed, { game: 'coinflip', mode: 'streak', calls: [], cashOut: true })).toEqual({
      ok: false,
      error: 'nothing_to_cash_out',
      move: 1,
    });
    // Bombs of nonce 1 with 3 bombs are tiles 11, 9, 3.
    const fruit = replay(seed, { game: 'fruit-bomb', bombs: 3, tiles: [0], cashOut: true });
    expect(fruit.ok && fruit.status).toBe('won');
    expect(replay(seed, { game: 'fruit-bomb', bombs: 3, tiles: [11], cashOut: false })).toEqual({
      ok: true,
      status: 'lost',
      multiplierBp: 0n,
    });
  });
});

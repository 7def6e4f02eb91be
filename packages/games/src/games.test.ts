// Proves the game list names every game the verifier knows and that the index exports one coherent API.
import { describe, expect, it } from 'vitest';
import * as games from './index.ts';

describe('game list', () => {
  it('lists the seven games, each verifiable', () => {
    expect(games.GAME_IDS).toEqual(['dice', 'coinflip', 'roulette', 'mines', 'hilo', 'roller', 'fruit-bomb']);
    for (const id of games.GAME_IDS) {
      expect(games.isVerifyGame(id)).toBe(true);
      expect(games.GAMES[id].returnBp).toBeGreaterThanOrEqual(9_700);
    }
    expect(games.isGameId('crash')).toBe(false);
  });

  it('exports the shared entry points from the package root', () => {
    for (const name of [
      'commitServerSeed',
      'generateFloats',
      'verify',
      'payoutOf',
      'startMines',
      'startHilo',
      'playDice',
    ]) {
      expect(typeof (games as Record<string, unknown>)[name], name).toBe('function');
    }
    expect(games.payoutOf(1_000n, 19_800n)).toBe(1_980n);
    expect(games.payoutOf(333n, 19_800n)).toBe(659n); // floored: 659.34
  });
});

// Proves the fairness page's steps agree with @payhub/games and Stake's published examples: the
// HMAC bytes, the floats, each game's mapping and the outcome `verify()` answers, and the commitment check.
import { commitServerSeed, verify } from '@payhub/games';
import { describe, expect, it } from 'vitest';
import { verifySteps } from './verify-steps.ts';

// The published vectors of the `fair` verifier (packages/games/src/fair/vectors.ts).
const published = { serverSeed: 'some server seed', clientSeed: 'some client seed', nonce: 1 };

describe('verifySteps', () => {
  it('shows the HMAC bytes and floats Stake publishes', () => {
    const steps = verifySteps({ ...published, game: 'hilo' });
    expect(steps.rounds[0]?.message).toBe('some client seed:1:0');
    expect(steps.rounds[0]?.bytesHex.slice(0, 8)).toBe(
      [151, 136, 121, 135].map((b) => b.toString(16)).join(''),
    );
    expect(steps.floats[0]?.value).toBeCloseTo(0.5919261889066547, 15);
    expect(steps.floats[1]?.value).toBeCloseTo(0.81884371698834, 14);
    // hilo reads 52 floats: 7 HMAC rounds.
    expect(steps.rounds).toHaveLength(7);
    expect(steps.floats).toHaveLength(52);
  });

  it('maps dice and mines as the published examples', () => {
    const dice = verifySteps({
      serverSeed: 'server seed',
      clientSeed: 'client seed',
      nonce: 1,
      game: 'dice',
    });
    expect(dice.outcome).toEqual({ roll: 74.67 });
    expect(dice.mapping[0]?.result).toBe('74.67');
    const mines = verifySteps({
      serverSeed: 'server seed',
      clientSeed: 'client seed',
      nonce: 1,
      game: 'mines',
      count: 3,
    });
    expect(mines.outcome).toEqual({ mines: [18, 15, 5] });
    expect(mines.mapping.map((step) => step.result)).toEqual(['mine 18', 'mine 15', 'mine 5']);
  });

  it('agrees with verify() for every game', () => {
    const seed = { serverSeed: 'abc', clientSeed: 'player', nonce: 7 };
    const roller = verifySteps({ ...seed, game: 'roller' });
    expect(roller.mapping[0]?.result).toBe(
      String((verify('roller', 'abc', 'player', 7) as { number: number }).number),
    );
    const roulette = verifySteps({ ...seed, game: 'roulette' });
    expect(roulette.mapping[0]?.result).toBe(
      String((verify('roulette', 'abc', 'player', 7) as { pocket: number }).pocket),
    );
    const coin = verifySteps({ ...seed, game: 'coinflip' });
    expect(coin.mapping.map((step) => step.result)).toEqual(
      (verify('coinflip', 'abc', 'player', 7) as { flips: string[] }).flips,
    );
    const fruit = verifySteps({ ...seed, game: 'fruit-bomb', count: 3 });
    const board = (verify('fruit-bomb', 'abc', 'player', 7, { bombs: 3 }) as { board: string[] }).board;
    for (const step of fruit.mapping) {
      const [tile, hidden] = step.result.split(': ');
      expect(board[Number(tile)]).toBe(hidden);
    }
  });

  it('checks the revealed seed against the commitment', () => {
    const hash = commitServerSeed('abc');
    expect(
      verifySteps({ serverSeed: 'abc', clientSeed: 'c', nonce: 0, game: 'dice', serverSeedHash: hash })
        .hashMatches,
    ).toBe(true);
    expect(
      verifySteps({ serverSeed: 'abd', clientSeed: 'c', nonce: 0, game: 'dice', serverSeedHash: hash })
        .hashMatches,
    ).toBe(false);
  });
});

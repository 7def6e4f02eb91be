// Proves verify() answers each game with the fields issue 15 fixes, from the same rule functions the games play with.
import { describe, expect, it } from 'vitest';
import { generateFloats } from './fair/seed-pair.ts';
import { PUBLISHED_SEEDS } from './fair/vectors.ts';
import { coinflipSides } from './rules/coinflip.ts';
import { fruitBombLayout } from './rules/fruit-bomb.ts';
import { startHilo } from './rules/hilo.ts';
import { startMines } from './rules/mines.ts';
import { VERIFY_GAMES, VerifyInputError, verify } from './verify.ts';

const { serverSeed, clientSeed } = PUBLISHED_SEEDS;

describe('verify', () => {
  it('answers every game with its documented shape', () => {
    expect(verify('floats', serverSeed, clientSeed, 1)).toEqual({
      floats: generateFloats({ serverSeed, clientSeed, nonce: 1 }, 16),
    });
    // Cursor 1 is round 1 of the HMAC message: floats 8 … 23.
    expect(verify('floats', serverSeed, clientSeed, 1, { cursor: 1 })).toEqual({
      floats: generateFloats({ serverSeed, clientSeed, nonce: 1 }, 24).slice(8),
    });
    expect(verify('dice', serverSeed, clientSeed, 1)).toEqual({ roll: 74.67 });
    expect(verify('roulette', serverSeed, clientSeed, 1)).toEqual({ pocket: 27 });
    expect(verify('mines', serverSeed, clientSeed, 1, { mines: 3 })).toEqual({ mines: [18, 15, 5] });
    expect(verify('coinflip', serverSeed, clientSeed, 1)).toEqual({
      flips: coinflipSides({ serverSeed, clientSeed, nonce: 1 }),
    });
    const roller = verify('roller', serverSeed, clientSeed, 1);
    expect(roller).toEqual({ number: Math.floor(0.7467032722197473 * 99_999) + 1 });
    const layout = fruitBombLayout({ serverSeed, clientSeed, nonce: 1 }, 3);
    expect(verify('fruit-bomb', serverSeed, clientSeed, 1, { bombs: 3 })).toEqual({
      bombs: layout.bombs,
      board: layout.board,
    });
    expect(VERIFY_GAMES).toHaveLength(9);
  });

  it('recomputes exactly the hidden state a game was played with', () => {
    const input = { serverSeed: 'played', clientSeed: 'by player', nonce: 77 };
    const mines = startMines(input, 5);
    expect(mines.ok && mines.state.minePositions).toEqual(
      (verify('mines', input.serverSeed, input.clientSeed, input.nonce, { mines: 5 }) as { mines: number[] })
        .mines,
    );
    expect(startHilo(input).cards).toEqual(
      (verify('hilo', input.serverSeed, input.clientSeed, 77) as { cards: number[] }).cards,
    );
  });

  it('prints the whole 24-tile draw order without a mine count', () => {
    const full = verify('mines', serverSeed, clientSeed, 1) as { mines: number[] };
    expect(full.mines).toHaveLength(24);
    expect(full.mines.slice(0, 3)).toEqual([18, 15, 5]);
  });

  it('refuses bad input with a VerifyInputError', () => {
    expect(() => verify('mines', serverSeed, clientSeed, 1, { mines: 0 })).toThrow(VerifyInputError);
    expect(() => verify('mines', serverSeed, clientSeed, 1, { mines: 25 })).toThrow(VerifyInputError);
    expect(() => verify('fruit-bomb', serverSeed, clientSeed, 1)).toThrow(VerifyInputError);
    expect(() => verify('dice', '', clientSeed, 1)).toThrow(VerifyInputError);
    expect(() => verify('dice', serverSeed, clientSeed, -1)).toThrow(VerifyInputError);
    expect(() => verify('floats', serverSeed, clientSeed, 1, { cursor: -1 })).toThrow(VerifyInputError);
    expect(() => verify('floats', serverSeed, clientSeed, 1, { cursor: 1_000_001 })).toThrow(
      VerifyInputError,
    );
    expect(() => verify('crash' as 'dice', serverSeed, clientSeed, 1)).toThrow(VerifyInputError);
  });
});

/**
 * The verifier: recomputes a bet's outcome from its revealed seed pair with the same functions the
 * server plays with. Its answers are the JSON the CLI prints, field names fixed by issue 15.
 */
import { assertSeedInput, BYTES_PER_ROUND, generateFloats, type SeedInput } from './fair/seed-pair.ts';
import { cardIndices } from './rules/cards.ts';
import { COINFLIP_FLIPS_MAX, type CoinSide, coinflipSides } from './rules/coinflip.ts';
import { diceRoll } from './rules/dice.ts';
import { drawWithoutReplacement } from './rules/draw.ts';
import { type FruitBombTile, fruitBombLayout, isValidBombCount } from './rules/fruit-bomb.ts';
import { isValidMineCount, MINES_MAX, MINES_TILES } from './rules/mines.ts';
import { rollerNumber } from './rules/roller.ts';
import { roulettePocket } from './rules/roulette.ts';
import { WHEEL_SEGMENTS, wheelSegment } from './rules/wheel.ts';

export const VERIFY_GAMES = [
  'floats',
  'dice',
  'coinflip',
  'roulette',
  'mines',
  'hilo',
  'roller',
  'fruit-bomb',
  'wheel',
] as const;
export type VerifyGame = (typeof VERIFY_GAMES)[number];
export const VERIFY_FLOATS_COUNT = 16;
/** Far beyond any game's needs (hilo reads 7 rounds); keeps byte offsets exact. */
export const VERIFY_CURSOR_MAX = 1_000_000;

export interface VerifyParams {
  /**
   * floats: the round to start from — the last field of the HMAC message, which Stake's pages call the
   * cursor (0, 1, 2 …) — so cursor k prints floats 8k … 8k + 15. Default 0.
   */
  cursor?: number;
  /** mines: how many mines; default 24, the whole draw order (the first m are the mines of an m-mine game). */
  mines?: number;
  /** fruit-bomb: how many bombs (required: the fruit of each tile depends on it). */
  bombs?: number;
}

export type VerifyOutcome =
  | { floats: number[] }
  | { roll: number }
  | { flips: CoinSide[] }
  | { pocket: number }
  | { mines: number[] }
  | { cards: number[] }
  | { number: number }
  | { bombs: number[]; board: FruitBombTile[] }
  | { segment: number; weight: number; prizeMinor: { IDR: string; MXN: string } };

export class VerifyInputError extends Error {}

export function isVerifyGame(game: string): game is VerifyGame {
  return (VERIFY_GAMES as readonly string[]).includes(game);
}

export function verify(
  game: VerifyGame,
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  params: VerifyParams = {},
): VerifyOutcome {
  const input: SeedInput = { serverSeed, clientSeed, nonce };
  try {
    assertSeedInput(input);
  } catch (error) {
    throw new VerifyInputError((error as Error).message);
  }
  switch (game) {
    case 'floats': {
      const cursor = params.cursor ?? 0;
      if (!Number.isSafeInteger(cursor) || cursor < 0 || cursor > VERIFY_CURSOR_MAX) {
        throw new VerifyInputError(`cursor must be an integer 0..${VERIFY_CURSOR_MAX}`);
      }
      return { floats: generateFloats(input, VERIFY_FLOATS_COUNT, cursor * BYTES_PER_ROUND) };
    }
    case 'dice':
      return { roll: diceRoll(input) };
    case 'coinflip':
      return { flips: coinflipSides(input, COINFLIP_FLIPS_MAX) };
    case 'roulette':
      return { pocket: roulettePocket(input) };
    case 'mines': {
      const mines = params.mines ?? MINES_MAX;
      if (!isValidMineCount(mines)) throw new VerifyInputError('mines must be an integer 1..24');
      return { mines: drawWithoutReplacement(input, MINES_TILES, mines) };
    }
    case 'hilo':
      return { cards: cardIndices(input) };
    case 'roller':
      return { number: rollerNumber(input) };
    case 'fruit-bomb': {
      if (params.bombs === undefined || !isValidBombCount(params.bombs)) {
        throw new VerifyInputError('fruit-bomb needs bombs, an integer 1..12');
      }
      const layout = fruitBombLayout(input, params.bombs);
      return { bombs: layout.bombs, board: layout.board };
    }
    case 'wheel': {
      const segment = wheelSegment(input);
      const { weight, prize } = WHEEL_SEGMENTS[segment]!;
      return { segment, weight, prizeMinor: { IDR: String(prize.IDR), MXN: String(prize.MXN) } };
    }
    default:
      throw new VerifyInputError(`unknown game ${String(game)}`);
  }
}

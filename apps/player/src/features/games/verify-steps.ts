/**
 * The fairness page's verifier: recomputes a bet in the browser with the very functions the server
 * plays with (@payhub/games) and lays out every step — the commitment, each HMAC round's input and
 * bytes, the floats, the game's mapping of floats to an outcome, and `verify()`'s answer. Pure: the
 * page only renders what this returns.
 */
import {
  BYTES_PER_FLOAT,
  CARD_COUNT,
  CARD_SUITS,
  cardName,
  commitServerSeed,
  DICE_OUTCOMES,
  FRUIT_BOMB_TILES,
  FRUIT_CYCLE,
  type GameId,
  MINES_MAX,
  MINES_TILES,
  ROLLER_NUMBERS,
  ROULETTE_POCKETS,
  roundBytes,
  type SeedInput,
  type VerifyOutcome,
  verify,
} from '@payhub/games';

export interface VerifyInput extends SeedInput {
  game: GameId;
  /** mines: how many mines; fruit bomb: how many bombs. */
  count?: number;
  /** The commitment shown before play, to compare with SHA-256 of the revealed seed. */
  serverSeedHash?: string;
}

export interface HmacRound {
  round: number;
  message: string;
  bytesHex: string;
}

export interface FloatStep {
  index: number;
  bytes: number[];
  value: number;
}

export interface MappingStep {
  /** The float read. */
  float: number;
  /** The formula with the numbers put in, e.g. "⌊0.548611 × 10001⌋ / 100". */
  formula: string;
  /** What it gives, e.g. "54.86" or "tile 7". */
  result: string;
}

export interface VerifySteps {
  serverSeedHash: string;
  /** null when no hash was given to compare with. */
  hashMatches: boolean | null;
  rounds: HmacRound[];
  floats: FloatStep[];
  mapping: MappingStep[];
  outcome: VerifyOutcome;
}

const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
const show = (float: number): string => float.toFixed(10);

/** How many floats a game reads (hilo: the 52 cards; a display shows the first few). */
function floatsRead(input: VerifyInput): number {
  switch (input.game) {
    case 'dice':
    case 'roulette':
    case 'roller':
      return 1;
    case 'coinflip':
      return 20;
    case 'mines':
      return input.count ?? MINES_MAX;
    case 'hilo':
      return CARD_COUNT;
    case 'fruit-bomb':
      return FRUIT_BOMB_TILES;
    default:
      return 8;
  }
}

export function verifySteps(input: VerifyInput): VerifySteps {
  const seed: SeedInput = { serverSeed: input.serverSeed, clientSeed: input.clientSeed, nonce: input.nonce };
  const outcome = verify(input.game, input.serverSeed, input.clientSeed, input.nonce, {
    mines: input.game === 'mines' ? (input.count ?? MINES_MAX) : undefined,
    bombs: input.game === 'fruit-bomb' ? input.count : undefined,
  });
  const count = floatsRead(input);
  const roundCount = Math.ceil((count * BYTES_PER_FLOAT) / 32);
  const rounds: HmacRound[] = [];
  const stream: number[] = [];
  for (let round = 0; round < roundCount; round += 1) {
    const bytes = roundBytes(seed, round);
    rounds.push({ round, message: `${input.clientSeed}:${input.nonce}:${round}`, bytesHex: toHex(bytes) });
    stream.push(...bytes);
  }
  const floats: FloatStep[] = [];
  for (let index = 0; index < count; index += 1) {
    const bytes = stream.slice(index * 4, index * 4 + 4);
    const [b0, b1, b2, b3] = bytes as [number, number, number, number];
    floats.push({ index, bytes, value: b0 / 256 + b1 / 256 ** 2 + b2 / 256 ** 3 + b3 / 256 ** 4 });
  }
  const serverSeedHash = commitServerSeed(input.serverSeed);
  return {
    serverSeedHash,
    hashMatches: input.serverSeedHash ? input.serverSeedHash.toLowerCase() === serverSeedHash : null,
    rounds,
    floats,
    mapping: mappingOf(
      input,
      floats.map((step) => step.value),
    ),
    outcome,
  };
}

function drawMapping(
  floats: number[],
  pool: number,
  draws: number,
  label: (draw: number, tile: number) => string,
) {
  const left = Array.from({ length: pool }, (_, index) => index);
  return floats.slice(0, draws).map((float, draw) => {
    const position = Math.floor(float * left.length);
    const formula = `⌊${show(float)} × ${left.length}⌋ = ${position}`;
    const tile = left.splice(position, 1)[0]!;
    return { float, formula, result: label(draw, tile) };
  });
}

function mappingOf(input: VerifyInput, floats: number[]): MappingStep[] {
  const first = floats[0]!;
  switch (input.game) {
    case 'dice': {
      const value = Math.floor(first * DICE_OUTCOMES);
      return [
        {
          float: first,
          formula: `⌊${show(first)} × ${DICE_OUTCOMES}⌋ / 100`,
          result: (value / 100).toFixed(2),
        },
      ];
    }
    case 'roulette':
      return [
        {
          float: first,
          formula: `⌊${show(first)} × ${ROULETTE_POCKETS}⌋`,
          result: String(Math.floor(first * ROULETTE_POCKETS)),
        },
      ];
    case 'roller':
      return [
        {
          float: first,
          formula: `⌊${show(first)} × ${ROLLER_NUMBERS}⌋ + 1`,
          result: String(Math.floor(first * ROLLER_NUMBERS) + 1),
        },
      ];
    case 'coinflip':
      return floats.map((float) => ({
        float,
        formula: `⌊${show(float)} × 2⌋ = ${Math.floor(float * 2)}`,
        result: Math.floor(float * 2) === 0 ? 'heads' : 'tails',
      }));
    case 'mines':
      return drawMapping(floats, MINES_TILES, floats.length, (_, tile) => `mine ${tile}`);
    case 'fruit-bomb': {
      const bombs = input.count ?? 1;
      return drawMapping(floats, FRUIT_BOMB_TILES, FRUIT_BOMB_TILES, (draw, tile) =>
        draw < bombs ? `${tile}: bomb` : `${tile}: ${FRUIT_CYCLE[(draw - bombs) % FRUIT_CYCLE.length]}`,
      );
    }
    case 'hilo':
      return floats.map((float) => {
        const index = Math.floor(float * CARD_COUNT);
        return { float, formula: `⌊${show(float)} × ${CARD_COUNT}⌋ = ${index}`, result: cardName(index) };
      });
    default:
      return [];
  }
}

/** Whether a card index is red (♦ ♥) — for the hilo card faces. */
export function isRedCard(index: number): boolean {
  const suit = CARD_SUITS[index % 4];
  return suit === '♦' || suit === '♥';
}

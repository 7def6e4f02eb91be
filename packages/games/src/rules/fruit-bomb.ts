/**
 * Fruit bomb (our design): a 4 × 4 board of 16 tiles, 1–12 of them bombs, the rest fruits; the player
 * picks tiles one at a time and may cash out after any fruit; a bomb loses the bet.
 *
 * Layout: all 16 tiles are drawn without replacement with Stake's Mines mapping (draw.ts, 16 floats,
 * two HMAC rounds). The first `bombs` tiles drawn are bombs; the following tiles, in draw order, get
 * the fruits of FRUIT_CYCLE in turn (cherry, lemon, orange, grape, watermelon, cherry, …), so the
 * board's fruit mix is public for every bomb count and only the positions are secret.
 *
 * Multiplier: starts at (1 − edge); a fruit of weight w picked when R tiles are still covered and the
 * covered fruits weigh W in total multiplies it by R × w / W. The expected factor of a pick is
 * Σ (1/R) × R × w / W = 1, so the game is a fair martingale on top of the edge and the RTP is
 * 1 − edge (default 98 %) whenever the player cashes out. A big fruit raises the multiplier more
 * than a bomb-free pick on average; a small fruit can lower it. Exact fractions are kept; the
 * multiplier is floored to a basis point only when shown or paid.
 */
import type { FloatSource } from '../fair/seed-pair.ts';
import { drawWithoutReplacement } from './draw.ts';
import type { StepResult } from './step.ts';

export const FRUIT_BOMB_TILES = 16;
export const FRUIT_BOMB_BOMBS_MIN = 1;
export const FRUIT_BOMB_BOMBS_MAX = 12;
export const FRUIT_BOMB_EDGE_BP_DEFAULT = 200;
/** The issue keeps the RTP between 97 % and 99 %. */
export const FRUIT_BOMB_EDGE_BP_MIN = 100;
export const FRUIT_BOMB_EDGE_BP_MAX = 300;

export type Fruit = 'cherry' | 'lemon' | 'orange' | 'grape' | 'watermelon';
export const FRUIT_CYCLE: readonly Fruit[] = ['cherry', 'lemon', 'orange', 'grape', 'watermelon'];
export const FRUIT_WEIGHTS: Readonly<Record<Fruit, number>> = {
  cherry: 2,
  lemon: 3,
  orange: 4,
  grape: 6,
  watermelon: 10,
};

export type FruitBombTile = Fruit | 'bomb';

export interface FruitBombConfig {
  edgeBp: number;
}
export const FRUIT_BOMB_CONFIG_DEFAULT: FruitBombConfig = { edgeBp: FRUIT_BOMB_EDGE_BP_DEFAULT };

export function isValidBombCount(bombs: number): boolean {
  return Number.isInteger(bombs) && bombs >= FRUIT_BOMB_BOMBS_MIN && bombs <= FRUIT_BOMB_BOMBS_MAX;
}

function assertConfig(config: FruitBombConfig): void {
  if (
    !Number.isInteger(config.edgeBp) ||
    config.edgeBp < FRUIT_BOMB_EDGE_BP_MIN ||
    config.edgeBp > FRUIT_BOMB_EDGE_BP_MAX
  ) {
    throw new RangeError('fruit bomb edge must be 100..300 bp (RTP 97–99 %)');
  }
}

export interface FruitBombLayout {
  /** The tile order of the draw (all 16). */
  draw: number[];
  /** Bomb tiles in draw order. */
  bombs: number[];
  /** What each tile 0–15 hides. */
  board: FruitBombTile[];
}

export function fruitBombLayout(input: FloatSource, bombs: number): FruitBombLayout {
  if (!isValidBombCount(bombs)) throw new RangeError('bombs must be 1..12');
  const draw = drawWithoutReplacement(input, FRUIT_BOMB_TILES, FRUIT_BOMB_TILES);
  const board: FruitBombTile[] = new Array<FruitBombTile>(FRUIT_BOMB_TILES).fill('bomb');
  draw.forEach((tile, index) => {
    if (index >= bombs) board[tile] = FRUIT_CYCLE[(index - bombs) % FRUIT_CYCLE.length]!;
  });
  return { draw, bombs: draw.slice(0, bombs), board };
}

export type FruitBombStatus = 'open' | 'busted' | 'cashed';

export interface FruitBombState {
  bombs: number;
  /** Hidden until the game ends. */
  board: readonly FruitBombTile[];
  picked: number[];
  numerator: bigint;
  denominator: bigint;
  multiplierBp: bigint;
  status: FruitBombStatus;
  config: FruitBombConfig;
}

export type FruitBombError =
  | 'game_not_open'
  | 'invalid_tile'
  | 'tile_picked'
  | 'nothing_to_cash_out'
  | 'invalid_bombs';

export function startFruitBomb(
  input: FloatSource,
  bombs: number,
  config: FruitBombConfig = FRUIT_BOMB_CONFIG_DEFAULT,
): StepResult<FruitBombState, FruitBombError> {
  if (!isValidBombCount(bombs)) return { ok: false, error: 'invalid_bombs' };
  assertConfig(config);
  const numerator = BigInt(10_000 - config.edgeBp);
  return {
    ok: true,
    state: {
      bombs,
      board: fruitBombLayout(input, bombs).board,
      picked: [],
      numerator,
      denominator: 10_000n,
      multiplierBp: numerator,
      status: 'open',
      config,
    },
  };
}

/** Covered tiles and the total weight of the covered fruits. */
function covered(state: FruitBombState): { tiles: number; weight: number } {
  let tiles = 0;
  let weight = 0;
  state.board.forEach((tile, index) => {
    if (state.picked.includes(index)) return;
    tiles += 1;
    if (tile !== 'bomb') weight += FRUIT_WEIGHTS[tile];
  });
  return { tiles, weight };
}

/** The multiplier a pick of each fruit would give now (public: it depends only on the public mix and the picks so far). */
export function fruitBombNextMultipliersBp(state: FruitBombState): Partial<Record<Fruit, bigint>> {
  const { tiles, weight } = covered(state);
  const result: Partial<Record<Fruit, bigint>> = {};
  for (const [index, tile] of state.board.entries()) {
    if (tile === 'bomb' || state.picked.includes(index) || result[tile] !== undefined) continue;
    result[tile] =
      (state.numerator * BigInt(tiles * FRUIT_WEIGHTS[tile]) * 10_000n) /
      (state.denominator * BigInt(weight));
  }
  return result;
}

export function pickFruitBomb(
  state: FruitBombState,
  tile: number,
): StepResult<FruitBombState, FruitBombError> {
  if (state.status !== 'open') return { ok: false, error: 'game_not_open' };
  if (!Number.isInteger(tile) || tile < 0 || tile >= FRUIT_BOMB_TILES)
    return { ok: false, error: 'invalid_tile' };
  if (state.picked.includes(tile)) return { ok: false, error: 'tile_picked' };
  const hidden = state.board[tile]!;
  const picked = [...state.picked, tile];
  if (hidden === 'bomb') return { ok: true, state: { ...state, picked, status: 'busted', multiplierBp: 0n } };
  const { tiles, weight } = covered(state);
  const numerator = state.numerator * BigInt(tiles * FRUIT_WEIGHTS[hidden]);
  const denominator = state.denominator * BigInt(weight);
  const multiplierBp = (numerator * 10_000n) / denominator;
  const status: FruitBombStatus = picked.length === FRUIT_BOMB_TILES - state.bombs ? 'cashed' : 'open';
  return { ok: true, state: { ...state, picked, numerator, denominator, multiplierBp, status } };
}

export function cashOutFruitBomb(state: FruitBombState): StepResult<FruitBombState, FruitBombError> {
  if (state.status !== 'open') return { ok: false, error: 'game_not_open' };
  if (state.picked.length === 0) return { ok: false, error: 'nothing_to_cash_out' };
  return { ok: true, state: { ...state, status: 'cashed' } };
}

/** Picked tiles show their fruit; the rest stay covered until the game ends. */
export function fruitBombPublicView(state: FruitBombState): {
  bombs: number;
  picked: number[];
  tiles: (FruitBombTile | null)[];
  multiplierBp: bigint;
  status: FruitBombStatus;
} {
  return {
    bombs: state.bombs,
    picked: [...state.picked],
    tiles: state.board.map((tile, index) =>
      state.status !== 'open' || state.picked.includes(index) ? tile : null,
    ),
    multiplierBp: state.multiplierBp,
    status: state.status,
  };
}

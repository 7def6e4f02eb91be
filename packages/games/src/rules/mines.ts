/**
 * Mines, 5 × 5, 1–24 mines. Layout: Stake's mapping — the first `mines` draws without replacement
 * over the 25 tiles (see draw.ts) are the mines, so the draw order printed by the verifier is Stake's.
 *
 * Multiplier after k safe tiles with m mines: (1 − edge(m)) × C(25, k) / C(25 − m, k), floored to a
 * basis point. C(25 − m, k)/C(25, k) is the chance of surviving k picks, so the RTP is 1 − edge(m)
 * whenever the player cashes out. edge(m) = m × edgePerMineBp; the spec's "mine count × 0.03" is read
 * as percentage points, 0.03 % = 3 bp per mine (configurable per project).
 */
import type { FloatSource } from '../fair/seed-pair.ts';
import { choose } from '../payout.ts';
import { drawWithoutReplacement } from './draw.ts';
import type { StepResult } from './step.ts';

export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;
export const MINES_EDGE_PER_MINE_BP_DEFAULT = 3;

export interface MinesConfig {
  /** House edge per mine in basis points of the stake (default 3 = 0.03 %). */
  edgePerMineBp: number;
}
export const MINES_CONFIG_DEFAULT: MinesConfig = { edgePerMineBp: MINES_EDGE_PER_MINE_BP_DEFAULT };

export function isValidMineCount(mines: number): boolean {
  return Number.isInteger(mines) && mines >= MINES_MIN && mines <= MINES_MAX;
}

function assertConfig(config: MinesConfig): void {
  if (
    !Number.isInteger(config.edgePerMineBp) ||
    config.edgePerMineBp < 0 ||
    config.edgePerMineBp * MINES_MAX >= 10_000
  ) {
    throw new RangeError('edgePerMineBp must be an integer with 24 × edge below 100 %');
  }
}

/** The mines in Stake's draw order (the first `mines` of the 25-tile draw). */
export function minesLayout(input: FloatSource, mines: number): number[] {
  if (!isValidMineCount(mines)) throw new RangeError('mines must be 1..24');
  return drawWithoutReplacement(input, MINES_TILES, mines);
}

/** RTP in basis points for a mine count: 10 000 − mines × edgePerMineBp. */
export function minesReturnBp(mines: number, config: MinesConfig = MINES_CONFIG_DEFAULT): bigint {
  assertConfig(config);
  return 10_000n - BigInt(mines * config.edgePerMineBp);
}

/** Multiplier after `safe` revealed safe tiles; 0 safe tiles is 1× (nothing won yet, nothing lost). */
export function minesMultiplierBp(
  mines: number,
  safe: number,
  config: MinesConfig = MINES_CONFIG_DEFAULT,
): bigint {
  if (!isValidMineCount(mines)) throw new RangeError('mines must be 1..24');
  if (!Number.isInteger(safe) || safe < 0 || safe > MINES_TILES - mines)
    throw new RangeError('safe out of range');
  if (safe === 0) return 10_000n;
  return (minesReturnBp(mines, config) * choose(MINES_TILES, safe)) / choose(MINES_TILES - mines, safe);
}

export type MinesStatus = 'open' | 'busted' | 'cashed';

export interface MinesState {
  mines: number;
  /** Hidden until the game ends. */
  minePositions: readonly number[];
  revealed: number[];
  status: MinesStatus;
  multiplierBp: bigint;
  config: MinesConfig;
}

export type MinesError =
  | 'game_not_open'
  | 'invalid_tile'
  | 'tile_revealed'
  | 'nothing_to_cash_out'
  | 'invalid_mines';

export function startMines(
  input: FloatSource,
  mines: number,
  config: MinesConfig = MINES_CONFIG_DEFAULT,
): StepResult<MinesState, MinesError> {
  if (!isValidMineCount(mines)) return { ok: false, error: 'invalid_mines' };
  assertConfig(config);
  return {
    ok: true,
    state: {
      mines,
      minePositions: minesLayout(input, mines),
      revealed: [],
      status: 'open',
      multiplierBp: 10_000n,
      config,
    },
  };
}

/** Reveal one tile: a mine ends the game at 0; the last safe tile cashes out automatically. */
export function revealMines(state: MinesState, tile: number): StepResult<MinesState, MinesError> {
  if (state.status !== 'open') return { ok: false, error: 'game_not_open' };
  if (!Number.isInteger(tile) || tile < 0 || tile >= MINES_TILES) return { ok: false, error: 'invalid_tile' };
  if (state.revealed.includes(tile)) return { ok: false, error: 'tile_revealed' };
  const revealed = [...state.revealed, tile];
  if (state.minePositions.includes(tile))
    return { ok: true, state: { ...state, revealed, status: 'busted', multiplierBp: 0n } };
  const multiplierBp = minesMultiplierBp(state.mines, revealed.length, state.config);
  const status: MinesStatus = revealed.length === MINES_TILES - state.mines ? 'cashed' : 'open';
  return { ok: true, state: { ...state, revealed, status, multiplierBp } };
}

export function cashOutMines(state: MinesState): StepResult<MinesState, MinesError> {
  if (state.status !== 'open') return { ok: false, error: 'game_not_open' };
  if (state.revealed.length === 0) return { ok: false, error: 'nothing_to_cash_out' };
  return { ok: true, state: { ...state, status: 'cashed' } };
}

/** What an open game may show: never the mines; a finished game shows them all. */
export function minesPublicView(
  state: MinesState,
): Omit<MinesState, 'minePositions' | 'config'> & { minePositions: number[] | null } {
  return {
    mines: state.mines,
    revealed: [...state.revealed],
    status: state.status,
    multiplierBp: state.multiplierBp,
    minePositions: state.status === 'open' ? null : [...state.minePositions],
  };
}

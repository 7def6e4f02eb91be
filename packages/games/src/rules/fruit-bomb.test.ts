// Proves fruit bomb's layout (Stake's draw, public fruit mix), its fair-martingale multiplier (RTP = 1 − edge at any cash-out) and its state transitions.
import { describe, expect, it } from 'vitest';
import { drawWithoutReplacement } from './draw.ts';
import {
  cashOutFruitBomb,
  FRUIT_WEIGHTS,
  type FruitBombState,
  fruitBombLayout,
  fruitBombNextMultipliersBp,
  fruitBombPublicView,
  pickFruitBomb,
  startFruitBomb,
} from './fruit-bomb.ts';

const input = { serverSeed: 'fruit server', clientSeed: 'fruit client', nonce: 4 };

function open(bombs: number, edgeBp = 200): FruitBombState {
  const start = startFruitBomb(input, bombs, { edgeBp });
  if (!start.ok) throw new Error(start.error);
  return start.state;
}

/** Exact expected final multiplier (as a fraction of 1) of "pick `picks` covered tiles in order, then cash out". */
function expectedReturn(state: FruitBombState, picks: number): number {
  if (picks === 0 || state.status !== 'open')
    return state.status === 'busted' ? 0 : Number(state.multiplierBp) / 10_000;
  const covered = state.board.map((_, tile) => tile).filter((tile) => !state.picked.includes(tile));
  // Every covered tile is equally likely to hide any covered item: average over which item is under the next pick.
  let total = 0;
  for (const tile of covered) {
    const step = pickFruitBomb(state, tile);
    if (!step.ok) throw new Error(step.error);
    total += expectedReturn(step.state, picks - 1);
  }
  return total / covered.length;
}

describe('fruit bomb', () => {
  it('places bombs on the first draws and cycles the fruits over the rest', () => {
    const layout = fruitBombLayout(input, 3);
    const draw = drawWithoutReplacement(input, 16, 16);
    expect(layout.draw).toEqual(draw);
    expect(layout.bombs).toEqual(draw.slice(0, 3));
    expect(draw.slice(3, 8).map((tile) => layout.board[tile])).toEqual([
      'cherry',
      'lemon',
      'orange',
      'grape',
      'watermelon',
    ]);
    const counts: Record<string, number> = {};
    for (const tile of layout.board) counts[tile] = (counts[tile] ?? 0) + 1;
    expect(counts).toEqual({ bomb: 3, cherry: 3, lemon: 3, orange: 3, grape: 2, watermelon: 2 });
  });

  it('multiplies by R × w / W on each fruit, exact fractions floored only for display', () => {
    const state = open(3);
    const fruitTile = state.board.indexOf('watermelon');
    const step = pickFruitBomb(state, fruitTile);
    if (!step.ok) throw new Error(step.error);
    // W = 3×2 + 3×3 + 3×4 + 2×6 + 2×10 = 59; 0.98 × 16 × 10 / 59.
    expect(step.state.multiplierBp).toBe((9_800n * 160n * 10_000n) / (10_000n * 59n));
    expect(fruitBombNextMultipliersBp(state).watermelon).toBe(step.state.multiplierBp);
    expect(FRUIT_WEIGHTS.watermelon).toBe(10);
  });

  it('returns exactly 1 − edge for any number of picks before cashing out (computed over every board continuation)', () => {
    for (const [bombs, picks] of [
      [1, 1],
      [3, 2],
      [6, 2],
      [12, 3],
    ] as const) {
      const rtp = expectedReturn(open(bombs), picks);
      expect(rtp).toBeLessThanOrEqual(0.98 + 1e-12);
      expect(rtp).toBeGreaterThan(0.98 - 0.0002);
    }
  });

  it('busts on a bomb, refuses bad moves, hides the board until the end, and keeps the edge in 1–3 %', () => {
    const state = open(3);
    const bomb = state.board.indexOf('bomb');
    const fruit = state.board.findIndex((tile) => tile !== 'bomb');
    expect(startFruitBomb(input, 0)).toEqual({ ok: false, error: 'invalid_bombs' });
    expect(startFruitBomb(input, 13)).toEqual({ ok: false, error: 'invalid_bombs' });
    expect(() => startFruitBomb(input, 3, { edgeBp: 50 })).toThrow(RangeError);
    expect(() => startFruitBomb(input, 3, { edgeBp: 301 })).toThrow(RangeError);
    expect(cashOutFruitBomb(state)).toEqual({ ok: false, error: 'nothing_to_cash_out' });
    expect(pickFruitBomb(state, 16)).toEqual({ ok: false, error: 'invalid_tile' });
    const picked = pickFruitBomb(state, fruit);
    if (!picked.ok) throw new Error(picked.error);
    expect(pickFruitBomb(picked.state, fruit)).toEqual({ ok: false, error: 'tile_picked' });
    const view = fruitBombPublicView(picked.state);
    expect(view.tiles.filter((tile) => tile !== null)).toEqual([state.board[fruit]]);
    const boom = pickFruitBomb(picked.state, bomb);
    expect(boom.ok && [boom.state.status, boom.state.multiplierBp]).toEqual(['busted', 0n]);
    if (boom.ok) expect(fruitBombPublicView(boom.state).tiles).toEqual(state.board);
    const cashed = cashOutFruitBomb(picked.state);
    expect(cashed.ok && cashed.state.status).toBe('cashed');
  });

  it('cashes out by itself when the last fruit is picked', () => {
    let state = open(12);
    for (const [tile, hidden] of state.board.entries()) {
      if (hidden === 'bomb') continue;
      const step = pickFruitBomb(state, tile);
      if (!step.ok) throw new Error(step.error);
      state = step.state;
    }
    expect(state.status).toBe('cashed');
  });
});

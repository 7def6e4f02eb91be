// Proves mines follow Stake's draw (published boards), the multiplier table and per-mine edge, exact RTP, and the state transitions.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_MINES, PUBLISHED_SEEDS } from '../fair/vectors.ts';
import { choose, formatMultiplier } from '../payout.ts';
import {
  cashOutMines,
  type MinesState,
  minesLayout,
  minesMultiplierBp,
  minesPublicView,
  revealMines,
  startMines,
} from './mines.ts';

const input = { serverSeed: 'mines server', clientSeed: 'mines client', nonce: 9 };

function open(mines: number): MinesState {
  const start = startMines(input, mines);
  if (!start.ok) throw new Error(start.error);
  return start.state;
}

describe('mines', () => {
  it('reproduces the published Stake boards', () => {
    for (const { nonce, mines, tiles } of PUBLISHED_MINES)
      expect(minesLayout({ ...PUBLISHED_SEEDS, nonce }, mines)).toEqual(tiles);
  });

  it('draws distinct tiles, each board a prefix of the 24-mine draw', () => {
    const full = minesLayout(input, 24);
    expect(new Set(full).size).toBe(24);
    for (let mines = 1; mines <= 24; mines += 1)
      expect(minesLayout(input, mines)).toEqual(full.slice(0, mines));
  });

  it('prices the table: (1 − 0.03 % × m) × C(25,k)/C(25−m,k)', () => {
    expect(minesMultiplierBp(1, 1)).toBe(10_413n); // 0.9997 × 25/24
    expect(minesMultiplierBp(3, 1)).toBe(11_353n); // 0.9991 × 25/22
    expect(minesMultiplierBp(3, 2)).toBe(12_975n); // 0.9991 × 300/231
    expect(minesMultiplierBp(24, 1)).toBe(248_200n); // 0.9928 × 25
    expect(minesMultiplierBp(1, 24)).toBe(249_925n); // 0.9997 × 25
    expect(minesMultiplierBp(3, 1, { edgePerMineBp: 0 })).toBe(11_363n);
    expect(() => minesMultiplierBp(3, 1, { edgePerMineBp: 500 })).toThrow(RangeError);
  });

  it('returns 1 − m × 0.03 % for every mine count and cash-out point, less under one basis point of rounding', () => {
    for (let mines = 1; mines <= 24; mines += 1) {
      for (let safe = 1; safe <= 25 - mines; safe += 1) {
        const survive = Number(choose(25 - mines, safe)) / Number(choose(25, safe));
        const rtp = (survive * Number(minesMultiplierBp(mines, safe))) / 10_000;
        const documented = 1 - mines * 0.0003;
        expect(rtp).toBeLessThanOrEqual(documented + 1e-12);
        expect(rtp).toBeGreaterThan(documented - 0.0001);
      }
    }
  });

  it('reveals safe tiles, busts on a mine, refuses repeats and bad tiles, hides mines until the end', () => {
    const state = open(3);
    const safe = [...Array(25).keys()].filter((tile) => !state.minePositions.includes(tile));
    expect(startMines(input, 0)).toEqual({ ok: false, error: 'invalid_mines' });
    expect(startMines(input, 25)).toEqual({ ok: false, error: 'invalid_mines' });
    expect(cashOutMines(state)).toEqual({ ok: false, error: 'nothing_to_cash_out' });
    expect(revealMines(state, 25)).toEqual({ ok: false, error: 'invalid_tile' });
    const first = revealMines(state, safe[0]!);
    if (!first.ok) throw new Error(first.error);
    expect(first.state.multiplierBp).toBe(11_353n);
    expect(minesPublicView(first.state).minePositions).toBeNull();
    expect(revealMines(first.state, safe[0]!)).toEqual({ ok: false, error: 'tile_revealed' });
    const boom = revealMines(first.state, state.minePositions[0]!);
    expect(boom.ok && [boom.state.status, boom.state.multiplierBp]).toEqual(['busted', 0n]);
    if (boom.ok) expect(minesPublicView(boom.state).minePositions).toEqual(state.minePositions);
    const cashed = cashOutMines(first.state);
    expect(cashed.ok && cashed.state.status).toBe('cashed');
    if (cashed.ok) expect(revealMines(cashed.state, safe[1]!)).toEqual({ ok: false, error: 'game_not_open' });
  });

  it('cashes out by itself when the last safe tile is revealed', () => {
    let state = open(24);
    const safe = [...Array(25).keys()].find((tile) => !state.minePositions.includes(tile))!;
    const step = revealMines(state, safe);
    if (!step.ok) throw new Error(step.error);
    state = step.state;
    expect([state.status, state.multiplierBp]).toEqual(['cashed', 248_200n]);
  });

  it('matches the multiplier table printed in docs/games.md', () => {
    const docs = readFileSync(new URL('../../../../docs/games.md', import.meta.url), 'utf8');
    const header = docs.indexOf('| mines \\ safe |');
    expect(header).toBeGreaterThan(0);
    const rows = docs.slice(header).split('\n').slice(2, 26);
    rows.forEach((row, index) => {
      const mines = index + 1;
      const cells = row
        .split('|')
        .slice(2, 2 + 25 - mines)
        .map((cell) => cell.trim());
      const expected = Array.from({ length: 25 - mines }, (_, safe) =>
        formatMultiplier(minesMultiplierBp(mines, safe + 1)).replace('×', ''),
      );
      expect(cells, `mines ${mines}`).toEqual(expected);
    });
  });
});

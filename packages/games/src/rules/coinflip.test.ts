// Proves coinflip reads one float per flip, pays 0.99 × 2ⁿ for a streak of n, and its state transitions refuse what they must.
import { describe, expect, it } from 'vitest';
import { generateFloats } from '../fair/seed-pair.ts';
import {
  COINFLIP_FLIPS_MAX,
  cashOutCoinflip,
  coinflipMultiplierBp,
  coinflipPublicView,
  coinflipSides,
  flipCoinflip,
  startCoinflip,
} from './coinflip.ts';

const input = { serverSeed: 'coin server', clientSeed: 'coin client', nonce: 5 };
const other = (side: 'heads' | 'tails') => (side === 'heads' ? 'tails' : 'heads');

describe('coinflip', () => {
  it('flip k is heads exactly when float k < 0.5, across the round boundary', () => {
    const floats = generateFloats(input, COINFLIP_FLIPS_MAX);
    expect(coinflipSides(input)).toEqual(floats.map((float) => (float < 0.5 ? 'heads' : 'tails')));
  });

  it('pays 1.98× for one flip and 0.99 × 2ⁿ for a streak', () => {
    expect([1, 2, 3, 10].map(coinflipMultiplierBp)).toEqual([19_800n, 39_600n, 79_200n, 10_137_600n]);
    expect(coinflipMultiplierBp(0)).toBe(0n);
  });

  it('plays a streak, cashes out after any flip, and loses on a wrong call', () => {
    let state = startCoinflip(input);
    const sides = coinflipSides(input);
    expect(cashOutCoinflip(state)).toEqual({ ok: false, error: 'nothing_to_cash_out' });
    for (let flip = 0; flip < 3; flip += 1) {
      const step = flipCoinflip(state, sides[flip]!);
      if (!step.ok) throw new Error(step.error);
      state = step.state;
    }
    expect(state.multiplierBp).toBe(79_200n);
    expect(coinflipPublicView(state).sides).toEqual(sides.slice(0, 3));
    const cashed = cashOutCoinflip(state);
    expect(cashed.ok && cashed.state.status).toBe('cashed');
    if (cashed.ok) expect(flipCoinflip(cashed.state, 'heads')).toEqual({ ok: false, error: 'game_not_open' });

    const lost = flipCoinflip(state, other(sides[3]!));
    expect(lost.ok && [lost.state.status, lost.state.multiplierBp]).toEqual(['lost', 0n]);
  });

  it('settles a single-flip bet on its one flip', () => {
    const side = coinflipSides(input, 1)[0]!;
    const won = flipCoinflip(startCoinflip(input, 'single'), side);
    expect(won.ok && [won.state.status, won.state.multiplierBp]).toEqual(['cashed', 19_800n]);
    const lost = flipCoinflip(startCoinflip(input, 'single'), other(side));
    expect(lost.ok && lost.state.status).toBe('lost');
    expect(startCoinflip(input, 'single').sides).toHaveLength(1);
  });

  it('cashes out by itself at the longest streak and refuses a side that is not one', () => {
    let state = startCoinflip(input);
    for (const side of coinflipSides(input)) {
      const step = flipCoinflip(state, side);
      if (!step.ok) throw new Error(step.error);
      state = step.state;
    }
    expect(state.status).toBe('cashed');
    expect(state.multiplierBp).toBe(9_900n * 2n ** 20n);
    expect(flipCoinflip(startCoinflip(input), 'edge' as 'heads')).toEqual({
      ok: false,
      error: 'invalid_side',
    });
  });
});

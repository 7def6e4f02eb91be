// Proves dice rolls follow Stake's mapping (published rolls), the spec's 2×/3×/9× presets, win edges, bounds and the exact RTP of every bet.
import { describe, expect, it } from 'vitest';
import { PUBLISHED_DICE, PUBLISHED_SEEDS } from '../fair/vectors.ts';
import {
  DICE_PRESETS,
  type DiceBet,
  diceChance,
  diceExactReturn,
  diceMultiplierBp,
  diceRoll,
  diceWins,
  isValidDiceBet,
  playDice,
} from './dice.ts';

describe('dice', () => {
  it('reproduces the published Stake rolls', () => {
    for (const { nonce, roll } of PUBLISHED_DICE) expect(diceRoll({ ...PUBLISHED_SEEDS, nonce })).toBe(roll);
  });

  it('prices the spec presets at 2×, 3× and 9× with 49.5 %, 33 % and 11 % chance both ways', () => {
    const expected = { '2x': [4_950, 20_000n], '3x': [3_300, 30_000n], '9x': [1_100, 90_000n] } as const;
    for (const [name, [chance, multiplier]] of Object.entries(expected)) {
      for (const bet of Object.values(DICE_PRESETS[name as keyof typeof DICE_PRESETS])) {
        expect(diceChance(bet)).toBe(chance);
        expect(diceMultiplierBp(bet)).toBe(multiplier);
      }
    }
  });

  it('wins under on roll < target and over on roll > target, the target itself losing', () => {
    const under: DiceBet = { target: 4_950, direction: 'under' };
    const over: DiceBet = { target: 5_050, direction: 'over' };
    expect([diceWins(under, 4_949), diceWins(under, 4_950)]).toEqual([true, false]);
    expect([diceWins(over, 5_051), diceWins(over, 5_050)]).toEqual([true, false]);
  });

  it('refuses chances outside 0.01 %–98 % and non-integer targets', () => {
    for (const bet of [
      { target: 0, direction: 'under' },
      { target: 9_801, direction: 'under' },
      { target: 10_000, direction: 'over' },
      { target: 199, direction: 'over' },
      { target: 49.5, direction: 'under' },
      { target: 5_000, direction: 'sideways' },
    ] as DiceBet[]) {
      expect(isValidDiceBet(bet)).toBe(false);
      expect(() => diceMultiplierBp(bet)).toThrow(RangeError);
    }
    expect(isValidDiceBet({ target: 1, direction: 'under' })).toBe(true);
    expect(isValidDiceBet({ target: 200, direction: 'over' })).toBe(true);
  });

  it('pays the multiplier on a win and nothing on a loss', () => {
    const input = { ...PUBLISHED_SEEDS, nonce: 1 }; // roll 74.67
    expect(playDice(input, { target: 7_468, direction: 'under' })).toEqual({
      rollHundredths: 7_467,
      win: true,
      multiplierBp: 13_256n,
    }); // floor(99 000 000 / 7 468)
    expect(playDice(input, { target: 7_467, direction: 'under' }).win).toBe(false);
    expect(playDice(input, { target: 7_466, direction: 'over' }).win).toBe(true);
  });

  it('returns 0.99 × 10 000/10 001 (98.990 %) on the presets and never more on any bet', () => {
    const preset = diceExactReturn(DICE_PRESETS['2x'].under);
    expect(Number(preset.numerator) / Number(preset.denominator)).toBeCloseTo((0.99 * 10_000) / 10_001, 12);
    const ceiling = (0.99 * 10_000) / 10_001;
    for (const direction of ['under', 'over'] as const) {
      for (let target = 0; target <= 10_000; target += 1) {
        const bet = { target, direction };
        if (!isValidDiceBet(bet)) continue;
        const { numerator, denominator } = diceExactReturn(bet);
        const rtp = Number(numerator) / Number(denominator);
        expect(rtp).toBeLessThanOrEqual(ceiling + 1e-12);
        expect(rtp).toBeGreaterThan(0.9898);
      }
    }
  });
});

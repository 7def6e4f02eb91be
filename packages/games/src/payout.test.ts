// Proves payouts floor to the minor unit in bigint, refuse negatives, and the exact combinatorics the multipliers use.
import { describe, expect, it } from 'vitest';
import { choose, formatMultiplier, payoutOf } from './payout.ts';

describe('payout', () => {
  it('pays floor(stake × bp / 10 000) in minor units, exact beyond 2^53', () => {
    expect(payoutOf(100n, 20_000n)).toBe(200n);
    expect(payoutOf(1n, 19_800n)).toBe(1n);
    expect(payoutOf(0n, 19_800n)).toBe(0n);
    expect(payoutOf(123_456_789_012_345_678n, 10_100n)).toBe(124_691_356_902_469_134n);
    expect(() => payoutOf(-1n, 10_000n)).toThrow(RangeError);
    expect(() => payoutOf(1n, -1n)).toThrow(RangeError);
  });

  it('formats basis points as a multiplier for people', () => {
    expect(formatMultiplier(19_800n)).toBe('1.9800×');
    expect(formatMultiplier(248_200n)).toBe('24.8200×');
  });

  it('computes binomial coefficients exactly', () => {
    expect(choose(25, 0)).toBe(1n);
    expect(choose(25, 12)).toBe(5_200_300n);
    expect(choose(25, 26)).toBe(0n);
    expect(choose(52, 26)).toBe(495_918_532_948_104n);
  });
});

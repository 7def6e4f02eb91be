import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gridMultipliers, gridSeconds } from './crash-scale.ts';

describe('gridMultipliers', () => {
  it('steps by a round amount above 1× and stays under the top', () => {
    expect(gridMultipliers(2)).toEqual([125, 150, 175]);
    expect(gridMultipliers(1.3)).toEqual([110, 120]);
    expect(gridMultipliers(11.5)).toEqual([600, 1100]);
    expect(gridMultipliers(1)).toEqual([]);
  });

  it('never gives more lines than asked, all strictly between 1× and the top, evenly apart', () => {
    fc.assert(
      fc.property(fc.double({ min: 1.01, max: 250, noNaN: true }), (top) => {
        const lines = gridMultipliers(top);
        expect(lines.length).toBeLessThanOrEqual(4);
        for (const value of lines) {
          expect(value).toBeGreaterThan(100);
          expect(value).toBeLessThan(top * 100);
        }
        const gaps = new Set(lines.map((value, index) => value - (lines[index - 1] ?? 100)));
        expect(gaps.size).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('gridSeconds', () => {
  it('marks whole seconds by a round step within the span', () => {
    expect(gridSeconds(5_800)).toEqual([2, 4]);
    expect(gridSeconds(4_500)).toEqual([1, 2, 3, 4]);
    expect(gridSeconds(12_000)).toEqual([5, 10]);
    expect(gridSeconds(61_000)).toEqual([15, 30, 45, 60]);
    expect(gridSeconds(0)).toEqual([]);
  });

  it('never gives more than five lines', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3_600_000 }), (spanMs) => {
        const lines = gridSeconds(spanMs);
        expect(lines.length).toBeLessThanOrEqual(5);
        for (const value of lines) expect(value * 1000).toBeLessThan(spanMs);
      }),
    );
  });
});

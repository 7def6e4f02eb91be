import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wingoTrend } from './wingo-trend.ts';

describe("a wingo mode's trend", () => {
  it('counts each number, its draws since it last came, sizes, colours and the size streak', () => {
    // The latest draw first: 7 (big, green), 9, 5 (big, green and violet), 2 (small, red), 0, 7.
    const trend = wingoTrend([7, 9, 5, 2, 0, 7]);
    expect(trend.draws).toBe(6);
    expect(trend.numbers[7]).toEqual({ number: 7, count: 2, missing: 0 });
    expect(trend.numbers[2]).toEqual({ number: 2, count: 1, missing: 3 });
    expect(trend.numbers[0]).toEqual({ number: 0, count: 1, missing: 4 });
    expect(trend.numbers[4]).toEqual({ number: 4, count: 0, missing: null });
    expect(trend.sizes).toEqual({ big: 4, small: 2 });
    // 0 and 5 count for violet and for their other colour.
    expect(trend.colours).toEqual({ green: 4, red: 2, violet: 2 });
    expect(trend.streak).toEqual({ size: 'big', length: 3 });
  });

  it('has no streak before any draw', () => {
    expect(wingoTrend([]).streak).toBeNull();
    expect(wingoTrend([]).numbers.every((line) => line.count === 0 && line.missing === null)).toBe(true);
  });

  it('adds up over any draws: every draw is one number and one size', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 100 }), (results) => {
        const trend = wingoTrend(results);
        expect(trend.numbers.reduce((sum, line) => sum + line.count, 0)).toBe(results.length);
        expect(trend.sizes.big + trend.sizes.small).toBe(results.length);
        expect(trend.colours.green + trend.colours.red).toBe(results.length);
        for (const line of trend.numbers)
          expect(line.missing).toBe(results.includes(line.number) ? results.indexOf(line.number) : null);
        if (trend.streak) expect(trend.streak.length).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});

// Proves the demo slot's math: line evaluation, payouts in whole minor units, and the documented RTP.
import { describe, expect, it } from 'vitest';
import { evaluate, exactRtp, gridOf, LINES, REEL, type SlotSymbol, spin } from './slot.ts';

describe('demo slot', () => {
  it('pays a line left to right for 3, 4 and 5 of a kind', () => {
    const sevens = Array.from({ length: 5 }, () => ['cherry', 'seven', 'lemon'] as const);
    const five = evaluate(sevens.map((column) => [...column]));
    expect(five.wins.find((win) => win.line === 0)).toMatchObject({
      symbol: 'seven',
      count: 5,
      multiplier: 3400,
    });
    const broken: SlotSymbol[][] = sevens.map((column, reel) =>
      reel === 3 ? ['lemon', 'plum', 'bell'] : [...column],
    );
    expect(evaluate(broken).wins.find((win) => win.line === 0)).toMatchObject({ count: 3, multiplier: 100 });
  });

  it('pays stake / lines × multiplier and refuses a stake not divisible by the lines', () => {
    const stops = [11, 11, 11, 11, 11].map((stop) => stop - 1);
    let next = 0;
    const outcome = spin(1000n, () => stops[next++]!);
    expect(gridOf(stops)[0]![1]).toBe(REEL[11]);
    expect(outcome.payout).toBe((1000n / BigInt(LINES)) * BigInt(evaluate(outcome.grid).multiplier));
    expect(() => spin(15n)).toThrow(RangeError);
  });

  it('returns 96.52% over every combination of stops (docs/providers.md)', () => {
    expect(exactRtp()).toBeCloseTo(0.965223, 5);
  });
});

import type { RoundWire } from '@payhub/contracts';
import { crashMultiplierAt } from '@payhub/games';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashOutValue, multiplierAt } from './crash-clock.ts';

const GROWTH = 0.000_06;
const STARTED = Date.parse('2026-12-07T06:00:00.000Z');

function round(overrides: Partial<RoundWire> = {}): RoundWire {
  return {
    id: '1',
    game: 'crash',
    period: '5-1',
    chainId: '5',
    chainRound: 1,
    state: 'running',
    serverTime: new Date(STARTED).toISOString(),
    bettingEndsAt: new Date(STARTED).toISOString(),
    startedAt: new Date(STARTED).toISOString(),
    drawAt: null,
    endedAt: null,
    hash: null,
    result: null,
    growthPerMs: GROWTH,
    ...overrides,
  };
}

describe('multiplierAt', () => {
  it('follows the curve on the server clock, the device offset added', () => {
    // The device runs 2 s behind the server: its now + 2 s is the server's.
    expect(multiplierAt(round(), 2_000, STARTED + 8_000)).toBe(crashMultiplierAt(10_000, GROWTH));
    expect(multiplierAt(round(), 0, STARTED + 10_000)).toBe(182);
  });

  it('is 1× before the start, without a round or a curve, and the crash point once ended', () => {
    expect(multiplierAt(round(), 0, STARTED - 500)).toBe(100);
    expect(multiplierAt(null, 0, STARTED)).toBe(100);
    expect(multiplierAt(round({ state: 'betting', startedAt: null }), 0, STARTED)).toBe(100);
    expect(multiplierAt(round({ state: 'ended', result: 236 }), 0, STARTED + 60_000)).toBe(236);
  });
});

describe('cashOutValue', () => {
  it('pays the stake at the multiplier, floored to the minor unit, as the server does', () => {
    expect(cashOutValue(100_000n, 105)).toBe(105_000n);
    expect(cashOutValue(333n, 150)).toBe(499n);
  });

  it('never pays above 200× the stake nor below the stake', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (stake, cents) => {
          const value = cashOutValue(stake, cents);
          expect(value).toBeGreaterThanOrEqual(stake);
          expect(value).toBeLessThanOrEqual(stake * 200n);
        },
      ),
    );
  });
});

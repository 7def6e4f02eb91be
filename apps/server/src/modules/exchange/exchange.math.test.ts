// Proves the exchange arithmetic is exact and rounds in the house's favour: known rates between the
// four assets, the spread taken before rounding down, and for random inputs the player never gets
// more than the mid value less the spread, and less by under one minor unit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BPS,
  decimalToFraction,
  type Fraction,
  fractionToDecimal,
  minorRate,
  quoteAmount,
  wholeRate,
} from './exchange.math.ts';

const IDR = decimalToFraction('0.0000625');
const USDT = decimalToFraction('1');
const YEC = decimalToFraction('0.01');

describe('exchange arithmetic', () => {
  it('reads decimal prices as reduced fractions', () => {
    expect(IDR).toEqual({ num: 1n, den: 16000n });
    expect(decimalToFraction('0.055')).toEqual({ num: 11n, den: 200n });
    expect(() => decimalToFraction('1e3')).toThrow(RangeError);
  });

  it('gives the minor-unit rates of spec §9 (100 YEC = 1 USD)', () => {
    // 1 USDT minor unit (10^-6) = 10^-4 YEC = 0.01 YEC minor units.
    expect(minorRate('USDT', 'YEC', USDT, YEC)).toEqual({ num: 1n, den: 100n });
    // 1 YEC minor unit = 0.0001 USD = Rp 1.6 = 160 IDR minor units.
    expect(minorRate('YEC', 'IDR', YEC, IDR)).toEqual({ num: 160n, den: 1n });
    expect(fractionToDecimal(wholeRate('USDT', 'YEC', minorRate('USDT', 'YEC', USDT, YEC)), 8)).toBe(
      '100.00000000',
    );
    expect(fractionToDecimal(wholeRate('IDR', 'USDT', minorRate('IDR', 'USDT', IDR, USDT)), 8)).toBe(
      '0.00006250',
    );
  });

  it('takes the spread, then rounds down', () => {
    const rate = minorRate('IDR', 'YEC', IDR, YEC); // 1/160
    // Rp 1,000.00 = 100000 minor units → 625 YEC minor units at mid; 1% spread → 618.75 → 618.
    expect(quoteAmount(100_000n, rate, 100)).toBe(618n);
    expect(quoteAmount(100_000n, rate, 0)).toBe(625n);
    // Below one minor unit received: refused.
    expect(quoteAmount(1n, rate, 100)).toBeNull();
  });

  it('never gives the player more than mid less spread, and under one minor unit less', () => {
    const price = fc
      .tuple(fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.bigInt({ min: 1n, max: 10n ** 12n }))
      .map(([num, den]): Fraction => ({ num, den }));
    fc.assert(
      fc.property(
        fc.constantFrom('IDR', 'MXN', 'USDT', 'YEC' as const),
        fc.constantFrom('IDR', 'MXN', 'USDT', 'YEC' as const),
        price,
        price,
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 2000 }),
        (from, to, priceFrom, priceTo, amount, spread) => {
          const rate = minorRate(from, to, priceFrom, priceTo);
          const received = quoteAmount(amount, rate, spread);
          if (received === null) return;
          // exact value owed: amount × rate × (1 − spread), as the fraction top / bottom.
          const top = amount * rate.num * (BPS - BigInt(spread));
          const bottom = rate.den * BPS;
          expect(received * bottom <= top).toBe(true);
          expect((received + 1n) * bottom > top).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

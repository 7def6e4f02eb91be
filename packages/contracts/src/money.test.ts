// Proves money parsing and formatting: bigint minor units <-> strings with exactly 2 decimals, a
// lossless round trip (property tests), and refusal of 3+ decimals, junk, floats and out-of-range.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  MONEY_MAX_MINOR,
  MoneyFormatError,
  MoneyInput,
  MoneyWire,
  parseMoney,
} from './money.ts';

/** A canonical wire amount built independently of formatMoney: no leading zeros, 2 decimals. */
const wireAmount = fc
  .tuple(
    fc.boolean(),
    fc.bigInt({ min: 0n, max: MONEY_MAX_MINOR / 100n - 1n }),
    fc.integer({ min: 0, max: 99 }),
  )
  .map(([negative, whole, cents]) => {
    const text = `${whole}.${String(cents).padStart(2, '0')}`;
    return negative && (whole > 0n || cents > 0) ? `-${text}` : text;
  });

describe('round trip', () => {
  it('formatMoney(parseMoney(x)) === x for every canonical amount', () => {
    fc.assert(
      fc.property(wireAmount, (text) => {
        expect(formatMoney(parseMoney(text))).toBe(text);
        expect(MoneyWire.safeParse(text).success).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('parseMoney(formatMoney(m)) === m for every amount in range', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -MONEY_MAX_MINOR, max: MONEY_MAX_MINOR }), (minor) => {
        const text = formatMoney(minor);
        expect(text).toMatch(/^-?\d+\.\d{2}$/);
        expect(parseMoney(text)).toBe(minor);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts 0, 1 or 2 decimals and normalises them', () => {
    expect(parseMoney('150000')).toBe(15_000_000n);
    expect(parseMoney('150000.5')).toBe(15_000_050n);
    expect(parseMoney('150000.50')).toBe(15_000_050n);
    expect(parseMoney(' 7.10 ')).toBe(710n);
    expect(parseMoney('007.10')).toBe(710n);
    expect(parseMoney('-0.01')).toBe(-1n);
    expect(formatMoney(15_000_050n)).toBe('150000.50');
    expect(formatMoney(5n)).toBe('0.05');
    expect(formatMoney(-5n)).toBe('-0.05');
    expect(formatMoney(0n)).toBe('0.00');
  });

  it('holds the range edges exactly', () => {
    expect(parseMoney('10000000000000.00')).toBe(MONEY_MAX_MINOR);
    expect(parseMoney('-10000000000000')).toBe(-MONEY_MAX_MINOR);
  });
});

describe('refusals', () => {
  it.each([
    ['three decimals', '1.234'],
    ['three zero decimals', '150000.000'],
    ['empty', ''],
    ['blank', '   '],
    ['letters', 'abc'],
    ['comma decimal', '1,50'],
    ['thousands separator', '1,000.00'],
    ['exponent', '1e5'],
    ['float noise', String(0.1 + 0.2)],
    ['large float', String(1e21)],
    ['bare point', '.50'],
    ['trailing point', '1.'],
    ['double sign', '--1'],
    ['plus sign', '+1.00'],
    ['hex', '0x10'],
    ['Infinity', 'Infinity'],
    ['NaN', 'NaN'],
    ['currency symbol', 'Rp 1000'],
    ['injection', '1; DROP TABLE users'],
    ['over the maximum', '10000000000000.01'],
    ['under the minimum', '-10000000000000.01'],
    ['17 digits', '12345678901234567'],
  ])('%s (%s)', (_, text) => {
    expect(() => parseMoney(text)).toThrow(MoneyFormatError);
  });

  it('refuses any string with 3 or more decimals (property)', () => {
    fc.assert(
      fc.property(fc.nat(), fc.stringMatching(/^\d{3,8}$/), (whole, fraction) => {
        expect(() => parseMoney(`${whole}.${fraction}`)).toThrow(MoneyFormatError);
      }),
    );
  });

  it('never throws anything but MoneyFormatError on arbitrary strings (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        try {
          const value = parseMoney(text);
          expect(value <= MONEY_MAX_MINOR && value >= -MONEY_MAX_MINOR).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(MoneyFormatError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('MoneyInput (request amounts)', () => {
  it('parses a positive amount string to bigint minor units', () => {
    expect(MoneyInput.parse('150000.50')).toBe(15_000_050n);
    expect(MoneyInput.parse('0.01')).toBe(1n);
  });

  it('refuses JS numbers (floats never touch money), zero, negatives and junk', () => {
    for (const value of [
      1.5,
      150000,
      0.1,
      '0',
      '0.00',
      '-1.00',
      '1.234',
      'abc',
      null,
      undefined,
      '9'.repeat(30),
    ]) {
      expect(MoneyInput.safeParse(value).success, String(value)).toBe(false);
    }
  });

  it('MoneyWire accepts exactly 2 decimals only', () => {
    expect(MoneyWire.safeParse('1.00').success).toBe(true);
    for (const value of ['1', '1.0', '1.000', 1, '1e2']) {
      expect(MoneyWire.safeParse(value).success, String(value)).toBe(false);
    }
  });
});

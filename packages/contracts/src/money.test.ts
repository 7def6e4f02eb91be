// Proves money parsing and formatting: bigint minor units <-> strings with exactly 2 decimals, a
// lossless round trip (property tests), and refusal of 3+ decimals, junk, floats and out-of-range;
// and the same per asset (IDR, MXN, USDT with 6 decimals, YEC) through the one asset-aware path; the
// smallest of amounts exact beyond 2^53.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ASSET_CODES,
  ASSETS,
  type Asset,
  amountInput,
  amountWire,
  displayAmount,
  formatAmount,
  formatMoney,
  isLocalCurrency,
  LOCAL_CURRENCIES,
  MONEY_MAX_MINOR,
  MoneyFormatError,
  MoneyInput,
  MoneyWire,
  parseAmount,
  parseMoney,
  smallestAmount,
  tryParseAmount,
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

// Moved from apps/player/src/shared/money.test.ts: the player app reads and writes wire and typed
// amounts through these functions now (minorFromWire, minorFromTyped, wireFromMinor were its copies).
describe('player wire and typed forms (asset-aware)', () => {
  it('reads the wire string into minor units', () => {
    expect(parseAmount('150000.00', 'IDR', 'wire')).toBe(15_000_000n);
    expect(parseAmount('-0.01', 'IDR', 'wire')).toBe(-1n);
  });

  it('rejects anything but exactly 2 decimals', () => {
    for (const text of ['1', '1.5', '1.505', '1e3', ' 1.00', 'NaN', '']) {
      expect(() => parseAmount(text, 'IDR', 'wire')).toThrow(RangeError);
    }
  });

  it('reads whole units and up to 2 decimals after a dot or a comma', () => {
    expect(tryParseAmount('150000', 'IDR', 'typed')).toBe(15_000_000n);
    expect(tryParseAmount(' 1500.5 ', 'IDR', 'typed')).toBe(150_050n);
    expect(tryParseAmount('1500,05', 'IDR', 'typed')).toBe(150_005n);
  });

  it('refuses group separators, 3 decimals, signs and junk', () => {
    for (const typed of ['150.000', '1,500.00', '1.555', '-5', '1e5', 'abc', '']) {
      expect(tryParseAmount(typed, 'IDR', 'typed')).toBeNull();
    }
  });

  it('writes the wire string back', () => {
    expect(formatAmount(15_000_000n, 'IDR')).toBe('150000.00');
    expect(formatAmount(5n, 'IDR')).toBe('0.05');
    expect(formatAmount(-150n, 'IDR')).toBe('-1.50');
  });
});

describe('assets', () => {
  it('declares IDR and MXN with 2 decimals, USDT with 6 (shown 2) and YEC with 2', () => {
    expect(ASSETS.IDR.scale).toBe(2);
    expect(ASSETS.MXN.scale).toBe(2);
    expect(ASSETS.USDT).toMatchObject({ scale: 6, displayDigits: 2 });
    expect(ASSETS.YEC.scale).toBe(2);
    expect([...ASSET_CODES].sort()).toEqual(Object.keys(ASSETS).sort());
    expect(ASSET_CODES.filter(isLocalCurrency)).toEqual([...LOCAL_CURRENCIES]);
  });

  it('reads and writes USDT with 6 decimals', () => {
    expect(parseAmount('12.345678', 'USDT')).toBe(12_345_678n);
    expect(parseAmount('0.000001', 'USDT')).toBe(1n);
    expect(parseAmount('5', 'USDT')).toBe(5_000_000n);
    expect(formatAmount(1n, 'USDT')).toBe('0.000001');
    expect(formatAmount(12_345_678n, 'USDT')).toBe('12.345678');
    expect(() => parseAmount('1.0000001', 'USDT')).toThrow(MoneyFormatError);
    expect(() => parseAmount('1.00', 'USDT', 'wire')).toThrow(MoneyFormatError);
    expect(parseAmount('1.000000', 'USDT', 'wire')).toBe(1_000_000n);
    // The local-currency wire shape refuses a USDT wire string, and the reverse.
    expect(MoneyWire.safeParse('1.000000').success).toBe(false);
    expect(amountWire('USDT').safeParse('1.00').success).toBe(false);
    expect(amountWire('USDT').safeParse('1.000000').success).toBe(true);
    expect(amountInput('USDT').parse('0.5')).toBe(500_000n);
    expect(amountInput('IDR').safeParse('0.005').success).toBe(false);
  });

  it('shows USDT with 2 digits, rounded half away from zero, and any asset with its symbol', () => {
    const en = { group: ',', decimal: '.' };
    expect(displayAmount(12_345_678n, 'USDT', en)).toBe('USDT\u00a012.35');
    expect(displayAmount(-12_344_999n, 'USDT', en)).toBe('-USDT\u00a012.34');
    expect(displayAmount(1_234_500n, 'YEC', { group: '.', decimal: ',' })).toBe('YEC\u00a012.345,00');
    expect(displayAmount(15_000_050n, 'IDR', { group: '.', decimal: ',', digits: 0 })).toBe(
      'Rp\u00a0150.001',
    );
    expect(displayAmount(150n, 'MXN', { ...en, symbol: '' })).toBe('1.50');
  });

  it('round-trips every asset exactly (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Asset>(...ASSET_CODES),
        fc.bigInt({ min: -MONEY_MAX_MINOR, max: MONEY_MAX_MINOR }),
        (asset, units) => {
          const text = formatAmount(units, asset);
          expect(text).toMatch(new RegExp(`^-?\\d+\\.\\d{${ASSETS[asset].scale}}$`));
          expect(parseAmount(text, asset, 'wire')).toBe(units);
          expect(parseAmount(text, asset)).toBe(units);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('smallestAmount', () => {
  it('is the smallest of its amounts, exact beyond 2^53 where Math.min throws', () => {
    const beyond = 2n ** 60n + 1n;
    expect(smallestAmount(beyond, beyond + 1n)).toBe(beyond);
    expect(smallestAmount(5n)).toBe(5n);
    expect(smallestAmount(3n, -7n, 0n)).toBe(-7n);
    fc.assert(
      fc.property(fc.bigInt(), fc.array(fc.bigInt(), { maxLength: 5 }), (first, others) => {
        const smallest = smallestAmount(first, ...others);
        expect([first, ...others]).toContain(smallest);
        for (const amount of [first, ...others]) expect(smallest <= amount).toBe(true);
      }),
    );
  });
});

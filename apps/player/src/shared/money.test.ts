// Proves the player money formatter: project symbol, locale grouping, 2 decimals, bigint-exact, no floats.
import { describe, expect, it } from 'vitest';
import { checkAmount, formatMoney } from './money.ts';

const rupiah = { currencySymbol: 'Rp', locale: 'id-ID' } as const;
const peso = { currencySymbol: 'MX$', locale: 'es-MX' } as const;

describe('formatMoney', () => {
  it('formats rupiah with dot grouping, comma decimals and a no-break space', () => {
    expect(formatMoney('150000.00', rupiah)).toBe('Rp\u00a0150.000,00');
    expect(formatMoney(1_234_567_89n, rupiah)).toBe('Rp\u00a01.234.567,89');
  });

  it('formats pesos with comma grouping and no space after a sign symbol', () => {
    expect(formatMoney('1500.50', peso)).toBe('MX$1,500.50');
    expect(formatMoney(5n, peso)).toBe('MX$0.05');
  });

  it('keeps small and zero amounts at 2 decimals', () => {
    expect(formatMoney('0.00', rupiah)).toBe('Rp\u00a00,00');
    expect(formatMoney(99n, peso)).toBe('MX$0.99');
    expect(formatMoney('999.00', peso)).toBe('MX$999.00');
  });

  it('puts the sign before the symbol', () => {
    expect(formatMoney('-2500.10', rupiah)).toBe('-Rp\u00a02.500,10');
    expect(formatMoney(-100n, peso)).toBe('-MX$1.00');
  });

  it('is exact beyond the float range', () => {
    // 9007199254740993 is not representable as a double; the formatter must not round it.
    expect(formatMoney('9007199254740993.07', peso)).toBe('MX$9,007,199,254,740,993.07');
  });
});

describe('typed amounts', () => {
  it('checks the limits and the available balance in minor units', () => {
    const limits = { min: 1_000_000n, max: 5_000_000_000n, available: 2_000_000n };
    expect(checkAmount('', limits)).toBe('amountRequired');
    expect(checkAmount('0', limits)).toBe('amountInvalid');
    expect(checkAmount('12.345', limits)).toBe('amountInvalid');
    expect(checkAmount('9999.99', limits)).toBe('amountBelowMin');
    expect(checkAmount('10000', limits)).toBeNull();
    expect(checkAmount('20000.01', limits)).toBe('amountOverAvailable');
    expect(checkAmount('50000000.01', { min: 1n, max: 5_000_000_000n })).toBe('amountAboveMax');
  });
});

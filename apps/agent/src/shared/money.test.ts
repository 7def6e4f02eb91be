// Proves currency formatting: the project's symbol and separators, no decimals by default (rounded
// half away from zero), exactly 2 in the payment client, bigint or wire input, no float involved.
import { describe, expect, it } from 'vitest';
import { formatCurrency, PAYMENT_CURRENCY_DIGITS } from './money.ts';

const idr = { locale: 'id-ID', currencySymbol: 'Rp' };
const mxn = { locale: 'es-MX', currencySymbol: 'MX$' };

describe('formatCurrency', () => {
  it('formats rupiah without decimals by default', () => {
    expect(formatCurrency(15_000_000n, idr)).toBe('Rp\u00a0150.000');
    expect(formatCurrency('1234567.00', idr)).toBe('Rp\u00a01.234.567');
  });
  it('rounds half away from zero when dropping the decimals', () => {
    expect(formatCurrency('10.49', idr)).toBe('Rp\u00a010');
    expect(formatCurrency('10.50', idr)).toBe('Rp\u00a011');
    expect(formatCurrency('-10.50', idr)).toBe('-Rp\u00a011');
  });
  it('shows exactly 2 decimals in the payment client', () => {
    expect(formatCurrency('150000.5', idr, PAYMENT_CURRENCY_DIGITS)).toBe('Rp\u00a0150.000,50');
    expect(formatCurrency(123_456_789n, mxn, PAYMENT_CURRENCY_DIGITS)).toBe('MX$1,234,567.89');
    expect(formatCurrency(5n, mxn, PAYMENT_CURRENCY_DIGITS)).toBe('MX$0.05');
  });
  it('formats pesos with the MX$ symbol', () => {
    expect(formatCurrency('1500.00', mxn)).toBe('MX$1,500');
  });
  it('keeps amounts beyond float precision exact', () => {
    expect(formatCurrency(900_719_925_474_099_301n, mxn, PAYMENT_CURRENCY_DIGITS)).toBe(
      'MX$9,007,199,254,740,993.01',
    );
  });
  it('rejects what is not an amount', () => {
    expect(() => formatCurrency('12.345', idr)).toThrow();
  });
});

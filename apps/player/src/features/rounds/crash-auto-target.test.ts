import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { autoTargetCents } from './crash-auto-target.ts';

describe('autoTargetCents', () => {
  it('reads a comma or a point, one or two decimals, and an optional ×', () => {
    expect(autoTargetCents('2,5')).toBe(250);
    expect(autoTargetCents('2.50')).toBe(250);
    expect(autoTargetCents(' 3 ')).toBe(300);
    expect(autoTargetCents('10,05×')).toBe(1005);
    expect(autoTargetCents('200')).toBe(20_000);
    expect(autoTargetCents('2,01')).toBe(201);
  });

  it('refuses 2× and under, above 200×, more than two decimals and anything else', () => {
    for (const text of [
      '2',
      '2,00',
      '1,99',
      '200,01',
      '201',
      '2,555',
      '',
      'abc',
      '2,5,0',
      '-3',
      '1e3',
      '2.5.',
      ',',
    ])
      expect(autoTargetCents(text), text).toBeNull();
  });

  it('gives back the cents of any target the server takes, typed either way', () => {
    fc.assert(
      fc.property(fc.integer({ min: 201, max: 20_000 }), fc.constantFrom(',', '.'), (cents, separator) => {
        const typed = `${Math.floor(cents / 100)}${separator}${String(cents % 100).padStart(2, '0')}`;
        expect(autoTargetCents(typed)).toBe(cents);
      }),
    );
  });
});

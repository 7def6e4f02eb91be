// Proves that numeric and boolean wire values are read strictly: no coercion of blanks, exponents or hex.
import { describe, expect, it } from 'vitest';
import { BooleanInput, Count, Id, intInput } from './validation.ts';

describe('intInput', () => {
  const flag = intInput(0, 1);
  it('accepts JSON numbers and plain decimal strings', () => {
    expect(flag.parse(1)).toBe(1);
    expect(flag.parse('0')).toBe(0);
    expect(Id.parse('42')).toBe(42);
    expect(intInput(-1, 9).parse('-1')).toBe(-1);
  });
  it.each([' ', '', '1e3', '0x10', '1.5', '+1', '01a', 'NaN', 'Infinity'])('refuses %j', (value) => {
    expect(intInput(-1000, 1000).safeParse(value).success).toBe(false);
  });
  it('keeps the bounds', () => {
    expect(flag.safeParse(2).success).toBe(false);
    expect(Id.safeParse('0').success).toBe(false);
    expect(Count.safeParse('501').success).toBe(false);
    expect(Count.parse(undefined)).toBe(20);
  });
});

describe('BooleanInput', () => {
  it('reads false as false', () => {
    expect(BooleanInput.parse('false')).toBe(false);
    expect(BooleanInput.parse('0')).toBe(false);
    expect(BooleanInput.parse('true')).toBe(true);
    expect(BooleanInput.parse(true)).toBe(true);
  });
  it('refuses anything else', () => {
    for (const value of ['yes', '', ' ', 'False', 2])
      expect(BooleanInput.safeParse(value).success).toBe(false);
  });
});

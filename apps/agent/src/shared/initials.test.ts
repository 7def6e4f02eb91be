import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('initialsOf', () => {
  it('takes the first letters of the first two words that start with a letter or digit', () => {
    expect(initialsOf('Admin (demo)')).toBe('A');
    expect(initialsOf('Operador de pagos (demo)')).toBe('OD');
    expect(initialsOf('ketua tim')).toBe('KT');
    expect(initialsOf('  Ñandú  ')).toBe('Ñ');
    expect(initialsOf('(demo) Budi')).toBe('B');
  });

  it('answers "?" for a name without letters', () => {
    expect(initialsOf('')).toBe('?');
    expect(initialsOf('(…)')).toBe('?');
  });
});

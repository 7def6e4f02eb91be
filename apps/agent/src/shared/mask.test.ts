// Proves number masking (spec §9): under 6 digits the middle is masked; 11 or more keep 3 leading
// and 4 trailing digits; the others mask 4 digits in the middle.
import { describe, expect, it } from 'vitest';
import { maskNumber, maskPhone } from './mask.ts';

describe('maskNumber', () => {
  it('masks the middle of short numbers', () => {
    expect(maskNumber('12345')).toBe('1***5');
    expect(maskNumber('1234')).toBe('1**4');
    expect(maskNumber('12')).toBe('1*');
  });
  it('masks 4 digits in the middle of 6 to 10 digits', () => {
    expect(maskNumber('123456')).toBe('1****6');
    expect(maskNumber('81234567')).toBe('81****67');
    expect(maskNumber('8112000002')).toBe('811****002');
  });
  it('keeps 3 leading and 4 trailing digits from 11 digits on', () => {
    expect(maskNumber('81234567890')).toBe('812****7890');
    expect(maskNumber('6281234567890')).toBe('628******7890');
  });
  it('shows a masked phone with its country prefix', () => {
    expect(maskPhone('8112000002', '62')).toBe('+62 811****002');
  });
});

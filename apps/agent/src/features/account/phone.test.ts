// Proves the phone normalisation of the login and register forms (spec §3): prefixes stripped by
// the project's locale, then the national pattern checked, with the form's error keys.
import { describe, expect, it } from 'vitest';
import { checkPhone } from './phone.ts';

describe('checkPhone', () => {
  it('strips 62 or a leading 0 for Indonesian projects', () => {
    expect(checkPhone('+62 812-3456-7890', 'id-ID')).toEqual({ ok: true, national: '81234567890' });
    expect(checkPhone('6281234567890', 'id-ID')).toEqual({ ok: true, national: '81234567890' });
    expect(checkPhone('081234567890', 'id-ID')).toEqual({ ok: true, national: '81234567890' });
    expect(checkPhone('81234567890', 'id-ID')).toEqual({ ok: true, national: '81234567890' });
  });
  it('strips 52 for the Mexican project', () => {
    expect(checkPhone('+52 55 1234 5678', 'es-MX')).toEqual({ ok: true, national: '5512345678' });
    expect(checkPhone('5512345678', 'es-MX')).toEqual({ ok: true, national: '5512345678' });
  });
  it('strips a leading 0 otherwise', () => {
    expect(checkPhone('0712345678', 'en')).toEqual({ ok: true, national: '712345678' });
  });
  it('reports an empty phone as required and a malformed one as invalid', () => {
    expect(checkPhone('  ', 'id-ID')).toEqual({ ok: false, error: 'phoneRequired' });
    expect(checkPhone('12345', 'id-ID')).toEqual({ ok: false, error: 'phoneInvalid' });
    expect(checkPhone('0812abc', 'id-ID')).toEqual({ ok: false, error: 'phoneInvalid' });
    expect(checkPhone('551234', 'es-MX')).toEqual({ ok: false, error: 'phoneInvalid' });
  });
});

// Proves phone normalisation per locale (spec §3: strip 62 or 0 for id-ID, 52 for es-MX, else a
// leading 0; spaces, dashes, dots, brackets and + ignored) and the number masking rules of spec §9.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidNationalPhone, maskNumber, normalisePhone } from './phone.ts';

describe('normalisePhone, id-ID', () => {
  it.each([
    ['+62 812-3456-7890', '81234567890'],
    ['+6281234567890', '81234567890'],
    ['6281234567890', '81234567890'],
    ['081234567890', '81234567890'],
    ['0812 3456 7890', '81234567890'],
    ['0812-3456-7890', '81234567890'],
    ['(0812) 3456.7890', '81234567890'],
    ['81234567890', '81234567890'],
  ])('%s -> %s', (raw, national) => {
    expect(normalisePhone(raw, 'id-ID')).toBe(national);
  });

  it('strips only one prefix', () => {
    expect(normalisePhone('62062812345678', 'id-ID')).toBe('062812345678');
    expect(normalisePhone('00812345678', 'id-ID')).toBe('0812345678');
  });
});

describe('normalisePhone, es-MX', () => {
  it.each([
    ['+52 55 1234 5678', '5512345678'],
    ['525512345678', '5512345678'],
    ['55-1234-5678', '5512345678'],
    ['5512345678', '5512345678'],
  ])('%s -> %s', (raw, national) => {
    expect(normalisePhone(raw, 'es-MX')).toBe(national);
  });

  it('keeps a leading 0 and does not strip 62', () => {
    expect(normalisePhone('05512345678', 'es-MX')).toBe('05512345678');
    expect(normalisePhone('+62 812 3456 7890', 'es-MX')).toBe('6281234567890');
  });
});

describe('normalisePhone, en', () => {
  it.each([
    ['07700 900123', '7700900123'],
    ['7700-900-123', '7700900123'],
    ['+62 812 3456 7890', '6281234567890'],
    ['62812345678', '62812345678'],
    ['+52 55 1234 5678', '525512345678'],
  ])('%s -> %s (only a leading 0 is stripped)', (raw, national) => {
    expect(normalisePhone(raw, 'en')).toBe(national);
  });
});

describe('normalisePhone, hostile input', () => {
  it('returns non-digit input unchanged in digits-only form so validation refuses it', () => {
    const junk = normalisePhone("0812'; DROP TABLE users;--", 'id-ID');
    expect(isValidNationalPhone(junk, 'id-ID')).toBe(false);
    expect(isValidNationalPhone(normalisePhone('٠٨١٢٣٤٥٦٧٨٩', 'id-ID'), 'id-ID')).toBe(false);
  });

  it('always yields digits only for digit-and-separator input (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('0', '1', '2', '5', '6', '8', '9', ' ', '-', '(', ')', '.', '+'), {
          maxLength: 30,
        }),
        fc.constantFrom('id-ID' as const, 'es-MX' as const, 'en' as const),
        (characters, locale) => {
          expect(normalisePhone(characters.join(''), locale)).toMatch(/^\d*$/);
        },
      ),
    );
  });
});

describe('isValidNationalPhone', () => {
  it('accepts Indonesian mobiles (8 then 8-11 digits) and 10-digit Mexican numbers', () => {
    expect(isValidNationalPhone('81234567890', 'id-ID')).toBe(true);
    expect(isValidNationalPhone('812345678', 'id-ID')).toBe(true);
    expect(isValidNationalPhone('81234567', 'id-ID')).toBe(false);
    expect(isValidNationalPhone('8123456789012', 'id-ID')).toBe(false);
    expect(isValidNationalPhone('71234567890', 'id-ID')).toBe(false);
    expect(isValidNationalPhone('5512345678', 'es-MX')).toBe(true);
    expect(isValidNationalPhone('551234567', 'es-MX')).toBe(false);
    expect(isValidNationalPhone('123456', 'en')).toBe(true);
    expect(isValidNationalPhone('12345', 'en')).toBe(false);
  });
});

describe('maskNumber (spec §9)', () => {
  it('masks the middle of numbers shorter than 6 digits', () => {
    expect(maskNumber('')).toBe('');
    expect(maskNumber('7')).toBe('7');
    expect(maskNumber('12')).toBe('1*');
    expect(maskNumber('123')).toBe('1*3');
    expect(maskNumber('1234')).toBe('1**4');
    expect(maskNumber('12345')).toBe('1***5');
  });

  it('keeps 3 leading and 4 trailing digits from 11 digits on', () => {
    expect(maskNumber('81234567890')).toBe('812****7890');
    expect(maskNumber('081234567890')).toBe('081*****7890');
    expect(maskNumber('6281234567890')).toBe('628******7890');
  });

  it('masks 4 digits in the middle of 6 to 10 digits', () => {
    expect(maskNumber('123456')).toBe('1****6');
    expect(maskNumber('1234567')).toBe('1****67');
    expect(maskNumber('12345678')).toBe('12****78');
    expect(maskNumber('123456789')).toBe('12****789');
    expect(maskNumber('5512345678')).toBe('551****678');
  });

  it('keeps the length and masks exactly as the rule says (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,20}$/), (digits) => {
        const masked = maskNumber(digits);
        expect(masked).toHaveLength(digits.length);
        const stars = [...masked].filter((character) => character === '*').length;
        const expected =
          digits.length < 6
            ? Math.max(0, digits.length - (digits.length <= 2 ? 1 : 2))
            : digits.length >= 11
              ? digits.length - 7
              : 4;
        expect(stars).toBe(expected);
        // Unmasked positions show the original digits.
        [...masked].forEach((character, index) => {
          if (character !== '*') expect(character).toBe(digits[index]);
        });
        if (digits.length >= 11) {
          expect(masked.slice(0, 3)).toBe(digits.slice(0, 3));
          expect(masked.slice(-4)).toBe(digits.slice(-4));
        }
      }),
    );
  });
});

// Proves the player form rules of spec §5: phone per project, password 8-16 letters+digits, 6-digit codes, nickname, email.
import { describe, expect, it } from 'vitest';
import {
  checkCode,
  checkEmail,
  checkNewPassword,
  checkNickname,
  checkPassword,
  checkPasswordRepeat,
  checkPhone,
  codeDigits,
} from './validation.ts';

describe('checkPhone', () => {
  it('accepts Indonesian mobiles with or without the +62 / 0 prefix', () => {
    for (const phone of ['0811200001', '+62 811-200-001', '811200001', '6281234567890']) {
      expect(checkPhone(phone, 'id-ID')).toBeNull();
    }
  });

  it('accepts Mexican 10-digit numbers with or without 52', () => {
    expect(checkPhone('5516000001', 'es-MX')).toBeNull();
    expect(checkPhone('+52 55 1600 0001', 'es-MX')).toBeNull();
  });

  it('names the failed rule', () => {
    expect(checkPhone('', 'id-ID')).toBe('phoneRequired');
    expect(checkPhone('   ', 'id-ID')).toBe('phoneRequired');
    expect(checkPhone('0711200001', 'id-ID')).toBe('phoneInvalid');
    expect(checkPhone('0812', 'id-ID')).toBe('phoneInvalid');
    expect(checkPhone('08123abc567', 'id-ID')).toBe('phoneInvalid');
    expect(checkPhone('551600000', 'es-MX')).toBe('phoneInvalid');
  });
});

describe('checkPassword', () => {
  it('accepts 8 to 16 characters with letters and digits', () => {
    expect(checkPassword('abcd1234')).toBeNull();
    expect(checkPassword('Abcdefghijklmn16')).toBeNull();
    expect(checkPassword('pa$$w0rd!')).toBeNull();
  });

  it('rejects empty, short, long, letters-only and digits-only passwords', () => {
    expect(checkPassword('')).toBe('passwordRequired');
    expect(checkPassword('abc123')).toBe('passwordRule');
    expect(checkPassword('abcdefghijklmnop1')).toBe('passwordRule');
    expect(checkPassword('abcdefgh')).toBe('passwordRule');
    expect(checkPassword('12345678')).toBe('passwordRule');
    expect(checkPassword('abcd 1234')).toBe('passwordRule');
  });

  it('checks the repeat', () => {
    expect(checkPasswordRepeat('abcd1234', 'abcd1234')).toBeNull();
    expect(checkPasswordRepeat('abcd1234', 'abcd1235')).toBe('passwordMismatch');
  });

  it('checks a new password, and its repeat only once the password follows the rule', () => {
    expect(checkNewPassword('abcd1234', 'abcd1234')).toEqual({ password: null, repeat: null });
    expect(checkNewPassword('abcd1234', 'abcd1235')).toEqual({ password: null, repeat: 'passwordMismatch' });
    expect(checkNewPassword('abc', 'abcd')).toEqual({ password: 'passwordRule', repeat: null });
    expect(checkNewPassword('', 'x')).toEqual({ password: 'passwordRequired', repeat: null });
  });
});

describe('checkCode', () => {
  it('wants exactly 6 digits', () => {
    expect(checkCode('123456')).toBeNull();
    expect(checkCode('')).toBe('codeRequired');
    expect(checkCode('12345')).toBe('codeRule');
    expect(checkCode('1234567')).toBe('codeRule');
    expect(checkCode('12a456')).toBe('codeRule');
  });

  it('filters typing to at most 6 digits', () => {
    expect(codeDigits('12 34-56 78')).toBe('123456');
    expect(codeDigits('abc')).toBe('');
  });
});

describe('checkNickname', () => {
  it('must not be empty and has at most 32 characters', () => {
    expect(checkNickname('Budi')).toBeNull();
    expect(checkNickname('  ')).toBe('nicknameRequired');
    expect(checkNickname('x'.repeat(32))).toBeNull();
    expect(checkNickname('x'.repeat(33))).toBe('nicknameLength');
    // Counted in characters, not UTF-16 units.
    expect(checkNickname('😀'.repeat(32))).toBeNull();
  });
});

describe('checkEmail', () => {
  it('is required and format-checked', () => {
    expect(checkEmail('budi@contoh.co.id')).toBeNull();
    expect(checkEmail('')).toBe('emailRequired');
    expect(checkEmail('budi')).toBe('emailInvalid');
    expect(checkEmail('budi@contoh')).toBe('emailInvalid');
    expect(checkEmail('bu di@contoh.com')).toBe('emailInvalid');
    expect(checkEmail(`${'a'.repeat(250)}@b.co`)).toBe('emailInvalid');
  });
});

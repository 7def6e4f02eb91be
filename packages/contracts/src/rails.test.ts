import { describe, expect, it } from 'vitest';
import {
  defaultRails,
  INDONESIAN_RAILS,
  isValidClabe,
  MEXICAN_RAILS,
  ProjectRails,
  railBanks,
} from './rails.ts';

describe('rails', () => {
  it('checks the CLABE control digit', () => {
    expect(isValidClabe('012180001234567899')).toBe(true);
    expect(isValidClabe('012180001234567897')).toBe(false);
    expect(isValidClabe('01218000123456789')).toBe(false);
  });

  it('keeps each country to its own rails', () => {
    expect(ProjectRails.parse(MEXICAN_RAILS)).toEqual(MEXICAN_RAILS);
    expect(defaultRails('MX').depositPorts).toEqual(['spei', 'oxxo']);
    expect(defaultRails('MX').topUpMethods).not.toContain('indodax');
    expect(defaultRails('ID')).toBe(INDONESIAN_RAILS);
    expect(isValidClabe(MEXICAN_RAILS.rechargeAccount!.accountNo)).toBe(true);
    expect(railBanks(MEXICAN_RAILS).map((bank) => bank.name)).toContain('BBVA México');
    expect(ProjectRails.safeParse({ ...MEXICAN_RAILS, depositPorts: ['pix'] }).success).toBe(false);
  });
});

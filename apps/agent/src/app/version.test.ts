// Proves the version comparison of the 60 s poll: a larger build stamp is newer, equal or older is not.
import { describe, expect, it } from 'vitest';
import { isNewerVersion } from './version.ts';

describe('isNewerVersion', () => {
  it('compares build stamps as numbers', () => {
    expect(isNewerVersion('1751958527260', '1751958527259')).toBe(true);
    expect(isNewerVersion('1751958527259', '1751958527259')).toBe(false);
    expect(isNewerVersion('999', '1751958527259')).toBe(false);
  });
  it('treats any change of a non-numeric version as newer', () => {
    expect(isNewerVersion('v2', 'v1')).toBe(true);
    expect(isNewerVersion('v1', 'v1')).toBe(false);
  });
});

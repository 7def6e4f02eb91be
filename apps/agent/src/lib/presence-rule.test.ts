// Proves who sends the 60 s presence ping: only a signed-in payment operator inside the wrapper.
import { describe, expect, it } from 'vitest';
import { PRESENCE_PING_INTERVAL_MS, shouldPing } from './presence-rule.ts';

describe('shouldPing', () => {
  it('pings every 60 s for a signed-in operator (spaPay yes) inside the native wrapper', () => {
    expect(PRESENCE_PING_INTERVAL_MS).toBe(60_000);
    expect(shouldPing({ inNativeApp: true, signedIn: true, spaPay: 'yes' })).toBe(true);
  });
  it('does not ping in a browser, signed out, or for non-operators', () => {
    expect(shouldPing({ inNativeApp: false, signedIn: true, spaPay: 'yes' })).toBe(false);
    expect(shouldPing({ inNativeApp: true, signedIn: false, spaPay: 'yes' })).toBe(false);
    expect(shouldPing({ inNativeApp: true, signedIn: true, spaPay: 'no' })).toBe(false);
    expect(shouldPing({ inNativeApp: true, signedIn: true, spaPay: undefined })).toBe(false);
  });
});

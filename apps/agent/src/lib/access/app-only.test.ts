// Proves the app-only rule of spec §5 and the root redirect of spec §2 for every seeded role.
import { describe, expect, it } from 'vitest';
import { isAppOnlyBlocked } from './app-only.ts';
import type { Identity } from './identity.ts';
import { landingPath } from './landing.ts';

const roles: Record<string, Identity> = {
  noSpa: { role: -1, spaType: null, spaPay: 'no', paymentRole: null },
  cs: { role: -1, spaType: 'CS', spaPay: 'no', paymentRole: null },
  hr: { role: -1, spaType: 'HR', spaPay: 'no', paymentRole: null },
  promoter: { role: 0, spaType: 'New', spaPay: 'no', paymentRole: null },
  leader: { role: 1, spaType: 'New', spaPay: 'no', paymentRole: null },
  operator: { role: -1, spaType: 'Banker', spaPay: 'yes', paymentRole: 'Handler' },
};

const browser = { inNativeApp: false, timeZone: 'Asia/Jakarta', exemptTimeZone: 'Asia/Shanghai' };

describe('isAppOnlyBlocked', () => {
  it('blocks promoters and operators in a plain browser', () => {
    expect(isAppOnlyBlocked({ ...browser, identity: roles.promoter! })).toBe(true);
    expect(isAppOnlyBlocked({ ...browser, identity: roles.operator! })).toBe(true);
  });
  it('lets leaders, CS, HR and users without a spaType through', () => {
    for (const name of ['leader', 'cs', 'hr', 'noSpa']) {
      expect(isAppOnlyBlocked({ ...browser, identity: roles[name]! }), name).toBe(false);
    }
  });
  it('lets everyone through inside the wrapper', () => {
    expect(isAppOnlyBlocked({ ...browser, inNativeApp: true, identity: roles.operator! })).toBe(false);
  });
  it('exempts the configured time zone only', () => {
    expect(isAppOnlyBlocked({ ...browser, timeZone: 'Asia/Shanghai', identity: roles.operator! })).toBe(
      false,
    );
    expect(
      isAppOnlyBlocked({
        ...browser,
        timeZone: 'Asia/Shanghai',
        exemptTimeZone: null,
        identity: roles.operator!,
      }),
    ).toBe(true);
  });
  it('needs spaPay, role and spaType all present', () => {
    expect(isAppOnlyBlocked({ ...browser, identity: { ...roles.promoter!, spaPay: null } })).toBe(false);
    expect(isAppOnlyBlocked({ ...browser, identity: { ...roles.promoter!, role: null } })).toBe(false);
  });
});

describe('landingPath', () => {
  it('sends each role to its landing route', () => {
    expect(landingPath(roles.noSpa!)).toBe('/wait');
    expect(landingPath(roles.cs!)).toBe('/account');
    expect(landingPath(roles.hr!)).toBe('/account');
    expect(landingPath(roles.operator!)).toBe('/payhub');
    expect(landingPath(roles.promoter!)).toBe('/telephone');
    expect(landingPath(roles.leader!)).toBe('/telephone');
  });
});

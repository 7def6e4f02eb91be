// Proves the wrapper's navigation model against the route table: each role's tabs and "more" entries
// open pages its permission gates allow, the landing is the first tab, and only sub-pages get a back.
import { describe, expect, it } from 'vitest';
import type { Identity } from '../lib/access/identity.ts';
import { landingPath } from '../lib/access/landing.ts';
import { moreEntries, navTabs, parentPath, tabIsActive } from '../lib/access/nav-model.ts';
import { gateAllows } from '../lib/access/permission.ts';
import { paths } from '../lib/paths.ts';
import { routeTable } from './routes.tsx';

const identities = {
  noSpa: { role: -1, spaType: null, spaPay: 'no', paymentRole: null },
  cs: { role: -1, spaType: 'CS', spaPay: 'no', paymentRole: null },
  hr: { role: -1, spaType: 'HR', spaPay: 'no', paymentRole: null },
  promoter: { role: 0, spaType: 'New', spaPay: 'no', paymentRole: null },
  leader: { role: 1, spaType: 'New', spaPay: 'no', paymentRole: null },
  manager: { role: -1, spaType: 'Banker', spaPay: 'yes', paymentRole: 'Manage' },
  handler: { role: -1, spaType: 'Banker', spaPay: 'yes', paymentRole: 'Handler' },
  admin: { role: -1, spaType: null, spaPay: 'no', paymentRole: null, staff: true },
} satisfies Record<string, Identity>;

function allowed(identity: Identity, path: string): boolean {
  const route = routeTable.find((entry) => entry.path === path);
  if (!route) return false;
  return route.gate ? gateAllows(identity, route.gate) : true;
}

describe('navigation model', () => {
  for (const [name, identity] of Object.entries(identities)) {
    it(`${name}: tabs and more entries are pages the gates allow, landing first`, () => {
      const tabs = navTabs(identity);
      expect(tabs.length).toBeLessThanOrEqual(5);
      const landing = landingPath(identity);
      // The landing is a tab; CS and HR land on the account, which is always last.
      expect(tabs.map((tab) => tab.path)).toContain(landing);
      expect(tabs.at(-1)?.path).toBe(paths.account);
      expect(tabs.map((tab) => tab.path)).toContain(paths.notice);
      for (const entry of [...tabs, ...moreEntries(identity)])
        expect(allowed(identity, entry.path), entry.path).toBe(true);
      for (const tab of tabs) expect(parentPath(tab.path, identity)).toBeNull();
    });
  }

  it('gives sub-pages a back target above them', () => {
    expect(parentPath(paths.payhubRecharge, identities.handler)).toBe(paths.payhub);
    expect(parentPath(paths.withdrawRecord, identities.handler)).toBe(paths.withdraw);
    expect(parentPath(paths.manage, identities.manager)).toBe(paths.payhub);
    expect(parentPath(paths.permohonanSelected, identities.promoter)).toBe(paths.permohonan);
    expect(parentPath(paths.dataCheck, identities.leader)).toBe(paths.data);
    expect(parentPath(paths.pem, identities.promoter)).toBe(paths.telephone);
    expect(parentPath(paths.pengajuan, identities.leader)).toBe(paths.telephone);
    expect(parentPath(paths.pengajuan, identities.hr)).toBeNull();
  });

  it('lists the screens reached from the account page per role', () => {
    expect(moreEntries(identities.leader).map((entry) => entry.path)).toEqual([
      paths.pengajuan,
      paths.payhubWorkHours,
      paths.pem,
    ]);
    expect(moreEntries(identities.promoter).map((entry) => entry.path)).toEqual([paths.pem]);
    expect(moreEntries(identities.manager).map((entry) => entry.path)).toEqual([
      paths.withdrawRecord,
      paths.transaction,
      paths.manage,
    ]);
    expect(moreEntries(identities.handler).map((entry) => entry.path)).toEqual([
      paths.withdrawRecord,
      paths.transaction,
    ]);
    expect(moreEntries(identities.cs)).toEqual([]);
  });

  it('keeps /data/check to group leaders (a member saw a 7001 dialog over a spinner)', () => {
    expect(allowed(identities.leader, paths.dataCheck)).toBe(true);
    expect(allowed(identities.promoter, paths.dataCheck)).toBe(false);
  });

  it('keeps /wait to people without a programme', () => {
    expect(allowed(identities.noSpa, paths.wait)).toBe(true);
    expect(allowed(identities.leader, paths.wait)).toBe(false);
    expect(allowed(identities.handler, paths.wait)).toBe(false);
    // An admin lands on the account (the back office link), never on "join a group".
    expect(allowed(identities.admin, paths.wait)).toBe(false);
    expect(landingPath(identities.admin)).toBe(paths.account);
    expect(navTabs(identities.admin).map((tab) => tab.path)).not.toContain(paths.wait);
  });

  it('lights the orders tab on its page, not the payhub home', () => {
    const [home, orders] = navTabs(identities.handler);
    expect(home && tabIsActive(home, paths.payhubPesanan)).toBe(false);
    expect(orders && tabIsActive(orders, paths.payhubPesanan)).toBe(true);
  });
});

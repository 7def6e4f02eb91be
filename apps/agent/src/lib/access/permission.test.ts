// Proves the permission gate of spec §6 over a table of identities: subset and exact matching,
// value lists, exclude sets that hide and include sets that re-allow.
import { describe, expect, it } from 'vitest';
import type { Identity } from './identity.ts';
import { type GateRule, gateAllows } from './permission.ts';

const identities: Record<string, Identity> = {
  noSpa: { role: -1, spaType: null, spaPay: 'no', paymentRole: null },
  cs: { role: -1, spaType: 'CS', spaPay: 'no', paymentRole: null },
  hr: { role: -1, spaType: 'HR', spaPay: 'no', paymentRole: null },
  promoter: { role: 0, spaType: 'New', spaPay: 'no', paymentRole: null },
  leader: { role: 1, spaType: 'New', spaPay: 'no', paymentRole: null },
  manager: { role: -1, spaType: 'Banker', spaPay: 'yes', paymentRole: 'Manage' },
  handler: { role: -1, spaType: 'Banker', spaPay: 'yes', paymentRole: 'Handler' },
  anonymous: { role: null, spaType: null, spaPay: null, paymentRole: null },
};

const rules: Record<string, GateRule> = {
  everyone: {},
  operators: { allow: [{ spaPay: 'yes' }] },
  managers: { allow: [{ spaPay: 'yes', paymentRole: 'Manage' }] },
  support: { allow: [{ spaType: ['CS', 'HR'] }] },
  leadersOrSupport: { allow: [{ role: 1 }, { spaType: 'CS' }] },
  exactLeader: { allow: [{ role: 1, spaType: 'New', spaPay: 'no' }], exact: true },
  exactPartial: { allow: [{ role: 1, spaType: 'New' }], exact: true },
  programmeButNotNew: { allow: [{ spaPay: 'no' }], exclude: [{ spaType: 'New' }] },
  programmeButNotNewExceptLeaders: {
    allow: [{ spaPay: 'no' }],
    exclude: [{ spaType: 'New' }],
    include: [{ role: 1 }],
  },
  includeDoesNotWidenAllow: { allow: [{ spaType: 'CS' }], include: [{ spaPay: 'yes' }] },
};

// rows: identity -> the rules it passes
const expected: Record<string, string[]> = {
  noSpa: ['everyone', 'programmeButNotNew', 'programmeButNotNewExceptLeaders'],
  cs: [
    'everyone',
    'support',
    'leadersOrSupport',
    'programmeButNotNew',
    'programmeButNotNewExceptLeaders',
    'includeDoesNotWidenAllow',
  ],
  hr: ['everyone', 'support', 'programmeButNotNew', 'programmeButNotNewExceptLeaders'],
  promoter: ['everyone'],
  leader: ['everyone', 'leadersOrSupport', 'exactLeader', 'programmeButNotNewExceptLeaders'],
  manager: ['everyone', 'operators', 'managers'],
  handler: ['everyone', 'operators'],
  anonymous: ['everyone'],
};

describe('gateAllows', () => {
  for (const [who, identity] of Object.entries(identities)) {
    for (const [ruleName, rule] of Object.entries(rules)) {
      const allowed = expected[who]?.includes(ruleName) ?? false;
      it(`${who} ${allowed ? 'passes' : 'is denied by'} ${ruleName}`, () => {
        expect(gateAllows(identity, rule)).toBe(allowed);
      });
    }
  }

  it('exact matching requires the fields a set leaves out to be empty', () => {
    const leaderWithoutPay: Identity = { role: 1, spaType: 'New', spaPay: null, paymentRole: null };
    expect(gateAllows(leaderWithoutPay, rules.exactPartial!)).toBe(true);
    expect(gateAllows(identities.leader!, rules.exactPartial!)).toBe(false);
  });
});

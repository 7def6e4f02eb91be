// Proves the console's permission table on the server (every console endpoint × every staff role →
// allowed or 1031 as CONSOLE_PERMISSIONS says; player and agent tokens refused; staff of project 10
// see nothing of project 12), the two-person manual adjustment (the ledger moves only on a second
// staff member's approval; the audit log shows both; only in an asset the project's players hold),
// ledger-check runs kept and throttled per project, a chain's salt and its audit line committed
// together, and bad input refused with 3 on every endpoint.

import { randomUUID } from 'node:crypto';
import type { PayhubClient } from '@payhub/client';
import {
  CONSOLE_PERMISSIONS,
  type ConsoleAction,
  contracts,
  ErrorCode,
  parseAmount,
  STAFF_ROLES,
  type StaffRole,
} from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../../test/api-errors.ts';
import { refuseAudit } from '../../../test/refuse-audit.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
const staff = new Map<StaffRole, PayhubClient>();
let player: PayhubClient;
let playerId: number;
let agent: PayhubClient;
let agentId: number;

const LABEL: Record<StaffRole, string> = {
  support: 'staff-support',
  payments: 'staff-payments',
  compliance: 'staff-compliance',
  finance: 'staff-finance',
  content: 'staff-content',
  admin: 'admin',
};

beforeAll(async () => {
  testApp = await startTestApp();
  for (const role of STAFF_ROLES) staff.set(role, await testApp.signIn(LABEL[role], 12));
  player = await testApp.signIn('player', 12);
  playerId = (await player.api.user.me()).id;
  agent = await testApp.signIn('operator', 12);
  agentId = (await agent.api.user.me()).id;
}, 120_000);
afterAll(async () => testApp?.close());

/** One well-formed call per console endpoint; its answer is anything but 1031 when allowed. */
function call(client: PayhubClient, action: ConsoleAction): Promise<unknown> {
  const api = client.api.console;
  switch (action) {
    case 'me':
      return api.me();
    case 'players':
      return api.players({ query: { q: '81' } });
    case 'player':
      return api.player({ params: { userId: playerId } });
    case 'playerHistory':
      return api.playerHistory({ params: { userId: playerId }, query: {} });
    case 'notes':
      return api.notes({ params: { userId: playerId } });
    case 'addNote':
      return api.addNote({ params: { userId: playerId }, body: { body: 'called about a deposit' } });
    case 'adjustments':
      return api.adjustments({ query: {} });
    case 'requestAdjustment':
      return api.requestAdjustment({
        body: { userId: playerId, asset: 'IDR', amount: '100', reason: 'goodwill' },
      });
    case 'approveAdjustment':
      return api.approveAdjustment({ params: { id: 999_999 }, body: {} });
    case 'rejectAdjustment':
      return api.rejectAdjustment({ params: { id: 999_999 }, body: { note: 'not needed' } });
    case 'deposits':
      return api.deposits({ query: { stuck: true } });
    case 'withdrawals':
      return api.withdrawals({ query: { state: 0 } });
    case 'operators':
      return api.operators({ query: {} });
    case 'operator':
      return api.operator({ params: { userId: agentId } });
    case 'promoters':
      return api.promoters({ query: {} });
    case 'decideKyc':
      return api.decideKyc({ params: { userId: 999_999 }, body: { status: 'rejected' } });
    case 'cases':
      return api.cases({ query: {} });
    case 'closeCase':
      return api.closeCase({ params: { id: 999_999 }, body: { resolution: 'no issue' } });
    case 'setMonitoringRules':
      // The defaults stored again: allowed roles change nothing the monitor applies.
      return api.setMonitoringRules({
        body: {
          velocityMaxOrders: 5,
          velocityWindowMinutes: 10,
          reportingThreshold: '10000000.00',
          justUnderBps: 500,
          manyPayersMax: 8,
          manyPayersWindowHours: 24,
        },
      });
    case 'chainBlocklist':
      return api.chainBlocklist();
    case 'blockChainAddress':
      // Allowed roles list the same address again (kept once, with its first reason).
      return api.blockChainAddress({
        body: { address: '0x00000000000000000000000000000000000b10c1', reason: 'permission table' },
      });
    case 'unblockChainAddress':
      // Not listed: 404 for allowed roles (never 1031).
      return api.unblockChainAddress({ params: { address: '0x00000000000000000000000000000000000dead1' } });
    case 'escalateCase':
      return api.escalateCase({ params: { id: 999_999 }, body: { note: 'please decide' } });
    case 'caseHeldRewards':
      return api.caseHeldRewards({ params: { id: 999_999 } });
    case 'publishNotice':
      return api.publishNotice({ body: { content: '<p>Info</p>', showDuration: 0 } });
    case 'maintenance':
      return api.maintenance({ body: { enabled: false, message: null } });
    case 'moneyReport':
      return api.moneyReport({ query: { from: '2026-01-01', to: '2026-01-31' } });
    case 'gameReport':
      return api.gameReport({ query: { from: '2026-01-01', to: '2026-01-31' } });
    case 'rewardsReport':
      return api.rewardsReport({ query: { from: '2026-01-01', to: '2026-01-31' } });
    case 'ledgerChecks':
      return api.ledgerChecks();
    case 'runLedgerCheck':
      // Allowed roles run it (a second run within a minute answers 667, still not 1031).
      return api.runLedgerCheck({ body: {} });
    case 'games':
      return api.games();
    case 'updateGame':
      // The seeded settings of roulette in YEC, stored again: allowed for admins, changes nothing.
      return api.updateGame({
        body: {
          game: 'roulette',
          asset: 'YEC',
          enabled: true,
          minBet: '1.00',
          maxBet: '100000.00',
          maxPayout: '10000000.00',
          edgeBp: null,
        },
      });
    case 'updateRoundStakes':
      // Crash's default range in YEC stored as the project's own: allowed for admins, the same range.
      return api.updateRoundStakes({
        body: { game: 'crash', asset: 'YEC', minStake: '1.00', maxStake: '100000.00' },
      });
    case 'resetRoundStakes':
      // Wingo's YEC range is at the defaults: allowed for admins, nothing changes.
      return api.resetRoundStakes({ body: { game: 'wingo', asset: 'YEC' } });
    case 'setRoundSalt':
      return api.setRoundSalt({
        body: { game: 'crash', terminatingHash: 'f'.repeat(64), salt: 's'.repeat(32), source: 'test' },
      });
    case 'audit':
      return api.audit({ query: {} });
    case 'staff':
      return api.staff();
    case 'giftCodes':
      return api.giftCodes({ query: { q: 'WELCOME' } });
    case 'createGiftCode':
      // A fresh name per call: allowed roles create it, the others are refused before.
      return api.createGiftCode({
        body: {
          code: `PERM${Math.floor(Math.random() * 1e9)}`,
          kind: 'spins',
          spins: 1,
          maxRedemptions: 1,
          perPlayer: 1,
          newUsersOnly: false,
          depositRequired: false,
          networks: [],
          expiresAt: Math.floor(testApp.clock.now().getTime() / 1000) + 86_400,
        },
      });
    case 'deactivateGiftCode':
      return api.deactivateGiftCode({ params: { id: 999_999 } });
    case 'giftRedemptions':
      return api.giftRedemptions({ params: { id: 999_999 }, query: {} });
    case 'grant':
      // Revoking a grant nobody holds: allowed for admins, changes nothing.
      return api.grant({ body: { userId: playerId, projectId: 12, role: null } });
    case 'kycQueue':
      return api.kycQueue({ query: {} });
    case 'kycImages':
      return api.kycImages({ params: { id: 999_999 } });
    case 'approveKyc':
      return api.approveKyc({ params: { id: 999_999 }, body: {} });
    case 'rejectKyc':
      return api.rejectKyc({ params: { id: 999_999 }, body: { reason: 'the photo is blurred' } });
    case 'resolveDeposit':
      return api.resolveDeposit({
        params: { id: 999_999 },
        body: { resolution: 'cancel', reason: 'no such order' },
      });
    case 'reverseDeposit':
      return api.reverseDeposit({ params: { id: 999_999 }, body: { reason: 'no such order' } });
    case 'resolveWithdrawal':
      return api.resolveWithdrawal({
        params: { id: 999_999 },
        body: { resolution: 'fail', reason: 'no such order' },
      });
    case 'chainDeposits':
      return api.chainDeposits({ query: {} });
    case 'chainWithdrawals':
      return api.chainWithdrawals({ query: { state: 'failed' } });
    case 'notices':
      return api.notices({ query: {} });
    case 'scheduleNotice':
      return api.scheduleNotice({ params: { id: 999_999 }, body: { showAt: null } });
    case 'guides':
      return api.guides();
    case 'saveGuide':
      // Clearing a guide nobody set: allowed for content and admin, changes nothing.
      return api.saveGuide({ body: { locale: 'en', steps: null } });
    case 'agreements':
      return api.agreements();
    case 'reviewAgreement':
      return api.reviewAgreement({
        params: { id: 999_999 },
        body: { decision: 'reject', note: 'not found' },
      });
    case 'promoApplications':
      return api.promoApplications({ query: {} });
    case 'decideApplication':
      return api.decideApplication({
        params: { id: 999_999 },
        body: { decision: 'reject', note: 'not found' },
      });
    case 'providers':
      return api.providers();
    case 'switchProvider':
      return api.switchProvider({ body: { providerId: 'no-such-provider', enabled: true } });
    case 'providerReport':
      return api.providerReport({ query: { providerId: 'no-such-provider', day: '2026-01-01' } });
    case 'playerSessions':
      return api.playerSessions({ params: { userId: playerId } });
    case 'revokePlayerSession':
      // A session id nobody holds: allowed roles answer 404 and sign nobody out.
      return api.revokePlayerSession({ params: { userId: playerId, id: 999_999 }, body: {} });
    case 'playerLimits':
      return api.playerLimits({ params: { userId: playerId } });
    case 'playerIdentity':
      return api.playerIdentity({ params: { userId: playerId } });
    case 'providerReconcile':
      return api.providerReconcile({ query: { providerId: 'no-such-provider', day: '2026-01-01' } });
    case 'bonusTerms':
      return api.bonusTerms();
    case 'updateBonusTerms':
      // Today's defaults stored again: allowed for finance and admin (a new version, the same terms).
      return api.updateBonusTerms({
        body: {
          minFirstDeposit: '50000.00',
          bonusBp: 1000,
          referralBp: 1000,
          referralDelayDays: 7,
          wageringMultiple: 5,
        },
      });
    case 'bonusCampaigns':
      return api.bonusCampaigns();
    case 'createBonusCampaign': {
      // A campaign scheduled a year ahead: allowed roles create it, the others are refused before.
      const start = Math.floor(testApp.clock.now().getTime() / 1000) + 365 * 86_400;
      return api.createBonusCampaign({
        body: {
          name: 'Permission check',
          startsAt: start,
          endsAt: start + 86_400,
          bonusBp: 500,
          maxBonus: '10000.00',
          minDeposit: '50000.00',
          wageringMultiple: 5,
        },
      });
    }
    case 'updateBonusCampaign': {
      const start = Math.floor(testApp.clock.now().getTime() / 1000) + 365 * 86_400;
      return api.updateBonusCampaign({
        params: { id: 999_999 },
        body: {
          name: 'Permission check',
          startsAt: start,
          endsAt: start + 86_400,
          bonusBp: 500,
          maxBonus: '10000.00',
          minDeposit: '50000.00',
          wageringMultiple: 5,
        },
      });
    }
    case 'endBonusCampaign':
      return api.endBonusCampaign({ params: { id: 999_999 }, body: {} });
    case 'referralTiers':
      return api.referralTiers();
    case 'updateReferralTiers':
      // The defaults stored as the project's own: allowed for finance and admin, the same rates.
      return api.updateReferralTiers({
        body: {
          tiers: [
            { tier: 'bronze', minDirect: 0, ratesBp: [30, 15, 5] },
            { tier: 'silver', minDirect: 5, ratesBp: [40, 20, 8] },
            { tier: 'gold', minDirect: 20, ratesBp: [50, 25, 10] },
          ],
        },
      });
    default: {
      // A new console endpoint without a call here fails to compile, and at run time.
      const missing: never = action;
      throw new Error(`no permission-table call for ${String(missing)}`);
    }
  }
}

/**
 * The server's own route table (Fastify's printRoutes tree, flattened to method + full path): what
 * really answers, whichever module registered it, not a list kept by hand.
 */
function serverRoutes(): Array<{ method: string; path: string }> {
  const routes: Array<{ method: string; path: string }> = [];
  const stack: string[] = [];
  for (const line of testApp.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.replace(/\u00a0/g, ' '));
    if (!match) continue;
    stack.length = match[1]!.length / 4;
    stack.push(match[2]!);
    for (const method of match[3]?.split(', ') ?? [])
      if (method !== 'HEAD') routes.push({ method, path: stack.join('') });
  }
  return routes;
}

const ACTIONS = Object.keys(CONSOLE_PERMISSIONS) as ConsoleAction[];

describe('console permission table', () => {
  it('lists every console endpoint', () => {
    expect(ACTIONS.sort()).toEqual(Object.keys(contracts.console).sort());
  });

  it('every route the server answers under /main/console is a console endpoint of the table, and each is bound', () => {
    const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
    const served = serverRoutes()
      .filter((route) => route.path.startsWith('/main/console/'))
      .map(key)
      .sort();
    const table = ACTIONS.map((action) => key(contracts.console[action])).sort();
    // The flattening really reads the tree (a sanity floor: the table has more than 60 endpoints).
    expect(table.length).toBeGreaterThan(60);
    expect(served).toEqual(table);
    // No console endpoint lives outside /main/console (where the scan above would miss it).
    for (const action of ACTIONS)
      expect(contracts.console[action].path, action).toMatch(/^\/main\/console\//);
  });

  it.each(STAFF_ROLES)('role %s: allowed or 1031 exactly as the table says', async (role) => {
    const client = staff.get(role)!;
    for (const action of ACTIONS) {
      const code = await codeOf(call(client, action));
      if (CONSOLE_PERMISSIONS[action].includes(role)) expect(code, `${role} ${action}`).not.toBe(1031);
      else expect(code, `${role} ${action}`).toBe(1031);
    }
  });

  it('player and agent tokens reach no console endpoint; no token answers 1', async () => {
    for (const action of ACTIONS) {
      expect(await codeOf(call(player, action)), `player ${action}`).toBe(1031);
      expect(await codeOf(call(agent, action)), `agent ${action}`).toBe(1031);
      expect(await codeOf(call(testApp.client(12), action)), `anonymous ${action}`).toBe(1);
    }
  });

  it('staff of project 12 see nothing of project 10 (no grant there)', async () => {
    const admin12 = staff.get('admin')!;
    admin12.setProjectId(10);
    try {
      for (const action of ACTIONS) expect(await codeOf(call(admin12, action)), action).toBe(1031);
    } finally {
      admin12.setProjectId(12);
    }
  });

  it('staff of project 10 see nothing of project 12 until an admin there grants them a role', async () => {
    const support10 = await testApp.signIn('staff-support', 10);
    const admin10 = await testApp.signIn('admin', 10);
    const supportId = (await support10.api.console.me()).userId;
    support10.setProjectId(12);
    admin10.setProjectId(12);
    for (const action of ACTIONS) {
      expect(await codeOf(call(support10, action)), `support of 10: ${action}`).toBe(1031);
      expect(await codeOf(call(admin10, action)), `admin of 10: ${action}`).toBe(1031);
    }
    // Granted support in 12 by project 12's admin: exactly support's actions there, on 12's players.
    await staff
      .get('admin')!
      .api.console.grant({ body: { userId: supportId, projectId: 12, role: 'support' } });
    try {
      const found = await support10.api.console.players({ query: { q: String(playerId) } });
      expect(found.items.map((item) => item.userId)).toContain(playerId);
      expect(await codeOf(call(support10, 'audit'))).toBe(1031);
      expect(await codeOf(call(support10, 'staff'))).toBe(1031);
    } finally {
      await staff.get('admin')!.api.console.grant({ body: { userId: supportId, projectId: 12, role: null } });
    }
    expect(await codeOf(call(support10, 'players'))).toBe(1031);
  });
});

describe('console notices', () => {
  it('publishes a notice with an audience (stored; empty audience = everyone, stored as NULL)', async () => {
    const content = staff.get('content')!;
    const targeted = await content.api.console.publishNotice({
      body: { content: '<p>For CS</p>', showDuration: 0, audience: ['CS', 'banker', 'CS'] },
    });
    const open = await content.api.console.publishNotice({
      body: { content: '<p>For all</p>', showDuration: 0, audience: [] },
    });
    const rows = await testApp.database.pool.query(
      'SELECT id, audience FROM notices WHERE id = ANY($1::bigint[])',
      [[targeted.noticeId, open.noticeId]],
    );
    const audienceOf = (id: number) => rows.rows.find((row) => Number(row.id) === id)?.audience;
    expect(audienceOf(targeted.noticeId)).toEqual(['CS', 'banker']);
    expect(audienceOf(open.noticeId)).toBeNull();
  });
});

describe('staff grants', () => {
  it('an admin grants a role in the project (audited); the grantee then reaches the console; revoking ends it', async () => {
    const admin = staff.get('admin')!;
    const granted = await admin.api.console.grant({
      body: { userId: playerId, projectId: 12, role: 'support' },
    });
    expect(granted.items.find((item) => item.userId === playerId)?.role).toBe('support');
    expect((await player.api.console.me()).role).toBe('support');
    await admin.api.console.grant({ body: { userId: playerId, projectId: 12, role: null } });
    expect(await codeOf(player.api.console.me())).toBe(1031);
    const audit = await admin.api.console.audit({
      query: { objectType: 'staff_grant', objectId: String(playerId) },
    });
    expect(audit.items.map((line) => line.action).slice(0, 2)).toEqual([
      'console.staff.revoke',
      'console.staff.grant',
    ]);
  });

  it('no admin changes their own grant, nor grants in a project where they are not admin', async () => {
    const admin = staff.get('admin')!;
    const me = await admin.api.console.me();
    expect(
      await codeOf(admin.api.console.grant({ body: { userId: me.userId, projectId: 12, role: 'support' } })),
    ).toBe(1031);
    expect(
      await codeOf(admin.api.console.grant({ body: { userId: playerId, projectId: 10, role: 'admin' } })),
    ).toBe(1031);
    expect(
      await codeOf(admin.api.console.grant({ body: { userId: 99_999_999, projectId: 12, role: 'support' } })),
    ).toBe(404);
  });
});

describe('manual adjustment', () => {
  it('moves money only on a different staff member’s approval; the audit log shows both', async () => {
    const support = staff.get('support')!;
    const finance = staff.get('finance')!;
    const admin = staff.get('admin')!;
    const before = (await admin.api.console.player({ params: { userId: playerId } })).balances.find(
      (item) => item.asset === 'IDR',
    )!;
    const requested = await support.api.console.requestAdjustment({
      body: { userId: playerId, asset: 'IDR', amount: '25000', reason: 'refund of a failed transfer' },
    });
    expect(requested.status).toBe('pending');
    const unchanged = (await admin.api.console.player({ params: { userId: playerId } })).balances.find(
      (item) => item.asset === 'IDR',
    )!;
    expect(unchanged.balance).toBe(before.balance);

    // The requester cannot approve (admin requests, admin approves → 1040).
    const own = await admin.api.console.requestAdjustment({
      body: { userId: playerId, asset: 'IDR', amount: '-1', reason: 'own request' },
    });
    expect(await codeOf(admin.api.console.approveAdjustment({ params: { id: own.id }, body: {} }))).toBe(
      1040,
    );
    // Support may request but not approve.
    expect(
      await codeOf(support.api.console.approveAdjustment({ params: { id: requested.id }, body: {} })),
    ).toBe(1031);

    const approved = await finance.api.console.approveAdjustment({ params: { id: requested.id }, body: {} });
    expect(approved.status).toBe('approved');
    expect(approved.decidedBy).not.toBe(approved.requestedBy);
    const after = (await admin.api.console.player({ params: { userId: playerId } })).balances.find(
      (item) => item.asset === 'IDR',
    )!;
    expect(BigInt(after.balance.replace('.', '')) - BigInt(before.balance.replace('.', ''))).toBe(2_500_000n);
    // Decided once: a second approval is refused and moves nothing.
    expect(
      await codeOf(finance.api.console.approveAdjustment({ params: { id: requested.id }, body: {} })),
    ).toBe(1041);

    const audit = await admin.api.console.audit({
      query: { objectType: 'staff_adjustment', objectId: String(requested.id) },
    });
    const actions = audit.items.map((line) => [line.action, line.actorId]);
    expect(actions).toContainEqual(['console.adjustment.request', requested.requestedBy]);
    expect(actions).toContainEqual(['console.adjustment.approve', approved.decidedBy]);
  });

  it("an asset the project's players do not hold (MXN in an IDR project) answers 3 and creates nothing", async () => {
    const support = staff.get('support')!;
    const finance = staff.get('finance')!;
    const pool = testApp.database.pool;
    const mxnAccounts = async () =>
      (
        await pool.query(
          `SELECT count(*)::int AS n FROM ledger_accounts WHERE project_id = 12 AND currency = 'MXN' AND owner_id = $1`,
          [playerId],
        )
      ).rows[0].n;
    const requests = async () =>
      (await pool.query(`SELECT count(*)::int AS n FROM staff_adjustments WHERE project_id = 12`)).rows[0].n;
    const before = await requests();
    const accountsBefore = await mxnAccounts();
    expect(
      await codeOf(
        support.api.console.requestAdjustment({
          body: { userId: playerId, asset: 'MXN', amount: '500', reason: 'wrong currency' },
        }),
      ),
    ).toBe(ErrorCode.BadParameter);
    expect(await requests()).toBe(before);
    // A request kept from before the check: its approval answers 3 too, the row stays pending.
    const supportId = (await support.api.console.me()).userId;
    const kept = await pool.query(
      `INSERT INTO staff_adjustments (project_id, user_id, asset, amount, reason, requested_by, created_at)
       VALUES (12, $1, 'MXN', 50000, 'requested before the check', $2, now()) RETURNING id`,
      [playerId, supportId],
    );
    const id = Number(kept.rows[0].id);
    expect(await codeOf(finance.api.console.approveAdjustment({ params: { id }, body: {} }))).toBe(
      ErrorCode.BadParameter,
    );
    const pending = await finance.api.console.adjustments({ query: { status: 'pending', userId: playerId } });
    expect(pending.items.map((item) => item.id)).toContain(id);
    expect(await mxnAccounts()).toBe(accountsBefore);
    await finance.api.console.rejectAdjustment({ params: { id }, body: { note: 'not a currency here' } });
  });

  it('a debit the wallet cannot cover answers 3005 and stays pending', async () => {
    const support = staff.get('support')!;
    const finance = staff.get('finance')!;
    const requested = await support.api.console.requestAdjustment({
      body: { userId: playerId, asset: 'IDR', amount: '-999999999999', reason: 'too much' },
    });
    expect(
      await codeOf(finance.api.console.approveAdjustment({ params: { id: requested.id }, body: {} })),
    ).toBe(3005);
    const list = await finance.api.console.adjustments({ query: { status: 'pending', userId: playerId } });
    expect(list.items.map((item) => item.id)).toContain(requested.id);
  });
});

describe('console GGR report', () => {
  it('sums settled bets placed through the API per day and game; NGR deducts approved adjustments', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' });
    const finance = staff.get('finance')!;
    const before = await finance.api.console.gameReport({ query: { from: today, to: today } });
    const bets = [];
    for (const stake of ['10.00', '20.00', '30.00'])
      bets.push(
        await player.api.games.bet({
          body: {
            id: randomUUID(),
            asset: 'YEC',
            stake,
            params: { game: 'dice', target: 4950, direction: 'under' },
          },
        }),
      );
    const units = (value: string) => parseAmount(value, 'YEC', 'wire');
    const stakes = bets.reduce((sum, bet) => sum + units(bet.stake), 0n);
    const payouts = bets.reduce((sum, bet) => sum + units(bet.payout), 0n);
    const after = await finance.api.console.gameReport({ query: { from: today, to: today } });
    const dice = (report: typeof after) =>
      report.items.find((row) => row.day === today && row.game === 'dice' && row.asset === 'YEC');
    const was = dice(before);
    const now = dice(after)!;
    expect(now.bets - (was?.bets ?? 0)).toBe(3);
    expect(units(now.stakes) - units(was?.stakes ?? '0.00')).toBe(stakes);
    expect(units(now.payouts) - units(was?.payouts ?? '0.00')).toBe(payouts);
    expect(units(now.ggr)).toBe(units(now.stakes) - units(now.payouts));
    const day = after.days.find((row) => row.day === today && row.asset === 'YEC')!;
    expect(units(day.ngr)).toBe(units(day.ggr) - units(day.bonusCost));
    // A day with no bets has no rows.
    const empty = await finance.api.console.gameReport({ query: { from: '2026-01-01', to: '2026-01-02' } });
    expect(empty.items).toEqual([]);
    expect(after.timeZone).toBe('Asia/Jakarta');
  });
});

describe('console reward costs and ledger check', () => {
  it('reports what the bonus pool paid for a redeemed gift code, and NGR deducts it', async () => {
    const units = (value: string) => parseAmount(value, 'IDR', 'wire');
    const day = (offset: number) =>
      new Date(testApp.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const range = { from: day(-1), to: day(1) };
    const finance = staff.get('finance')!;
    const before = await finance.api.console.rewardsReport({ query: range });
    const paidBefore = before.items
      .filter((item) => item.code === 'gift_code' && item.asset === 'IDR')
      .reduce((sum, item) => sum + units(item.paid), 0n);
    await staff.get('content')!.api.console.createGiftCode({
      body: {
        code: 'COSTREPORT1',
        kind: 'amount',
        amount: '25000.00',
        maxRedemptions: 1,
        perPlayer: 1,
        newUsersOnly: false,
        depositRequired: false,
        networks: [],
        expiresAt: Math.floor(testApp.clock.now().getTime() / 1000) + 86_400,
      },
    });
    await player.api.rewards.redeemGiftCode({ body: { code: 'COSTREPORT1' } });
    const after = await finance.api.console.rewardsReport({ query: range });
    const paidAfter = after.items
      .filter((item) => item.code === 'gift_code' && item.asset === 'IDR')
      .reduce((sum, item) => sum + units(item.paid), 0n);
    expect(paidAfter - paidBefore).toBe(2_500_000n);
    const games = await finance.api.console.gameReport({ query: range });
    const bonus = games.days
      .filter((entry) => entry.asset === 'IDR')
      .reduce((sum, entry) => sum + units(entry.bonusCost), 0n);
    expect(bonus).toBeGreaterThanOrEqual(2_500_000n);
    expect(await codeOf(staff.get('support')!.api.console.rewardsReport({ query: range }))).toBe(1031);
    expect(
      await codeOf(finance.api.console.rewardsReport({ query: { from: '2026-02-01', to: '2026-01-01' } })),
    ).toBe(3);
  });

  it('runs the ledger check for finance, keeps the result, refuses a second run within a minute', async () => {
    const finance = staff.get('finance')!;
    // The permission table may have run it a moment ago: a minute later is always allowed.
    testApp.clock.advance(61_000);
    const run = await finance.api.console.runLedgerCheck({ body: {} });
    expect(run.ok).toBe(true);
    expect(run.results.length).toBeGreaterThan(5);
    expect(run.results.every((result) => result.violations === 0)).toBe(true);
    expect(await codeOf(finance.api.console.runLedgerCheck({ body: {} }))).toBe(667);
    const listed = await finance.api.console.ledgerChecks();
    expect(listed.items[0]!.id).toBe(run.id);
    const audit = await staff.get('admin')!.api.console.audit({
      query: { action: 'console.ledger_check', objectId: run.id },
    });
    expect(audit.items).toHaveLength(1);
    expect(await codeOf(staff.get('content')!.api.console.runLedgerCheck({ body: {} }))).toBe(1031);
  });

  it("keeps runs per project: project 10's finance neither sees project 12's run nor is held back by it", async () => {
    const finance12 = staff.get('finance')!;
    const finance10 = await testApp.signIn('staff-finance', 10);
    testApp.clock.advance(61_000);
    const run12 = await finance12.api.console.runLedgerCheck({ body: {} });
    // The same instant in project 10: its first run, not 667; its own second one is.
    const run10 = await finance10.api.console.runLedgerCheck({ body: {} });
    expect(await codeOf(finance10.api.console.runLedgerCheck({ body: {} }))).toBe(667);
    expect(await codeOf(finance12.api.console.runLedgerCheck({ body: {} }))).toBe(667);
    const seen10 = (await finance10.api.console.ledgerChecks()).items.map((item) => item.id);
    const seen12 = (await finance12.api.console.ledgerChecks()).items.map((item) => item.id);
    expect(seen10).toContain(run10.id);
    expect(seen10).not.toContain(run12.id);
    expect(seen12).toContain(run12.id);
    expect(seen12).not.toContain(run10.id);
    // Each run is kept under its project, with its audit line there.
    const rows = await testApp.database.pool.query(
      'SELECT id, project_id FROM console_ledger_checks WHERE id = ANY($1::bigint[]) ORDER BY id',
      [[run12.id, run10.id]],
    );
    expect(rows.rows.map((row) => [String(row.id), row.project_id])).toEqual([
      [run12.id, 12],
      [run10.id, 10],
    ]);
    const admin10 = await testApp.signIn('admin', 10);
    expect(
      (await admin10.api.console.audit({ query: { action: 'console.ledger_check', objectId: run12.id } }))
        .items,
    ).toEqual([]);
  });
});

describe('console games settings', () => {
  it('an admin switches a game off in one asset (the player is refused with 10006, audited) and on again', async () => {
    const admin = staff.get('admin')!;
    const view = await admin.api.console.games();
    const dice = view.configs.find((row) => row.game === 'dice' && row.asset === 'YEC')!;
    expect(dice.enabled).toBe(true);
    expect(view.chains.map((chain) => chain.game).sort()).toEqual([
      'crash',
      'wingo120',
      'wingo30',
      'wingo60',
    ]);
    const off = await admin.api.console.updateGame({ body: { ...dice, enabled: false } });
    expect(off.enabled).toBe(false);
    const lobby = await player.api.games.lobby();
    const shown = lobby.games
      .find((game) => game.game === 'dice')!
      .configs.find((row) => row.asset === 'YEC')!;
    expect(shown.enabled).toBe(false);
    const bet = player.api.games.bet({
      body: {
        id: randomUUID(),
        asset: 'YEC',
        stake: '1.00',
        params: { game: 'dice', target: 4950, direction: 'under' },
      },
    });
    expect(await codeOf(bet)).toBe(10006);
    const audit = await admin.api.console.audit({ query: { action: 'games.config', objectId: 'dice:YEC' } });
    expect(audit.items[0]).toMatchObject({ actorId: (await admin.api.user.me()).id });
    await admin.api.console.updateGame({ body: { ...dice, enabled: true } });
    expect(
      (await admin.api.console.games()).configs.find((row) => row.game === 'dice' && row.asset === 'YEC')!
        .enabled,
    ).toBe(true);
  });

  it("an admin sets crash's stake range in IDR: the player's state shows it, bets outside it get 702, audited", async () => {
    const admin = staff.get('admin')!;
    const before = (await admin.api.console.games()).roundStakes;
    // Every game and asset of the project, the defaults until set (Rp 1,000 to Rp 10,000,000).
    expect(before.map((row) => `${row.game}:${row.asset}`).sort()).toEqual([
      'crash:IDR',
      'crash:USDT',
      'crash:YEC',
      'wingo:IDR',
      'wingo:USDT',
      'wingo:YEC',
    ]);
    expect(before.find((row) => row.game === 'crash' && row.asset === 'IDR')).toEqual({
      game: 'crash',
      asset: 'IDR',
      minStake: '1000.00',
      maxStake: '10000000.00',
      custom: false,
    });
    const set = await admin.api.console.updateRoundStakes({
      body: { game: 'crash', asset: 'IDR', minStake: '2000', maxStake: '3000.5' },
    });
    expect(set).toEqual({
      game: 'crash',
      asset: 'IDR',
      minStake: '2000.00',
      maxStake: '3000.50',
      custom: true,
    });
    // The player's crash state carries it; wingo keeps the defaults (its own range).
    const crash = await player.api.rounds.state({ params: { game: 'crash' } });
    expect(crash.stakes.find((row) => row.asset === 'IDR')).toEqual({
      asset: 'IDR',
      minStake: '2000.00',
      maxStake: '3000.50',
    });
    const wingo = await player.api.rounds.state({ params: { game: 'wingo30' } });
    expect(wingo.stakes.find((row) => row.asset === 'IDR')?.minStake).toBe('1000.00');
    const balance = async () => (await player.api.wallet.balances()).items.find((row) => row.asset === 'IDR');
    const held = await balance();
    for (const [amount, bound] of [
      ['1999.99', 'at least 2000.00'],
      ['3000.51', 'at most 3000.50'],
    ] as const) {
      const refused = player.api.rounds.crashBet({ body: { betId: randomUUID(), asset: 'IDR', amount } });
      await expect(refused).rejects.toMatchObject({ errCode: ErrorCode.WrongBetAmount });
      await expect(refused).rejects.toThrow(bound);
    }
    expect(await balance()).toEqual(held);
    const audit = await admin.api.console.audit({
      query: { action: 'rounds.stakes', objectId: 'crash:IDR' },
    });
    expect(audit.items[0]).toMatchObject({
      actorId: (await admin.api.user.me()).id,
      before: { minStake: '1000.00', maxStake: '10000000.00' },
      after: { minStake: '2000.00', maxStake: '3000.50' },
    });
    // Bad ranges change nothing: max under min, zero, three decimals, an asset the project lacks.
    for (const body of [
      { game: 'crash', asset: 'IDR', minStake: '3000', maxStake: '2999.99' },
      { game: 'crash', asset: 'IDR', minStake: '0', maxStake: '10' },
      { game: 'crash', asset: 'IDR', minStake: '1.005', maxStake: '10' },
      { game: 'wingo', asset: 'MXN', minStake: '1', maxStake: '10' },
    ] as const)
      expect(await codeOf(admin.api.console.updateRoundStakes({ body }))).toBe(ErrorCode.BadParameter);
    const finance = staff.get('finance')!.api.console.updateRoundStakes({
      body: { game: 'crash', asset: 'IDR', minStake: '1', maxStake: '2' },
    });
    expect(await codeOf(finance)).toBe(ErrorCode.NoPermission);
    expect((await admin.api.console.games()).roundStakes.find((row) => row.custom)).toEqual(set);

    // Back to the server's defaults: listed so, the player's state follows, audited; again changes nothing.
    const defaults = {
      game: 'crash',
      asset: 'IDR',
      minStake: '1000.00',
      maxStake: '10000000.00',
      custom: false,
    };
    expect(
      await codeOf(
        staff.get('finance')!.api.console.resetRoundStakes({ body: { game: 'crash', asset: 'IDR' } }),
      ),
    ).toBe(ErrorCode.NoPermission);
    expect(await admin.api.console.resetRoundStakes({ body: { game: 'crash', asset: 'IDR' } })).toEqual(
      defaults,
    );
    expect(
      (await admin.api.console.games()).roundStakes.find(
        (row) => row.game === 'crash' && row.asset === 'IDR',
      ),
    ).toEqual(defaults);
    const after = await player.api.rounds.state({ params: { game: 'crash' } });
    expect(after.stakes.find((row) => row.asset === 'IDR')?.minStake).toBe('1000.00');
    const resetAudit = await admin.api.console.audit({
      query: { action: 'rounds.stakes', objectId: 'crash:IDR' },
    });
    expect(resetAudit.items).toHaveLength(audit.items.length + 1);
    expect(resetAudit.items[0]).toMatchObject({
      before: { minStake: '2000.00', maxStake: '3000.50' },
      after: { minStake: '1000.00', maxStake: '10000000.00' },
    });
    expect(await admin.api.console.resetRoundStakes({ body: { game: 'crash', asset: 'IDR' } })).toEqual(
      defaults,
    );
    const again = await admin.api.console.audit({
      query: { action: 'rounds.stakes', objectId: 'crash:IDR' },
    });
    expect(again.items).toHaveLength(resetAudit.items.length);
  });

  it("fixes a chain's salt once with its audit line in the same transaction: a failed line leaves it unset", async () => {
    const admin = staff.get('admin')!;
    const pool = testApp.database.pool;
    // A wingo120 chain of project 12 with no salt yet (the round clock is off in this app).
    const terminatingHash = 'c'.repeat(64);
    await pool.query(
      `INSERT INTO round_chains (project_id, game, length, secret, terminating_hash, checkpoint_every)
       VALUES (12, 'wingo120', 10, $1, $2, 1)`,
      ['a'.repeat(64), terminatingHash],
    );
    const body = { game: 'wingo120', terminatingHash, salt: 's'.repeat(32), source: 'block 123' } as const;
    const salt = async () =>
      (await pool.query('SELECT salt FROM round_chains WHERE terminating_hash = $1', [terminatingHash]))
        .rows[0].salt;
    const lines = async () =>
      (
        await pool.query(
          `SELECT after FROM audit_log WHERE action = 'console.rounds.salt' AND object_id = $1`,
          [`wingo120:${terminatingHash}`],
        )
      ).rows;
    const allow = await refuseAudit(testApp, 'console.rounds.salt');
    try {
      expect(await codeOf(admin.api.console.setRoundSalt({ body }))).not.toBe(-1);
    } finally {
      await allow();
    }
    expect(await salt()).toBeNull();
    expect(await lines()).toEqual([]);
    await admin.api.console.setRoundSalt({ body });
    expect(await salt()).toBe(body.salt);
    expect(await lines()).toEqual([{ after: { salt: body.salt, source: body.source } }]);
    // Once: a second salt answers 10035 and writes no line.
    expect(await codeOf(admin.api.console.setRoundSalt({ body: { ...body, salt: 't'.repeat(32) } }))).toBe(
      ErrorCode.RoundSaltFixed,
    );
    expect(await lines()).toHaveLength(1);
  });

  it('finance sees the settings but cannot change them; an unknown chain answers 1004', async () => {
    const finance = staff.get('finance')!;
    expect((await finance.api.console.games()).configs.length).toBeGreaterThan(0);
    expect(
      await codeOf(
        staff.get('admin')!.api.console.setRoundSalt({
          body: { game: 'crash', terminatingHash: 'f'.repeat(64), salt: 's'.repeat(32), source: 'test' },
        }),
      ),
    ).toBe(ErrorCode.NotFound);
  });
});

describe('console bad input', () => {
  it.each<[string, (client: PayhubClient) => Promise<unknown>]>([
    ['players count', (c) => c.api.console.players({ query: { count: 0 } })],
    ['players cursor', (c) => c.api.console.players({ query: { cursor: 'x' } })],
    ['player id', (c) => c.api.console.player({ params: { userId: -1 } })],
    ['history count', (c) => c.api.console.playerHistory({ params: { userId: 1 }, query: { count: 1000 } })],
    ['notes id', (c) => c.api.console.notes({ params: { userId: 'abc' as never } })],
    ['note empty', (c) => c.api.console.addNote({ params: { userId: 1 }, body: { body: ' ' } })],
    ['adjustments status', (c) => c.api.console.adjustments({ query: { status: 'done' as never } })],
    [
      'adjust amount',
      (c) =>
        c.api.console.requestAdjustment({ body: { userId: 1, asset: 'IDR', amount: '1e5', reason: 'xyz' } }),
    ],
    [
      'adjust zero',
      (c) =>
        c.api.console.requestAdjustment({ body: { userId: 1, asset: 'IDR', amount: '0', reason: 'xyz' } }),
    ],
    [
      'adjust asset',
      (c) =>
        c.api.console.requestAdjustment({
          body: { userId: 1, asset: 'EUR' as never, amount: '1', reason: 'xyz' },
        }),
    ],
    [
      'adjust reason',
      (c) => c.api.console.requestAdjustment({ body: { userId: 1, asset: 'IDR', amount: '1', reason: '' } }),
    ],
    [
      'approve extra',
      (c) => c.api.console.approveAdjustment({ params: { id: 1 }, body: { extra: 1 } as never }),
    ],
    ['reject note', (c) => c.api.console.rejectAdjustment({ params: { id: 1 }, body: { note: '' } })],
    ['deposits state', (c) => c.api.console.deposits({ query: { state: 42 } })],
    ['deposits stuck', (c) => c.api.console.deposits({ query: { stuck: 'maybe' as never } })],
    ['withdrawals page', (c) => c.api.console.withdrawals({ query: { page: 0 } })],
    ['withdrawals orderNo', (c) => c.api.console.withdrawals({ query: { orderNo: 'x'.repeat(41) } })],
    ['operators kyc', (c) => c.api.console.operators({ query: { kycStatus: 'ok' as never } })],
    [
      'kyc status',
      (c) => c.api.console.decideKyc({ params: { userId: 1 }, body: { status: 'great' as never } }),
    ],
    ['cases page', (c) => c.api.console.cases({ query: { page: 0 } })],
    ['held rewards id', (c) => c.api.console.caseHeldRewards({ params: { id: 0 } })],
    ['close resolution', (c) => c.api.console.closeCase({ params: { id: 1 }, body: { resolution: '' } })],
    [
      'notice duration',
      (c) => c.api.console.publishNotice({ body: { content: '<p>x</p>', showDuration: 9999 } }),
    ],
    [
      'notice audience',
      (c) =>
        c.api.console.publishNotice({
          body: { content: '<p>x</p>', showDuration: 1, audience: ['Pirate' as never] },
        }),
    ],
    ['maintenance', (c) => c.api.console.maintenance({ body: { enabled: 'yes' as never, message: null } })],
    ['report day', (c) => c.api.console.moneyReport({ query: { from: '2026-1-1', to: '2026-01-31' } })],
    ['report order', (c) => c.api.console.moneyReport({ query: { from: '2026-02-01', to: '2026-01-01' } })],
    ['report range', (c) => c.api.console.moneyReport({ query: { from: '2020-01-01', to: '2026-01-01' } })],
    ['ggr day', (c) => c.api.console.gameReport({ query: { from: '2026-01-01', to: '31-01-2026' } })],
    ['ggr order', (c) => c.api.console.gameReport({ query: { from: '2026-02-01', to: '2026-01-01' } })],
    ['ggr range', (c) => c.api.console.gameReport({ query: { from: '2020-01-01', to: '2026-01-01' } })],
    [
      'ggr unknown',
      (c) => c.api.console.gameReport({ query: { from: '2026-01-01', to: '2026-01-02', x: 1 } as never }),
    ],
    [
      'game edge out of bounds',
      (c) =>
        c.api.console.updateGame({
          body: {
            game: 'mines',
            asset: 'YEC',
            enabled: true,
            minBet: '1.00',
            maxBet: '100.00',
            maxPayout: '1000.00',
            edgeBp: 999,
          },
        }),
    ],
    [
      'game max below min',
      (c) =>
        c.api.console.updateGame({
          body: {
            game: 'dice',
            asset: 'YEC',
            enabled: true,
            minBet: '10.00',
            maxBet: '5.00',
            maxPayout: '1000.00',
            edgeBp: null,
          },
        }),
    ],
    [
      'game asset',
      (c) =>
        c.api.console.updateGame({
          body: {
            game: 'dice',
            asset: 'MXN',
            enabled: true,
            minBet: '1.00',
            maxBet: '5.00',
            maxPayout: '1000.00',
            edgeBp: null,
          },
        }),
    ],
    [
      'salt hash',
      (c) =>
        c.api.console.setRoundSalt({
          body: { game: 'crash', terminatingHash: 'xyz', salt: 's'.repeat(32), source: 'test' },
        }),
    ],
    [
      'salt short',
      (c) =>
        c.api.console.setRoundSalt({
          body: { game: 'wingo60', terminatingHash: 'f'.repeat(64), salt: 'short', source: 'test' },
        }),
    ],
    ['audit actor', (c) => c.api.console.audit({ query: { actorId: 0 } })],
    ['grant role', (c) => c.api.console.grant({ body: { userId: 1, projectId: 12, role: 'boss' as never } })],
    ['grant project', (c) => c.api.console.grant({ body: { userId: 1, projectId: 0, role: 'support' } })],
  ])('%s answers 3', async (_name, send) => {
    expect(await codeOf(send(staff.get('admin')!))).toBe(3);
  });
});

// Proves the console's player page beyond money (docs/console.md "Player page"): staff see the
// player's live sessions and support signs one out (the token stops working at once; an audit line
// names the staff member); staff see the limits with pending increases and a self-exclusion with its
// end, and no console endpoint or method changes them; staff see the identity tier, the declared name
// and every tier-2 submission with its reviewer, time and reason. Staff of project 10 see nothing of a
// project-12 player; bad input answers 3.
import type { PayhubClient } from '@payhub/client';
import { contracts } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../../test/api-errors.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
let support: PayhubClient;
let compliance: PayhubClient;
let finance: PayhubClient;
let player: PayhubClient;
let playerId: number;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-selfie-body')]);

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  support = await testApp.signIn('staff-support', 12);
  compliance = await testApp.signIn('staff-compliance', 12);
  finance = await testApp.signIn('staff-finance', 12);
  player = await testApp.signIn('player-2', 12);
  playerId = (await player.api.user.me()).id;
}, 120_000);
afterAll(async () => testApp?.close());

function documents(): FormData {
  const data = new FormData();
  data.append('document', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'document.png');
  data.append('selfie', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'selfie.jpg');
  return data;
}
const submitDocuments = (client: PayhubClient) =>
  client.http.call(contracts.identity.submitDocuments, { body: documents() });

describe('player sessions', () => {
  it('lists the live sessions; support signs one out, it stops working, the audit line names them', async () => {
    const before = await support.api.console.playerSessions({ params: { userId: playerId } });
    const second = await testApp.signIn('player-2', 12);
    await second.api.user.me();
    const after = await support.api.console.playerSessions({ params: { userId: playerId } });
    expect(after.items.length).toBe(before.items.length + 1);
    const known = new Set(before.items.map((row) => row.id));
    const added = after.items.find((row) => !known.has(row.id))!;
    expect(added.lastSeenAt).toBeGreaterThan(0);

    // Finance may not see sessions; compliance and support may, but a session id of someone else is 404.
    expect(await codeOf(finance.api.console.playerSessions({ params: { userId: playerId } }))).toBe(1031);
    const staffMe = await support.api.console.me();
    expect(
      await codeOf(
        support.api.console.revokePlayerSession({ params: { userId: playerId, id: 999_999 }, body: {} }),
      ),
    ).toBe(404);

    await support.api.console.revokePlayerSession({ params: { userId: playerId, id: added.id }, body: {} });
    expect(await codeOf(second.api.user.me())).toBe(1);
    // The other session of the player still works; signing the same one out again is 404.
    await player.api.user.me();
    expect(
      await codeOf(
        support.api.console.revokePlayerSession({ params: { userId: playerId, id: added.id }, body: {} }),
      ),
    ).toBe(404);
    const listed = await support.api.console.playerSessions({ params: { userId: playerId } });
    expect(listed.items.map((row) => row.id)).not.toContain(added.id);

    const audit = await compliance.api.console.audit({
      query: { action: 'console.session.revoke', objectId: String(playerId) },
    });
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]!.actorId).toBe(staffMe.userId);
    expect(audit.items[0]!.before).toMatchObject({ sessionId: added.id });
  });
});

describe('player limits and exclusions (read only)', () => {
  it('shows a limit, its pending increase with the time it applies, and a self-exclusion with its end', async () => {
    await player.api.responsible.setLimit({ body: { kind: 'deposit_day', amount: '100000.00' } });
    await player.api.responsible.setLimit({ body: { kind: 'deposit_day', amount: '300000.00' } });
    await player.api.responsible.setSessionLimit({ body: { minutes: 60 } });
    const excluded = await player.api.responsible.selfExclude({ body: { months: 6 } });

    const seen = await finance.api.console.playerLimits({ params: { userId: playerId } });
    const deposit = seen.limits.find((row) => row.kind === 'deposit_day')!;
    expect(deposit.value).toBe('100000.00');
    expect(deposit.pending?.value).toBe('300000.00');
    expect(deposit.pending!.effectiveAt).toBeGreaterThan(Math.floor(testApp.clock.now().getTime() / 1000));
    expect(seen.limits.find((row) => row.kind === 'session_minutes')!.value).toBe('60');
    expect(seen.exclusion).toEqual(excluded.exclusion);
    expect(seen.exclusion?.kind).toBe('self_exclusion');
    expect(seen.exclusion?.until).not.toBeNull();
  });

  it('no console endpoint changes limits or exclusions, and a guessed one is not there', async () => {
    const writes = Object.entries(contracts.console).filter(
      ([, endpoint]) => endpoint.method !== 'GET' && /limit|exclu|cool|responsible/i.test(endpoint.path),
    );
    expect(writes.map(([name]) => name)).toEqual([]);
    const admin = await testApp.signIn('admin', 12);
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      for (const path of [
        `/main/console/players/${playerId}/limits`,
        `/main/console/players/${playerId}/exclusion`,
      ]) {
        const response = await testApp.app.inject({
          method,
          url: path,
          headers: {
            main_token: admin.getToken() ?? '',
            projectId: '12',
            'content-type': 'application/json',
          },
          payload: { kind: 'self_exclusion', until: null },
        });
        expect(response.statusCode, `${method} ${path}`).toBe(404);
      }
    }
    // The exclusion is still in force, unchanged, for the player.
    const settings = await player.api.responsible.settings();
    expect(settings.exclusion?.kind).toBe('self_exclusion');
  });
});

describe('player identity and KYC', () => {
  it('shows the tier, the declared name and each submission with its reviewer, time and reason', async () => {
    const empty = await support.api.console.playerIdentity({ params: { userId: playerId } });
    expect(empty).toMatchObject({ tier: 0, fullName: null, documents: [] });

    await player.api.identity.declare({ body: { fullName: 'Sari Wulandari', birthDate: '1992-03-14' } });
    await submitDocuments(player);
    const pending = await support.api.console.playerIdentity({ params: { userId: playerId } });
    expect(pending.tier).toBe(1);
    expect(pending.fullName).toBe('Sari Wulandari');
    expect(pending.documents).toHaveLength(1);
    expect(pending.documents[0]).toMatchObject({ status: 'pending', decidedBy: null, decidedByName: null });

    const first = pending.documents[0]!.id;
    await compliance.api.console.rejectKyc({
      params: { id: first },
      body: { reason: 'the photo is blurred' },
    });
    await submitDocuments(player);
    const second = (await support.api.console.playerIdentity({ params: { userId: playerId } })).documents[0]!
      .id;
    await compliance.api.console.approveKyc({ params: { id: second }, body: {} });

    const reviewer = await compliance.api.console.me();
    const decided = await support.api.console.playerIdentity({ params: { userId: playerId } });
    expect(decided.tier).toBe(2);
    expect(decided.documents.map((row) => [row.id, row.status, row.reason])).toEqual([
      [second, 'approved', null],
      [first, 'rejected', 'the photo is blurred'],
    ]);
    for (const row of decided.documents) {
      expect(row.decidedBy).toBe(reviewer.userId);
      expect(row.decidedByName).toBe(reviewer.nickname);
      expect(row.decidedAt).not.toBeNull();
    }
    // Finance has no business with identity documents.
    expect(await codeOf(finance.api.console.playerIdentity({ params: { userId: playerId } }))).toBe(1031);
  });
});

describe('projects', () => {
  it('staff of project 10 see nothing of a project-12 player (404: ids reveal nothing)', async () => {
    const support10 = await testApp.signIn('staff-support', 10);
    const api = support10.api.console;
    const params = { userId: playerId };
    expect(await codeOf(api.playerSessions({ params }))).toBe(404);
    expect(await codeOf(api.playerLimits({ params }))).toBe(404);
    expect(await codeOf(api.playerIdentity({ params }))).toBe(404);
    const live = await support.api.console.playerSessions({ params });
    expect(
      await codeOf(
        api.revokePlayerSession({ params: { userId: playerId, id: live.items[0]!.id }, body: {} }),
      ),
    ).toBe(404);
    // Nothing was signed out by the refused call.
    await player.api.user.me();
  });
});

describe('bad input', () => {
  it.each<[string, (client: PayhubClient) => Promise<unknown>]>([
    ['sessions id', (c) => c.api.console.playerSessions({ params: { userId: -1 } })],
    ['sessions id zero', (c) => c.api.console.playerSessions({ params: { userId: 0 } })],
    ['revoke id', (c) => c.api.console.revokePlayerSession({ params: { userId: 1, id: 0 }, body: {} })],
    [
      'revoke body',
      (c) =>
        c.api.console.revokePlayerSession({ params: { userId: 1, id: 1 }, body: { all: true } as never }),
    ],
    ['limits id', (c) => c.api.console.playerLimits({ params: { userId: 'abc' as never } })],
    ['identity id', (c) => c.api.console.playerIdentity({ params: { userId: 1.5 } })],
  ])('%s answers 3', async (_name, send) => {
    expect(await codeOf(send(support))).toBe(3);
  });
});

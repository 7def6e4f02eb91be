// Proves the "many payers to one card" monitoring rule: more than 8 distinct players paying to one
// operator card within 24 hours opens exactly one case for that card, which the admin sees; and the
// payhub service's monitoring entry points other modules use (rewards, chain): a case opened inside
// the caller's transaction (gone with its rollback), once per rule and subject, read until closed.
import type { PayhubClient } from '@payhub/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { createLedger } from '../../ledger/ledger.ts';
import { createUserProfiles } from '../user/user-profiles.service.ts';
import { createPayhubRepo } from './payhub.repo.ts';
import { createPayhubService } from './payhub.service.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
});
afterAll(async () => testApp?.close());

/** A new player through the real registration flow (SMS code from the dev adapter). */
async function newPlayer(index: number): Promise<PayhubClient> {
  const client = testApp.client();
  const phone = `0812777700${String(index).padStart(2, '0')}`;
  await client.api.user.sendCode({ query: { phone, purpose: 'register' } });
  const { code } = await client.api.user.devLatestCode({ query: { phone, purpose: 'register' } });
  const session = await client.api.user.register({ body: { phone, password: 'rahasia123', code } });
  client.setToken(session.token);
  return client;
}

describe('monitoring', () => {
  it('opens one case when more than 8 players pay to the same card', async () => {
    const second = await testApp.signIn('operator-2');
    await second.api.payhub.setWork({ params: { flag: 0 } });
    const cards = new Set<string>();
    for (let index = 0; index < 10; index += 1) {
      const player = await newPlayer(index);
      const order = await player.api.payhub.createOrder({
        body: { amount: '100000.00', bankCode: 'MANDIRI' },
      });
      cards.add(`${order.payee?.bankCode} ${order.payee?.accountNo}`);
    }
    expect(cards.size).toBe(1);
    const admin = await testApp.signIn('admin');
    const cases = await admin.api.payhub.adminCases({ query: { page: 1, count: 50, status: 'open' } });
    const cardCases = cases.items.filter((item) => item.rule === 'many_payers_one_card');
    expect(cardCases).toHaveLength(1);
    expect(cardCases[0]!.details).toMatchObject({ payers: 9 });
    // The admin of another project does not see it.
    const otherAdmin = await testApp.signIn('admin', 10);
    const foreign = await otherAdmin.api.payhub.adminCases({ query: { page: 1, count: 50 } });
    expect(foreign.items.some((item) => item.rule === 'many_payers_one_card')).toBe(false);
  });
});

describe('monitoring cases of other modules, through the payhub service', () => {
  it("opens a case in the caller's transaction, once per rule and subject, and reads it until closed", async () => {
    const { db } = testApp.database;
    const repo = createPayhubRepo(db, createUserProfiles(db));
    const payhub = createPayhubService({
      repo,
      ledger: createLedger(testApp.clock),
      clock: testApp.clock,
      notifier: { notify: async () => {} },
      projectById: () => undefined,
      isOwnUpload: async () => false,
      log: () => {},
    });
    const subjectId = '990001';
    const row = {
      projectId: 12,
      rule: 'reward_abuse',
      subjectType: 'player',
      subjectId,
      details: { reasons: ['same_device'] },
      at: testApp.clock.now(),
    };
    // The caller's transaction rolls back: its case goes with it.
    await expect(
      repo.transaction(async (tx) => {
        expect(await payhub.openCase(tx, row)).toEqual(expect.any(Number));
        throw new Error('the caller refused');
      }),
    ).rejects.toThrow('the caller refused');
    expect(await payhub.hasOpenCase('player', subjectId)).toBe(false);

    const id = await repo.transaction((tx) => payhub.openCase(tx, row));
    expect(id).toEqual(expect.any(Number));
    expect(await repo.transaction((tx) => payhub.openCase(tx, row))).toBeNull();
    expect(await payhub.hasOpenCase('player', subjectId)).toBe(true);
    expect(await payhub.hasOpenCase('player', '990002')).toBe(false);

    const admin = await testApp.signIn('admin');
    const open = await admin.api.payhub.adminCases({ query: { page: 1, count: 50, status: 'open' } });
    expect(open.items.filter((item) => item.rule === 'reward_abuse').map((item) => item.id)).toEqual([id]);
    await admin.api.payhub.adminCloseCase({ params: { id: id! }, body: { resolution: 'a family device' } });
    expect(await payhub.hasOpenCase('player', subjectId)).toBe(false);
  });
});

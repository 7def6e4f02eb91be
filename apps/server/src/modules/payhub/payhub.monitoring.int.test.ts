// Proves the "many payers to one card" monitoring rule: more than 8 distinct players paying to one
// operator card within 24 hours opens exactly one case for that card, which the admin sees.
import type { PayhubClient } from '@payhub/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

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

// Proves the console's operator page and promoter list (docs/console.md "Operators and promoters"):
// an operator's receiving cards with the names on them (a card the operator adds shows at once),
// quota balance as the quota module answers it to the operator, KYC, limits and group; the project's
// promoters with role, group, leader and status; another project's operator is 404; the roles of the
// table only; bad input answers 3.
import type { PayhubClient } from '@payhub/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../../test/api-errors.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
let payments: PayhubClient;
let support: PayhubClient;
let finance: PayhubClient;
let operator: PayhubClient;
let operatorId: number;

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  payments = await testApp.signIn('staff-payments', 12);
  support = await testApp.signIn('staff-support', 12);
  finance = await testApp.signIn('staff-finance', 12);
  operator = await testApp.signIn('operator', 12);
  operatorId = (await operator.api.user.me()).id;
}, 120_000);
afterAll(async () => testApp?.close());

describe('operator page', () => {
  it('shows the cards and holder names, quota, KYC, limits and group; a new card shows at once', async () => {
    const before = await payments.api.console.operator({ params: { userId: operatorId } });
    const ownCards = await operator.api.payhubTools.bankQuery({ query: { page: 1, count: 100 } });
    expect(before.cards.map((card) => card.accountNo).sort()).toEqual(
      ownCards.items.map((card) => card.accountNo).sort(),
    );
    expect(before.cards.length).toBeGreaterThan(0);
    expect(before.kycStatus).toBe('verified');
    expect(before.verifiedName).toBeTruthy();
    for (const card of before.cards) expect(card.holderName.length).toBeGreaterThan(0);
    // The quota is the operator's own balance, as the quota module answers it to them.
    const own = await operator.api.quota.query();
    expect(before.quota).toEqual(own);
    expect(before.spaPay).toBe(true);

    await operator.api.payhubTools.bankAdd({
      body: { bankCode: 'PERMATA', accountNo: '5550002222', bankCardHolder: before.verifiedName! },
    });
    const after = await payments.api.console.operator({ params: { userId: operatorId } });
    expect(after.cards.length).toBe(before.cards.length + 1);
    expect(after.cards.find((card) => card.accountNo === '5550002222')).toMatchObject({
      bankCode: 'PERMATA',
      holderName: before.verifiedName,
      active: expect.any(Boolean),
    });
  });

  it('answers the group and its leader for a group member operator, and 404 for non-operators and other projects', async () => {
    const leader = await testApp.signIn('leader', 12);
    const leaderId = (await leader.api.user.me()).id;
    const promoterId = (await (await testApp.signIn('promoter', 12)).api.user.me()).id;
    const list = await payments.api.console.promoters({ query: { count: 100 } });
    const promoter = list.items.find((row) => row.userId === promoterId);
    expect(promoter).toMatchObject({ group: { leaderId, leads: false } });
    expect(promoter!.group.leaderName).toBeTruthy();
    expect(list.items.find((row) => row.userId === leaderId)).toMatchObject({
      group: { leaderId, leads: true },
    });
    expect(['online', 'away', 'never']).toContain(promoter!.status);

    const player = await testApp.signIn('player', 12);
    const playerId = (await player.api.user.me()).id;
    expect(await codeOf(payments.api.console.operator({ params: { userId: playerId } }))).toBe(404);
    const operator10 = await testApp.signIn('operator', 10);
    const operator10Id = (await operator10.api.user.me()).id;
    expect(await codeOf(payments.api.console.operator({ params: { userId: operator10Id } }))).toBe(404);
    expect(await codeOf(payments.api.console.operator({ params: { userId: 999_999_999 } }))).toBe(404);
  });

  it('promoters: keyset pages cover the list once, newest id first; a group filter keeps its people', async () => {
    const all = await support.api.console.promoters({ query: { count: 100 } });
    expect(all.items.length).toBeGreaterThan(1);
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await support.api.console.promoters({
        query: { count: 1, ...(cursor ? { cursor } : {}) },
      });
      seen.push(...page.items.map((row) => row.userId));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all.items.map((row) => row.userId));
    const groupId = all.items[0]!.group.id;
    const group = await support.api.console.promoters({ query: { groupId, count: 100 } });
    expect(group.items.length).toBeGreaterThan(0);
    for (const row of group.items) expect(row.group.id).toBe(groupId);
    const none = await support.api.console.promoters({ query: { groupId: 999_999_999 } });
    expect(none.items).toEqual([]);
  });

  it('refuses roles outside the table and bad input (3)', async () => {
    expect(await codeOf(finance.api.console.operator({ params: { userId: operatorId } }))).toBe(1031);
    expect(await codeOf(finance.api.console.promoters({ query: {} }))).toBe(1031);
    expect(await codeOf(support.api.console.operator({ params: { userId: operatorId } }))).toBe(1031);
    const bad: Array<[string, () => Promise<unknown>]> = [
      ['operator id text', () => payments.api.console.operator({ params: { userId: 'abc' as never } })],
      ['operator id 0', () => payments.api.console.operator({ params: { userId: 0 } })],
      ['count 0', () => payments.api.console.promoters({ query: { count: 0 } })],
      ['count 101', () => payments.api.console.promoters({ query: { count: 101 } })],
      ['cursor', () => payments.api.console.promoters({ query: { cursor: 'x1' } })],
      ['group id', () => payments.api.console.promoters({ query: { groupId: -1 } })],
      ['unknown field', () => payments.api.console.promoters({ query: { extra: 1 } as never })],
    ];
    for (const [name, call] of bad) expect(await codeOf(call()), name).toBe(3);
  });
});

// Proves the operator's movements read (/transaction, issue 11): every movement of the caller's quota
// and commission with its type, filters by type and date, keyset pages that neither skip nor repeat,
// only the caller's own accounts, bad input refused with 3 and nothing changed, non-operators refused.
import type { PayhubClient } from '@payhub/client';
import { ErrorCode, PayOrderState as P } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, quotaOf } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { OPERATOR_MOVEMENT_TYPE_OF_CODE } from './quota.movements.ts';

let testApp: TestApp;
let player: PayhubClient;
const operators = new Map<number, PayhubClient>();

beforeAll(async () => {
  testApp = await startTestApp();
  player = await testApp.signIn('player');
  for (const label of ['operator', 'operator-2']) {
    const client = await testApp.signIn(label);
    operators.set((await client.api.user.me()).id, client);
  }
});
afterAll(async () => testApp?.close());

/** Every movement of an operator, walking the keyset pages `count` at a time. */
async function allMovements(client: PayhubClient, count: number, filter: Record<string, string> = {}) {
  const items = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page += 1) {
    const answer = await client.api.quota.transactions({
      query: { ...filter, count, ...(cursor ? { cursor } : {}) } as never,
    });
    items.push(...answer.items);
    if (answer.nextCursor === null) return items;
    cursor = answer.nextCursor;
  }
  throw new Error('more than 100 pages');
}

describe('operator movements (/transaction)', () => {
  let operator: PayhubClient;

  beforeAll(async () => {
    // A player's deposit paid by whichever operator it went to, and a bank top-up of that operator.
    const order = await player.api.payhub.createOrder({ body: { amount: '100000.00', bankCode: 'BCA' } });
    expect(order.state).toBe(P.WAIT);
    operator = operators.get(order.operatorId!)!;
    await operator.api.payhub.payCheck({ body: { id: order.id, action: 'confirm' } });
    const topup = await operator.api.quota.pay({ body: { amount: '1000000.00', method: 'bank' } });
    await operator.api.quota.devSettle({ body: { orderNo: topup.orderNo, status: 'settled' } });
  });

  it('lists the quota and commission movements with their types, newest first', async () => {
    const items = await allMovements(operator, 100);
    const types = new Set(items.map((item) => item.type));
    for (const type of ['topup', 'deposit', 'commission']) expect(types).toContain(type);
    expect(items.every((item) => item.type !== 'other')).toBe(true);
    const ids = items.map((item) => BigInt(item.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    // The newest: the settled top-up, into the quota, with the balance after it.
    expect(items[0]).toMatchObject({
      type: 'topup',
      code: 'quota_topup',
      account: 'quota',
      amount: '1000000.00',
    });
    const quota = await quotaOf(operator);
    expect(items[0]!.balanceAfter).toBe((await operator.api.quota.query()).quota);
    expect(quota.quota).toBeGreaterThan(0n);
    // A deposit takes from the quota; its commission lands on the commission account.
    const deposit = items.find((item) => item.code === 'deposit')!;
    expect(deposit).toMatchObject({ account: 'quota', amount: '-100000.00', referenceType: 'pay_order' });
    const commission = items.find((item) => item.type === 'commission')!;
    expect(commission.account).toBe('commission');
    expect(commission.amount.startsWith('-')).toBe(false);
    // Every code seen has its line in the one table.
    for (const item of items) expect(OPERATOR_MOVEMENT_TYPE_OF_CODE[item.code]).toBe(item.type);
  });

  it('pages by cursor without skipping or repeating', async () => {
    const whole = await allMovements(operator, 100);
    const paged = await allMovements(operator, 1);
    expect(paged.map((item) => item.id)).toEqual(whole.map((item) => item.id));
  });

  it('filters by type and by date range', async () => {
    const commissions = await allMovements(operator, 100, { type: 'commission' });
    expect(commissions.length).toBeGreaterThan(0);
    expect(commissions.every((item) => item.type === 'commission' && item.account === 'commission')).toBe(
      true,
    );
    const shop = await allMovements(operator, 100, { type: 'shop' });
    expect(shop).toEqual([]);
    const future = await allMovements(operator, 100, { from: '2999-01-01T00:00:00Z' });
    expect(future).toEqual([]);
    const whole = await allMovements(operator, 100);
    const newest = whole[0]!.createdAt;
    const upToNewest = await allMovements(operator, 100, { to: newest });
    expect(upToNewest.every((item) => item.createdAt < newest)).toBe(true);
    expect(upToNewest.length).toBeLessThan(whole.length);
  });

  it("shows only the caller's own accounts", async () => {
    const mine = new Set((await allMovements(operator, 100)).map((item) => item.id));
    for (const [, other] of operators) {
      if (other === operator) continue;
      const theirs = await allMovements(other, 100);
      expect(theirs.some((item) => mine.has(item.id))).toBe(false);
    }
  });

  it('refuses bad input with 3 and changes nothing', async () => {
    const before = await quotaOf(operator);
    const bad: Array<Record<string, string>> = [
      { type: 'bonus' },
      { cursor: 'abc' },
      { cursor: '-1' },
      { count: '0' },
      { count: '101' },
      { count: 'ten' },
      { from: 'yesterday' },
      { to: '2026-13-45T00:00:00Z' },
      { from: '2026-11-24T00:00:00Z', to: '2026-11-23T00:00:00Z' },
      { from: '2026-11-24T00:00:00Z', to: '2026-11-24T00:00:00Z' },
      { account: 'commission' },
    ];
    for (const query of bad) {
      const error = await failure(operator.api.quota.transactions({ query: query as never }));
      expect(error.errCode, JSON.stringify(query)).toBe(ErrorCode.BadParameter);
    }
    expect(await quotaOf(operator)).toEqual(before);
  });

  it('refuses players and promoters (not payment operators)', async () => {
    for (const client of [player, await testApp.signIn('promoter')]) {
      const error = await failure(client.api.quota.transactions({ query: { count: 20 } }));
      expect(error.errCode).toBe(ErrorCode.NoPermission);
    }
  });
});

// Proves the commission endpoints through packages/client: balance, detail, changes into quota and
// payouts to an own card through the ledger (idempotent, 3005 beyond the balance), handle counts,
// the commission history, and a group leader's member aggregates (1031 for non-leaders).
import type { PayhubClient } from '@payhub/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, failure, quotaOf, userIdOf } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
let operator: PayhubClient;
let other: PayhubClient;
let player: PayhubClient;
let leader: PayhubClient;

beforeAll(async () => {
  testApp = await startTestApp();
  operator = await testApp.signIn('operator');
  other = await testApp.signIn('operator-2');
  player = await testApp.signIn('player');
  leader = await testApp.signIn('leader');
  // The operator joins the leader's group.
  await testApp.database.pool.query(
    `INSERT INTO spa_members (user_id, group_id, joined_at)
     SELECT $1, id, now() FROM spa_groups WHERE leader_id = $2 ON CONFLICT (user_id) DO UPDATE SET group_id = EXCLUDED.group_id`,
    [await userIdOf(operator), await userIdOf(leader)],
  );
  // Earn commission: two confirmed orders (1% each).
  await other.api.payhub.setWork({ params: { flag: 0 } });
  for (const amount of ['2000000.00', '3000000.00']) {
    const order = await player.api.payhub.createOrder({ body: { amount, bankCode: 'BNI' } });
    await operator.api.payhub.payCheck({ body: { id: order.id, action: 'confirm' } });
  }
  await other.api.payhub.setWork({ params: { flag: 1 } });
});
afterAll(async () => testApp?.close());

describe('commission balance', () => {
  it('reports the balance and its detail', async () => {
    expect(await operator.api.commission.balance()).toEqual({
      currency: 'IDR',
      balance: '50000.00',
      held: '0.00',
      available: '50000.00',
    });
    const detail = await operator.api.commission.balanceDetail();
    expect(detail).toMatchObject({
      earnedToday: '50000.00',
      earnedTotal: '50000.00',
      changedToQuota: '0.00',
    });
    expect((await other.api.commission.balance()).balance).toBe('0.00');
  });

  it('changes commission into quota and pays it out to an own card, once per key', async () => {
    const before = await quotaOf(operator);
    const change = await operator.api.commission.balanceChange({
      body: { amount: '12000.00', target: 'quota' },
      idempotencyKey: 'change-1',
    });
    const replay = await operator.api.commission.balanceChange({
      body: { amount: '12000.00', target: 'quota' },
      idempotencyKey: 'change-1',
    });
    expect(replay.id).toBe(change.id);
    const after = await quotaOf(operator);
    expect(after.quota - before.quota).toBe(1_200_000n);
    expect(before.commission - after.commission).toBe(1_200_000n);

    const cards = await operator.api.payhubTools.bankQuery({ query: { page: 1, count: 500 } });
    const accountNo = cards.items[0]!.accountNo;
    const payout = await operator.api.commission.balanceChange({
      body: { amount: '8000.00', target: 'card', accountNo },
    });
    expect(payout).toMatchObject({ target: 'card', accountNo, amount: '8000.00' });
    // Another operator's card is not found and nothing moves.
    expect(
      (
        await failure(
          other.api.commission.balanceChange({
            body: { amount: '1.00', target: 'card', accountNo },
          }),
        )
      ).errCode,
    ).toBe(404);
    expect(
      (
        await failure(
          operator.api.commission.balanceChange({
            body: { amount: '30000.01', target: 'quota' },
          }),
        )
      ).errCode,
    ).toBe(3005);
    for (const body of [
      { amount: '0', target: 'quota' },
      { amount: '1.001', target: 'quota' },
      { amount: 5, target: 'quota' },
      { amount: '1.00', target: 'card' },
      { amount: '1.00', target: 'bank' },
    ]) {
      expect((await failure(operator.api.commission.balanceChange({ body: body as never }))).errCode).toBe(3);
    }
    expect((await operator.api.commission.balance()).balance).toBe('30000.00');
    const detail = await operator.api.commission.balanceDetail();
    expect(detail).toMatchObject({ changedToQuota: '12000.00', paidOut: '8000.00', available: '30000.00' });

    const orders = await operator.api.commission.orders({ query: { page: 1, count: 500 } });
    expect(orders.items.map((item) => item.id)).toEqual([payout.id, change.id]);
    expect((await other.api.commission.orders({ query: { page: 1, count: 500 } })).total).toBe(0);
    const history = await operator.api.commission.balanceHistory({ query: { page: 1, count: 500 } });
    expect(history.items.map((item) => [item.code, item.amount])).toEqual([
      ['commission_payout', '-8000.00'],
      ['commission_change', '-12000.00'],
      ['deposit_commission', '30000.00'],
      ['deposit_commission', '20000.00'],
    ]);
    expect(
      (await failure(operator.api.commission.balanceHistory({ query: { count: 0 } as never }))).errCode,
    ).toBe(3);
    const audit = await testApp.database.pool.query(
      `SELECT action FROM audit_log WHERE object_type = 'commission_change' ORDER BY id`,
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['commission.change', 'commission.payout']);
    await expectLedgerClean(testApp);
  });

  it('counts withdrawal handles', async () => {
    const counts = await operator.api.commission.handleCount();
    expect(counts).toEqual({ waiting: 0, confirm: 0, exceptional: 0, finished: 0 });
    expect((await failure(player.api.commission.handleCount())).errCode).toBe(1031);
  });

  it('a leader sees its operators’ aggregates; others are refused', async () => {
    const now = Math.floor(testApp.clock.now().getTime() / 1000);
    const data = await leader.api.commission.memberAggData({
      query: { startTime: String(now - 3600), endTime: String(now + 3600) } as never,
    });
    const operatorId = await userIdOf(operator);
    const row = data.items.find((item) => item.userId === operatorId);
    expect(row).toMatchObject({ paidOrders: 2, paidAmount: '5000000.00', commission: '50000.00' });
    expect(data.summary.paidOrders).toBe(2);
    expect((await leader.api.commission.memberAggData({ query: {} })).summary.paidOrders).toBe(2);
    expect((await failure(operator.api.commission.memberAggData({ query: {} }))).errCode).toBe(1031);
    expect(
      (
        await failure(
          leader.api.commission.memberAggData({
            query: { startTime: String(now), endTime: String(now - 10) } as never,
          }),
        )
      ).errCode,
    ).toBe(3);
    expect(
      (await failure(leader.api.commission.memberAggData({ query: { startTime: 'yesterday' } as never })))
        .errCode,
    ).toBe(3);
  });
});

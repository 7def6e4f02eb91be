// Proves the deposit feed from the payment hub: a player who registered with a promoter's share code deposits through the API, an operator confirms, and the promoter's data center counts one first deposit with its amount (once, whatever the replays); a first deposit reversed from the console (the bank took it back) is uncounted, and the next deposit that stands counts as the first.
import { PayOrderState } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadVoucher } from '../../../test/payhub-helpers.ts';
import { registerPlayer } from '../../../test/promo-support.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { localDay } from '../../platform/local-day.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => testApp?.close());

async function paidDeposit(player: Awaited<ReturnType<typeof registerPlayer>>['client'], amount: string) {
  const order = await player.api.payhub.createOrder({ body: { amount, bankCode: 'BCA' } });
  await player.api.payhub.voucher({ body: { id: order.id, voucherUrl: await uploadVoucher(player) } });
  for (const label of ['operator', 'operator-2']) {
    const operator = await testApp.signIn(label);
    if (order.operatorId !== (await operator.api.user.me()).id) continue;
    const paid = await operator.api.payhub.payCheck({ body: { id: order.id, action: 'confirm' } });
    expect(paid.state).toBe(PayOrderState.PAID);
    return paid;
  }
  throw new Error('no operator took the order');
}

describe('deposits through the payment hub', () => {
  it('counts the first deposit of a share-code player for the promoter, and later deposits only as deposits', async () => {
    const promoter = await testApp.signIn('promoter');
    const { shareCode } = await promoter.api.promo.spaCurrentTask();
    const player = await registerPlayer(testApp, '081366600001', 12, shareCode);
    await paidDeposit(player.client, '150000.00');
    await paidDeposit(player.client, '50000.00');

    const today = localDay(testApp.clock.now(), 'Asia/Jakarta');
    const rows = (await promoter.api.datacenter.spaTaskData({ query: {} })).rows;
    expect(rows[1]).toEqual({
      date: today,
      applyCount: 1,
      completeCount: 0,
      depositFirstCount: 1,
      depositAllCount: 2,
      depositFirstAmount: '150000.00',
    });
    const { rows: events } = await testApp.database.pool.query(
      'SELECT kind, amount FROM dc_task_events WHERE player_id = $1 ORDER BY id',
      [player.userId],
    );
    expect(events.map((event) => [event.kind, String(event.amount)])).toEqual([
      [1, '0'],
      [4, '15000000'],
      [3, '15000000'],
      [4, '5000000'],
    ]);
  });

  it('uncounts a reversed first deposit; the next deposit that stands counts as the first', async () => {
    const promoter = await testApp.signIn('promoter');
    const { shareCode } = await promoter.api.promo.spaCurrentTask();
    const player = await registerPlayer(testApp, '081366600002', 12, shareCode);
    const before = (await promoter.api.datacenter.spaTaskData({ query: {} })).rows[1]!;
    const first = await paidDeposit(player.client, '70000.00');
    const finance = await testApp.signIn('staff-finance');
    await finance.api.console.reverseDeposit({
      params: { id: first.id },
      body: { reason: 'Chargeback BCA' },
    });
    const afterReversal = (await promoter.api.datacenter.spaTaskData({ query: {} })).rows[1]!;
    expect(afterReversal).toMatchObject({
      depositFirstCount: before.depositFirstCount,
      depositAllCount: before.depositAllCount,
      depositFirstAmount: before.depositFirstAmount,
    });
    await paidDeposit(player.client, '60000.00');
    const events = await testApp.database.pool.query(
      'SELECT kind, amount FROM dc_task_events WHERE player_id = $1 ORDER BY id',
      [player.userId],
    );
    expect(events.rows.map((event) => [event.kind, String(event.amount)])).toEqual([
      [1, '0'],
      [4, '6000000'],
      [3, '6000000'],
    ]);
  });
});

// Proves that parallel deposits never fill a card link beyond its total limit.
import type { PayhubClient } from '@payhub/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectLedgerClean } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
let operator: PayhubClient;
let players: PayhubClient[];

beforeAll(async () => {
  testApp = await startTestApp({ realClock: true });
  operator = await testApp.signIn('operator');
  const other = await testApp.signIn('operator-2');
  const manager = await testApp.signIn('operator-manage');
  players = [await testApp.signIn('player'), await testApp.signIn('player-2')];
  // Only `operator` may be chosen.
  await other.api.payhub.setWork({ params: { flag: 0 } });
  await manager.api.payhub.setWork({ params: { flag: 0 } });
  await operator.api.payhub.setWork({ params: { flag: 1 } });
  await operator.api.payhubTools.setWorkTime({
    body: { start: '00:00', end: '23:59', days: [1, 2, 3, 4, 5, 6, 7] },
  });
});
afterAll(async () => testApp?.close());

it('assigns at most total/amount orders to a link under 24 parallel deposits', async () => {
  const cards = await operator.api.payhubTools.bankQuery({ query: { page: 1, count: 500 } });
  const accountNo = cards.items.find((card) => card.bankCode === 'BNI')!.accountNo;
  await operator.api.payhubTools.cardUrlBind({
    body: {
      accountNo,
      url: 'https://pay.example/bni',
      expiresAt: new Date(Date.now() + 60 * 60_000).toISOString(),
      minAmount: '50000.00',
      maxAmount: '300000.00',
      totalLimit: '500000.00',
    },
  });
  const orders = await Promise.all(
    Array.from({ length: 24 }, (_, index) =>
      players[index % 2]!.api.payhub.createOrder({ body: { amount: '100000.00', bankCode: 'BNI' } }),
    ),
  );
  const assigned = orders.filter((order) => order.state === 0);
  expect(assigned.length).toBeLessThanOrEqual(5);
  expect(assigned.length).toBeGreaterThan(0);
  const amount = await operator.api.payhubTools.cardUrlAmount();
  expect(amount.items[0]?.used).toBe(`${assigned.length * 100000}.00`);
  await expectLedgerClean(testApp);
});

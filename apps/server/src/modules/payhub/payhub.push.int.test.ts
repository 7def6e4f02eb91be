// Proves the payment hub's pushes over the realtime channel: after commit the operator receives the
// new order, its quota and its unprocessed counts, the player its order's new state; a refused
// action pushes nothing.

import { PayhubPushRoute } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { ourClient, signInToken, waitFor } from '../../realtime/realtime.test-support.ts';

let testApp: TestApp;
const stops: Array<() => void> = [];
beforeAll(async () => {
  testApp = await startTestApp({ realClock: true });
});
afterAll(async () => {
  for (const stop of stops) stop();
  await testApp?.close();
});

async function listen(label: string) {
  const { token, userId } = await signInToken(testApp, label);
  const client = ourClient(testApp.baseUrl, { token });
  stops.push(() => client.stop());
  const received: Record<string, unknown[]> = {};
  for (const route of Object.values(PayhubPushRoute)) {
    received[route] = [];
    client.onNotify(route, (content) => received[route]!.push(content));
  }
  client.start();
  await waitFor(() => client.authenticated, 5_000, `${label} authenticated`);
  await waitFor(() => testApp.app.realtime.connectionsOf(userId).length === 1, 3_000, `${label} bound`);
  return { userId, received };
}

describe('pushes', () => {
  it('a new order, its confirmation and the quota reach operator and player after commit', async () => {
    const operatorA = await listen('operator');
    const operatorB = await listen('operator-2');
    const playerSocket = await listen('player');
    const player = await testApp.signIn('player');
    const order = await player.api.payhub.createOrder({ body: { amount: '110000.00', bankCode: 'BRI' } });
    const operator = [operatorA, operatorB].find((item) => item.userId === order.operatorId)!;
    const other = [operatorA, operatorB].find((item) => item.userId !== order.operatorId)!;

    await waitFor(() => operator.received[PayhubPushRoute.payOrder]!.length >= 1, 5_000, 'order push');
    expect(operator.received[PayhubPushRoute.payOrder]![0]).toMatchObject({ id: order.id, state: 0 });
    await waitFor(() => operator.received[PayhubPushRoute.quota]!.length >= 1, 5_000, 'quota push');
    expect(operator.received[PayhubPushRoute.quota]!.at(-1)).toMatchObject({ held: '110000.00' });
    await waitFor(() => operator.received[PayhubPushRoute.unprocessed]!.length >= 1, 5_000, 'count push');
    expect(operator.received[PayhubPushRoute.unprocessed]!.at(-1)).toEqual({ orders: 1 });
    expect(other.received[PayhubPushRoute.payOrder]).toHaveLength(0);

    const operatorClient = await testApp.signIn(
      order.operatorId === operatorA.userId ? 'operator' : 'operator-2',
    );
    const pushedBefore = playerSocket.received[PayhubPushRoute.payOrder]!.length;
    // A refused action (another player's voucher) pushes nothing.
    const stranger = await testApp.signIn('player-2');
    await failure(stranger.api.payhub.voucher({ body: { id: order.id, voucherUrl: '/uploads/x.png' } }));
    await operatorClient.api.payhub.payCheck({ body: { id: order.id, action: 'confirm' } });
    await waitFor(
      () =>
        playerSocket.received[PayhubPushRoute.payOrder]!.some(
          (item) => (item as { state: number }).state === 1,
        ),
      5_000,
      'player sees PAID',
    );
    expect(playerSocket.received[PayhubPushRoute.payOrder]!.length).toBe(pushedBefore + 1);
    await waitFor(
      () =>
        operator.received[PayhubPushRoute.quota]!.some((item) => (item as { held: string }).held === '0.00'),
      5_000,
      'quota released',
    );
  });
});

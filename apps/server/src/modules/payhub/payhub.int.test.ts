// Proves the deposit order flow through packages/client: assignment with a quota hold, voucher,
// confirm, report and the manager's resolutions, with the ledger and the order states agreeing.
import { PayOrderState } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectLedgerClean,
  failure,
  quotaOf,
  uploadVoucher,
  walletOf,
} from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => testApp?.close());

describe('deposit orders', () => {
  it('assigns a verified working operator, holds its quota, and confirm moves it to the wallet once', async () => {
    const player = await testApp.signIn('player');
    const operatorA = await testApp.signIn('operator');
    const operatorB = await testApp.signIn('operator-2');
    const walletBefore = await walletOf(player);
    const order = await player.api.payhub.createOrder({ body: { amount: '150000.00', bankCode: 'BCA' } });
    expect(order.state).toBe(PayOrderState.WAIT);
    expect(order.payee?.bankCode).toBe('BCA');
    expect(order.commission).toBe('1500.00');
    const operator = order.operatorId === (await operatorA.api.user.me()).id ? operatorA : operatorB;
    const quotaBefore = await quotaOf(operator);
    expect(quotaBefore.held).toBe(15_000_000n);

    const listed = await operator.api.payhub.ordersQuery({ query: { count: 500, page: 1, state: '0,4' } });
    expect(listed.items.map((item) => item.id)).toContain(order.id);

    const withVoucher = await player.api.payhub.voucher({
      body: { id: order.id, voucherUrl: await uploadVoucher(player) },
    });
    expect(withVoucher.state).toBe(PayOrderState.CHECKING);
    const paid = await operator.api.payhub.payCheck({ body: { id: order.id, action: 'confirm' } });
    expect(paid.state).toBe(PayOrderState.PAID);

    const walletAfter = await walletOf(player);
    expect(walletAfter.balance - walletBefore.balance).toBe(15_000_000n);
    const quotaAfter = await quotaOf(operator);
    expect(quotaBefore.quota - quotaAfter.quota).toBe(15_000_000n);
    expect(quotaAfter.held).toBe(0n);
    expect(quotaAfter.commission - quotaBefore.commission).toBe(150_000n);
    expect((await player.api.payhub.orderState({ params: { id: order.id } })).state).toBe(PayOrderState.PAID);
    await expectLedgerClean(testApp);
  });

  it('refuses amounts out of range (3004) and unsupported banks (3024)', async () => {
    const player = await testApp.signIn('player');
    expect(
      (await failure(player.api.payhub.createOrder({ body: { amount: '10.00', bankCode: 'BCA' } }))).errCode,
    ).toBe(3004);
    expect(
      (await failure(player.api.payhub.createOrder({ body: { amount: '150000.00', bankCode: 'BBVA' } })))
        .errCode,
    ).toBe(3024);
  });

  it('works in pesos on project 16 with Mexican banks, and keeps projects apart', async () => {
    const player = await testApp.signIn('player', 16);
    const before = await walletOf(player);
    const order = await player.api.payhub.createOrder({ body: { amount: '750.50', bankCode: 'BBVA' } });
    expect(order.currency).toBe('MXN');
    expect(order.state).toBe(PayOrderState.WAIT);
    expect((await player.api.payhub.heraclesBanks()).items.map((bank) => bank.code)).toContain('BANORTE');
    const operators = [await testApp.signIn('operator', 16), await testApp.signIn('operator-2', 16)];
    const ids = await Promise.all(operators.map(async (client) => (await client.api.user.me()).id));
    const operator = operators[ids.indexOf(order.operatorId!)]!;
    await operator.api.payhub.payCheck({ body: { id: order.id, action: 'confirm' } });
    expect((await walletOf(player)).balance - before.balance).toBe(75_050n);
    // An IDR bank is not a bank of this project.
    expect(
      (await failure(player.api.payhub.createOrder({ body: { amount: '750.50', bankCode: 'BCA' } }))).errCode,
    ).toBe(3024);
    await expectLedgerClean(testApp);
  });
});

// Proves the daily check-in through the real routes: refused (4012, nothing moved) without a deposit
// credited today; 50 parallel check-ins after a deposit → one reward from the bonus pool, the rest 4001;
// the next day continues the streak, a missed day restarts it at day 1; the ledger check clean.
import type { PayhubClient } from '@payhub/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, failure, uploadVoucher, walletOf } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

const DAY_MS = 86_400_000;
let testApp: TestApp;
let player: PayhubClient;
let operators: PayhubClient[];

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '10000000' } });
  player = await testApp.signIn('player');
  operators = [await testApp.signIn('operator'), await testApp.signIn('operator-2')];
});
afterAll(async () => testApp?.close());

/** A deposit order paid and confirmed by its operator: credited now (the manual clock's now). */
async function deposit(amount: string): Promise<void> {
  const order = await player.api.payhub.createOrder({ body: { amount, bankCode: 'BCA' } });
  await player.api.payhub.voucher({ body: { id: order.id, voucherUrl: await uploadVoucher(player) } });
  for (const operator of operators) {
    if (order.operatorId === (await operator.api.user.me()).id) {
      await operator.api.payhub.payCheck({ body: { id: order.id, action: 'confirm' } });
      return;
    }
  }
  throw new Error('no operator took the order');
}

describe('daily check-in', () => {
  it('needs a qualifying deposit today, pays once under 50 parallel check-ins, continues and resets streaks', async () => {
    // Noon in Jakarta, well inside one local day.
    const noon = Math.ceil(testApp.clock.now().getTime() / DAY_MS) * DAY_MS + 5 * 3_600_000;
    testApp.clock.set(new Date(noon));
    const before = await player.api.rewards.checkinStatus();
    expect(before).toMatchObject({ checkedInToday: false, streak: 0, nextDay: 1, depositedToday: '0.00' });
    const start = await walletOf(player);
    expect((await failure(player.api.rewards.checkin())).errCode).toBe(4012);
    await deposit('40000.00'); // below the Rp 50,000 minimum
    expect((await failure(player.api.rewards.checkin())).errCode).toBe(4012);
    expect((await walletOf(player)).balance - start.balance).toBe(4_000_000n);

    await deposit('50000.00');
    const afterDeposit = await walletOf(player);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => player.api.rewards.checkin()));
    const ok = results.filter((result) => result.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const result of results)
      if (result.status === 'rejected') expect((result.reason as { errCode: number }).errCode).toBe(4001);
    expect((await walletOf(player)).balance - afterDeposit.balance).toBe(100_000n); // day 1: Rp 1,000
    expect(await player.api.rewards.checkinStatus()).toMatchObject({ checkedInToday: true, streak: 1 });

    // Next day: day 2 after a deposit.
    testApp.clock.set(new Date(noon + DAY_MS));
    expect((await player.api.rewards.checkinStatus()).nextDay).toBe(2);
    await deposit('50000.00');
    expect((await player.api.rewards.checkin()).streak).toBe(2);

    // A missed day: back to day 1.
    testApp.clock.set(new Date(noon + 3 * DAY_MS));
    expect(await player.api.rewards.checkinStatus()).toMatchObject({ streak: 0, nextDay: 1 });
    await deposit('50000.00');
    const beforeReset = await walletOf(player);
    expect((await player.api.rewards.checkin()).streak).toBe(1);
    expect((await walletOf(player)).balance - beforeReset.balance).toBe(100_000n);
    await expectLedgerClean(testApp);
  }, 120_000);
});

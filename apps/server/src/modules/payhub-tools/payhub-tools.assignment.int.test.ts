// Proves with the manual clock that deposit assignment respects work status, work hours in the
// project's time zone (Asia/Jakarta, UTC+7, including a shift past midnight), the silence limit of
// the presence ping, and card links' expiry, per-order range and total limit.
import type { PayhubClient } from '@payhub/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectLedgerClean, userIdOf } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
let operator: PayhubClient;
let other: PayhubClient;
let player: PayhubClient;
let operatorId: number;
const MINUTE = 60_000;

beforeAll(async () => {
  testApp = await startTestApp();
  // A fixed week (Tuesday 2026-11-24, UTC) so the weekdays below are known; sessions last 30 days.
  testApp.clock.set(new Date('2026-11-24T00:00:00Z'));
  operator = await testApp.signIn('operator');
  other = await testApp.signIn('operator-2');
  player = await testApp.signIn('player');
  operatorId = await userIdOf(operator);
  // Only `operator` can be chosen in these tests.
  await other.api.payhub.setWork({ params: { flag: 0 } });
});
afterAll(async () => testApp?.close());

beforeEach(async () => {
  await operator.api.payhub.setWork({ params: { flag: 1 } });
  await operator.api.payhubTools.setWorkTime({
    body: { start: '00:00', end: '23:59', days: [1, 2, 3, 4, 5, 6, 7] },
  });
});

/** Sets the clock to a Jakarta wall time (UTC+7, no daylight saving). */
function setJakarta(isoLocal: string) {
  testApp.clock.set(new Date(Date.parse(`${isoLocal}Z`) - 7 * 60 * MINUTE));
}

async function deposit(amount = '100000.00', bankCode: 'BCA' | 'BNI' = 'BCA') {
  const order = await player.api.payhub.createOrder({ body: { amount, bankCode } });
  if (order.state === 0)
    await operatorOf(order.operatorId).api.payhub.payCheck({ body: { id: order.id, action: 'cancel' } });
  return order;
}
function operatorOf(id: number | null): PayhubClient {
  if (id !== operatorId) throw new Error(`order assigned to ${id}, expected ${operatorId}`);
  return operator;
}

describe('assignment', () => {
  it('assigns only while the operator is at work', async () => {
    expect((await deposit()).state).toBe(0);
    await operator.api.payhub.setWork({ params: { flag: 0 } });
    const refused = await deposit();
    expect(refused.state).toBe(7);
    expect(refused.operatorId).toBeNull();
    await operator.api.payhub.setWork({ params: { flag: 1 } });
    expect((await deposit()).state).toBe(0);
  });

  it('assigns only inside the work hours, read in the project’s time zone', async () => {
    // Wednesday 2026-11-25: 09:00-17:00 on weekdays.
    await operator.api.payhubTools.setWorkTime({
      body: { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] },
    });
    setJakarta('2026-11-25T08:59:00');
    expect((await deposit()).state).toBe(7);
    expect((await operator.api.payhubTools.workTime()).insideHours).toBe(false);
    setJakarta('2026-11-25T09:00:00');
    expect((await player.api.payhub.payBanks()).items.map((bank) => bank.code)).toContain('BCA');
    expect((await deposit()).state).toBe(0);
    // 16:30 in Jakarta is 09:30 UTC: inside, although UTC and Jakarta days and hours differ.
    setJakarta('2026-11-25T16:59:00');
    expect((await deposit()).state).toBe(0);
    setJakarta('2026-11-25T17:00:00');
    expect((await deposit()).state).toBe(7);
    // Players are not offered a bank where no operator is on duty.
    expect((await player.api.payhub.payBanks()).items.map((bank) => bank.code)).not.toContain('BCA');
    // Saturday is not a work day.
    setJakarta('2026-11-28T10:00:00');
    expect((await deposit()).state).toBe(7);
  });

  it('a shift past midnight belongs to the day it starts', async () => {
    // Fridays 22:00 to 06:00.
    await operator.api.payhubTools.setWorkTime({ body: { start: '22:00', end: '06:00', days: [5] } });
    setJakarta('2026-11-27T23:30:00'); // Friday night
    expect((await deposit()).state).toBe(0);
    setJakarta('2026-11-28T05:59:00'); // Saturday morning, Friday's shift
    expect((await deposit()).state).toBe(0);
    setJakarta('2026-11-28T23:30:00'); // Saturday night: no shift
    expect((await deposit()).state).toBe(7);
    setJakarta('2026-11-27T05:00:00'); // Friday morning: Thursday's shift, none
    expect((await deposit()).state).toBe(7);
  });

  it('stops assigning an operator whose app has been silent longer than the limit', async () => {
    setJakarta('2026-11-26T10:00:00');
    await operator.api.promo.spaStatusPing({ body: { foreground: 1 } });
    testApp.clock.advance(170_000);
    expect((await deposit()).state).toBe(0);
    testApp.clock.advance(20_000); // 190 s since the last ping, limit 180 s
    expect((await deposit()).state).toBe(7);
    await operator.api.promo.spaStatusPing({ body: { foreground: 0 } });
    expect((await deposit()).state).toBe(0);
    // A shorter limit configured for the project applies at once.
    await testApp.database.pool.query(
      'INSERT INTO payhub_project_settings (project_id, silence_seconds) VALUES (12, 60)',
    );
    testApp.clock.advance(61_000);
    expect((await deposit()).state).toBe(7);
    await operator.api.promo.spaStatusPing({ body: { foreground: 1 } });
    expect((await deposit()).state).toBe(0);
  });

  it('respects card links: expiry, per-order range and total limit', async () => {
    setJakarta('2026-11-26T11:00:00');
    await operator.api.promo.spaStatusPing({ body: { foreground: 1 } });
    const cards = await operator.api.payhubTools.bankQuery({ query: { page: 1, count: 500 } });
    const accountNo = cards.items.find((card) => card.bankCode === 'BNI')!.accountNo;
    await operator.api.payhubTools.cardUrlBind({
      body: {
        accountNo,
        url: 'https://pay.example/bni',
        expiresAt: new Date(testApp.clock.now().getTime() + 30 * MINUTE).toISOString(),
        minAmount: '50000.00',
        maxAmount: '300000.00',
        totalLimit: '500000.00',
      },
    });
    // Outside the per-order range: no card at BNI accepts it.
    expect(
      (await player.api.payhub.createOrder({ body: { amount: '40000.00', bankCode: 'BNI' } })).state,
    ).toBe(7);
    expect(
      (await player.api.payhub.createOrder({ body: { amount: '300000.01', bankCode: 'BNI' } })).state,
    ).toBe(7);
    // Within: assigned, counted against the total while open or credited.
    const first = await player.api.payhub.createOrder({ body: { amount: '300000.00', bankCode: 'BNI' } });
    expect(first.state).toBe(0);
    expect(first.payee?.accountNo).toBe(accountNo);
    const second = await player.api.payhub.createOrder({ body: { amount: '200000.00', bankCode: 'BNI' } });
    expect(second.state).toBe(0);
    const amount = await operator.api.payhubTools.cardUrlAmount();
    expect(amount.items[0]).toMatchObject({ used: '500000.00', remaining: '0.00' });
    expect(
      (await player.api.payhub.createOrder({ body: { amount: '50000.00', bankCode: 'BNI' } })).state,
    ).toBe(7);
    // A canceled order gives its room back.
    await operator.api.payhub.payCheck({ body: { id: second.id, action: 'cancel' } });
    const third = await player.api.payhub.createOrder({ body: { amount: '150000.00', bankCode: 'BNI' } });
    expect(third.state).toBe(0);
    await operator.api.payhub.payCheck({ body: { id: first.id, action: 'confirm' } });
    await operator.api.payhub.payCheck({ body: { id: third.id, action: 'cancel' } });
    // Expired: the card takes nothing until a new link is bound.
    testApp.clock.advance(31 * MINUTE);
    await operator.api.promo.spaStatusPing({ body: { foreground: 1 } });
    expect(
      (await player.api.payhub.createOrder({ body: { amount: '60000.00', bankCode: 'BNI' } })).state,
    ).toBe(7);
    expect((await operator.api.payhubTools.cardUrlAmount()).items[0]?.state).toBe('expired');
    // Other banks' cards without links are unaffected.
    expect((await deposit('60000.00', 'BCA')).state).toBe(0);
    await expectLedgerClean(testApp);
  });
});

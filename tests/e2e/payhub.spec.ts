// Proves the payment hub end to end in two browser contexts at 360x780: a player creates a deposit
// through the API client, the operator sees it appear in /payhub/pesanan without reloading, confirms
// it, and the player's wallet and the operator's quota move by the right amounts (the quota also on
// the operator's open dashboard); the same for a withdrawal taken and finished with a voucher on /withdraw.
// A pushed order is applied to the operator's list without any HTTP read (the journey counts them).

import type { PayhubClient } from '@payhub/client';
import { PayOrderState } from '@payhub/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoLabel } from './support/accounts.ts';
import { signedInApi } from './support/api.ts';
import { screenshot, signIn, usePhoneBrowser } from './support/browser.ts';

const WRAPPER = { versionCode: 12, platform: 'android' as const };
// Demo accounts the payment hub's seed adds (apps/server/src/seed/seed.ts).
const PLAYER = 'player' as DemoLabel;
const SECOND_OPERATOR = 'operator-2' as DemoLabel;
// A 1x1 PNG: the upload endpoint checks the image's signature.
const VOUCHER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const phone = usePhoneBrowser({ keepContexts: true, context: { nativeWrapper: WRAPPER } });
let player: PayhubClient;
let operatorApi: PayhubClient;
let secondOperator: PayhubClient;

function minor(text: string): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** "Rp 99.850.000,00" as the app formats it (Indonesian separators, no-break space). */
function rupiah(amount: bigint): string {
  const whole = (amount / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `Rp\u00a0${whole},${(amount % 100n).toString().padStart(2, '0')}`;
}

async function operatorPage(path: string, label: DemoLabel = 'operator'): Promise<Page> {
  const page = await phone.open();
  expect(await signIn(page, label, 12)).toBe('/payhub');
  if (path !== '/payhub') await page.goto(path);
  return page;
}

beforeAll(async () => {
  player = await signedInApi(PLAYER, 12);
  operatorApi = await signedInApi('operator', 12);
  secondOperator = await signedInApi(SECOND_OPERATOR, 12);
  // Every new deposit goes to the signed-in operator while the second one is off work.
  await secondOperator.api.payhub.setWork({ params: { flag: 0 } });
  await operatorApi.api.payhub.setWork({ params: { flag: 1 } });
});
afterAll(async () => {
  await secondOperator?.api.payhub.setWork({ params: { flag: 1 } }).catch(() => {});
});

describe('payment hub journey', () => {
  it('a deposit appears live in /payhub/pesanan, is confirmed, and moves wallet and quota', async () => {
    const orders = await operatorPage('/payhub/pesanan');
    const dashboard = await operatorPage('/payhub');
    await expect
      .poll(() => dashboard.getByTestId('quota-amount').textContent(), { timeout: 15_000 })
      .toMatch(/^Rp/);
    await expect
      .poll(() => orders.getByRole('tab').first().textContent(), { timeout: 15_000 })
      .toContain('Menunggu');
    await orders.waitForTimeout(1_000);

    const walletBefore = minor((await player.api.withdraw.balance()).balance);
    const quotaBefore = minor((await operatorApi.api.quota.query()).quota);
    const order = await player.api.payhub.createOrder({
      body: { amount: '150000.00', bankCode: 'BCA', payerName: 'Siti Aminah' },
    });
    expect(order.operatorId).toBe((await operatorApi.api.user.me()).id);

    // No reload: the push refreshes the list.
    const row = orders.getByTestId(`order-${order.orderNo}`);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('Rp\u00a0150.000,00');
    await screenshot(orders, 'payhub-pesanan');
    await row.click();
    await orders.getByTestId('order-detail').waitFor();
    expect(await orders.getByTestId('order-amount').textContent()).toBe('Rp\u00a0150.000,00');
    // The payer's name is the operator's evidence (issue 11).
    expect(await orders.getByTestId('order-payer').textContent()).toContain('Siti Aminah');
    await screenshot(orders, 'payhub-order-detail');
    await orders.getByTestId('order-confirm').click();
    await orders.getByTestId('order-action-yes').click();
    await row.waitFor({ state: 'detached', timeout: 15_000 });

    expect(minor((await player.api.withdraw.balance()).balance) - walletBefore).toBe(15_000_000n);
    const quotaAfter = minor((await operatorApi.api.quota.query()).quota);
    expect(quotaBefore - quotaAfter).toBe(15_000_000n);
    await expect
      .poll(() => dashboard.getByTestId('quota-amount').textContent(), { timeout: 15_000 })
      .toBe(rupiah(quotaAfter));
    await screenshot(dashboard, 'payhub-dashboard');

    // A report needs its reason, which the server keeps as the order's remark (issue 11).
    const reported = await player.api.payhub.createOrder({ body: { amount: '120000.00', bankCode: 'BCA' } });
    const reportedRow = orders.getByTestId(`order-${reported.orderNo}`);
    await reportedRow.click();
    await orders.getByRole('button', { name: 'Laporkan masalah' }).click();
    await orders.getByTestId('order-action-yes').click();
    await orders.getByRole('alert').filter({ hasText: 'Tulis alasannya' }).waitFor();
    await orders.locator('input[name="reason"]').fill('Nama pengirim tidak sama');
    await screenshot(orders, 'payhub-order-report-reason');
    await orders.getByTestId('order-action-yes').click();
    await reportedRow.waitFor({ state: 'detached', timeout: 15_000 });
    const after = await player.api.payhub.orderState({ params: { id: reported.id } });
    expect(after.state).toBe(PayOrderState.EXCEPTIONAL);
    expect(after.remark).toBe('Nama pengirim tidak sama');

    // Finished orders: a history tab with search (by number, payer or amount).
    await orders.getByRole('tab', { name: /Selesai/ }).click();
    await orders.getByTestId(`order-${order.orderNo}`).waitFor({ timeout: 15_000 });
    await orders.locator('input[name="search"]').fill(reported.orderNo.slice(-6));
    await orders.getByTestId(`order-${reported.orderNo}`).waitFor();
    await orders.getByTestId(`order-${order.orderNo}`).waitFor({ state: 'detached' });
    await orders.locator('input[name="search"]').fill('Siti');
    await orders.getByTestId(`order-${order.orderNo}`).waitFor();
    await screenshot(orders, 'payhub-order-history');
    expect(await orders.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('a pushed order enters and a confirmed order leaves /payhub/pesanan with no HTTP refetch', async () => {
    const orders = await operatorPage('/payhub/pesanan');
    await expect
      .poll(() => orders.getByRole('tab').first().textContent(), { timeout: 15_000 })
      .toContain('Menunggu');
    await orders.waitForTimeout(1_000);
    // Every API read the page makes from now on; the realtime socket is not an HTTP request.
    const reads: string[] = [];
    const requests: string[] = [];
    orders.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (!path.startsWith('/main/')) return;
      requests.push(`${request.method()} ${path}`);
      if (request.method() === 'GET') reads.push(path);
    });

    const order = await player.api.payhub.createOrder({ body: { amount: '175000.00', bankCode: 'BCA' } });
    const row = orders.getByTestId(`order-${order.orderNo}`);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('Rp\u00a0175.000,00');
    await orders.waitForTimeout(500);
    expect(reads).toEqual([]);

    await row.click();
    await orders.getByTestId('order-confirm').click();
    await orders.getByTestId('order-action-yes').click();
    await row.waitFor({ state: 'detached', timeout: 15_000 });
    // The pushes of the confirmation (order, quota, counts) arrive and are applied: still no read.
    await orders.waitForTimeout(1_000);
    expect(reads).toEqual([]);
    // The only payment call is the confirmation itself (timers such as the notice init aside).
    expect(requests.filter((request) => /^\w+ \/main\/(payhub|quota|withdraw)\//.test(request))).toEqual([
      'POST /main/payhub/pay/check',
    ]);
    expect((await player.api.payhub.orderState({ params: { id: order.id } })).state).toBe(1);
  });

  it('a withdrawal appears live in /withdraw, is taken and finished with a voucher, and moves wallet and quota', async () => {
    const page = await operatorPage('/withdraw');
    await expect
      .poll(() => page.getByRole('tab').first().textContent(), { timeout: 15_000 })
      .toContain('Menunggu');
    await page.waitForTimeout(1_000);
    const account =
      (await player.api.withdraw.bankList()).items[0] ??
      (await player.api.withdraw.bankAdd({
        body: { bankCode: 'BNI', accountNo: '7766554433', holderName: 'Putri Ayu' },
      }));
    // The journey's deposit above was this player's first: it earned a first-deposit bonus whose
    // wagering is open. This player forfeits it on withdrawal (the refusal, 4017, is bonus.spec's).
    await player.api.bonus.setWithdrawChoice({ body: { onWithdraw: 'forfeit' } });
    const walletBefore = minor((await player.api.withdraw.balance()).balance);
    const quotaBefore = minor((await operatorApi.api.quota.query()).quota);
    const withdrawal = await player.api.withdraw.create({
      body: { amount: '100000.00', bankAccountId: account.id },
    });

    const row = page.getByTestId(`withdraw-${withdrawal.orderNo}`);
    await row.waitFor({ timeout: 15_000 });
    await screenshot(page, 'withdraw-pool');
    await row.click();
    await page.getByTestId('withdraw-take').click();
    await page.getByTestId('withdraw-voucher').setInputFiles({
      name: 'voucher.png',
      mimeType: 'image/png',
      buffer: VOUCHER_PNG,
    });
    await page.locator('[data-testid="withdraw-detail"] img').waitFor({ timeout: 15_000 });
    await screenshot(page, 'withdraw-finish');
    await page.getByTestId('withdraw-finish').click();
    // Paying out waits for the confirmation sheet with the evidence: amount, account, voucher.
    const sheet = page.getByTestId('confirm-sheet');
    await sheet.waitFor({ timeout: 15_000 });
    expect(await sheet.textContent()).toContain(withdrawal.orderNo);
    expect(await sheet.locator('img').count()).toBe(1);
    await screenshot(page, 'withdraw-finish-confirm');
    await page.getByTestId('confirm-sheet-confirm').click();
    await page.getByTestId('withdraw-detail').waitFor({ state: 'detached', timeout: 15_000 });

    const finished = await player.api.withdraw.order({ params: { id: withdrawal.id } });
    expect(finished.state).toBe(2);
    expect(finished.voucherUrl).toMatch(/^\/uploads\//);
    expect(walletBefore - minor((await player.api.withdraw.balance()).balance)).toBe(10_200_000n);
    expect(minor((await operatorApi.api.quota.query()).quota) - quotaBefore).toBe(10_000_000n);

    // The finished withdrawal is in the history and found by a search (issue 11); a miss empties the list.
    await page.goto('/withdraw/record');
    const done = page.getByTestId(`withdraw-record-${withdrawal.orderNo}`);
    await done.waitFor({ timeout: 15_000 });
    await page.locator('input[name="search"]').fill(withdrawal.orderNo.slice(-6));
    await done.waitFor({ timeout: 5_000 });
    expect(await page.getByTestId('withdraw-record-list').locator('li').count()).toBe(1);
    await page.locator('input[name="search"]').fill(account.holderName.split(' ')[0]!);
    await done.waitFor({ timeout: 5_000 });
    await screenshot(page, 'withdraw-record-search');
    await page.locator('input[name="search"]').fill('TIDAK-ADA-999');
    await done.waitFor({ state: 'detached', timeout: 5_000 });
  });

  it('the manager settles a reported deposit on /manage', async () => {
    const order = await player.api.payhub.createOrder({ body: { amount: '200000.00', bankCode: 'BNI' } });
    await operatorApi.api.payhub.payCheck({
      body: { id: order.id, action: 'report', remark: 'Nama pengirim beda' },
    });
    const walletBefore = minor((await player.api.withdraw.balance()).balance);
    const page = await operatorPage('/manage', 'operator-manage');
    const row = page.getByTestId(`manage-order-${order.orderNo}`);
    await row.waitFor({ timeout: 15_000 });
    await screenshot(page, 'manage-queue');
    await row.click();
    await page.getByRole('button', { name: 'Dana diterima' }).click();
    // Crediting the player waits for the confirmation sheet: amount, payer, bank, order age.
    const sheet = page.getByTestId('confirm-sheet');
    await sheet.waitFor({ timeout: 15_000 });
    const evidence = (await sheet.textContent()) ?? '';
    expect(evidence).toContain(order.orderNo);
    expect(evidence).toContain(`Pemain #${order.playerId}`);
    expect(evidence).toContain('BNI');
    await screenshot(page, 'manage-confirm');
    await page.getByTestId('confirm-sheet-confirm').click();
    await page.getByRole('alertdialog').first().waitFor({ state: 'detached', timeout: 15_000 });
    await expect
      .poll(async () => (await player.api.payhub.orderState({ params: { id: order.id } })).state, {
        timeout: 15_000,
      })
      .toBe(9);
    // It leaves the queue and shows among the orders this head handled.
    await page.getByTestId(`manage-order-${order.orderNo}`).waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => page.locator('main').textContent(), { timeout: 15_000 }).toContain(order.orderNo);
    expect(minor((await player.api.withdraw.balance()).balance) - walletBefore).toBe(20_000_000n);
  });

  it('the quota screens open top-ups with the provider and show where to pay', async () => {
    const page = await operatorPage('/payhub/recharge');
    await page.locator('input[name="amount"]').fill('1000000.005');
    await page.getByRole('button', { name: 'Buat isi ulang' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('2 angka desimal');
    await page.locator('input[name="amount"]').fill('1000000');
    await page.getByRole('button', { name: 'Buat isi ulang' }).click();
    await expect
      .poll(() => page.getByTestId('topup-pay-to').textContent(), { timeout: 15_000 })
      .toContain('8800123456');
    await screenshot(page, 'payhub-recharge');

    await page.goto('/payhub/usdt');
    await page.locator('input[name="amount"]').fill('2500000.50');
    await page.getByRole('button', { name: 'Buat isi ulang' }).click();
    await page.getByTestId('qr-image').waitFor({ timeout: 15_000 });
    // The top-up's own watched chain address and the exact USDT to send (no placeholder address).
    expect(await page.getByTestId('usdt-address').textContent()).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await page.getByTestId('topup-pay-to').textContent()).toBe(
      await page.getByTestId('usdt-address').textContent(),
    );
    expect(await page.getByTestId('usdt-amount').textContent()).toMatch(/^\d+\.\d{6}$/);
    await screenshot(page, 'payhub-usdt');

    await page.goto('/payhub/indodax');
    await page.locator('input[name="amount"]').fill('3000000');
    await page.getByRole('button', { name: 'Buat isi ulang' }).click();
    await page.getByRole('link', { name: 'Buka halaman pembayaran Indodax' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'payhub-indodax');

    await page.goto('/payhub/qrcode');
    await page.getByTestId('qr-image').waitFor({ timeout: 15_000 });
    await screenshot(page, 'payhub-qrcode');
    await page.goto('/payhub/va-bank');
    await expect
      .poll(() => page.locator('main').textContent(), { timeout: 15_000 })
      .toContain('Rp\u00a01.000.000,00');
    await screenshot(page, 'payhub-va-bank');
    await page.goto('/payhub/recharge-record');
    await expect
      .poll(() => page.getByTestId('topup-records').locator('li').count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(3);
    await screenshot(page, 'payhub-recharge-record');
    await page.goto('/payhub/bayar');
    await expect.poll(() => page.locator('main').textContent(), { timeout: 15_000 }).toContain('Rp\u00a0');
    await screenshot(page, 'payhub-bayar');
    await page.goto('/withdraw/record');
    await expect.poll(() => page.locator('main li').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'withdraw-record');

    const records = await operatorApi.api.quota.topups({ query: { page: 1, count: 10 } });
    expect(records.items.map((item) => item.amount)).toEqual(
      expect.arrayContaining(['1000000.00', '2500000.50']),
    );
  });
});

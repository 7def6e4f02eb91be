// Proves the operator tools end to end at 360x780 inside the native wrapper: an operator adds a card
// (the list reloads), binds a payment link to it, toggles its work status and gets a new deposit
// only while working; the payment hub's group head sees its operators' aggregates; and every
// /payhub screen is captured in Indonesian (project 12) and Spanish (project 16).
import { join } from 'node:path';
import type { PayhubClient } from '@payhub/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoLabel, ProjectId } from './support/accounts.ts';
import { signedInApi } from './support/api.ts';
import { screenshot, signIn, usePhoneBrowser } from './support/browser.ts';

const WRAPPER = { versionCode: 12, platform: 'android' as const };
const PLAYER = 'player' as DemoLabel;
const SECOND_OPERATOR = 'operator-2' as DemoLabel;
const PAYHUB_SCREENS = [
  '/payhub',
  '/payhub/bayar',
  '/payhub/cards',
  '/payhub/indodax',
  '/payhub/link',
  '/payhub/mengatur',
  '/payhub/pesanan',
  '/payhub/qrcode',
  '/payhub/recharge-record',
  '/payhub/recharge',
  '/payhub/toko',
  '/payhub/usdt',
  '/payhub/va-bank',
  '/payhub/work-hours',
] as const;
// A number no other journey uses (project 12, PERMATA).
const CARD_NUMBER = '5312009876';

const phone = usePhoneBrowser({ keepContexts: true, context: { nativeWrapper: WRAPPER } });
let player: PayhubClient;
let operatorApi: PayhubClient;
let secondOperator: PayhubClient;

async function operatorPage(label: DemoLabel, projectId: ProjectId): Promise<Page> {
  const page = await phone.open();
  expect(await signIn(page, label, projectId)).toBe('/payhub');
  return page;
}

/** "Rp 99.880.000,00" from "99880000.00", as the app formats rupiah (no-break space). */
function rupiah(wire: string): string {
  const [whole = '0', fraction = '00'] = wire.split('.');
  return `Rp\u00a0${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${fraction}`;
}

/** Minor units of a wire amount ("99000.00" -> 9900000n). */
function minor(wire: string): bigint {
  const [whole = '0', fraction = ''] = wire.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

/** The wire amount of minor units (9900000n -> "99000.00"). */
function formatMinor(amount: bigint): string {
  return `${amount / 100n}.${(amount % 100n).toString().padStart(2, '0')}`;
}

/** Saves the whole scrolled page at 360 px wide beside the viewport screenshots. */
async function fullPageScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: join(process.cwd(), 'artifacts/screenshots', `${name}.png`),
    fullPage: true,
  });
}

/** Waits until the page has no spinner and its heading is shown. */
async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await expect.poll(() => page.locator('.animate-spin').count(), { timeout: 15_000 }).toBe(0);
}

beforeAll(async () => {
  player = await signedInApi(PLAYER, 12);
  operatorApi = await signedInApi('operator', 12);
  secondOperator = await signedInApi(SECOND_OPERATOR, 12);
  await secondOperator.api.payhub.setWork({ params: { flag: 0 } });
});
afterAll(async () => {
  await secondOperator?.api.payhub.setWork({ params: { flag: 1 } }).catch(() => {});
  await operatorApi?.api.payhub.setWork({ params: { flag: 1 } }).catch(() => {});
  await operatorApi?.api.payhubTools.bankDelete({ query: { accountNo: CARD_NUMBER } }).catch(() => {});
});

describe('operator tools journey', () => {
  it('adds a card, binds a link, and is assigned a deposit only while working', async () => {
    const page = await operatorPage('operator', 12);
    await page.goto('/payhub/cards');
    const form = page.getByTestId('add-card-form');
    await form.locator('select').selectOption('PERMATA');
    await form.locator('input[name="accountNo"]').fill(CARD_NUMBER);
    await form.locator('input[name="holder"]').fill('Agus Pratama');
    await form.locator('button[type="submit"]').click();
    // The list reloads 500 ms after the card was added.
    await expect
      .poll(() => page.getByTestId('card-account-no').allTextContents(), { timeout: 10_000 })
      .toContain(CARD_NUMBER);
    await screenshot(page, 'payhub-tools-card-added');

    await page.goto('/payhub/link');
    const bind = page.getByTestId('bind-link-form');
    await bind.locator('select').selectOption(CARD_NUMBER);
    await bind.locator('input[name="url"]').fill('https://pay.example/permata');
    await bind.locator('input[name="minAmount"]').fill('10000');
    await bind.locator('input[name="maxAmount"]').fill('500000');
    await bind.locator('input[name="totalLimit"]').fill('2000000');
    await bind.locator('button[type="submit"]').click();
    await expect
      .poll(() => page.getByTestId('live-links').textContent(), { timeout: 10_000 })
      .toContain(CARD_NUMBER);
    expect(await page.getByTestId('live-links').textContent()).toContain('https://pay.example/permata');
    await screenshot(page, 'payhub-tools-link-bound');

    await page.goto('/payhub/work-hours');
    const status = page.getByTestId('work-status');
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('Sedang bekerja');
    await page.getByTestId('work-toggle').click();
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('Tidak bekerja');
    const refused = await player.api.payhub.createOrder({
      body: { amount: '120000.00', bankCode: 'PERMATA' },
    });
    expect(refused.state).toBe(7);

    await page.getByTestId('work-toggle').click();
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('Sedang bekerja');
    const assigned = await player.api.payhub.createOrder({
      body: { amount: '120000.00', bankCode: 'PERMATA' },
    });
    expect(assigned.state).toBe(0);
    expect(assigned.operatorId).toBe((await operatorApi.api.user.me()).id);
    expect(assigned.payee?.accountNo).toBe(CARD_NUMBER);
    await page.goto('/payhub/pesanan');
    await expect
      .poll(() => page.locator('main').textContent(), { timeout: 15_000 })
      .toContain(assigned.orderNo);
    await screenshot(page, 'payhub-tools-order-assigned');
    await operatorApi.api.payhub.payCheck({ body: { id: assigned.id, action: 'confirm' } });

    // The dashboard shows the quota and commission the confirmation left.
    const quota = await operatorApi.api.quota.query();
    await page.goto('/payhub');
    await expect
      .poll(() => page.getByTestId('quota-amount').textContent(), { timeout: 15_000 })
      .toBe(rupiah(quota.quota));
    await screenshot(page, 'payhub-tools-dashboard-after-confirm');

    // The link counts the order against its limits.
    const amount = await operatorApi.api.payhubTools.cardUrlAmount();
    expect(amount.items.find((link) => link.accountNo === CARD_NUMBER)?.state).toBe('active');
  });

  it('buys a quota voucher with commission only through the confirmation sheet, then claims it', async () => {
    // 1% of a Rp 12.000.000 deposit: Rp 120.000 of commission, enough for the Rp 99.000 voucher.
    const order = await player.api.payhub.createOrder({ body: { amount: '12000000.00', bankCode: 'BCA' } });
    expect(order.operatorId).toBe((await operatorApi.api.user.me()).id);
    await operatorApi.api.payhub.payCheck({ body: { id: order.id, action: 'confirm' } });
    const commissionBefore = minor((await operatorApi.api.commission.balance()).available);
    expect(commissionBefore).toBeGreaterThanOrEqual(99_000_00n);
    const vouchersBefore = (await operatorApi.api.payhubTools.voucherQuery({ query: { page: 1, count: 50 } }))
      .total;

    const page = await operatorPage('operator', 12);
    await page.goto('/payhub/toko');
    await expect
      .poll(() => page.getByTestId('shop-commission').textContent(), { timeout: 15_000 })
      .toBe(rupiah(formatMinor(commissionBefore)));
    const buy = page.getByRole('button', { name: 'Beli' }).first();
    await expect.poll(() => buy.isEnabled(), { timeout: 15_000 }).toBe(true);
    await buy.click();
    // The sheet shows what is bought, its price and the commission left; nothing is spent before it.
    const sheet = page.getByTestId('confirm-sheet');
    await sheet.waitFor({ timeout: 15_000 });
    const evidence = (await sheet.textContent()) ?? '';
    expect(evidence).toContain(rupiah('100000.00'));
    expect(evidence).toContain(rupiah('99000.00'));
    expect(evidence).toContain(rupiah(formatMinor(commissionBefore - 99_000_00n)));
    expect(minor((await operatorApi.api.commission.balance()).available)).toBe(commissionBefore);
    await screenshot(page, 'payhub-tools-shop-confirm');
    await page.getByTestId('confirm-sheet-confirm').click();
    await sheet.waitFor({ state: 'detached', timeout: 15_000 });
    await expect
      .poll(async () => minor((await operatorApi.api.commission.balance()).available), { timeout: 15_000 })
      .toBe(commissionBefore - 99_000_00n);
    const vouchers = await operatorApi.api.payhubTools.voucherQuery({ query: { page: 1, count: 50 } });
    expect(vouchers.total).toBe(vouchersBefore + 1);
    const voucher = vouchers.items[0]!;
    expect(voucher.state).toBe('unclaimed');

    // Claiming adds the face value to the quota.
    const quotaBefore = minor((await operatorApi.api.quota.query()).quota);
    const list = page.getByTestId('voucher-list');
    await expect.poll(() => list.textContent(), { timeout: 15_000 }).toContain(voucher.code);
    await list.getByRole('button', { name: 'Klaim ke kuota' }).first().click();
    await expect
      .poll(async () => minor((await operatorApi.api.quota.query()).quota) - quotaBefore, { timeout: 15_000 })
      .toBe(100_000_00n);
    await screenshot(page, 'payhub-tools-shop-claimed');
  });

  it('the group head sees its operators’ aggregates', async () => {
    const page = await operatorPage('operator-manage', 12);
    await page.goto('/payhub/work-hours');
    const aggregates = page.getByTestId('member-aggregates');
    await expect.poll(() => aggregates.textContent(), { timeout: 15_000 }).toContain('Deposit selesai');
    const me = await operatorApi.api.user.me();
    expect(await aggregates.textContent()).toContain(me.nickname);
    // Today's confirmed deposit of the first journey is counted for the operator.
    const manager = await signedInApi('operator-manage', 12);
    const rows = await manager.api.commission.memberAggData({ query: {} });
    expect(rows.items.find((row) => row.userId === me.id)?.paidOrders).toBeGreaterThanOrEqual(1);
    const nickname = me.nickname;
    expect(await page.getByTestId('group-work').textContent()).toContain(nickname);
    await screenshot(page, 'payhub-tools-leader-aggregates');
    await fullPageScreenshot(page, 'payhub-tools-leader-aggregates-full');
  });

  for (const [projectId, language, words] of [
    [12, 'id-ID', ['Kartu bank', 'Jam kerja', 'Toko', 'Pengaturan']],
    [16, 'es-MX', ['Tarjetas', 'Horario', 'Tienda', 'Ajustes']],
  ] as const) {
    it(`every payhub screen renders in ${language} at 360x780`, async () => {
      const page = await operatorPage('operator', projectId);
      await settle(page);
      const dashboard = (await page.locator('main').textContent()) ?? '';
      for (const word of words) expect(dashboard).toContain(word);
      for (const path of PAYHUB_SCREENS) {
        await page.goto(path);
        await settle(page);
        const heading = (await page.locator('h1').first().textContent()) ?? '';
        expect(heading.length, `${path} has a heading`).toBeGreaterThan(0);
        // No raw catalogue keys on screen, no horizontal scroll at 360 px.
        expect(await page.locator('body').textContent()).not.toMatch(/payhub(Tools)?\.[a-z]+\.[a-zA-Z]/);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await screenshot(page, `payhub-${language}${path.replaceAll('/', '-')}`);
        await fullPageScreenshot(page, `payhub-${language}${path.replaceAll('/', '-')}-full`);
      }
    });
  }
});

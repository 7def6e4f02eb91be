// Proves deposit-bonus campaigns end to end against the real server, in Indonesian: finance creates a
// running campaign on the console's Kampanye bonus screen at 1280x800 (the first-deposit terms shown
// with their bounds); a player's second confirmed deposit earns the campaign's bonus on a scheduler
// tick, the console lists the campaign as running with one bonus granted and its cost, and the
// player's Bonus page at 360x780 shows the running campaign's terms and the bonus it granted.
// Screenshots: console-bonus-campaigns.png, player-bonus-campaign.png.
import type { PayhubClient } from '@payhub/client';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededAccount } from './support/accounts.ts';
import { apiClient, latestSmsCode } from './support/api.ts';
import { launchBrowser, screenshot, usePhoneBrowser } from './support/browser.ts';
import { e2eUrl } from './support/env.ts';

let browser: Browser;
const contexts: BrowserContext[] = [];
const phone = usePhoneBrowser();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close();
  await browser?.close();
});

async function consolePage(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: e2eUrl(),
    viewport: { width: 1280, height: 800 },
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
  });
  contexts.push(context);
  const page = await context.newPage();
  const account = seededAccount('staff-finance', 12);
  await page.goto('/console/sign-in');
  await page.getByLabel('Proyek').selectOption('12');
  await page.getByLabel('Nomor ponsel').fill(account.phone);
  await page.getByLabel('Kata sandi').fill(account.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await page.locator('nav').waitFor();
  return page;
}

async function registerPlayer(): Promise<PayhubClient> {
  const number = `87${String(Date.now()).slice(-8)}`;
  const client = apiClient(12);
  await client.api.user.sendCode({ query: { phone: number, purpose: 'register' } });
  const code = await latestSmsCode(number, 'register');
  const session = await client.api.user.register({
    body: { phone: number, code, password: 'Dompet2026', nickname: 'Rina' },
  });
  client.setToken(session.token);
  return client;
}

/** A deposit order confirmed by whichever seeded operator took it. */
async function confirmedDeposit(player: PayhubClient, amount: string): Promise<void> {
  const order = await player.api.payhub.createOrder({ body: { amount, bankCode: 'BCA' } });
  for (const label of ['operator', 'operator-2'] as const) {
    const operator = apiClient(12);
    const account = seededAccount(label, 12);
    const session = await operator.api.user.login({
      body: { phone: account.phone, password: account.password },
    });
    operator.setToken(session.token);
    const confirmed = await operator.api.payhub
      .payCheck({ body: { id: order.id, action: 'confirm' } })
      .then(() => true)
      .catch(() => false);
    if (confirmed) return;
  }
  throw new Error('no operator confirmed the deposit');
}

describe('deposit-bonus campaigns', () => {
  it('finance creates a campaign in the console; a later deposit earns it; both screens show it', async () => {
    const page = await consolePage();
    await page.getByRole('link', { name: 'Kampanye bonus' }).click();
    await page.getByTestId('bonus-terms-form').waitFor();
    const form = page.getByTestId('bonus-campaign-form');
    await form.getByLabel('Nama kampanye').fill('Reload Gajian');
    await form.getByLabel('Bonus (% dari deposit)').fill('20');
    await form.getByLabel('Bonus maksimal per deposit').fill('25000');
    await form.getByLabel('Deposit minimal').fill('100000');
    await form.getByLabel('Syarat taruhan (× bonus)').fill('3');
    await form.getByRole('button', { name: 'Buat kampanye' }).click();
    const row = page.locator('tr[data-testid^="bonus-campaign-"]').filter({ hasText: 'Reload Gajian' });
    await row.getByText('Berjalan').waitFor();

    const player = await registerPlayer();
    await confirmedDeposit(player, '100000.00'); // the first deposit: the first-deposit bonus
    await confirmedDeposit(player, '200000.00'); // 20 % = Rp 40.000, capped at Rp 25.000
    await expect
      .poll(
        async () =>
          (await player.api.bonus.overview()).bonuses.filter((item) => item.kind === 'campaign').length,
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(1);

    await page.reload();
    await row.getByText('25000.00 IDR', { exact: true }).waitFor();
    expect(await row.locator('td').nth(4).textContent()).toBe('1');
    await screenshot(page, 'console-bonus-campaigns');
    // Ending asks first, with what the campaign granted; cancelling leaves it running.
    await row.getByRole('button', { name: 'Akhiri sekarang' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('1 bonus yang sudah diberikan (25000.00 IDR)', { exact: false }).waitFor();
    await screenshot(page, 'console-bonus-campaign-end-confirm');
    await confirm.getByRole('button', { name: 'Batal' }).click();
    await row.getByText('Berjalan').waitFor();

    const phonePage = await phone.open();
    await phonePage.goto('/play/login');
    await phonePage.evaluate((value) => localStorage.setItem('main_token', value), player.getToken()!);
    await phonePage.goto('/play/account/bonus');
    await phonePage.getByTestId('bonus-campaign').filter({ hasText: 'Reload Gajian' }).waitFor();
    await phonePage.getByTestId('bonus-campaign').getByText('Sudah Anda dapatkan').waitFor();
    await phonePage
      .getByTestId('bonus-item')
      .filter({ hasText: 'Bonus kampanye' })
      .filter({ hasText: 'Reload Gajian' })
      .waitFor();
    await screenshot(phonePage, 'player-bonus-campaign');
  }, 180_000);
});

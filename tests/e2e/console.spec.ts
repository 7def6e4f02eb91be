// Proves the operator console's journeys in Chromium at 1280x800 against the real server: a
// compliance officer verifies a pending operator KYC and closes a monitoring case; support finds a
// player by phone and sees their history; a content editor publishes a site notice that a signed-in
// agent sees live; finance opens the money report for a date range with its chart, and the GGR report
// over bets placed through the API; an admin switches a game off and the player's lobby shows it off.
// Screenshots in artifacts/screenshots/console-*.png.
import type { PayhubClient } from '@payhub/client';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type StaffLabel, seededAccount } from './support/accounts.ts';
import { apiClient } from './support/api.ts';
import { launchBrowser, newMobileContext, screenshot, signIn } from './support/browser.ts';
import { e2eUrl } from './support/env.ts';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

async function signedIn(label: Parameters<typeof seededAccount>[0]): Promise<PayhubClient> {
  const client = apiClient(12);
  const account = seededAccount(label, 12);
  const session = await client.api.user.login({ body: { phone: account.phone, password: account.password } });
  client.setToken(session.token);
  return client;
}

/** A desktop console page signed in as a staff member of project 12. */
async function consolePage(label: StaffLabel, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({
    baseURL: e2eUrl(),
    viewport,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
  });
  contexts.push(context);
  const page = await context.newPage();
  const account = seededAccount(label, 12);
  await page.goto('/console/sign-in');
  await page.getByLabel('Proyek').selectOption('12');
  await page.getByLabel('Nomor ponsel').fill(account.phone);
  await page.getByLabel('Kata sandi').fill(account.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await page.getByText('Konsol Operator').first().waitFor();
  await page.locator('nav').waitFor();
  return page;
}

describe('operator console at 1280x800', () => {
  it('compliance verifies a pending operator KYC and closes a monitoring case', async () => {
    const admin = await signedIn('admin');
    const operator = seededAccount('operator-manage', 12);
    const operatorId = (await admin.api.console.players({ query: { q: operator.phone } })).items[0]!.userId;
    await admin.api.console.decideKyc({ params: { userId: operatorId }, body: { status: 'pending' } });
    // A deposit just under the reporting threshold opens a monitoring case (payhub monitoring rules).
    const player = await signedIn('player');
    await player.api.payhub
      .createOrder({ body: { amount: '9700000.00', bankCode: 'BCA' } })
      .catch(() => null);
    const open = await admin.api.console.cases({ query: { status: 'open' } });
    expect(open.items.length).toBeGreaterThan(0);
    const caseId = open.items[0]!.id;

    const page = await consolePage('staff-compliance');
    await page.getByRole('link', { name: 'Operator & KYC' }).click();
    const row = page.locator('tr', { hasText: operator.phone });
    await row.waitFor();
    await screenshot(page, 'console-kyc-queue');
    page.once('dialog', (dialog) => void dialog.accept('Budi Santoso'));
    await row.getByRole('button', { name: 'Verifikasi' }).click();
    // Decided: it leaves the pending queue; the server records it.
    await row.waitFor({ state: 'detached' });
    const verified = await admin.api.console.operators({
      query: { kycStatus: 'verified', q: operator.phone },
    });
    expect(verified.items[0]).toMatchObject({ userId: operatorId, verifiedName: 'Budi Santoso' });

    await page.getByRole('link', { name: 'Kasus pemantauan' }).click();
    const resolution = page.getByLabel(`Keputusan ${caseId}`);
    await resolution.waitFor();
    await resolution.fill('Pemain dikenal; jumlah sesuai gaji. Tidak ada tindakan.');
    await screenshot(page, 'console-cases');
    await page.locator('tr', { has: resolution }).getByRole('button', { name: 'Tutup kasus' }).click();
    await resolution.waitFor({ state: 'detached' });
    const closed = await admin.api.console.cases({ query: { status: 'closed' } });
    expect(closed.items.find((item) => item.id === caseId)?.resolution).toContain('Tidak ada tindakan');
    const audit = await admin.api.console.audit({
      query: { action: 'case.close', objectId: String(caseId) },
    });
    expect(audit.items[0]?.actorId).toBe(
      (await (await signedIn('staff-compliance')).api.console.me()).userId,
    );
  });

  it('support finds a player by phone and sees their history', async () => {
    const player = seededAccount('player', 12);
    const page = await consolePage('staff-support');
    await page.getByPlaceholder('Nomor ponsel, ID, atau nama').fill(player.phone);
    await page.getByRole('button', { name: 'Cari' }).click();
    const row = page.locator('tr', { hasText: player.phone });
    await row.waitFor();
    await row.getByRole('link', { name: 'Buka' }).click();
    await page.getByText('Saldo per aset').waitFor();
    // The seeded play money is in the history (one row per funded asset).
    const bonusRows = page.locator('tr', { has: page.locator('td', { hasText: /^Bonus$/ }) });
    await bonusRows.first().waitFor();
    expect(await bonusRows.count()).toBe(3);
    expect(await bonusRows.filter({ hasText: 'IDR' }).first().textContent()).toContain('1000000.00');
    await screenshot(page, 'console-player');

    // The deposits list holds the order the first journey placed (every state, newest first).
    await page.getByRole('link', { name: 'Pesanan' }).click();
    await page.locator('tr', { hasText: '9700000.00' }).first().waitFor();
    await screenshot(page, 'console-orders');
  });

  it('a content editor publishes a site notice that the agent app shows live', async () => {
    const agentContext = await newMobileContext(browser);
    contexts.push(agentContext);
    const agent = await agentContext.newPage();
    expect(await signIn(agent, 'cs', 12)).toBe('/account');
    await agent.waitForTimeout(1_000);

    const page = await consolePage('staff-content');
    await page.getByRole('link', { name: 'Konten' }).click();
    const editor = page.locator('textarea');
    await editor.fill('<p><b>Perawatan malam ini 22:00</b></p><script>window.hacked = 1</script>');
    await page.getByLabel('Durasi tampil (detik)').fill('1');
    await page.getByRole('button', { name: 'Terbitkan sekarang' }).click();
    await page.getByText(/Pengumuman diterbitkan #\d+/).waitFor();
    await screenshot(page, 'console-content');

    await agent.getByTestId('site-notice').waitFor({ state: 'visible', timeout: 10_000 });
    expect(await agent.getByTestId('site-notice-content').innerHTML()).toBe(
      '<p><b>Perawatan malam ini 22:00</b></p>',
    );
    await screenshot(agent, 'console-notice-on-agent');
  });

  it('finance opens the money report for a date range with a chart', async () => {
    // One real deposit: the player orders, the assigned operator confirms the money arrived.
    const player = await signedIn('player');
    const order = await player.api.payhub.createOrder({ body: { amount: '150000.00', bankCode: 'BCA' } });
    let confirmed = false;
    for (const label of ['operator', 'operator-2'] as const) {
      const operator = await signedIn(label);
      confirmed = await operator.api.payhub
        .payCheck({ body: { id: order.id, action: 'confirm' } })
        .then(() => true)
        .catch(() => false);
      if (confirmed) break;
    }
    expect(confirmed).toBe(true);

    const page = await consolePage('staff-finance');
    await page.getByRole('link', { name: 'Laporan' }).click();
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Dari').fill(weekAgo);
    await page.getByLabel('Sampai').fill(today);
    await page.getByRole('button', { name: 'Tampilkan' }).click();
    const bankRow = page.locator('tr', { hasText: 'Bank' }).filter({ hasText: 'IDR' });
    await bankRow.first().waitFor();
    expect(await bankRow.first().textContent()).toContain('150000.00');
    await page.locator('[data-testid="money-chart"] .recharts-bar-rectangle').first().waitFor();
    await screenshot(page, 'console-report');
  });

  it('finance opens the GGR report for a date range with a chart, after real bets', async () => {
    const player = await signedIn('player');
    const bets = [];
    for (const stake of ['10.00', '20.00', '30.00', '40.00'])
      bets.push(
        await player.api.games.bet({
          body: {
            id: crypto.randomUUID(),
            asset: 'YEC',
            stake,
            params: { game: 'dice', target: 4950, direction: 'under' },
          },
        }),
      );
    const page = await consolePage('staff-finance');
    await page.getByRole('link', { name: 'Laporan' }).click();
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' });
    const weekAgo = new Date(Date.now() - 6 * 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'Asia/Jakarta',
    });
    await page.getByLabel('Dari').fill(weekAgo);
    await page.getByLabel('Sampai').fill(today);
    await page.getByRole('button', { name: 'Tampilkan' }).click();
    const row = page.getByTestId('ggr-row').filter({ hasText: 'dice' }).filter({ hasText: 'YEC' });
    await row.first().waitFor();
    const cells = await row.first().locator('td').allTextContents();
    expect(cells[0]).toBe(today);
    expect(Number(cells[3])).toBeGreaterThanOrEqual(bets.length);
    // GGR = stakes − payouts, as the server computed it.
    const cents = (text: string) => Math.round(Number(text) * 100);
    expect(cents(cells[6]!)).toBe(cents(cells[4]!) - cents(cells[5]!));
    await page.locator('[data-testid="ggr-chart"] .recharts-surface').first().waitFor();
    // A day whose wins and losses cancel out (GGR 0) draws no bar; any other day draws one.
    if (cents(cells[6]!) !== 0)
      await page.locator('[data-testid="ggr-chart"] .recharts-bar-rectangle').first().waitFor();
    await page.getByTestId('ggr-chart').scrollIntoViewIfNeeded();
    await screenshot(page, 'console-ggr-report');
    await row.first().scrollIntoViewIfNeeded();
    await screenshot(page, 'console-ggr-table');
  });

  it('an admin switches a game off and the player lobby shows it off', async () => {
    const page = await consolePage('admin');
    await page.getByRole('link', { name: 'Permainan' }).click();
    // Off in every asset the project plays roller in (its currency and YEC).
    const rows = page.locator('[data-testid^="game-roller-"]');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    for (let index = 0; index < 2; index += 1) {
      const row = rows.nth(index);
      await row.getByRole('checkbox').uncheck();
      await row.getByRole('button', { name: 'Simpan' }).click();
      await row.getByText('Nonaktif').waitFor();
    }
    await screenshot(page, 'console-games');
    await page.getByTestId('chain-crash').scrollIntoViewIfNeeded();
    await screenshot(page, 'console-games-chains');

    const context = await newMobileContext(browser);
    contexts.push(context);
    const lobby = await context.newPage();
    const account = seededAccount('player', 12);
    await lobby.goto('/play/login');
    await lobby.locator('input[name="phone"]').fill(account.phone);
    await lobby.locator('input[name="password"]').fill(account.password);
    await lobby.getByRole('button', { name: 'Masuk', exact: true }).click();
    await lobby.waitForURL('**/play/wallet');
    await lobby.goto('/play/games');
    const tile = lobby.getByTestId('lobby-roller');
    await tile.waitFor();
    expect(await tile.getAttribute('aria-disabled')).toBe('true');
    expect(await lobby.getByTestId('lobby-dice').getAttribute('aria-disabled')).toBe('false');
    await screenshot(lobby, 'console-game-off-in-lobby');
  });

  it('works on a tablet (820x1180): the navigation folds to a top bar, nothing scrolls sideways', async () => {
    const page = await consolePage('admin', { width: 820, height: 1180 });
    await page.getByRole('link', { name: 'Laporan' }).click();
    await page.getByTestId('money-chart').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'console-tablet-reports');
    await page.getByRole('link', { name: 'Pemain' }).click();
    await page.getByPlaceholder('Nomor ponsel, ID, atau nama').waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, 'console-tablet-players');
  });
});

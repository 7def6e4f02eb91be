// Proves the operator console's journeys in Chromium at 1280x800 against the real server: a
// compliance officer verifies a pending operator KYC and closes a monitoring case, and approves a
// player's identity documents (tier 2); support finds a
// player by phone and sees their history; a content editor publishes a site notice that a signed-in
// agent sees live; finance opens the money report for a date range with its chart, and the GGR report
// over bets placed through the API; an admin switches a game off and the player's lobby shows it off;
// a payments staff member resolves a stuck deposit (the player is credited); finance reverses a
// credited deposit the bank took back (the player's balance gives it back, the player is told, and
// the player's withdrawals are held until compliance closes the case); a content editor
// schedules a notice that the agent app shows live when its time comes; the operations screens
// (crypto, agreements, promo applications, providers with the day's reconciliation, the guide); a
// payments staff member opens an operator's page (cards and names, quota) and the promoters list; a
// compliance officer escalates a case to the admin and sets the monitoring thresholds, and blocks and
// unblocks a USDT address on the AML blocklist.
// Screenshots in artifacts/screenshots/console-*.png.
import { CLIENT_ID_KEY, createPayhubClient, memoryStore, type PayhubClient } from '@payhub/client';
import { contracts } from '@payhub/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type StaffLabel, seededAccount } from './support/accounts.ts';
import { apiClient, latestSmsCode } from './support/api.ts';
import { launchBrowser, newMobileContext, screenshot, signIn } from './support/browser.ts';
import { e2eUrl } from './support/env.ts';
import { testPng } from './support/test-images.ts';

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

/** A deposit order of the player, confirmed (money arrived) by whichever seeded operator it went to. */
async function paidDeposit(player: PayhubClient, amount: string) {
  const order = await player.api.payhub.createOrder({ body: { amount, bankCode: 'BCA' } });
  for (const label of ['operator', 'operator-2'] as const) {
    const operator = await signedIn(label);
    const confirmed = await operator.api.payhub
      .payCheck({ body: { id: order.id, action: 'confirm' } })
      .then(() => true)
      .catch(() => false);
    if (confirmed) return order;
  }
  throw new Error(`no seeded operator confirmed order ${order.id}`);
}

/** The seeded player of project 12 signed in to the player app on a phone (it lands on the wallet). */
async function playerPhone(): Promise<Page> {
  const context = await newMobileContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  const account = seededAccount('player', 12);
  await page.goto('/play/login');
  await page.locator('input[name="phone"]').fill(account.phone);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await page.waitForURL('**/play/wallet');
  return page;
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
    await page.getByRole('link', { name: 'Operator & promotor' }).click();
    const row = page.locator('tr', { hasText: operator.phone });
    await row.waitFor();
    await screenshot(page, 'console-kyc-queue');
    await row.getByRole('button', { name: 'Verifikasi' }).click();
    // The decision is confirmed in a dialog that asks for the name on the documents.
    const verifyDialog = page.getByRole('alertdialog');
    const confirmVerify = verifyDialog.getByRole('button', { name: 'Verifikasi' });
    expect(await confirmVerify.isDisabled()).toBe(true);
    await verifyDialog.getByLabel('Nama sesuai dokumen').fill('Budi Santoso');
    await screenshot(page, 'console-kyc-verify');
    await confirmVerify.click();
    await verifyDialog.waitFor({ state: 'detached' });
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
    // The rule in words, its evidence labelled, and the thresholds in figures (the payhub rules).
    await page.locator('tr', { has: resolution }).getByText('Tepat di bawah batas').waitFor();
    await page
      .getByTestId('case-thresholds')
      .getByText('Lebih dari 5 pesanan deposit oleh satu pemain dalam 10 menit.')
      .waitFor();
    await page
      .getByTestId('case-thresholds')
      .getByText('batas pelaporan 10000000.00 IDR', { exact: false })
      .waitFor();
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

  it("a compliance officer approves a player's identity documents (tier 2)", async () => {
    const player = await signedIn('player-2');
    await player.api.identity.declare({ body: { fullName: 'Rina Wulandari', birthDate: '1994-08-17' } });
    const body = new FormData();
    body.append(
      'document',
      new Blob([new Uint8Array(testPng('document'))], { type: 'image/png' }),
      'ktp.png',
    );
    body.append(
      'selfie',
      new Blob([new Uint8Array(testPng('selfie', 300, 400))], { type: 'image/png' }),
      'me.png',
    );
    const submitted = (await player.http.call(contracts.identity.submitDocuments, { body })) as {
      review: { id: number };
    };

    const page = await consolePage('staff-compliance');
    await page.getByRole('link', { name: 'Verifikasi identitas' }).click();
    const row = page.getByTestId('kyc-row').filter({ hasText: 'Rina Wulandari' });
    await row.getByRole('button', { name: 'Periksa' }).click();
    const review = page.getByTestId('kyc-review');
    await review.getByTestId('kyc-declared').filter({ hasText: 'Rina Wulandari · 1994-08-17' }).waitFor();
    // Both images are shown, decoded.
    for (const slot of ['kyc-document', 'kyc-selfie'])
      await expect
        .poll(() => review.getByTestId(slot).evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
    await screenshot(page, 'console-identity-review');
    await review.getByRole('button', { name: 'Setujui (tingkat 2)' }).click();
    await page.getByText('Keputusan disimpan').waitFor();
    await row.waitFor({ state: 'detached' });
    await screenshot(page, 'console-identity-approved');

    expect(await player.api.identity.get()).toMatchObject({ tier: 2, review: { status: 'approved' } });
    const admin = await signedIn('admin');
    const audit = await admin.api.console.audit({
      query: { action: 'identity.kyc.approve', objectId: String(submitted.review.id) },
    });
    expect(audit.items[0]?.actorId).toBe(
      (await (await signedIn('staff-compliance')).api.console.me()).userId,
    );
  });

  it("support sees a player's identity tier and KYC, limits and exclusion (view only) and signs a session out", async () => {
    // The player (tier 2 since the journey before) set a limit, asked to raise it (pending 24 h) and
    // took a cool-off; they are signed in on a phone.
    const player = await signedIn('player-2');
    await player.api.responsible.setLimit({ body: { kind: 'deposit_day', amount: '500000.00' } });
    await player.api.responsible.setLimit({ body: { kind: 'deposit_day', amount: '2000000.00' } });
    await player.api.responsible.setSessionLimit({ body: { minutes: 90 } });
    await player.api.responsible.coolOff({ body: { hours: 72 } });
    const account = seededAccount('player-2', 12);
    const phoneContext = await newMobileContext(browser);
    contexts.push(phoneContext);
    const phone = await phoneContext.newPage();
    await phone.goto('/play/login');
    await phone.locator('input[name="phone"]').fill(account.phone);
    await phone.locator('input[name="password"]').fill(account.password);
    await phone.getByRole('button', { name: 'Masuk', exact: true }).click();
    await phone.waitForURL('**/play/wallet');

    const page = await consolePage('staff-support');
    await page.getByPlaceholder('Nomor ponsel, ID, atau nama').fill(account.phone);
    await page.getByRole('button', { name: 'Cari' }).click();
    await page.locator('tr', { hasText: account.phone }).getByRole('link', { name: 'Buka' }).click();
    await page.getByTestId('player-tier').filter({ hasText: 'Tingkat 2 — dokumen disetujui' }).waitFor();
    await page.getByText('Rina Wulandari').waitFor();
    const exclusion = page.getByTestId('player-exclusion');
    await exclusion.filter({ hasText: 'Jeda bermain sampai' }).waitFor();
    await page
      .locator('tr', { hasText: 'Deposit per hari' })
      .filter({ hasText: 'Menjadi 2000000.00 IDR' })
      .waitFor();
    await page.getByText('Staf tidak dapat memperpendek atau mencabut').waitFor();
    // No control on the limits card changes anything.
    const limitsCard = page.locator('section', { hasText: 'Batas & pengecualian diri' });
    expect(await limitsCard.getByRole('button').count()).toBe(0);
    await screenshot(page, 'console-player-page');
    await page.getByRole('heading', { name: 'Tingkat identitas & KYC' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'console-player-identity-limits');

    // The phone's session (headless Chromium: "Chrome · Linux"), not the API clients' ones.
    const sessionRow = page.locator('tr', { hasText: 'Chrome · ' }).first();
    await sessionRow.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-player-sessions');
    await sessionRow.getByRole('button', { name: 'Keluarkan' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('harus masuk lagi di perangkat itu').waitFor();
    await screenshot(page, 'console-player-session-revoke');
    await dialog.getByRole('button', { name: 'Ya, keluarkan' }).click();
    await page.getByText('Sesi sudah dikeluarkan.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('tr', { hasText: 'Chrome · ' }).count()).toBe(0);
    const admin = await signedIn('admin');
    const audit = await admin.api.console.audit({ query: { action: 'console.session.revoke' } });
    expect(audit.items[0]?.actorId).toBe((await (await signedIn('staff-support')).api.console.me()).userId);
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
    const editor = page.locator('#notice-content');
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
    await paidDeposit(player, '150000.00');

    const page = await consolePage('staff-finance');
    await page.getByRole('link', { name: 'Laporan' }).click();
    // Days in the project's time zone (Asia/Jakarta), as the report counts them: at 00:14 in Jakarta
    // the UTC day is still yesterday, and a UTC range would leave today's deposit out.
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' });
    const weekAgo = new Date(Date.now() - 6 * 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'Asia/Jakarta',
    });
    await page.getByLabel('Dari').fill(weekAgo);
    await page.getByLabel('Sampai').fill(today);
    await page.getByRole('button', { name: 'Tampilkan' }).click();
    const bankRow = page.locator('tr', { hasText: 'Bank' }).filter({ hasText: 'IDR' });
    await bankRow.first().waitFor();
    expect(await bankRow.first().textContent()).toContain('150000.00');
    await page.locator('[data-testid="money-chart"] .recharts-bar-rectangle').first().waitFor();
    await screenshot(page, 'console-report');
  });

  it("finance sets the referral tiers on their screen; the player's referral page reads the new rate", async () => {
    const page = await consolePage('staff-finance');
    await page.getByRole('link', { name: 'Tingkat referal' }).click();
    await page.getByTestId('referral-tiers-source').filter({ hasText: 'nilai bawaan' }).waitFor();
    await page.getByLabel('Perunggu Rabat level 1 (%)').fill('1,00');
    await page.getByRole('button', { name: 'Simpan tingkat' }).click();
    // The confirmation names what changes, before and after.
    const changes = page.getByTestId('referral-tiers-changes');
    await changes.waitFor();
    expect(await changes.textContent()).toContain('Perunggu · rabat level 1: 0.30 % → 1.00 %');
    await screenshot(page, 'console-referral-tiers-confirm');
    await page.getByRole('button', { name: 'Ya, simpan' }).click();
    await page.getByRole('status').filter({ hasText: 'Tingkat disimpan' }).waitFor();
    await page.getByTestId('referral-tiers-source').filter({ hasText: 'milik proyek' }).waitFor();
    await screenshot(page, 'console-referral-tiers');
    const player = await signedIn('player');
    const dashboard = await player.api.rewards.referral();
    expect(dashboard.tiers[0]).toEqual({ tier: 'bronze', minDirect: 0, ratesBp: [100, 15, 5] });
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

    // Reward costs from the bonus pool, and the ledger check run from the console: clean.
    await page.getByTestId('rewards-chart').scrollIntoViewIfNeeded();
    await screenshot(page, 'console-rewards-report');
    await page.getByTestId('ledger-check-run').click();
    await page.getByTestId('ledger-check-last').filter({ hasText: 'Bersih' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('ledger-check-last').scrollIntoViewIfNeeded();
    await screenshot(page, 'console-ledger-check');
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
    // Crash's stake range in USDT set for the project (no journey bets crash in USDT): the row says so.
    const usdt = page.getByTestId('round-stakes-crash-USDT');
    await usdt.scrollIntoViewIfNeeded();
    expect(await usdt.getByText('Bawaan server').count()).toBe(1);
    await usdt.getByLabel('Taruhan minimum crash USDT').fill('0.5');
    await usdt.getByLabel('Taruhan maksimum crash USDT').fill('250');
    await usdt.getByRole('button', { name: 'Simpan' }).click();
    const saved = page.getByTestId('round-stakes-crash-USDT');
    await saved.getByText('Diatur proyek').waitFor();
    expect(await saved.getByLabel('Taruhan minimum crash USDT').inputValue()).toBe('0.500000');
    expect(await saved.getByLabel('Taruhan maksimum crash USDT').inputValue()).toBe('250.000000');
    // Nothing to save while the fields show what is stored.
    expect(await saved.getByRole('button', { name: 'Simpan' }).isDisabled()).toBe(true);
    await screenshot(page, 'console-games-round-stakes');
    // And back to the server's defaults.
    await saved.getByRole('button', { name: 'Kembalikan ke bawaan' }).click();
    const reset = page.getByTestId('round-stakes-crash-USDT');
    await reset.getByText('Bawaan server').waitFor();
    expect(await reset.getByLabel('Taruhan minimum crash USDT').inputValue()).toBe('0.100000');
    expect(await reset.getByRole('button', { name: 'Kembalikan ke bawaan' }).count()).toBe(0);
    await page.getByTestId('chain-crash').scrollIntoViewIfNeeded();
    await screenshot(page, 'console-games-chains');

    const lobby = await playerPhone();
    await lobby.goto('/play/games');
    const tile = lobby.getByTestId('lobby-roller');
    await tile.waitFor();
    expect(await tile.getAttribute('aria-disabled')).toBe('true');
    expect(await lobby.getByTestId('lobby-dice').getAttribute('aria-disabled')).toBe('false');
    await screenshot(lobby, 'console-game-off-in-lobby');
  });

  it('a payments staff member resolves a stuck deposit with a reason; the player is credited', async () => {
    const player = await signedIn('player');
    const balance = async () => (await player.api.withdraw.balance()).balance;
    const order = await player.api.payhub.createOrder({ body: { amount: '130000.00', bankCode: 'BCA' } });
    let reported = false;
    for (const label of ['operator', 'operator-2'] as const) {
      const operator = await signedIn(label);
      reported = await operator.api.payhub
        .payCheck({ body: { id: order.id, action: 'report', remark: 'Nama pengirim berbeda' } })
        .then(() => true)
        .catch(() => false);
      if (reported) break;
    }
    expect(reported).toBe(true);
    const before = await balance();

    const page = await consolePage('staff-payments');
    await page.getByRole('link', { name: 'Pesanan' }).click();
    await page.getByLabel('Hanya yang macet (perlu tindakan)').check();
    const row = page.locator('tr', { hasText: order.orderNo });
    await row.waitFor();
    await row.getByRole('button', { name: 'Selesaikan' }).click();
    const panel = page.getByTestId('resolve-order');
    await panel.waitFor();
    await panel.getByLabel('Berhasil: kreditkan ke pemain').check();
    await panel.getByLabel('Alasan').fill('Mutasi BCA cocok, nama pengirim keluarga pemain');
    await screenshot(page, 'console-resolve-order');
    await panel.getByRole('button', { name: 'Konfirmasi penyelesaian' }).click();
    await panel.getByRole('status').waitFor();
    // The state as a person reads it (the raw CHECK_SUCCESS stays as the badge's tooltip).
    expect(await panel.getByRole('status').textContent()).toContain('Berhasil');
    // Resolved: it leaves the stuck queue; the player's wallet holds the amount.
    await row.waitFor({ state: 'detached' });
    await screenshot(page, 'console-resolved-order');
    // Every order with its state in words (the raw name is the tooltip).
    await page.getByLabel('Hanya yang macet (perlu tindakan)').uncheck();
    const resolved = page.locator('tr', { hasText: order.orderNo });
    await resolved.getByText('Berhasil', { exact: true }).waitFor();
    expect(await resolved.locator('[title="CHECK_SUCCESS"]').count()).toBe(1);
    await screenshot(page, 'console-orders-states');
    const cents = (text: string) => Math.round(Number(text) * 100);
    expect(cents(await balance()) - cents(before)).toBe(13_000_000);
    const admin = await signedIn('admin');
    const audit = await admin.api.console.audit({
      query: { action: 'pay_order.resolve', objectId: String(order.id) },
    });
    expect(audit.items[0]?.after).toMatchObject({ resolution: 'complete' });
  });

  it('finance reverses a credited deposit the bank took back; the player is told', async () => {
    const player = await signedIn('player');
    const balance = async () => Math.round(Number((await player.api.withdraw.balance()).balance) * 100);
    const order = await paidDeposit(player, '90000.00');
    const before = await balance();

    const page = await consolePage('staff-finance');
    await page.getByRole('link', { name: 'Pesanan' }).click();
    await page.getByLabel('Nomor pesanan').fill(order.orderNo);
    await page.getByRole('button', { name: 'Cari' }).click();
    const row = page.locator('tr', { hasText: order.orderNo });
    await row.getByRole('button', { name: 'Tarik kembali' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog
      .getByLabel('Alasan (wajib, minimal 3 karakter)')
      .fill('BCA membatalkan transfer (chargeback)');
    await screenshot(page, 'console-reverse-deposit');
    await dialog.getByRole('button', { name: 'Ya, tarik kembali' }).click();
    const done = page.getByRole('status').filter({ hasText: 'ditarik kembali' });
    await done.waitFor();
    expect(await done.textContent()).toContain('90000.00 IDR dari saldo pemain');
    await row.getByText('Ditarik kembali', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Tarik kembali' }).count()).toBe(0);
    await screenshot(page, 'console-reversed-deposit');
    expect(before - (await balance())).toBe(9_000_000);
    const mails = await player.api.inbox.list({ query: { page: 1, count: 20 } });
    expect(mails.items.some((mail) => mail.title === 'Deposit dibatalkan oleh bank')).toBe(true);

    // The player's phone: the deposit's record and its page say the bank took it back.
    const phone = await playerPhone();
    const record = phone.getByTestId('deposit-record').filter({ hasText: 'Dibatalkan bank' }).first();
    await record.waitFor();
    // Centred: the bottom navigation covers the foot of the screen.
    await record.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await screenshot(phone, 'player-deposit-reversed-record');
    await record.click();
    await phone.getByTestId('order-state').filter({ hasText: 'Dibatalkan bank' }).waitFor();
    await phone.getByText('Bank membatalkan pembayaran ini').waitFor();
    await screenshot(phone, 'player-deposit-reversed');

    // The case the reversal opened holds the player's withdrawals: the form says so, its button is off.
    await phone.goto('/play/withdraw');
    const hold = phone.getByTestId('withdraw-hold-notice');
    await hold.getByText('Penarikan ditahan sementara').waitFor();
    expect(await phone.getByRole('button', { name: 'Ajukan penarikan' }).isDisabled()).toBe(true);
    await screenshot(phone, 'player-withdraw-held');
    for (const [path, name] of [
      ['/play/withdraw/choose', 'player-withdraw-chooser-held'],
      ['/play/withdraw/usdt', 'player-chain-withdraw-held'],
    ] as const) {
      await phone.goto(path);
      await hold.waitFor();
      await screenshot(phone, name);
    }
    // Compliance closes the case: withdrawals are open again.
    const admin = await signedIn('admin');
    const cases = await admin.api.console.cases({ query: { status: 'open', count: 100 } });
    const playerId = (await player.api.user.me()).id;
    const opened = cases.items.find(
      (item) => item.rule === 'deposit_reversed' && item.subjectId === String(playerId),
    );
    await admin.api.console.closeCase({
      params: { id: opened!.id },
      body: { resolution: 'Pemain membayar kembali di cabang BCA' },
    });
    await phone.goto('/play/withdraw');
    await phone.getByTestId('withdraw-available').waitFor();
    await phone.waitForLoadState('networkidle');
    expect(await hold.count()).toBe(0);
    expect(await phone.getByRole('button', { name: 'Ajukan penarikan' }).isDisabled()).toBe(false);
  });

  it('a content editor schedules a notice; the agent app shows it live when its time comes', async () => {
    const agentContext = await newMobileContext(browser);
    contexts.push(agentContext);
    const agent = await agentContext.newPage();
    expect(await signIn(agent, 'cs', 12)).toBe('/account');
    await agent.waitForTimeout(1_000);

    const page = await consolePage('staff-content');
    await page.getByRole('link', { name: 'Konten' }).click();
    const text = `Turnamen akhir pekan dimulai ${Date.now()}`;
    await page.locator('#notice-content').fill(`<p><b>${text}</b></p>`);
    await page.getByLabel('Durasi tampil (detik)').fill('1');
    // 20 s from now, in the console's time zone (Asia/Jakarta): time enough to see it scheduled first.
    const at = new Date(Date.now() + 20_000)
      .toLocaleString('sv-SE', { timeZone: 'Asia/Jakarta' })
      .replace(' ', 'T');
    await page.getByLabel('Waktu tayang (opsional)').fill(at);
    await page.getByRole('button', { name: 'Jadwalkan' }).click();
    await page.getByText(/Pengumuman #\d+ dijadwalkan/).waitFor();
    const scheduledRow = page.locator('tr', { hasText: text });
    await scheduledRow.getByText('Terjadwal').waitFor();
    await scheduledRow.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-notice-scheduled');

    // The agent acknowledges notices of earlier journeys; the scheduled one appears only at its time.
    const mine = `<p><b>${text}</b></p>`;
    const notice = agent.getByTestId('site-notice');
    const seenAt = async (): Promise<number> => {
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        if (await notice.isVisible()) {
          if ((await agent.getByTestId('site-notice-content').innerHTML()) === mine) return Date.now();
          await notice.getByRole('button', { name: /Saya mengerti/ }).click({ timeout: 20_000 });
        }
        await agent.waitForTimeout(300);
      }
      throw new Error('the scheduled notice never reached the agent');
    };
    const shownAt = await seenAt();
    // Not before its time (the scheduler runs every few seconds after it).
    expect(shownAt).toBeGreaterThanOrEqual(new Date(`${at}+07:00`).getTime());
    expect(await agent.getByTestId('site-notice-content').innerHTML()).toBe(mine);
    await screenshot(agent, 'console-scheduled-notice-on-agent');
    await page.reload();
    await page.locator('tr', { hasText: text }).getByText('Terbit', { exact: true }).waitFor();
  });

  it('payments opens an operator page (cards and the names on them, quota, group) and the promoters list', async () => {
    const admin = await signedIn('admin');
    const operatorAccount = seededAccount('operator', 12);
    const operatorId = (await admin.api.console.players({ query: { q: operatorAccount.phone } })).items[0]!
      .userId;
    const expected = await admin.api.console.operator({ params: { userId: operatorId } });
    expect(expected.cards.length).toBeGreaterThan(0);
    const own = await (await signedIn('operator')).api.quota.query();

    const page = await consolePage('staff-payments');
    await page.getByRole('link', { name: 'Operator & promotor' }).click();
    await page.getByLabel('KYC').selectOption('');
    await page.getByPlaceholder('Nomor ponsel, ID, atau nama').fill(operatorAccount.phone);
    await page.getByRole('button', { name: 'Cari' }).click();
    const row = page.locator('tr', { hasText: operatorAccount.phone });
    await row.getByRole('button', { name: 'Rincian' }).click();
    const detail = page.getByTestId('operator-detail');
    await detail.waitFor();
    // Every card with the name on it, and the quota the operator sees in their own app.
    for (const card of expected.cards)
      await detail.locator('tr', { hasText: card.accountNo }).getByText(card.holderName).waitFor();
    await detail.getByText(`${own.available} ${own.currency}`).first().waitFor();
    await detail.getByText('Kartu penerima').waitFor();
    await screenshot(page, 'console-operator-page');

    const leader = seededAccount('leader', 12);
    const promoter = seededAccount('promoter', 12);
    await page.getByRole('tab', { name: 'Promotor' }).click();
    const leaderRow = page.locator('tr', { hasText: leader.phone });
    await leaderRow.getByText('Ketua grup').waitFor();
    const promoterRow = page.locator('tr', { hasText: promoter.phone });
    await promoterRow.getByText('Anggota', { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'console-promoters');
  });

  it('compliance escalates a monitoring case to the admin and sets the thresholds; the admin finds it in the escalated queue', async () => {
    const admin = await signedIn('admin');
    const player = await signedIn('player');
    const playerId = (await player.api.user.me()).id;
    // A deposit just under the reporting threshold opens a case (payhub monitoring rules).
    await player.api.payhub
      .createOrder({ body: { amount: '9800000.00', bankCode: 'BCA' } })
      .catch(() => null);
    const open = await admin.api.console.cases({ query: { status: 'open', count: 100 } });
    // The player's new case, else any open case not yet escalated (the journey needs one open case).
    const opened =
      open.items.find(
        (item) =>
          item.rule === 'just_under_threshold' && item.details.playerId === playerId && !item.escalatedAt,
      ) ?? open.items.find((item) => !item.escalatedAt);
    expect(opened).toBeDefined();
    const caseId = opened!.id;

    const page = await consolePage('staff-compliance');
    await page.getByRole('link', { name: 'Kasus pemantauan' }).click();
    const row = page.locator('tr', { has: page.getByLabel(`Keputusan ${caseId}`) });
    await row.getByRole('button', { name: 'Eskalasi ke admin' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog
      .getByLabel('Catatan untuk admin (wajib, minimal 3 karakter)')
      .fill('Jumlah tepat di bawah batas pelaporan tiga kali minggu ini; mohon keputusan admin.');
    await screenshot(page, 'console-case-escalate-dialog');
    await dialog.getByRole('button', { name: 'Ya, eskalasi' }).click();
    await page.getByTestId(`case-escalation-${caseId}`).getByText('Dieskalasi').waitFor();
    await screenshot(page, 'console-case-escalated');
    const escalated = await admin.api.console.cases({
      query: { status: 'open', escalated: true, count: 100 },
    });
    expect(escalated.items.find((item) => item.id === caseId)?.escalationNote).toContain(
      'mohon keputusan admin',
    );

    // The same officer sets the project's thresholds within their bounds; the monitor applies them.
    await page.getByRole('button', { name: 'Ubah ambang' }).click();
    const form = page.getByTestId('rules-form');
    await form.getByLabel('Maks. pesanan deposit per pemain').fill('4');
    await form.getByLabel('Batas pelaporan (IDR)').fill('8000000.00');
    await screenshot(page, 'console-case-thresholds-edit');
    await form.getByRole('button', { name: 'Simpan ambang' }).click();
    const thresholds = page.getByTestId('case-thresholds');
    await thresholds.getByText('Lebih dari 4 pesanan deposit oleh satu pemain dalam 10 menit.').waitFor();
    await thresholds.getByText('batas pelaporan 8000000.00 IDR', { exact: false }).waitFor();
    await thresholds.getByText('Terakhir diubah oleh staf', { exact: false }).waitFor();
    await screenshot(page, 'console-case-thresholds-saved');
    expect((await admin.api.console.cases({ query: {} })).rules).toMatchObject({
      velocity: { maxOrders: 4 },
      justUnderThreshold: { threshold: '8000000.00' },
    });
    // Back to the defaults for the journeys after this one.
    await admin.api.console.setMonitoringRules({
      body: {
        velocityMaxOrders: 5,
        velocityWindowMinutes: 10,
        reportingThreshold: '10000000.00',
        justUnderBps: 500,
        manyPayersMax: 8,
        manyPayersWindowHours: 24,
      },
    });

    const adminPage = await consolePage('admin');
    await adminPage.getByRole('link', { name: 'Kasus pemantauan' }).click();
    await adminPage.getByLabel('Status').first().selectOption('escalated');
    await adminPage
      .getByTestId(`case-escalation-${caseId}`)
      .getByText('mohon keputusan admin', { exact: false })
      .waitFor();
    await adminPage.waitForLoadState('networkidle');
    await screenshot(adminPage, 'console-cases-escalated-queue');
  });

  it('compliance blocks a USDT address on the AML blocklist and removes it again (audited)', async () => {
    const address = '0x2222222222222222222222222222222222222e2e';
    const page = await consolePage('staff-compliance');
    await page.getByRole('link', { name: 'Kripto' }).click();
    const form = page.getByTestId('blocklist-form');
    await form.getByLabel('Alamat').fill(address);
    await form.getByLabel('Alasan').fill('Dilaporkan sebagai alamat penipuan oleh bank mitra');
    await form.getByRole('button', { name: 'Blokir alamat' }).click();
    const row = page.locator('tr', { hasText: address });
    await row.getByText('Dilaporkan sebagai alamat penipuan').waitFor();
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-aml-blocklist');
    const admin = await signedIn('admin');
    expect(
      (await admin.api.console.chainBlocklist()).items.map((item) => item.address.toLowerCase()),
    ).toContain(address);
    await row.getByRole('button', { name: 'Hapus dari daftar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ya, hapus' }).click();
    await row.waitFor({ state: 'detached' });
    const complianceId = (await (await signedIn('staff-compliance')).api.console.me()).userId;
    for (const action of ['chain.blocklist.add', 'chain.blocklist.remove']) {
      const audit = await admin.api.console.audit({ query: { action, objectId: address } });
      expect(audit.items[0]?.actorId, action).toBe(complianceId);
    }
  });

  it('an admin opens the operations screens: crypto, agreements, promo applications, providers, guide', async () => {
    const page = await consolePage('admin');
    await page.getByRole('link', { name: 'Kripto' }).click();
    await page.getByText('Transaksi kripto (USDT)').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'console-chain');
    // An operator asks for new terms; the admin rejects them with a note (terms stay as they are).
    const operator = await signedIn('operator-2');
    const requested = await operator.api.payhubTools.request({
      body: {
        perOrderMax: '5000000.00',
        dailyMax: '50000000.00',
        commissionBps: 150,
        note: 'Mohon naik limit',
      },
    });
    await page.getByRole('link', { name: 'Perjanjian' }).click();
    const agreement = page.locator('tr', { hasText: 'Mohon naik limit' });
    await agreement.waitFor();
    await agreement.getByLabel('Catatan keputusan').fill('Volume belum cukup, ajukan lagi bulan depan');
    await screenshot(page, 'console-agreements');
    await agreement.getByRole('button', { name: 'Tolak' }).click();
    await page.getByText(`Perjanjian #${requested.id}: Ditolak.`).waitFor();
    expect((await operator.api.payhubTools.state()).pending).toBeNull();
    await page.getByRole('link', { name: 'Pengajuan promo' }).click();
    await page.getByText('Pengajuan grup promo').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'console-applications');
    await page.getByRole('link', { name: 'Penyedia game' }).click();
    await page.getByTestId('provider-demo').waitFor();
    await page.getByRole('button', { name: 'Tampilkan' }).click();
    await page
      .getByText(/Tidak ada selisih|Selisih/)
      .first()
      .waitFor();
    await screenshot(page, 'console-providers');
    await page.getByRole('link', { name: 'Konten' }).click();
    await page
      .locator('#guide-steps')
      .fill('Setor saldo lewat menu Setor.\nPilih permainan, pasang taruhan kecil dulu.');
    await page.getByRole('button', { name: 'Simpan' }).last().click();
    await page.getByText('Panduan disimpan.').waitFor();
    await page.locator('#guide-steps').scrollIntoViewIfNeeded();
    await screenshot(page, 'console-guide');
    const guide = await apiClient(12).api.guide.text({ query: { locale: 'id-ID' } });
    expect(guide.steps).toEqual([
      'Setor saldo lewat menu Setor.',
      'Pilih permainan, pasang taruhan kecil dulu.',
    ]);
    // Back to the built-in text for the other journeys.
    await page.getByRole('button', { name: 'Kembali ke teks bawaan' }).click();
    await page.getByText('Saat ini memakai teks bawaan aplikasi.').waitFor();
  });

  it("compliance pays a reward-abuse case's held rewards only after the confirmation sheet", async () => {
    // Two accounts registered from one device, the second invited by the first: its first deposit's
    // bonus and the referrer's are held and a reward-abuse case opens (rewards scheduler).
    const device = `abuse-${Date.now()}`;
    const register = async (suffix: string, inviteCode?: string) => {
      const number = `87${String(Date.now()).slice(-7)}${suffix}`;
      const client = createPayhubClient({
        baseUrl: e2eUrl(),
        projectId: 12,
        language: 'id-ID',
        store: memoryStore({ [CLIENT_ID_KEY]: device }),
      });
      await client.api.user.sendCode({ query: { phone: number, purpose: 'register' } });
      const code = await latestSmsCode(number, 'register');
      const session = await client.api.user.register({
        body: { phone: number, code, password: 'Dompet2026', ...(inviteCode ? { inviteCode } : {}) },
      });
      client.setToken(session.token);
      return { client, id: session.user.id };
    };
    const referrer = await register('1');
    const { inviteCode } = await referrer.client.api.rewards.referral();
    const invited = await register('2', inviteCode);
    const order = await invited.client.api.payhub.createOrder({
      body: { amount: '100000.00', bankCode: 'BCA' },
    });
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
    const admin = await signedIn('admin');
    const abuseCase = async () =>
      (await admin.api.console.cases({ query: { status: 'open', count: 100 } })).items.find(
        (item) => item.rule === 'reward_abuse' && item.subjectId === String(invited.id),
      );
    await expect
      .poll(async () => (await abuseCase())?.id, { timeout: 60_000, interval: 1_000 })
      .toBeDefined();
    const caseId = (await abuseCase())!.id;

    const page = await consolePage('staff-compliance');
    await page.getByRole('link', { name: 'Kasus pemantauan' }).click();
    await page.getByLabel(`Keputusan ${caseId}`).fill('Satu keluarga berbagi ponsel; bukan penyalahgunaan');
    await page.getByTestId(`case-release-${caseId}`).click();
    const sheet = page.getByTestId('release-rewards');
    // What will be paid: both bonuses, and the sum per asset (Rp 10.000 + the referral bonus).
    await sheet
      .locator('tr', { hasText: `#${invited.id}` })
      .filter({ hasText: 'dibayar sekarang' })
      .waitFor();
    await sheet
      .locator('tr', { hasText: `#${referrer.id}` })
      .filter({ hasText: 'masuk antrean' })
      .waitFor();
    await sheet.getByTestId('release-totals').filter({ hasText: 'IDR (2)' }).waitFor();
    expect(await sheet.getByLabel('Keputusan tertulis').inputValue()).toBe(
      'Satu keluarga berbagi ponsel; bukan penyalahgunaan',
    );
    // Nothing is sent before the confirmation.
    expect((await abuseCase())?.status).toBe('open');
    await screenshot(page, 'console-case-release-sheet');
    await sheet.getByRole('button', { name: 'Konfirmasi: bayarkan dan tutup kasus' }).click();
    await sheet.getByRole('status').waitFor();
    expect(await abuseCase()).toBeUndefined();
    await expect
      .poll(async () => (await invited.client.api.bonus.overview()).bonuses[0]?.state)
      .toBe('active');
    await screenshot(page, 'console-case-released');
  });

  it('a manual adjustment moves money only after a second staff member approves; the audit log shows both', async () => {
    const account = seededAccount('player-2', 12);
    const admin = await signedIn('admin');
    const playerId = (await admin.api.console.players({ query: { q: account.phone } })).items[0]!.userId;
    const idrOf = async () =>
      (await admin.api.console.player({ params: { userId: playerId } })).balances.find(
        (item) => item.asset === 'IDR',
      )!.balance;
    const before = await idrOf();
    const reason = `Kompensasi gangguan deposit ${Date.now()}`;

    // Support asks on the player page: nothing moves yet.
    const support = await consolePage('staff-support');
    await support.getByPlaceholder('Nomor ponsel, ID, atau nama').fill(account.phone);
    await support.getByRole('button', { name: 'Cari' }).click();
    await support.locator('tr', { hasText: account.phone }).getByRole('link', { name: 'Buka' }).click();
    await support.getByLabel('Jumlah (negatif untuk mendebit)').fill('25000.00');
    await support.getByLabel('Alasan').fill(reason);
    await support.getByRole('button', { name: 'Ajukan penyesuaian' }).click();
    await support.getByText('Penyesuaian diajukan; menunggu persetujuan staf lain.').waitFor();
    expect(await idrOf()).toBe(before);

    // Finance approves it on the Adjustments screen: now the money moves.
    const finance = await consolePage('staff-finance');
    await finance.getByRole('link', { name: 'Penyesuaian' }).click();
    const row = finance.locator('tr', { hasText: reason });
    await row.waitFor();
    await screenshot(finance, 'console-adjustments-pending');
    await row.getByRole('button', { name: 'Setujui' }).click();
    // Approving moves money: a dialog says how much, for whom, and why, before it does.
    const approveDialog = finance.getByRole('alertdialog');
    await approveDialog.getByText('25000.00 IDR').waitFor();
    await screenshot(finance, 'console-adjustment-approve');
    expect(Number(await idrOf())).toBe(Number(before));
    await approveDialog.getByRole('button', { name: 'Ya, setujui' }).click();
    // Decided: it leaves the pending queue and shows under "approved", with who decided.
    await row.waitFor({ state: 'detached' });
    await finance.getByRole('combobox', { name: 'Status' }).selectOption('approved');
    await row.getByText('Disetujui').waitFor();
    await screenshot(finance, 'console-adjustments');
    expect(Number(await idrOf())).toBe(Number(before) + 25_000);

    // A second request (by API) that finance rejects: the dialog asks for a note, nothing moves.
    const supportApi = await signedIn('staff-support');
    const second = await supportApi.api.console.requestAdjustment({
      body: { userId: playerId, asset: 'IDR', amount: '-10000.00', reason: `${reason} (koreksi)` },
    });
    // The queue shows what was pending when it loaded: finance reloads it (it opens on "pending").
    await finance.reload();
    const secondRow = finance.locator('tr', { hasText: `${reason} (koreksi)` });
    await secondRow.getByRole('button', { name: 'Tolak' }).click();
    const rejectDialog = finance.getByRole('alertdialog');
    const confirmReject = rejectDialog.getByRole('button', { name: 'Ya, tolak' });
    expect(await confirmReject.isDisabled()).toBe(true);
    await rejectDialog.getByLabel('Alasan penolakan').fill('Sudah dikompensasi lewat penyesuaian #1');
    await screenshot(finance, 'console-adjustment-reject');
    await confirmReject.click();
    await secondRow.waitFor({ state: 'detached' });
    expect(Number(await idrOf())).toBe(Number(before) + 25_000);
    const rejected = await admin.api.console.adjustments({ query: { status: 'rejected' } });
    expect(rejected.items.find((item) => item.id === second.id)?.status).toBe('rejected');

    // The audit log (read-only) shows the request by support and the approval by finance.
    const page = await consolePage('admin');
    await page.getByRole('link', { name: 'Log audit' }).click();
    await page.getByLabel('Objek', { exact: true }).fill('staff_adjustment');
    await page.getByRole('button', { name: 'Cari' }).click();
    await page.locator('tr', { hasText: 'console.adjustment.approve' }).first().waitFor();
    await page.locator('tr', { hasText: 'console.adjustment.request' }).first().waitFor();
    await screenshot(page, 'console-audit');
    const lines = await admin.api.console.audit({ query: { objectType: 'staff_adjustment' } });
    const supportId = (await (await signedIn('staff-support')).api.console.me()).userId;
    const financeId = (await (await signedIn('staff-finance')).api.console.me()).userId;
    const approved = lines.items.find((line) => line.action === 'console.adjustment.approve');
    expect(approved?.actorId).toBe(financeId);
    expect(
      lines.items.find(
        (line) => line.action === 'console.adjustment.request' && line.objectId === approved?.objectId,
      )?.actorId,
    ).toBe(supportId);

    // The admin's other screens: staff grants and gift codes.
    await page.getByRole('link', { name: 'Staf' }).click();
    await page.locator('tr', { hasText: 'Staf keuangan (demo)' }).first().waitFor();
    await screenshot(page, 'console-staff');
    await page.getByRole('link', { name: 'Kode hadiah' }).click();
    await page.getByText('Ekspor CSV').first().waitFor();
    await screenshot(page, 'console-gift-codes');
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

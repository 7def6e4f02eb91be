// Proves the promoter journey of issue 7 in Chromium at 360x780 on project 10 (Asia/Jakarta): a
// user applies to the group on /wait, the leader approves in /pengajuan, the promoter works a lead
// in /telephone, a player registers with the promoter's share code and deposits through the API
// client and the payment hub, and /data shows applyCount 1 and depositFirstCount 1 with the amount;
// the pem banner shows for a pending report check and goes when it is done; an inbox mail pushed
// while the app is open raises the badge without a reload.
import type { PayhubClient } from '@payhub/client';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DemoLabel } from './support/accounts.ts';
import { apiClient, latestSmsCode, signedInApi, uploadVoucher } from './support/api.ts';
import { screenshot, signIn, usePhoneBrowser } from './support/browser.ts';

const WRAPPER = { versionCode: 12, platform: 'android' as const };
const PROJECT = 10;

const phone = usePhoneBrowser({ keepContexts: true, context: { nativeWrapper: WRAPPER } });
let promoterPage: Page;
let leaderPage: Page;
let shareCode = '';
let leadPhone = '';

const open = (): Promise<Page> => phone.open();

/** Confirms a player's deposit order as whichever seeded operator it was assigned to. */
async function confirmDeposit(player: PayhubClient, amount: string): Promise<void> {
  const order = await player.api.payhub.createOrder({ body: { amount, bankCode: 'BCA' } });
  // The voucher is the player's own upload (the server refuses any other file).
  await player.api.payhub.voucher({ body: { id: order.id, voucherUrl: await uploadVoucher(player) } });
  for (const label of ['operator', 'operator-2'] as DemoLabel[]) {
    const operator = await signedInApi(label, PROJECT);
    if ((await operator.api.user.me()).id !== order.operatorId) continue;
    await operator.api.payhub.payCheck({ body: { id: order.id, action: 'confirm' } });
    return;
  }
  throw new Error('no seeded operator holds the order');
}

describe('the promoter journey', () => {
  it('a user applies on /wait and the leader approves in /pengajuan', async () => {
    promoterPage = await open();
    expect(await signIn(promoterPage, 'no-spa', PROJECT)).toBe('/wait');
    await promoterPage.getByText(`Tim ${PROJECT}`, { exact: true }).click();
    await promoterPage.getByRole('button', { name: 'Ajukan', exact: true }).click();
    await expect
      .poll(() => promoterPage.getByTestId('application-status').first().textContent())
      .toBe('Diajukan');
    await screenshot(promoterPage, 'promo-wait-applied');

    leaderPage = await open();
    expect(await signIn(leaderPage, 'leader', PROJECT)).toBe('/telephone');
    await leaderPage.goto('/pengajuan');
    const card = leaderPage.locator('section', { hasText: 'Calon anggota (demo)' });
    await card.getByRole('button', { name: 'Setujui', exact: true }).click();
    // Granting the role waits for the confirmation sheet naming the applicant.
    await leaderPage.getByTestId('confirm-sheet').waitFor();
    expect(await leaderPage.getByTestId('confirm-sheet').textContent()).toContain('Calon anggota (demo)');
    await leaderPage.getByTestId('confirm-sheet-confirm').click();
    await expect.poll(() => card.getByText('Disetujui').count()).toBe(1);
    await screenshot(leaderPage, 'promo-pengajuan-approved');

    await promoterPage.getByRole('button', { name: 'Periksa status', exact: true }).click();
    await promoterPage.waitForURL('**/telephone');
  });

  it('the promoter works a lead in /telephone', async () => {
    const firstLead = promoterPage
      .locator('section', { has: promoterPage.getByTestId('lead-phone') })
      .first();
    await firstLead.waitFor();
    leadPhone = (await firstLead.getByTestId('lead-phone').textContent()) ?? '';
    expect(leadPhone).toMatch(/^8\d{8,11}$/);
    shareCode = (await promoterPage.getByTestId('share-code').textContent()) ?? '';
    expect(shareCode).toMatch(/^[A-Z0-9]{8}$/);
    await firstLead.getByRole('button', { name: 'Tertarik', exact: true }).click();
    await expect.poll(() => firstLead.getByText('Dihubungi').count()).toBeGreaterThan(0);
    await screenshot(promoterPage, 'promo-telephone');

    // Do-not-contact asks first, then the lead leaves the list for good.
    const secondLead = promoterPage
      .locator('section', { has: promoterPage.getByTestId('lead-phone') })
      .nth(1);
    const secondPhone = (await secondLead.getByTestId('lead-phone').textContent()) ?? '';
    await secondLead.getByRole('button', { name: 'Jangan hubungi lagi', exact: true }).click();
    const dialog = promoterPage.locator('[role="alertdialog"]');
    await dialog.waitFor();
    await screenshot(promoterPage, 'promo-do-not-contact');
    await dialog.getByRole('button', { name: 'Jangan hubungi lagi', exact: true }).click();
    await expect.poll(() => promoterPage.getByText(secondPhone, { exact: true }).count()).toBe(0);
  });

  it('a player registers with the share code and deposits; /data shows 1 sign-up and 1 first deposit', async () => {
    const player = apiClient(PROJECT);
    const phone = `0${leadPhone}`;
    await player.api.user.sendCode({ query: { phone, purpose: 'register' } });
    const code = await latestSmsCode(phone, 'register', PROJECT);
    const session = await player.api.user.register({
      body: { phone, password: 'player123', code, shareCode },
    });
    player.setToken(session.token);
    await confirmDeposit(player, '150000.00');

    await promoterPage.goto('/data');
    await expect.poll(() => promoterPage.getByTestId('summary-applyCount').textContent()).toBe('1');
    expect(await promoterPage.getByTestId('summary-completeCount').textContent()).toBe('1');
    expect(await promoterPage.getByTestId('summary-depositFirstCount').textContent()).toBe('1');
    expect(await promoterPage.getByTestId('summary-depositFirstAmount').textContent()).toContain('150.000');
    await screenshot(promoterPage, 'promo-data');
  });

  it('shows the pem banner for a pending report check and hides it once the check is done', async () => {
    await leaderPage.goto('/telephone');
    const banner = leaderPage.getByText('Ada laporan yang menunggu pemeriksaan Anda.');
    await banner.waitFor();
    await screenshot(leaderPage, 'promo-pem-banner');
    await leaderPage.getByRole('link', { name: 'Periksa', exact: true }).click();
    await leaderPage.waitForURL('**/pem');
    await leaderPage.getByRole('button', { name: 'Terima', exact: true }).click();
    await expect.poll(() => leaderPage.getByText('Diterima').count()).toBeGreaterThan(0);
    // Back to /telephone inside the app (no reload): entering it refreshes the checks again.
    await leaderPage.goBack();
    await leaderPage.waitForURL('**/telephone');
    await leaderPage.waitForLoadState('networkidle');
    expect(await banner.count()).toBe(0);
    // A fresh load agrees once its checks have loaded.
    await leaderPage.reload();
    await leaderPage.getByTestId('share-code').waitFor();
    await leaderPage.waitForLoadState('networkidle');
    expect(await banner.count()).toBe(0);
  });

  it('raises the inbox badge for a mail pushed while the app is open, without a reload', async () => {
    await promoterPage.goto('/telephone');
    await promoterPage.getByTestId('share-code').waitFor();
    // The tab bar's badge is its own chunk: let it load the unread count before counting.
    await promoterPage.waitForLoadState('networkidle');
    await promoterPage.evaluate(() => {
      (window as unknown as { journeyMarker: string }).journeyMarker = 'still here';
    });
    const badge = promoterPage.getByTestId('inbox-badge');
    const before = (await badge.count()) > 0 ? Number(await badge.textContent()) : 0;
    // The same device as the page (its client id), so this sign-in adds no new-device notice.
    const clientId = await promoterPage.evaluate(() => localStorage.getItem('infojs_uuid'));
    const promoterId = (await (await signedInApi('no-spa', PROJECT, { clientId })).api.user.me()).id;
    const admin = await signedInApi('admin', PROJECT);
    await admin.api.inbox.send({
      body: { userId: promoterId, title: 'Selamat bergabung', content: 'Target hari ini 10 telepon' },
    });
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe(String(before + 1));
    expect(
      await promoterPage.evaluate(() => (window as unknown as { journeyMarker?: string }).journeyMarker),
    ).toBe('still here');
    await screenshot(promoterPage, 'promo-inbox-badge');
    await promoterPage.getByTestId('inbox-badge').click();
    await promoterPage.waitForURL('**/notice');
    // The mail itself (the new-mail toast names it too).
    await promoterPage.getByRole('heading', { name: 'Selamat bergabung' }).waitFor();
    await screenshot(promoterPage, 'promo-notice');
  });
});

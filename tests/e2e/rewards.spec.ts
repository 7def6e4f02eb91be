// Proves the rewards journey at 360x780 in id-ID: a new player registers through a referrer's invite
// link, deposits through the bank-transfer flow, checks in, redeems a spin code created through the
// console API, spins the provably-fair wheel (landing on the server's segment, verified in the browser
// after rotating the seed), sees the check-in, the prize and the first-deposit bonus in the reward
// history, and the referrer's dashboard shows the new team member; screenshots each screen.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DemoLabel } from './support/accounts.ts';
import { apiClient, latestSmsCode, signedInApi } from './support/api.ts';
import { screenshot, usePhoneBrowser } from './support/browser.ts';

const phone = usePhoneBrowser();
const newPhone = (prefix: string) => `${prefix}${String(Date.now()).slice(-8)}`;

async function settled(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  await screenshot(page, name);
}

async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();
}

/** A transfer receipt drawn in the page (the deposit flow wants a voucher image). */
async function voucherPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 300;
    canvas.height = 420;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, 300, 420);
    context.fillStyle = '#111827';
    context.font = '16px sans-serif';
    context.fillText('Transfer berhasil · Rp 150.000,00', 20, 110);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

async function registerByApi(phoneNumber: string): Promise<string> {
  const client = apiClient(12);
  await client.api.user.sendCode({ query: { phone: phoneNumber, purpose: 'register' } });
  const code = await latestSmsCode(phoneNumber, 'register');
  const session = await client.api.user.register({
    body: { phone: phoneNumber, code, password: 'Ajak2026', nickname: 'Rina' },
  });
  return session.token;
}

describe('rewards journey', () => {
  it('registers with an invite code, deposits, checks in, redeems a spin code, spins, and the referrer sees the team grow', async () => {
    // The referrer: a fresh player whose invite code the new player uses.
    const referrerToken = await registerByApi(newPhone('86'));
    const referrer = apiClient(12);
    referrer.setToken(referrerToken);
    const { inviteCode } = await referrer.api.rewards.referral();

    // Register through the share link: the invite code is filled in.
    const page = await phone.open();
    page.on('pageerror', (error) => console.log(`[e2e] page error: ${error.message}`));
    await page.goto(`/play/register?invite=${inviteCode}`);
    await page.getByRole('heading', { name: 'Buat akun' }).waitFor();
    expect(await page.locator('input[name="inviteCode"]').inputValue()).toBe(inviteCode);
    const playerPhone = newPhone('88');
    await page.locator('input[name="phone"]').fill(`0${playerPhone}`);
    await page.getByRole('button', { name: 'Kirim kode' }).click();
    await toast(page, `Kode dikirim ke +62 ${playerPhone}`);
    await page.locator('input[name="code"]').fill(await latestSmsCode(playerPhone, 'register'));
    await page.locator('input[name="password"]').fill('Hadiah2026');
    await page.locator('input[name="nickname"]').fill('Tono');
    await settled(page, 'rewards-register-invite');
    await page.getByRole('button', { name: 'Daftar', exact: true }).click();
    await page.waitForURL('**/play/wallet');

    // Deposit Rp 150.000 through the bank-transfer flow; the assigned operator confirms.
    await page.getByRole('link', { name: 'Setor' }).click();
    await page.getByRole('heading', { name: 'Setor dana' }).waitFor();
    await page.locator('input[name="amount"]').fill('150000');
    await page.getByRole('button', { name: 'BCA' }).click();
    await page.locator('input[name="payerName"]').fill('Tono Wijaya');
    await page.getByRole('button', { name: 'Buat pesanan setor' }).click();
    await page.waitForURL(/\/play\/deposit\/\d+$/);
    await page.locator('input[name="voucher"]').setInputFiles({
      name: 'bukti.png',
      mimeType: 'image/png',
      buffer: await voucherPng(page),
    });
    await page.getByTestId('order-state').filter({ hasText: 'Memeriksa pembayaran' }).waitFor();
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    const token = await page.evaluate(() => localStorage.getItem('main_token'));
    const player = apiClient(12);
    player.setToken(token ?? '');
    const { operatorId } = await player.api.payhub.orderState({ params: { id: orderId } });
    let confirmed = false;
    for (const label of ['operator', 'operator-2', 'operator-manage'] as DemoLabel[]) {
      const operator = await signedInApi(label, 12).catch(() => null);
      if (operator && (await operator.api.user.me()).id === operatorId) {
        await operator.api.payhub.payCheck({ body: { id: orderId, action: 'confirm' } });
        confirmed = true;
      }
    }
    expect(confirmed).toBe(true);
    await page.getByTestId('order-state').filter({ hasText: 'Berhasil' }).waitFor({ timeout: 15_000 });

    // Home → Hadiah → Check-in harian.
    await page.goto('/play/home');
    // The beginner guide opens on the first visit to home; close it.
    await page.getByTestId('beginner-guide').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('beginner-guide').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Hadiah' }).click();
    await page.getByTestId('rewards-checkin').waitFor();
    await settled(page, 'rewards-hub');
    await page.getByTestId('rewards-checkin').click();
    await page.getByTestId('checkin-calendar').waitFor();
    await settled(page, 'rewards-checkin-before');
    await page.getByTestId('checkin-submit').click();
    await toast(page, /Check-in berhasil/);
    await page.getByTestId('checkin-done').waitFor();
    expect(await page.locator('[data-state="done"]').count()).toBe(1);
    await settled(page, 'rewards-checkin-done');
    // Checking in again answers 4001 with its message.
    await expect(player.api.rewards.checkin()).rejects.toMatchObject({
      errCode: 4001,
      errMsg: 'Anda sudah check-in hari ini',
    });

    // A spin code created through the console API (the console admin).
    const console12 = await signedInApi('admin', 12);
    const code = `PUTAR${String(Date.now()).slice(-6)}`;
    await console12.api.console.createGiftCode({
      body: {
        code,
        kind: 'spins',
        spins: 2,
        maxRedemptions: 10,
        perPlayer: 1,
        newUsersOnly: true,
        depositRequired: true,
        networks: [],
        expiresAt: Math.floor(Date.now() / 1000) + 86_400,
      },
    });

    // Gift code + wheel.
    await page.getByRole('link', { name: 'Kembali' }).click();
    await page.getByTestId('rewards-wheel').click();
    await page
      .getByTestId('wheel-board')
      .waitFor()
      .catch(async (error: unknown) => {
        await screenshot(page, 'rewards-wheel-failure');
        console.log(`[e2e] wheel page: ${page.url()} ${await page.locator('body').textContent()}`);
        throw error;
      });
    await page.locator('input[name="giftCode"]').fill('TIDAKADA1');
    await page.getByTestId('gift-redeem').click();
    await page.getByText('Kode hadiah tidak valid').first().waitFor();
    await settled(page, 'rewards-gift-invalid');
    await page.keyboard.press('Escape');
    const dismiss = page.getByRole('button', { name: /OK|Tutup|Mengerti/ });
    if ((await dismiss.count()) > 0) await dismiss.first().click();
    await page.locator('input[name="giftCode"]').fill(code.toLowerCase());
    await page.getByTestId('gift-redeem').click();
    await toast(page, 'Berhasil! Anda mendapat 2 putaran roda');
    await page.getByTestId('wheel-spins').filter({ hasText: 'Putaran tersisa: 2' }).waitFor();
    await settled(page, 'rewards-wheel-ready');
    const spinAnswer = page.waitForResponse((response) =>
      response.url().endsWith('/heracles/rewards/wheel/spin'),
    );
    await page.getByTestId('wheel-spin').click();
    const answered = (await (await spinAnswer).json()) as {
      data?: { spin: { segment: number } };
      spin?: { segment: number };
    };
    const segment = (answered.data ?? answered).spin?.segment ?? -1;
    await page.getByTestId('wheel-result').waitFor({ timeout: 15_000 });
    // The board came to rest on the server's segment (8 segments of 45°, pointer at the top).
    const rotation = Number(await page.getByTestId('wheel-board').getAttribute('data-rotation'));
    expect((((360 - (rotation % 360)) % 360) - 22.5) / 45).toBe(segment);
    await page.getByTestId('wheel-spins').filter({ hasText: 'Putaran tersisa: 1' }).waitFor();
    await settled(page, 'rewards-wheel-won');
    // Rotating the seed reveals it: the spin verifies in the browser with the games package.
    await page.getByTestId('wheel-rotate').click();
    await page.getByTestId('wheel-history').getByText('Terverifikasi di perangkat ini').waitFor();
    await page.getByTestId('wheel-fairness').scrollIntoViewIfNeeded();
    await settled(page, 'rewards-wheel-verified');

    // Reward history: the check-in, the wheel prize and the first-deposit bonus (10 % of Rp 150.000,
    // granted by the rewards scheduler's next tick after the deposit).
    await expect
      .poll(async () => (await player.api.bonus.overview()).bonuses.length, {
        timeout: 60_000,
        interval: 1_000,
      })
      .toBe(1);
    await page.getByRole('link', { name: 'Kembali' }).click();
    await page.getByTestId('rewards-history').click();
    await page.getByTestId('reward-history').getByText('Roda hadiah').waitFor();
    await page.getByTestId('reward-history').getByText('Check-in').waitFor();
    await page
      .getByTestId('reward-history')
      .locator('li', { hasText: 'Bonus setoran pertama' })
      .filter({ hasText: '+Rp\u00a015.000,00' })
      .waitFor();
    await settled(page, 'rewards-history');

    // The referrer's dashboard shows the new member at level 1.
    const referrerPage = await phone.open();
    await referrerPage.goto('/play/login');
    await referrerPage.evaluate((value) => localStorage.setItem('main_token', value), referrerToken);
    referrerPage.on('pageerror', (error) => console.log(`[e2e] referrer page error: ${error.message}`));
    await referrerPage.goto('/play/account');
    await referrerPage
      .getByRole('button', { name: /Hadiah/ })
      .first()
      .click();
    await referrerPage.getByTestId('rewards-referral').click();
    await referrerPage
      .getByTestId('invite-code')
      .filter({ hasText: inviteCode })
      .waitFor()
      .catch(async (error: unknown) => {
        await screenshot(referrerPage, 'rewards-referral-failure');
        throw error;
      });
    await referrerPage.getByTestId('team-level-1').filter({ hasText: '1' }).waitFor();
    await referrerPage.getByTestId('invite-qr').waitFor();
    await settled(referrerPage, 'rewards-referral-dashboard');
    const text = (await referrerPage.locator('main').textContent()) ?? '';
    for (const english of ['Invite', 'Tier', 'Level 1 ', 'rebate']) expect(text).not.toContain(english);
  }, 240_000);
});

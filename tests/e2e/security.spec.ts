// Player security and responsible play at 360x780 in Indonesian (issue 14): two-step verification is
// enrolled from the account page (the TOTP computed here from the secret the sheet shows), recovery
// codes are shown once, and after signing out the sign-in asks for the code (7045) and takes it; a
// daily deposit limit set on the responsible-play page refuses a deposit over it (7040); a 24-hour
// cool-off shows its end time and refuses a deposit and a bet (10001). Screenshots kept.

import { TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededAccount } from './support/accounts.ts';
import { apiClient } from './support/api.ts';
import { launchBrowser, newMobileContext, screenshot } from './support/browser.ts';

let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

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

async function open(): Promise<Page> {
  await context?.close();
  context = await newMobileContext(browser);
  return context.newPage();
}

async function fillLogin(page: Page, label: 'player' | 'player-2') {
  const account = seededAccount(label, 12);
  await page.goto('/play/login');
  await page.locator('input[name="phone"]').fill(account.phone);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  return account;
}

/** The error dialog's text, then closes it. */
async function errorDialog(page: Page, code: number): Promise<string> {
  const dialog = page.getByRole('alertdialog').filter({ hasText: `(Error Code: ${code})` });
  await dialog.waitFor();
  return (await dialog.textContent()) ?? '';
}

describe('player security and responsible play', () => {
  it('enrols two-step verification with a QR code, then signs in again with the code', async () => {
    const page = await open();
    const account = await fillLogin(page, 'player');
    await page.waitForURL('**/play/wallet');
    await page.goto('/play/account');

    // Email: a 6-digit code mailed through the embedded SMTP capture, in Indonesian, binds it.
    const address = 'pemain.e2e@contoh.com';
    await page.getByRole('button', { name: /Email/ }).click();
    await page.locator('input[name="email"]').fill(address);
    await page.getByRole('button', { name: 'Kirim kode' }).click();
    await page
      .locator('[data-sonner-toast]', { hasText: `Kode dikirim ke ${address}` })
      .first()
      .waitFor();
    const mail = await apiClient(12).api.email.devLatestMail({ query: { to: address } });
    expect(mail.language).toBe('id-ID');
    const mailed = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(mailed).toMatch(/^\d{6}$/);
    await page.locator('input[name="emailCode"]').fill(mailed!);
    await settled(page, 'security-email-code');
    await page.getByRole('button', { name: 'Konfirmasi' }).click();
    await page.getByRole('button', { name: /Email/ }).filter({ hasText: address }).waitFor();

    // Identity tier 1: full name and an adult birth date.
    await page.getByRole('button', { name: /Identitas/ }).click();
    await page.locator('input[name="fullName"]').fill('Dewi Lestari');
    await page.locator('input[name="birthDate"]').fill('1990-05-17');
    await page.getByRole('button', { name: 'Simpan identitas' }).click();
    await page.getByTestId('identity-name').filter({ hasText: 'Dewi Lestari' }).waitFor();
    await settled(page, 'security-identity');
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /Identitas/ })
      .filter({ hasText: 'Tingkat 1' })
      .waitFor();

    await page
      .getByRole('button', { name: /Verifikasi dua langkah/ })
      .filter({ hasText: 'Tidak aktif' })
      .click();
    await page.locator('input[name="currentPassword"]').fill(account.password);
    await page.getByRole('button', { name: 'Mulai', exact: true }).click();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
    await settled(page, 'security-2fa-qr');
    const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
    // A wrong code is refused with its code, and nothing is enabled.
    await page.locator('input[name="totp"]').fill(totp.generate({ timestamp: Date.now() - 10 * 60_000 }));
    await page.getByRole('button', { name: 'Aktifkan' }).click();
    expect(await errorDialog(page, 7046)).toContain('7046');
    await page.getByRole('alertdialog').getByRole('button').first().click();
    await page.locator('input[name="totp"]').fill(totp.generate());
    await page.getByRole('button', { name: 'Aktifkan' }).click();
    const codes = page.getByTestId('recovery-codes').locator('li');
    await expect.poll(() => codes.count()).toBe(10);
    expect(await codes.first().textContent()).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    await settled(page, 'security-2fa-recovery');
    await page.getByRole('button', { name: 'Sudah saya simpan' }).click();
    await page
      .getByRole('button', { name: /Verifikasi dua langkah/ })
      .filter({ hasText: '10 kode pemulihan' })
      .waitFor();

    // The sessions sheet lists this device.
    await page.getByRole('button', { name: /Perangkat yang masuk/ }).click();
    await page.getByTestId('sessions').getByText('Perangkat ini').waitFor();
    await settled(page, 'security-sessions');
    await page.keyboard.press('Escape');

    // Sign out; the sign-in now asks for the code (7045, no error dialog) and takes the next step's code
    // (the enrolment used this step's; ±1 step is accepted and a used one is not).
    await page.getByRole('button', { name: 'Keluar' }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Keluar' }).click();
    await page.waitForURL('**/play/login');
    await fillLogin(page, 'player');
    await page.locator('input[name="otp"]').waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await settled(page, 'security-login-otp');
    await page.locator('input[name="otp"]').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await page.waitForURL('**/play/wallet');
  });

  it('sets a daily deposit limit and a deposit over it is refused', async () => {
    const page = await open();
    await fillLogin(page, 'player-2');
    await page.waitForURL('**/play/wallet');
    await page.goto('/play/account');
    await page.getByRole('button', { name: /Bermain bertanggung jawab/ }).click();
    await page.waitForURL('**/play/account/responsible');
    await page.getByTestId('limit-deposit_day').getByRole('button', { name: 'Ubah' }).click();
    await page.locator('input[name="limitValue"]').fill('100000');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await page.locator('[data-sonner-toast]', { hasText: 'Batas disimpan' }).first().waitFor();
    await page.getByTestId('limit-deposit_day').filter({ hasText: 'Rp\u00a0100.000,00' }).waitFor();
    await settled(page, 'responsible-limit-set');

    await page.goto('/play/deposit');
    await page.locator('input[name="amount"]').fill('150000');
    await page.getByRole('button', { name: 'BCA' }).click();
    await page.getByRole('button', { name: 'Buat pesanan setor' }).click();
    expect(await errorDialog(page, 7040)).toContain('Setoran melebihi batas setoran Anda');
    await settled(page, 'responsible-deposit-refused');
    expect(page.url()).toMatch(/\/play\/deposit$/);
  });

  it('takes a 24-hour cool-off: the end time is shown and a deposit and a bet are refused (10001)', async () => {
    const page = await open();
    await fillLogin(page, 'player-2');
    await page.waitForURL('**/play/wallet');
    await page.goto('/play/account/responsible');
    await page.getByTestId('break-h24').click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Tidak bisa dipersingkat atau dibatalkan').waitFor();
    await settled(page, 'responsible-cool-off-confirm');
    await confirm.getByRole('button', { name: 'Mulai' }).click();
    const banner = page.getByTestId('exclusion');
    await banner.filter({ hasText: 'Jeda aktif sampai' }).waitFor();
    const tomorrow = new Intl.DateTimeFormat('id-ID', { day: 'numeric', timeZone: 'Asia/Jakarta' }).format(
      new Date(Date.now() + 24 * 3_600_000),
    );
    expect(await banner.textContent()).toContain(tomorrow);
    // No way to shorten it from the page: the break options are gone.
    expect(await page.getByTestId('break-h24').count()).toBe(0);
    await banner.scrollIntoViewIfNeeded();
    await settled(page, 'responsible-cool-off');

    await page.goto('/play/deposit');
    await page.locator('input[name="amount"]').fill('50000');
    await page.getByRole('button', { name: 'BCA' }).click();
    await page.getByRole('button', { name: 'Buat pesanan setor' }).click();
    expect(await errorDialog(page, 10001)).toContain('Pengguna tidak dapat bermain');
    await settled(page, 'responsible-cool-off-deposit');

    await page.goto('/play/games/dice');
    await page.getByTestId('place-bet').click();
    expect(await errorDialog(page, 10001)).toContain('Pengguna tidak dapat bermain');
    await settled(page, 'responsible-cool-off-bet');

    // The player finds when the cool-off ends; it still holds after a reload.
    await page.goto('/play/account/responsible');
    await banner.filter({ hasText: 'Jeda aktif sampai' }).waitFor();
    expect(await banner.textContent()).toContain(tomorrow);
  });
});

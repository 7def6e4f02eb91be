// Player security and responsible play at 360x780 in Indonesian (issue 14): two-step verification is
// enrolled from the account page (the TOTP computed here from the secret the sheet shows), recovery
// codes are shown once, and after signing out the sign-in asks for the code (7045) and takes it; a
// daily deposit limit set on the responsible-play page refuses a deposit over it (7040); a 24-hour
// cool-off shows its end time, refuses a deposit and a bet (10001) and hides the crypto deposit
// address behind the end date; identity tier 1 then tier 2
// (ID document and selfie uploaded from the phone, pending review), a bank account only in the
// declared name (3041) and a withdrawal over the tier's limit refused (7051). Screenshots kept.

import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seededAccount } from './support/accounts.ts';
import { apiClient } from './support/api.ts';
import { screenshot, usePhoneBrowser } from './support/browser.ts';
import { testPng } from './support/test-images.ts';

const phone = usePhoneBrowser();

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

async function fillLogin(page: Page, label: 'player' | 'player-2') {
  const account = seededAccount(label, 12);
  await page.goto('/play/login');
  await page.locator('input[name="phone"]').fill(account.phone);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  return account;
}

/** The identity the signed-in page's player sees (its session token from the page's storage). */
async function apiClientOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('main_token'));
  const client = apiClient(12);
  client.setToken(token);
  return client.api.identity.get();
}

/** The error dialog's text, then closes it. */
async function errorDialog(page: Page, code: number): Promise<string> {
  const dialog = page.getByRole('alertdialog').filter({ hasText: `(Error Code: ${code})` });
  await dialog.waitFor();
  return (await dialog.textContent()) ?? '';
}

describe('player security and responsible play', () => {
  it('enrols two-step verification with a QR code, then signs in again with the code', async () => {
    const page = await phone.open();
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
    // The birth date reads as a date in Indonesian, not as the wire's YYYY-MM-DD.
    await page.getByText('17 Mei 1990', { exact: true }).waitFor();
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
    // Browser and system without an English word between them.
    await page.getByTestId('sessions').getByText('Chrome · Linux').waitFor();
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

  it('declares tier 1, uploads an ID document and a selfie (tier 2), and a withdrawal over the tier limit is refused', async () => {
    const page = await phone.open();
    await fillLogin(page, 'player-2');
    await page.waitForURL('**/play/wallet');
    await page.goto('/play/account');
    await page.getByRole('button', { name: /Identitas/ }).click();
    // Documents wait for tier 1.
    await page
      .getByTestId('identity-documents')
      .getByText('Isi nama lengkap dan tanggal lahir terlebih dahulu.')
      .waitFor();
    await page.locator('input[name="fullName"]').fill('Rina Wulandari');
    await page.locator('input[name="birthDate"]').fill('1994-08-17');
    await page.getByRole('button', { name: 'Simpan identitas' }).click();
    await page.getByTestId('identity-name').filter({ hasText: 'Rina Wulandari' }).waitFor();
    // The tier-1 limits of this project (the e2e server's WITHDRAW_TIER_LIMITS).
    await page.getByTestId('tier-limit-IDR').filter({ hasText: 'Rp\u00a0500.000,00' }).waitFor();
    // A file that is not a photo is refused on the phone, before anything is sent.
    await page.getByTestId('identity-document').setInputFiles({
      name: 'catatan.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('bukan foto'),
    });
    await page.getByRole('alert').filter({ hasText: 'Hanya foto JPG, PNG atau WebP' }).waitFor();
    await page.getByTestId('identity-document').setInputFiles({
      name: 'ktp.png',
      mimeType: 'image/png',
      buffer: testPng('document'),
    });
    await page.getByTestId('identity-selfie').setInputFiles({
      name: 'swafoto.png',
      mimeType: 'image/png',
      buffer: testPng('selfie', 300, 400),
    });
    await page.getByRole('img', { name: 'Swafoto' }).waitFor();
    await settled(page, 'security-identity-documents');
    await page.getByRole('button', { name: 'Kirim untuk diperiksa' }).click();
    await page.getByTestId('identity-review').filter({ hasText: 'Sedang diperiksa' }).waitFor();
    await page.getByTestId('identity-review').scrollIntoViewIfNeeded();
    await settled(page, 'security-identity-pending');
    const review = (await apiClientOf(page)).review;
    expect(review).toMatchObject({ status: 'pending' });
    await page.keyboard.press('Escape');

    // A bank account in another name is refused (3041); in the declared name it is added.
    await page.goto('/play/withdraw');
    await page.getByRole('button', { name: 'Tambah rekening' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'BCA' }).click();
    await page.locator('input[name="accountNo"]').fill('5550007777');
    await page.locator('input[name="holderName"]').fill('Budi Santoso');
    await page.getByRole('dialog').getByRole('button', { name: 'Tambah rekening' }).click();
    expect(await errorDialog(page, 3041)).toContain('nama terverifikasi');
    await page.getByRole('alertdialog').getByRole('button').first().click();
    await page.locator('input[name="holderName"]').fill('rina wulandari');
    await page.getByRole('dialog').getByRole('button', { name: 'Tambah rekening' }).click();
    await page.getByRole('button', { name: /BCA · 555\*+777/ }).waitFor();
    // Over the tier-1 limit of Rp 500.000,00 a withdrawal (within the balance) is refused: 7051.
    await page.locator('input[name="amount"]').fill('600000');
    await page.getByTestId('withdraw-fee').waitFor();
    await page.getByRole('button', { name: 'Ajukan penarikan' }).click();
    expect(await errorDialog(page, 7051)).toContain('Penarikan melebihi batas tingkat identitas Anda');
    await settled(page, 'security-withdraw-tier-limit');
  });

  it('sets a daily deposit limit and a deposit over it is refused', async () => {
    const page = await phone.open();
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
    // The statement's months read in Indonesian ("Nov 2026"), not as YYYY-MM.
    const month = page.getByTestId('statement').locator('tbody tr td').first();
    expect(((await month.textContent()) ?? '').trim()).toMatch(/^[A-Z][a-z]{2} \d{4}$/);

    await page.goto('/play/deposit');
    await page.locator('input[name="amount"]').fill('150000');
    await page.getByRole('button', { name: 'BCA' }).click();
    await page.getByRole('button', { name: 'Buat pesanan setor' }).click();
    expect(await errorDialog(page, 7040)).toContain('Setoran melebihi batas setoran Anda');
    await settled(page, 'responsible-deposit-refused');
    expect(page.url()).toMatch(/\/play\/deposit$/);
  });

  it('takes a 24-hour cool-off: the end time is shown and a deposit and a bet are refused (10001)', async () => {
    const page = await phone.open();
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
    // The dialog says which block applies and until when (the banner's words and date).
    const refusal = await errorDialog(page, 10001);
    expect(refusal).toContain('Jeda aktif sampai');
    expect(refusal).toContain(tomorrow);
    await settled(page, 'responsible-cool-off-deposit');

    await page.goto('/play/games/dice');
    await page.getByTestId('place-bet').click();
    expect(await errorDialog(page, 10001)).toContain('deposit dan taruhan diblokir');
    await settled(page, 'responsible-cool-off-bet');

    // The crypto deposit page shows when deposits resume instead of the address (10001, no dialog).
    await page.goto('/play/deposit/usdt');
    const paused = page.getByTestId('deposit-paused');
    await paused.filter({ hasText: 'Deposit dijeda sampai' }).waitFor();
    expect(await paused.textContent()).toContain(tomorrow);
    expect(await page.getByTestId('chain-address').count()).toBe(0);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await settled(page, 'responsible-cool-off-crypto-deposit');

    // The player finds when the cool-off ends; it still holds after a reload.
    await page.goto('/play/account/responsible');
    await banner.filter({ hasText: 'Jeda aktif sampai' }).waitFor();
    expect(await banner.textContent()).toContain(tomorrow);
  });
});

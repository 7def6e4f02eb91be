// Proves the login page's forms end to end: validation messages, Enter submits, registration and
// password reset with the SMS code of the dev adapter (the once-a-minute code limit passed by moving the
// first code a minute back in the server's database copy), and the login sequence's spaLogin call.
import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { latestSmsCode } from './support/api.ts';
import { screenshot, usePhoneBrowser } from './support/browser.ts';
import { e2eDatabaseUrl } from './support/env.ts';

/**
 * As if a minute had passed since the phone's last code (one code per phone per minute): its sends
 * are moved a minute back in the server's database copy, or, without one, the minute is waited.
 */
async function aMinuteLater(number: string, sentAt: number, page: Page): Promise<void> {
  const databaseUrl = e2eDatabaseUrl();
  if (!databaseUrl) {
    await page.waitForTimeout(Math.max(0, sentAt + 61_000 - Date.now()));
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const moved = await client.query(
      `UPDATE sms_codes SET created_at = created_at - interval '61 seconds' WHERE phone LIKE '%' || $1`,
      [number],
    );
    expect(moved.rowCount).toBeGreaterThan(0);
  } finally {
    await client.end();
  }
}

const phone = usePhoneBrowser();

const open = (): Promise<Page> => phone.open();

/** A fresh Indonesian mobile number for this run. */
function newPhone(): string {
  return `85${String(Date.now()).slice(-8)}`;
}

describe('login form', () => {
  it('validates the phone and password before calling the server', async () => {
    const page = await open();
    await page.goto('/login');
    await screenshot(page, 'login');
    await page.locator('input[name="phone"]').press('Enter');
    await expect
      .poll(() => page.locator('[role="alert"]').allInnerTexts())
      .toEqual(['Nomor ponsel wajib diisi', 'Kata sandi wajib diisi']);
    await page.locator('input[name="phone"]').fill('12345');
    await page.locator('input[name="password"]').fill('secret');
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect
      .poll(() => page.locator('[role="alert"]').allInnerTexts())
      .toEqual(['Format nomor ponsel tidak valid']);
    await screenshot(page, 'login-validation');
    const phoneInput = page.locator('input[name="phone"]');
    expect(await phoneInput.getAttribute('type')).toBe('tel');
    expect(await phoneInput.getAttribute('autocomplete')).toBe('tel');
  });

  it('shows the server message for a wrong password and stays signed out', async () => {
    const page = await open();
    await page.goto('/login');
    await page.locator('input[name="phone"]').fill('+62 811 0000 9999');
    await page.locator('input[name="password"]').fill('Wrong12345');
    await page.locator('input[name="password"]').press('Enter');
    const dialog = page.locator('[role="alertdialog"]');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Error Code: 7021');
    expect(await page.evaluate(() => localStorage.getItem('main_token'))).toBeNull();
  });
});

describe('register and reset the password with an SMS code', () => {
  it('registers, signs in (spaLogin with a fingerprint), resets the password and signs in again', async () => {
    const page = await open();
    const phone = newPhone();
    const spaLogins: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/main/promo/spaLogin')) spaLogins.push(request.postDataJSON());
    });

    await page.goto('/login');
    await page.getByRole('button', { name: 'Daftar' }).click();
    await page.getByTestId('register-form').waitFor();
    await page.locator('input[name="phone"]').fill(`0${phone}`);
    await page.getByRole('button', { name: 'Kirim kode' }).click();
    const firstCodeSentAt = Date.now();
    await expect.poll(() => page.getByRole('button', { name: /Kirim ulang/ }).count()).toBe(1);
    await page.locator('input[name="code"]').fill(await latestSmsCode(phone, 'register'));
    await page.locator('input[name="password"]').fill('Payhub2025');
    await page.locator('input[name="nickname"]').fill('Rina');
    await screenshot(page, 'register');
    await page.locator('input[name="password"]').press('Enter');
    await page.waitForURL('**/wait', { timeout: 20_000 });
    expect(spaLogins).toHaveLength(1);
    const body = spaLogins[0] as Record<string, string>;
    expect(body.fingerprint).toMatch(/^[0-9a-f]{16,}$/);
    expect(body.clientVersion).toBe('web');
    expect(body.version).toMatch(/^\d+$/);
    expect(await page.evaluate(() => localStorage.getItem('payhub_fingerprint'))).toBe(body.fingerprint);

    await page.getByRole('button', { name: 'Keluar' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Lupa kata sandi?' }).click();
    await page.getByTestId('forgot-form').waitFor();
    await page.locator('input[name="phone"]').fill(`+62${phone}`);
    // One code per phone per minute: a second code right away is refused with the server's message.
    await page.getByRole('button', { name: 'Kirim kode' }).click();
    const throttled = page.locator('[role="alertdialog"]');
    await throttled.waitFor();
    expect(await throttled.textContent()).toContain('Error Code: 2001');
    await page.getByRole('button', { name: 'Mengerti' }).click();
    await aMinuteLater(phone, firstCodeSentAt, page);
    await page.getByRole('button', { name: 'Kirim kode' }).click();
    await expect.poll(() => page.getByRole('button', { name: /Kirim ulang/ }).count()).toBe(1);
    await page.locator('input[name="code"]').fill(await latestSmsCode(phone, 'reset'));
    await page.locator('input[name="password"]').fill('Payhub2026');
    await screenshot(page, 'forgot-password');
    await page.getByRole('button', { name: 'Atur ulang kata sandi' }).click();
    await page.getByTestId('login-form').waitFor();

    await page.locator('input[name="password"]').fill('Payhub2026');
    await page.locator('input[name="password"]').press('Enter');
    await page.waitForURL('**/wait', { timeout: 20_000 });
  }, 180_000);
});

// Proves the agent app shell end to end in Chromium at 360x780: landing route per seeded role,
// Spanish and MX$ on project 16, the app-only rule, the denied modal, logout on an expired token
// (code 1), the forced update on a new server version or an old wrapper, /500 on code 9, the crash
// screen, and screenshots of every shell screen.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DemoLabel } from './support/accounts.ts';
import { signedInApi } from './support/api.ts';
import {
  chooseProject,
  type MobileContextOptions,
  screenshot,
  signIn,
  usePhoneBrowser,
} from './support/browser.ts';
import { e2eAppsDir } from './support/env.ts';

const WRAPPER = { versionCode: 12, platform: 'android' as const };

const phone = usePhoneBrowser();

const open = (options: MobileContextOptions = {}): Promise<Page> => phone.open(options);

const dialogText = (page: Page) => page.locator('[role="alertdialog"]').textContent();

describe('landing route by role (project 12, inside the wrapper)', () => {
  const expected: Record<DemoLabel, string> = {
    'no-spa': '/wait',
    cs: '/account',
    hr: '/account',
    promoter: '/telephone',
    leader: '/telephone',
    'operator-manage': '/payhub',
    operator: '/payhub',
    // Staff have no programme to join (issue 11): the account page, with the back-office link.
    admin: '/account',
  };
  for (const [label, path] of Object.entries(expected) as Array<[DemoLabel, string]>) {
    it(`${label} lands on ${path}`, async () => {
      const page = await open({ nativeWrapper: WRAPPER });
      expect(await signIn(page, label, 12)).toBe(path);
      await page.waitForLoadState('networkidle');
      // The landing page loaded (its chunk and the chunks it imports) and rendered without crashing.
      expect(await page.getByTestId('crash-screen').count()).toBe(0);
      expect((await page.locator('#root').textContent())?.trim().length).toBeGreaterThan(0);
      await screenshot(page, `landing-${label}`);
    });
  }
});

describe('project 16 (es-MX, MXN)', () => {
  it('shows Spanish text and MX$', async () => {
    const page = await open();
    await page.goto('/login');
    await chooseProject(page, 16);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Bienvenido de nuevo');
    await expect
      .poll(() => page.locator('input[name="phone"]').locator('xpath=..').textContent())
      .toContain('+52');
    await screenshot(page, 'login-es-MX');
    expect(await signIn(page, 'cs', 16)).toBe('/account');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Mi cuenta');
    expect(await page.getByTestId('account-currency').textContent()).toContain('MX$');
    expect(await page.locator('body').textContent()).toContain('Cerrar sesión');
    await screenshot(page, 'account-es-MX');
  });
});

describe('app-only rule', () => {
  it('blocks a non-leader operator in a plain browser and logs out', async () => {
    const page = await open();
    expect(await signIn(page, 'operator', 12)).toBe('/login');
    await expect.poll(() => dialogText(page)).toContain('Silakan gunakan aplikasi resmi');
    expect(await dialogText(page)).toContain('hanya dapat digunakan di dalam aplikasi');
    expect(await page.evaluate(() => localStorage.getItem('main_token'))).toBeNull();
    await screenshot(page, 'app-only-dialog');
    await page.getByRole('button', { name: 'Mengerti' }).click();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('blocks a promoter in a plain browser', async () => {
    const page = await open();
    expect(await signIn(page, 'promoter', 12)).toBe('/login');
    await expect.poll(() => dialogText(page)).toContain('Silakan gunakan aplikasi resmi');
  });

  it('lets a leader through in a plain browser', async () => {
    const page = await open();
    expect(await signIn(page, 'leader', 12)).toBe('/telephone');
  });

  it('lets the operator through inside the simulated wrapper', async () => {
    const page = await open({ nativeWrapper: WRAPPER });
    expect(await signIn(page, 'operator', 12)).toBe('/payhub');
  });

  it('exempts the configured time zone (Asia/Shanghai)', async () => {
    const page = await open({ timezoneId: 'Asia/Shanghai' });
    expect(await signIn(page, 'operator', 12)).toBe('/payhub');
  });
});

describe('permission gate', () => {
  it('shows the denied modal on a gated route; its button lands on /account', async () => {
    const page = await open();
    expect(await signIn(page, 'cs', 12)).toBe('/account');
    await page.goto('/payhub');
    const denied = page.getByTestId('permission-denied');
    await denied.waitFor();
    expect(await denied.textContent()).toContain('Anda tidak memiliki izin untuk mengakses halaman ini');
    await screenshot(page, 'permission-denied');
    await page.getByRole('button', { name: 'Kembali ke akun saya' }).click();
    await page.waitForURL('**/account');
    await page.locator('h1', { hasText: 'Akun saya' }).waitFor();
  });
});

describe('session', () => {
  it('logs out when the server answers code 1 (expired session)', async () => {
    const page = await open();
    expect(await signIn(page, 'hr', 12)).toBe('/account');
    const token = await page.evaluate(() => localStorage.getItem('main_token'));
    expect(token).toBeTruthy();
    // The app leaves first: a call of the landing page still on its way would otherwise meet the ended
    // session, show the dialog and sign out before a reload, which then drops the dialog.
    await page.goto('about:blank');
    // End the session on the server, as an expiry would; the app starts again with the stored token.
    const client = await signedInApi('hr', 12);
    client.setToken(token);
    await client.api.user.logout();
    await page.goto('/account');
    await page.waitForURL('**/login');
    await expect.poll(() => dialogText(page)).toContain('Sesi login telah berakhir');
    expect(await page.evaluate(() => localStorage.getItem('main_token'))).toBeNull();
    expect(await page.evaluate(() => document.cookie)).not.toContain('projectId=');
    await screenshot(page, 'session-expired-dialog');
  });

  it('logs out from the account page', async () => {
    const page = await open();
    expect(await signIn(page, 'cs', 12)).toBe('/account');
    await screenshot(page, 'account');
    await page.getByRole('button', { name: 'Keluar' }).click();
    await page.getByRole('alertdialog').waitFor();
    await screenshot(page, 'logout-confirm');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Keluar' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('main_token'))).toBeNull();
  });

  it('redirects to /500 when a call answers code 9', async () => {
    const page = await open();
    await page.route('**/main/site/list/config', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"errCode":9,"errMsg":"down"}' }),
    );
    await page.goto('/login');
    await page.waitForURL('**/500');
    await page.getByTestId('server-error').waitFor();
    await screenshot(page, 'server-error');
  });
});

describe('updates', () => {
  it('brings up the non-closable update dialog when the server has a newer version', async () => {
    const versionFile = join(e2eAppsDir(), 'agent/dist/version.json');
    const original = readFileSync(versionFile, 'utf8');
    const page = await open();
    await page.clock.install();
    try {
      expect(await signIn(page, 'cs', 12)).toBe('/account');
      const current = JSON.parse(original) as { version: string };
      writeFileSync(
        versionFile,
        `${JSON.stringify({ version: String(BigInt(current.version) + 60_000n) })}\n`,
      );
      await page.clock.fastForward(61_000);
      const dialog = page.getByTestId('update-dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('Versi baru ditemukan');
      await page.keyboard.press('Escape');
      await page.waitForTimeout(300);
      expect(await dialog.isVisible()).toBe(true);
      await screenshot(page, 'update-dialog');
    } finally {
      writeFileSync(versionFile, original);
    }
  });

  it('forces the update inside a wrapper below versionCode 9', async () => {
    const page = await open({ nativeWrapper: { versionCode: 5, platform: 'android' } });
    await page.goto('/login');
    const dialog = page.getByTestId('update-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Versi aplikasi Anda sudah terlalu lama');
    await screenshot(page, 'update-dialog-native');
  });
});

describe('shell screens', () => {
  it('shows /404 for unknown paths', async () => {
    const page = await open();
    await page.goto('/no-such-page');
    await page.getByTestId('not-found').waitFor();
    await screenshot(page, 'not-found');
  });

  it('shows /close, /ui and /wait', async () => {
    const page = await open({ nativeWrapper: WRAPPER });
    await page.goto('/close');
    await page.getByTestId('close-page').waitFor();
    await screenshot(page, 'close');
    await page.goto('/ui');
    await page.locator('h1', { hasText: 'Katalog UI' }).waitFor();
    await screenshot(page, 'ui-catalogue');
    await page.screenshot({ path: 'artifacts/screenshots/ui-catalogue-full.png', fullPage: true });
    expect(await signIn(page, 'no-spa', 12)).toBe('/wait');
    await page.getByTestId('wait-page').waitFor();
    await screenshot(page, 'wait');
  });

  it('shows toasts at the top right without duplicates, at most 3', async () => {
    const page = await open();
    await page.goto('/ui');
    const success = page.getByRole('button', { name: 'success', exact: true });
    await success.click();
    await success.click();
    await page.getByRole('button', { name: 'error', exact: true }).click();
    await page.getByRole('button', { name: 'info', exact: true }).click();
    await page.getByRole('button', { name: 'normal', exact: true }).click();
    const toasts = page.locator('[data-sonner-toast]');
    await expect.poll(() => toasts.count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-sonner-toast][data-visible="true"]').count()).toBe(3);
    expect(await page.locator('[data-sonner-toaster]').getAttribute('data-y-position')).toBe('top');
    expect(await page.locator('[data-sonner-toaster]').getAttribute('data-x-position')).toBe('right');
    await screenshot(page, 'toasts');
  });

  it('opens a page whose code failed to download once: the chunk is asked for again', async () => {
    const page = await open();
    let tries = 0;
    await page.route('**/assets/close-page-*.js', (route) => {
      tries += 1;
      return tries === 1 ? route.abort() : route.continue();
    });
    await page.goto('/close');
    await page.getByTestId('close-page').waitFor({ timeout: 15_000 });
    expect(tries).toBe(2);
    expect(await page.getByTestId('crash-screen').count()).toBe(0);
    await page.unroute('**/assets/close-page-*.js');
  });

  it('shows the crash screen when a page fails to load, and its reload works', async () => {
    const page = await open();
    await page.route('**/assets/close-page-*.js', (route) => route.abort());
    await page.goto('/close');
    const crash = page.getByTestId('crash-screen');
    await crash.waitFor();
    expect(await crash.textContent()).toContain('Situs sedang tidak tersedia');
    await screenshot(page, 'crash-screen');
    await page.evaluate(() => sessionStorage.setItem('probe', '1'));
    await page.unroute('**/assets/close-page-*.js');
    await page.getByRole('button', { name: 'Muat ulang' }).click();
    await page.getByTestId('close-page').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('probe'))).toBeNull();
  });
});

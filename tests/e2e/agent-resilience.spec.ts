// Proves that outages do not sign people out (issue 11): a role lookup failing twice at start-up is
// retried and the user ends signed in; failing on every automatic attempt shows a retry screen that
// signs in once the server answers; a network error reads in the user's language, not "Failed to fetch";
// a list that fails to load says so and loads on retry.
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, signIn, usePhoneBrowser } from './support/browser.ts';

const WRAPPER = { versionCode: 12, platform: 'android' as const };

const phone = usePhoneBrowser();

async function signedInOperator(): Promise<Page> {
  const page = await phone.open({ nativeWrapper: WRAPPER });
  expect(await signIn(page, 'operator', 12)).toBe('/payhub');
  return page;
}

/** Fails the first `failures` role lookups: a dropped connection, then 503s. Answers the call count. */
async function failRoleLookup(page: Page, failures: number): Promise<() => number> {
  let calls = 0;
  await page.route('**/main/payhub/role', async (route: Route) => {
    calls += 1;
    if (calls > failures) return route.continue();
    if (calls === 1) return route.abort('failed');
    return route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' });
  });
  return () => calls;
}

describe('start-up role lookup outage', () => {
  it('retries a lookup that fails twice and ends signed in, without a dialog', async () => {
    const page = await signedInOperator();
    const calls = await failRoleLookup(page, 2);
    await page.reload();
    await page.getByTestId('bottom-nav').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/payhub');
    expect(calls()).toBe(3);
    expect(await page.locator('[role="alertdialog"]').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('main_token'))).toBeTruthy();
  });

  it('shows a retry screen when every attempt fails, and signs in on retry', async () => {
    const page = await signedInOperator();
    const calls = await failRoleLookup(page, 3);
    await page.reload();
    const retry = page.getByTestId('startup-retry');
    await retry.waitFor({ timeout: 20_000 });
    const text = (await retry.textContent()) ?? '';
    expect(text).toContain('Tidak dapat memuat akun Anda');
    expect(text).not.toMatch(/Failed to fetch|Error Code/);
    expect(await page.evaluate(() => localStorage.getItem('main_token'))).toBeTruthy();
    await screenshot(page, 'startup-retry');
    await retry.getByRole('button').click();
    await page.getByTestId('bottom-nav').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/payhub');
    expect(calls()).toBe(4);
  });
});

describe('network errors', () => {
  it('reads in Indonesian, not as the browser’s English', async () => {
    const page = await signedInOperator();
    await page.getByTestId('bottom-nav').waitFor();
    await page.route('**/main/payhub/quota/query*', (route: Route) => route.abort('failed'));
    await page.reload();
    const dialog = page.locator('[role="alertdialog"]');
    await dialog.first().waitFor({ timeout: 20_000 });
    const text = (await dialog.first().textContent()) ?? '';
    expect(text).toContain('Tidak dapat terhubung');
    expect(text).not.toMatch(/Failed to fetch|Error Code/);
  });
});

describe('lists', () => {
  it('a failed list offers a retry that loads it', async () => {
    const page = await signedInOperator();
    await page.getByTestId('bottom-nav').waitFor();
    await page.route('**/main/payhub/orders/query*', (route: Route) => route.abort('failed'));
    await page.getByTestId('nav-tab-orders').click();
    const failed = page.getByTestId('load-error');
    await failed.waitFor({ timeout: 20_000 });
    expect(await failed.textContent()).toContain('Data gagal dimuat.');
    // The error dialogs of the failed calls are closed first.
    for (let open = 0; open < 5 && (await page.locator('[role="alertdialog"]').count()) > 0; open += 1)
      await page.locator('[role="alertdialog"] button').first().click();
    await screenshot(page, 'list-load-error');
    await page.unroute('**/main/payhub/orders/query*');
    await failed.getByRole('button').click();
    await failed.waitFor({ state: 'detached', timeout: 15_000 });
    // The retried list loads (its spinner first) and shows its empty state.
    await page.locator('main').getByText('Tidak ada pesanan.').waitFor({ timeout: 15_000 });
    expect(await page.locator('main').textContent()).toContain('Tidak ada pesanan.');
  });
});

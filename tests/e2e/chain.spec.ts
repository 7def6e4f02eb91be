// Proves the crypto screens on the served app at 360x780 in Indonesian against the embedded dev chain:
// the demo player opens "Deposit USDT", sees its address with a QR code, the network warning and the
// minimum, sends itself test USDT with the dev faucet and watches the deposit gather its
// confirmations and be credited by push; then adds a withdrawal address with the SMS code (usable 24 h later).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readDemoAccounts } from './support/accounts.ts';
import { apiClient } from './support/api.ts';
import { screenshot, usePhoneBrowser } from './support/browser.ts';

const phone = usePhoneBrowser();

/** The seeded demo player of project 12 (the e2e DemoLabel union lists the agent accounts). */
function demoPlayer() {
  const account = readDemoAccounts().find(
    (item) => (item.label as string) === 'player' && item.projectId === 12,
  );
  if (!account) throw new Error('no demo player in project 12');
  return account;
}

async function signedInPage(): Promise<Page> {
  const page = await phone.open();
  const player = demoPlayer();
  const { token } = await apiClient(12).api.user.login({
    body: { phone: player.phone, password: player.password },
  });
  await page.goto('/play/login');
  await page.evaluate((value) => localStorage.setItem('main_token', value), token);
  return page;
}

describe('player crypto journey', () => {
  it('receives test USDT on chain and sees it credited after its confirmations', async () => {
    const page = await signedInPage();
    await page.goto('/play/wallet');
    await page.getByTestId('chain-deposit-link').click();
    await page.waitForURL('**/play/deposit/usdt');
    await page.getByTestId('chain-address-qr').waitFor();
    await page.getByText('Kirim hanya USDT di jaringan').waitFor();
    await page.getByText('Deposit minimum 1,00 USDT').waitFor();
    await screenshot(page, 'player-chain-deposit');
    const startedAt = Date.now();
    await page.getByTestId('chain-faucet').click();
    await page.getByTestId('chain-deposit').first().waitFor({ timeout: 15_000 });
    await page
      .getByTestId('chain-deposit')
      .filter({ hasText: 'Masuk ke saldo' })
      .first()
      .waitFor({ timeout: 30_000 });
    console.log(`[e2e] test USDT credited ${Date.now() - startedAt} ms after the faucet was pressed`);
    await expect.poll(() => page.getByTestId('chain-deposit').first().textContent()).toContain('100,00 USDT');
    await screenshot(page, 'player-chain-deposit-credited');
  }, 90_000);

  it('adds a withdrawal address with the SMS code; it is usable 24 h later', async () => {
    const page = await signedInPage();
    await page.goto('/play/withdraw/usdt');
    await page.getByTestId('chain-add-address').click();
    await page.locator('input[name="address"]').fill('0x1111111111111111111111111111111111111111');
    await page.locator('input[name="label"]').fill('Dompet saya');
    await page.getByRole('button', { name: 'Kirim kode SMS' }).click();
    const phone = demoPlayer().phone;
    await expect
      .poll(async () =>
        apiClient(12)
          .api.user.devLatestCode({ query: { phone, purpose: 'crypto_address' } })
          .then((answer) => answer.code)
          .catch(() => null),
      )
      .not.toBeNull();
    const { code } = await apiClient(12).api.user.devLatestCode({
      query: { phone, purpose: 'crypto_address' },
    });
    await page.locator('input[name="code"]').fill(code);
    await page.getByRole('button', { name: 'Tambah alamat' }).last().click();
    await page.getByTestId('chain-address-entry').filter({ hasText: 'Dapat dipakai mulai' }).waitFor();
    await page.locator('input[name="amount"]').fill('12.5');
    await page.getByTestId('chain-quote').filter({ hasText: '13,50' }).waitFor();
    await screenshot(page, 'player-chain-withdraw');
  }, 60_000);
});

// Proves issue 13's whole player journey on the served app at 360x780 in Indonesian, against the
// embedded dev chain: the demo player signs in through the form, receives test USDT on chain (dev
// faucet) and sees it credited by push, exchanges part of it to YEC and part to rupiah, withdraws USDT
// on chain to its saved address and sees the withdrawal confirmed, then finds the deposit, both
// exchanges and the withdrawal in history. Screenshots kept (artifacts/screenshots/journey-*).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type DemoLabel, demoAccount } from './support/accounts.ts';
import { screenshot, usePhoneBrowser } from './support/browser.ts';

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

/** The page's width fits the 360 px phone (nothing pushes it sideways). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

async function exchange(page: Page, to: string, amount: string, expectGet: string) {
  await page.goto('/play/exchange');
  await page.getByTestId('exchange-from').selectOption('USDT');
  await page.getByTestId('exchange-to').selectOption(to);
  await page.getByTestId('exchange-amount').fill(amount);
  await page.getByTestId('exchange-rate').waitFor();
  await page.getByTestId('exchange-quote').click();
  await page.getByTestId('exchange-get').filter({ hasText: expectGet }).waitFor();
  await expectNoSidewaysScroll(page);
  await settled(page, `journey-exchange-usdt-${to.toLowerCase()}`);
  await page.getByTestId('exchange-confirm').click();
  await page.locator('[data-sonner-toast]', { hasText: 'Penukaran berhasil' }).first().waitFor();
}

describe('player wallet journey on chain', () => {
  it('receives test USDT, exchanges to YEC and rupiah, withdraws on chain, finds all in history', async () => {
    const page = await phone.open();
    const account = demoAccount('player' as DemoLabel, 12);
    await page.goto('/play/login');
    await page.locator('input[name="phone"]').fill(account.phone);
    await page.locator('input[name="password"]').fill(account.password);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await page.waitForURL('**/play/wallet');

    // 1. Receive test USDT on chain: address + QR, the faucet, confirmations, credited by push.
    await page.goto('/play/deposit/usdt');
    await page.getByTestId('chain-address-qr').waitFor();
    await expectNoSidewaysScroll(page);
    await settled(page, 'journey-deposit-usdt');
    await page.getByTestId('chain-faucet').click();
    await page.getByTestId('chain-deposit').first().waitFor({ timeout: 15_000 });
    await page
      .getByTestId('chain-deposit')
      .filter({ hasText: 'Masuk ke saldo' })
      .first()
      .waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('chain-deposit').first().textContent()).toContain('100,00 USDT');
    await settled(page, 'journey-deposit-credited');
    // Seeded 100 USDT of play money + 100 test USDT from the chain (the guide of the first visit closed).
    await page.goto('/play/home');
    await page.getByTestId('beginner-guide').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('beginner-guide').waitFor({ state: 'detached' });
    await page.getByTestId('balance-USDT').filter({ hasText: 'USDT\u00a0200,00' }).waitFor();
    await expectNoSidewaysScroll(page);
    await settled(page, 'journey-home-after-deposit');

    // 2. Exchange: 10 USDT to YEC (1,000 YEC at mid less 1% = 990), 10 USDT to rupiah (Rp 158.400).
    await exchange(page, 'YEC', '10', '990,00');
    await exchange(page, 'IDR', '10', '158.400,00');

    // 3. Crypto withdrawal of 20 USDT (+1 fee) to the saved, usable address; confirmed on chain.
    await page.goto('/play/withdraw/usdt');
    await page.getByTestId('chain-address-entry').filter({ hasText: 'Dompet demo' }).click();
    await page.locator('input[name="amount"]').fill('20');
    await page.getByTestId('chain-quote').filter({ hasText: '21,00' }).waitFor();
    await expectNoSidewaysScroll(page);
    await settled(page, 'journey-withdraw-quote');
    await page.getByTestId('chain-withdraw-submit').click();
    await page.getByTestId('chain-withdrawal').first().waitFor();
    await page
      .getByTestId('chain-withdrawal')
      .filter({ hasText: 'Selesai' })
      .first()
      .waitFor({ timeout: 60_000 });
    await expect
      .poll(() => page.getByTestId('chain-withdrawal').first().textContent())
      .toContain('20,00 USDT');
    await settled(page, 'journey-withdraw-confirmed');
    await page.goto('/play/home');
    // 200 - 10 - 10 - 20 - 1 fee.
    await page.getByTestId('balance-USDT').filter({ hasText: 'USDT\u00a0159,00' }).waitFor();
    await page.getByTestId('balance-YEC').filter({ hasText: 'YEC\u00a05.990,00' }).waitFor();
    await page.getByTestId('balance-IDR').filter({ hasText: 'Rp\u00a01.158.400,00' }).waitFor();
    await settled(page, 'journey-home-after');

    // 4. History, USDT only: the deposit, both exchanges and the withdrawal (with its fee).
    await page.goto('/play/history');
    await page.getByTestId('history-asset').selectOption('USDT');
    await expect
      .poll(() => page.getByTestId('history-amount').allTextContents())
      .toEqual(expect.arrayContaining(['+USDT\u00a0100,00', '-USDT\u00a010,00', '-USDT\u00a020,00']));
    const amounts = await page.getByTestId('history-amount').allTextContents();
    expect(amounts.filter((text) => text === '-USDT\u00a010,00')).toHaveLength(2);
    const types = await page.getByTestId('history-type-label').allTextContents();
    expect(types).toEqual(expect.arrayContaining(['Setoran', 'Tukar', 'Penarikan', 'Biaya']));
    expect(types.filter((type) => type === 'Tukar')).toHaveLength(2);
    console.log(`[e2e] history rows: ${JSON.stringify(amounts)} ${JSON.stringify(types)}`);
    await expectNoSidewaysScroll(page);
    await settled(page, 'journey-history-usdt');
    // The withdrawal's row opens to its object and links to the USDT withdrawal page.
    await page
      .getByTestId('history-row')
      .filter({ hasText: 'Penarikan' })
      .filter({ hasText: '20,00' })
      .getByRole('button')
      .click();
    await page.getByTestId('history-detail').getByText('Penarikan USDT').waitFor();
    await settled(page, 'journey-history-detail');
    await page.getByTestId('history-object-link').click();
    await page.waitForURL('**/play/withdraw/usdt');
    await page.getByTestId('chain-withdrawal').filter({ hasText: 'Selesai' }).first().waitFor();
    await page.goto('/play/history');
    await page.getByTestId('history-asset').selectOption('');
    await settled(page, 'journey-history-all');
  }, 240_000);
});

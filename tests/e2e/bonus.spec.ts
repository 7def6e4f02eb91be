// Proves bonus money in the player app at 360x780, Indonesian: a fresh player's first deposit
// (Rp 100.000, confirmed by its operator) earns a 10 % bonus on the locked bonus balance within a few
// scheduler ticks; the Bonus page (reached by taps from Akun) shows it with its wagering progress, the
// terms page every rule, the withdrawal choice is saved, and the withdrawal screen tells before
// confirming that the bonus would be forfeited. Screenshots kept.
import type { PayhubClient } from '@payhub/client';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seededAccount } from './support/accounts.ts';
import { apiClient, latestSmsCode } from './support/api.ts';
import { screenshot, usePhoneBrowser } from './support/browser.ts';

const phone = usePhoneBrowser();

/** Waits until no animation runs so a screenshot shows the settled screen. */
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

async function registerPlayer(): Promise<PayhubClient> {
  const number = `88${String(Date.now()).slice(-8)}`;
  const client = apiClient(12);
  await client.api.user.sendCode({ query: { phone: number, purpose: 'register' } });
  const code = await latestSmsCode(number, 'register');
  const session = await client.api.user.register({
    body: { phone: number, code, password: 'Dompet2026', nickname: 'Sari' },
  });
  client.setToken(session.token);
  return client;
}

describe('bonus money journey', () => {
  it('shows the first-deposit bonus with its wagering progress, the terms, and the notice on withdrawal', async () => {
    const player = await registerPlayer();
    const order = await player.api.payhub.createOrder({ body: { amount: '100000.00', bankCode: 'BCA' } });
    let confirmed = false;
    for (const label of ['operator', 'operator-2'] as const) {
      const operator = apiClient(12);
      const account = seededAccount(label, 12);
      const session = await operator.api.user.login({
        body: { phone: account.phone, password: account.password },
      });
      operator.setToken(session.token);
      confirmed = await operator.api.payhub
        .payCheck({ body: { id: order.id, action: 'confirm' } })
        .then(() => true)
        .catch(() => false);
      if (confirmed) break;
    }
    expect(confirmed).toBe(true);
    // The rewards scheduler grants the bonus on its next tick (restart-safe scan of credited deposits).
    await expect
      .poll(async () => (await player.api.bonus.overview()).bonuses.length, {
        timeout: 60_000,
        interval: 1_000,
      })
      .toBe(1);

    const page = await phone.open();
    await page.goto('/play/login');
    await page.evaluate((value) => localStorage.setItem('main_token', value), player.getToken()!);
    await page.goto('/play/account');
    await page.getByRole('button', { name: /Bonus & syarat taruhan/ }).click();
    await page.waitForURL('**/play/account/bonus');
    await page.getByTestId('bonus-balance').filter({ hasText: 'Rp\u00a010.000,00' }).waitFor();
    await page.getByTestId('bonus-item').filter({ hasText: 'Bonus setoran pertama' }).waitFor();
    await page
      .getByTestId('bonus-progress')
      .filter({ hasText: 'Taruhan Rp\u00a00,00 dari Rp\u00a050.000,00' })
      .waitFor();
    await settled(page, 'player-bonus');

    await page.getByRole('link', { name: 'Syarat & ketentuan bonus' }).click();
    await page.waitForURL('**/play/account/bonus/terms');
    await expect.poll(() => page.getByTestId('bonus-term').count()).toBe(9);
    await page.getByText(/minimal Rp\u00a050\.000,00 mendapat bonus 10%/).waitFor();
    await settled(page, 'player-bonus-terms');

    await page.getByRole('link', { name: 'Kembali' }).click();
    // Until the player chooses, a withdrawal forfeits; this player first keeps the bonus, then forfeits.
    expect((await player.api.bonus.overview()).onWithdraw).toBe('forfeit');
    // The radios themselves, not their labels' text: a label's text takes a tap while its radio is
    // still disabled by the save before, and that tap does nothing.
    const refuse = page.getByRole('radio', { name: /^Tolak penarikan/ });
    const forfeit = page.getByRole('radio', { name: /^Hanguskan bonus/ });
    await refuse.click();
    await page.locator('[data-sonner-toast]', { hasText: 'Pilihan disimpan' }).first().waitFor();
    await expect.poll(async () => (await player.api.bonus.overview()).onWithdraw).toBe('refuse');
    await expect.poll(() => refuse.isChecked()).toBe(true);
    await forfeit.click();
    await expect.poll(async () => (await player.api.bonus.overview()).onWithdraw).toBe('forfeit');
    await expect.poll(() => forfeit.isChecked()).toBe(true);

    await page.goto('/play/withdraw');
    await page
      .getByTestId('bonus-withdraw-notice')
      .filter({ hasText: 'bonus Rp\u00a010.000,00 akan hangus' })
      .waitFor();
    await page.getByTestId('bonus-withdraw-notice').scrollIntoViewIfNeeded();
    await settled(page, 'player-withdraw-bonus-notice');
  });
});

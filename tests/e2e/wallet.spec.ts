// Proves the player's multi-asset wallet at 360x780 in Indonesian: the demo player signs in through
// the form, sees its three balances on home (beginner guide on the first visit), exchanges part of
// its rupiah to YEC and part of its USDT to rupiah through quotes, and finds both exchanges in history
// (filtered by type); the choosers link to the local and the crypto pages; a QRIS deposit shows a
// valid QRIS code; the maintenance flag covers the app and refuses money calls (762). Screenshots kept.

import { crcValid, parseTlv } from '@payhub/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type DemoLabel, demoAccount } from './support/accounts.ts';
import { apiClient, signedInApi } from './support/api.ts';
import { screenshot, usePhoneBrowser } from './support/browser.ts';

const phone = usePhoneBrowser({ keepContexts: true });

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

async function exchange(page: Page, from: string, to: string, amount: string, expectGet: string) {
  await page.goto('/play/exchange');
  await page.getByTestId('exchange-from').selectOption(from);
  await page.getByTestId('exchange-to').selectOption(to);
  await page.getByTestId('exchange-amount').fill(amount);
  await page.getByTestId('exchange-rate').waitFor();
  await page.getByTestId('exchange-quote').click();
  await page.getByTestId('exchange-get').filter({ hasText: expectGet }).waitFor();
  await settled(page, `player-exchange-quote-${from}-${to}`);
  await page.getByTestId('exchange-confirm').click();
  await page.locator('[data-sonner-toast]', { hasText: 'Penukaran berhasil' }).first().waitFor();
}

describe('player multi-asset wallet journey', () => {
  it('signs in, exchanges rupiah to YEC and USDT to rupiah, and finds both in history', async () => {
    const page = await phone.open();
    const account = demoAccount('player' as DemoLabel, 12);
    await page.goto('/play/login');
    await page.locator('input[name="phone"]').fill(account.phone);
    await page.locator('input[name="password"]').fill(account.password);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await page.waitForURL('**/play/wallet');

    // Home: the guide on the first visit, then the three balances.
    await page.goto('/play/home');
    await page.getByTestId('beginner-guide').waitFor();
    await settled(page, 'player-home-guide');
    for (let step = 0; step < 3; step += 1) await page.getByRole('button', { name: 'Lanjut' }).click();
    await page.getByRole('button', { name: 'Mulai' }).click();
    await page.getByTestId('beginner-guide').waitFor({ state: 'detached' });
    await page.getByTestId('balance-IDR').filter({ hasText: 'Rp\u00a01.000.000,00' }).waitFor();
    await page.getByTestId('balance-USDT').filter({ hasText: 'USDT\u00a0100,00' }).waitFor();
    await page.getByTestId('balance-YEC').filter({ hasText: 'YEC\u00a05.000,00' }).waitFor();
    await settled(page, 'player-home');
    // The guide opens again from home.
    await page.getByTestId('open-guide').click();
    await page.getByTestId('beginner-guide').waitFor();
    await page.keyboard.press('Escape');

    // Rp 100.000 → YEC: 6.25 USD = 625 YEC at mid, less the 1% spread = 618,75 YEC.
    await exchange(page, 'IDR', 'YEC', '100000', '618,75');
    // 10 USDT → rupiah: Rp 160.000 at mid, less 1% = Rp 158.400,00.
    await exchange(page, 'USDT', 'IDR', '10', '158.400,00');

    await page.goto('/play/home');
    await page.getByTestId('balance-IDR').filter({ hasText: 'Rp\u00a01.058.400,00' }).waitFor();
    await page.getByTestId('balance-YEC').filter({ hasText: 'YEC\u00a05.618,75' }).waitFor();
    await page.getByTestId('balance-USDT').filter({ hasText: 'USDT\u00a090,00' }).waitFor();

    // History: both exchanges, two legs each, with the play-money credits under them.
    await page.getByRole('link', { name: 'Riwayat' }).last().click();
    await page.waitForURL('**/play/history');
    await page.getByTestId('history-type').selectOption('exchange');
    await expect.poll(() => page.getByTestId('history-row').count()).toBe(4);
    const amounts = await page.getByTestId('history-amount').allTextContents();
    expect(amounts).toEqual(
      expect.arrayContaining([
        '+YEC\u00a0618,75',
        '-Rp\u00a0100.000,00',
        '+Rp\u00a0158.400,00',
        '-USDT\u00a010,00',
      ]),
    );
    await settled(page, 'player-history-exchanges');
    await page.getByTestId('history-type').selectOption('');
    await expect.poll(() => page.getByTestId('history-row').count()).toBe(7);
    await settled(page, 'player-history');
    // The period filter works in the project's local days (Jakarta). The demo funding rows were
    // written when the server started, which may have been before a Jakarta midnight the exchanges
    // came after: the rows' own days, read from the API, say how many "today" and the week before keep.
    const jakartaDay = (ms: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date(ms));
    const today = jakartaDay(Date.now());
    const weekAgo = jakartaDay(Date.now() - 7 * 86_400_000);
    const rowDays = (
      await (await signedInApi('player' as DemoLabel, 12)).api.wallet.history({ query: { count: 20 } })
    ).items.map((row) => jakartaDay(Date.parse(row.createdAt)));
    expect(rowDays).toHaveLength(7);
    const before = rowDays.filter((day) => day >= weekAgo && day < today).length;
    await page.getByTestId('history-period').selectOption('1');
    await expect.poll(() => page.getByTestId('history-row').count()).toBe(7 - before);
    await page.getByTestId('history-period').selectOption('custom');
    await page.getByTestId('history-from').fill(weekAgo);
    await page.getByTestId('history-to').fill(jakartaDay(Date.now() - 86_400_000));
    if (before === 0) await page.getByText('Belum ada pergerakan dana.').waitFor();
    else await expect.poll(() => page.getByTestId('history-row').count()).toBe(before);
    await settled(page, 'player-history-period');
    await page.getByTestId('history-to').fill(today);
    await expect.poll(() => page.getByTestId('history-row').count()).toBe(7);
    await page.getByTestId('history-period').selectOption('');
    await expect.poll(() => page.getByTestId('history-row').count()).toBe(7);
    // A row opens to its object: the exchange quote's full id and the balance after it.
    await page.getByTestId('history-type').selectOption('exchange');
    await expect.poll(() => page.getByTestId('history-row').count()).toBe(4);
    await page.getByTestId('history-row').first().getByRole('button').click();
    const detail = page.getByTestId('history-detail');
    await detail.getByText('Penawaran tukar').waitFor();
    await detail.getByText('Saldo setelahnya').waitFor();
    expect(await detail.textContent()).toMatch(/#[0-9a-f-]{36}/);
    await settled(page, 'player-history-detail');
    await page.getByTestId('history-type').selectOption('');

    // The wallet page: balance, deposit and withdraw actions, the records.
    await page.goto('/play/wallet');
    await page.getByTestId('balance').filter({ hasText: 'Rp\u00a01.058.400,00' }).waitFor();
    await page.getByTestId('chain-withdraw-link').waitFor();
    await settled(page, 'player-wallet');

    // Deposit chooser: local through the payment hub, crypto on the chain feature's route.
    await page.goto('/play/deposit/choose');
    await expect
      .poll(() => page.getByTestId('choose-crypto').getAttribute('href'))
      .toBe('/play/deposit/usdt');
    await settled(page, 'player-deposit-chooser');
    await page.getByTestId('choose-local').click();
    await page.waitForURL('**/play/deposit');
    await page.goto('/play/withdraw/choose');
    await expect
      .poll(() => page.getByTestId('choose-crypto').getAttribute('href'))
      .toBe('/play/withdraw/usdt');
    await settled(page, 'player-withdraw-chooser');

    // A QRIS deposit shows the operator's card as a QRIS code with the exact amount and a valid CRC.
    const token = await page.evaluate(() => localStorage.getItem('main_token'));
    const player = apiClient(12);
    player.setToken(token!);
    const order = await player.api.payhub.createOrder({
      body: { amount: '250000', bankCode: 'BCA', port: 'qris' },
    });
    await page.goto(`/play/deposit/${order.id}`);
    const qr = page.getByTestId('qris').locator('img');
    await qr.waitFor();
    const payload = (await qr.getAttribute('data-payload'))!;
    expect(crcValid(payload)).toBe(true);
    expect(parseTlv(payload).get('54')).toBe('250000');
    // The merchant is the card's QRIS merchant id (NMID), not its account number.
    expect(parseTlv(parseTlv(payload).get('51')!).get('02')).toMatch(/^ID\d{13}$/);
    expect(payload).not.toContain(order.payee!.accountNo);
    expect(parseTlv(parseTlv(payload).get('62')!).get('01')).toBe(order.orderNo);
    await qr.scrollIntoViewIfNeeded();
    await settled(page, 'player-deposit-qris');

    // Maintenance: the notice covers the app and money calls answer 762 until it is switched off.
    const admin = await signedInApi('admin', 12);
    await admin.api.site.setMaintenance({ body: { enabled: true, message: 'Selesai pukul 04.00 WIB' } });
    await page.goto('/play/home');
    await page.getByTestId('maintenance-notice').getByText('Selesai pukul 04.00 WIB').waitFor();
    await settled(page, 'player-maintenance');
    const refused = await player.api.exchange
      .quote({ body: { from: 'IDR', to: 'YEC', amount: '1000' } })
      .then(
        () => 0,
        (error: { errCode: number }) => error.errCode,
      );
    expect(refused).toBe(762);
    await admin.api.site.setMaintenance({ body: { enabled: false, message: null } });
    await page.getByRole('button', { name: 'Coba lagi' }).click();
    await page.getByTestId('maintenance-notice').waitFor({ state: 'detached' });
  });
});

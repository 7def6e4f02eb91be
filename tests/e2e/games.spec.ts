// Proves the in-house games at 360x780 in Indonesian on the served app, reached by taps: home links to
// the lobby and the lobby to each game; each of the seven games is played once by hand and its
// fairness page opened from the game's header (an open mines game resumes after a reload); an auto-bet
// of 10 with a stop-loss plays one bet at a time and ends on its count or its stop-loss, never below
// it; after a seed rotation the fairness page recomputes a recorded bet in the browser and finds the
// revealed seed and the outcome match. Screenshots kept; no page is wider than the phone.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type DemoLabel, demoAccount } from './support/accounts.ts';
import { apiClient } from './support/api.ts';
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
  // Nothing may push the page sideways on a 360 px phone; the widest offenders are named if something does.
  const overflow = await page.evaluate(() =>
    document.documentElement.scrollWidth <= 360
      ? []
      : Array.from(document.querySelectorAll('body *'))
          .filter((element) => element.getBoundingClientRect().right > 360.5)
          .slice(-3)
          .map((element) => `${element.tagName}.${element.className}`.slice(0, 140)),
  );
  expect(overflow, name).toEqual([]);
}

/**
 * Opens a game as a player does, by taps: from a game page back to the lobby with the header's
 * arrow, then the game's tile; waits until its stake and balance are loaded.
 */
async function openGame(page: Page, game: string): Promise<void> {
  if (!new URL(page.url()).pathname.endsWith('/play/games')) {
    await page.getByRole('link', { name: 'Lobi permainan' }).click();
    await page.waitForURL('**/play/games');
  }
  await page.getByTestId(`lobby-${game}`).click();
  await page.waitForURL(`**/play/games/${game}`);
  await page.getByTestId('game-balance').filter({ hasText: 'Saldo' }).waitFor();
}

/** The game's fairness page, by its header link: the active pair shown, a screenshot; back to the game. */
async function lookAtFairness(page: Page, game: string): Promise<void> {
  await page.getByTestId('fairness-link').click();
  await page.waitForURL(`**/play/games/${game}/fairness`);
  await page
    .getByTestId('active-hash')
    .filter({ hasText: /^[0-9a-f]{64}$/ })
    .waitFor();
  await settled(page, `games-fairness-${game}`);
  await page.getByRole('link', { name: 'Kembali' }).click();
  await page.waitForURL(`**/play/games/${game}`);
}

/** Waits for the settled-bet banner and answers whether the bet won. */
async function result(page: Page): Promise<boolean> {
  const banner = page.getByTestId('bet-result');
  await banner.waitFor({ timeout: 15_000 });
  return (await banner.getAttribute('data-won')) === 'true';
}

/**
 * A multi-step game after one move: either it busted (the banner) or it is open with something to
 * cash out — then it is cashed out. Either way it ends settled.
 */
async function cashOutOrLost(page: Page): Promise<void> {
  const cashOut = page.locator('[data-testid="cash-out"]:not([disabled])');
  await Promise.race([page.getByTestId('bet-result').waitFor(), cashOut.waitFor()]);
  if (await cashOut.isVisible()) await cashOut.click();
  await result(page);
}

describe('in-house games journey', () => {
  it('plays every game by hand, auto-bets with a stop-loss and verifies a bet after rotating', async () => {
    const page = await phone.open();
    const account = demoAccount('player' as DemoLabel, 12);
    await page.goto('/play/login');
    await page.locator('input[name="phone"]').fill(account.phone);
    await page.locator('input[name="password"]').fill(account.password);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await page.waitForURL('**/play/wallet');
    const token = await page.evaluate(() => localStorage.getItem('main_token'));
    const player = apiClient(12);
    player.setToken(token!);

    // Home lists the games and links to the lobby.
    await page.goto('/play/home');
    // The beginner guide opens on the first visit; closed, home shows the games.
    await page.getByTestId('beginner-guide').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('beginner-guide').waitFor({ state: 'detached' });
    await page.getByTestId('home-games').getByRole('link', { name: 'Dadu' }).waitFor();
    await page.getByTestId('home-games').scrollIntoViewIfNeeded();
    await settled(page, 'games-home');
    await page.getByTestId('home-games-lobby').click();
    await page.waitForURL('**/play/games');
    await page.getByTestId('lobby-fruit-bomb').waitFor();
    await settled(page, 'games-lobby');

    // Dice, 2× under 49.50.
    await openGame(page, 'dice');
    await page.getByTestId('place-bet').click();
    await result(page);
    await expect.poll(() => page.getByTestId('bets-mine').getByTestId('bet-row').count()).toBe(1);
    await settled(page, 'games-dice');
    await lookAtFairness(page, 'dice');

    // Coinflip, one call.
    await openGame(page, 'coinflip');
    await page.getByTestId('coin-tails').click();
    await page.getByTestId('place-bet').click();
    await result(page);
    await settled(page, 'games-coinflip');
    await lookAtFairness(page, 'coinflip');

    // Roulette: red (chosen by default) and a straight 17.
    await openGame(page, 'roulette');
    await page.getByTestId('roulette-17').click();
    await page.getByTestId('roulette-slip').filter({ hasText: '2 taruhan' }).waitFor();
    // An inside bet of two taps: a split on 17 and its neighbour 20.
    await page.getByTestId('roulette-kind-split').click();
    await page.getByTestId('roulette-17').click();
    await page.getByTestId('roulette-20').click();
    await page.getByTestId('roulette-inside-chips').filter({ hasText: 'Split 17-20' }).waitFor();
    await page.getByTestId('roulette-slip').filter({ hasText: '3 taruhan' }).waitFor();
    await page.getByTestId('place-bet').click();
    await result(page);
    await settled(page, 'games-roulette');
    await lookAtFairness(page, 'roulette');

    // Mines: start, reload (the open game resumes from the server), reveal a tile, cash out.
    await openGame(page, 'mines');
    await page.getByTestId('count-range').fill('3');
    await page.getByTestId('place-bet').click();
    await page.getByTestId('cash-out').waitFor();
    await page.reload();
    await page.getByTestId('cash-out').waitFor();
    await page
      .locator('[data-sonner-toast]', { hasText: 'Permainan sebelumnya dilanjutkan' })
      .first()
      .waitFor();
    await page.getByTestId('tile-12').click();
    await cashOutOrLost(page);
    await settled(page, 'games-mines');
    await lookAtFairness(page, 'mines');

    // Hilo: start, guess the likelier side once, cash out.
    await openGame(page, 'hilo');
    await page.getByTestId('place-bet').click();
    await page.getByTestId('hilo-higher').waitFor();
    await settled(page, 'games-hilo-open');
    const card = Number(await page.getByTestId('game-result').textContent());
    const rank = Math.floor(card / 4) === 12 ? 1 : Math.floor(card / 4) + 2;
    await page.getByTestId(rank <= 7 ? 'hilo-higher' : 'hilo-lower').click();
    await cashOutOrLost(page);
    await settled(page, 'games-hilo');
    await lookAtFairness(page, 'hilo');

    // Roller: under 50 000.
    await openGame(page, 'roller');
    await page.getByTestId('place-bet').click();
    await result(page);
    await settled(page, 'games-roller');
    // Everyone's bets (the live feed) lists the roller bet; the sound toggle remembers its choice.
    await page.getByTestId('bets-tab-live').click();
    await page.getByTestId('bets-live').getByTestId('bet-row').first().waitFor();
    await page.getByTestId('sound-toggle').click();
    expect(await page.getByTestId('sound-toggle').getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('payhub.games.sound'))).toBe('on');
    await page.getByTestId('sound-toggle').click();
    await lookAtFairness(page, 'roller');

    // Fruit bomb: start with 3 bombs, pick a tile, cash out.
    await openGame(page, 'fruit-bomb');
    await page.getByTestId('place-bet').click();
    await page.getByTestId('cash-out').waitFor();
    await page.getByTestId('tile-5').click();
    await cashOutOrLost(page);
    await settled(page, 'games-fruit-bomb');
    await lookAtFairness(page, 'fruit-bomb');

    // Every game recorded its bet, settled.
    const mine = await player.api.games.myBets({ query: { count: 50 } });
    expect(new Set(mine.items.map((bet) => bet.game))).toEqual(
      new Set(['dice', 'coinflip', 'roulette', 'mines', 'hilo', 'roller', 'fruit-bomb']),
    );
    expect(mine.items.every((bet) => bet.status !== 'open')).toBe(true);

    // Auto-bet of 10 on dice with a stop-loss a few stakes below the balance.
    await openGame(page, 'dice');
    await page.getByTestId('mode-auto').click();
    await page.getByTestId('stake-input').fill('10000');
    const before = await player.api.wallet.balances();
    const idr = BigInt(before.items.find((item) => item.asset === 'IDR')!.available.replace('.', ''));
    // Rp 35.000 below the balance, in whole rupiah as typed (and back in minor units).
    const stopLossTyped = (idr - 3_500_000n) / 100n;
    const stopLoss = stopLossTyped * 100n;
    await page.getByTestId('auto-count').fill('1');
    await settled(page, 'games-dice-auto-form');
    await page.getByTestId('auto-start').click();
    await page.getByTestId('auto-problem').filter({ hasText: 'lebih dari 1' }).waitFor();
    await page.getByTestId('auto-count').fill('10');
    await page.getByTestId('auto-stop-loss').fill(String(idr / 100n + 1n));
    await page.getByTestId('auto-start').click();
    await page.getByTestId('auto-problem').filter({ hasText: 'di bawah saldo' }).waitFor();
    await page.getByTestId('auto-stop-loss').fill(String(stopLossTyped));
    await page.getByTestId('auto-start').click();
    const stop = page.getByTestId('auto-stop');
    await stop.waitFor({ timeout: 30_000 });
    const reason = await stop.getAttribute('data-stop');
    expect(['done', 'stopLoss']).toContain(reason);
    await settled(page, 'games-dice-auto');
    const after = await player.api.wallet.balances();
    const idrAfter = BigInt(after.items.find((item) => item.asset === 'IDR')!.available.replace('.', ''));
    expect(idrAfter).toBeGreaterThanOrEqual(stopLoss);
    const diceBets = await player.api.games.myBets({ query: { game: 'dice', count: 50 } });
    const autoBets = diceBets.items.length - 1;
    const played = Number((await page.getByTestId('auto-progress').textContent())!.split('/')[0]);
    expect(autoBets).toBe(played);
    if (reason === 'done') expect(played).toBe(10);
    else expect(played).toBeLessThan(10);

    // Fairness: rotate, then recompute the first dice bet in the browser from the revealed seed.
    await page.getByTestId('fairness-link').click();
    await page.waitForURL('**/play/games/dice/fairness');
    await page
      .getByTestId('active-hash')
      .filter({ hasText: /^[0-9a-f]{64}$/ })
      .waitFor();
    const oldHash = (await page.getByTestId('active-hash').textContent())!;
    const nextHash = (await page.getByTestId('next-hash').textContent())!;
    expect(oldHash).toMatch(/^[0-9a-f]{64}$/);
    await page.getByTestId('client-seed').fill('pemain-e2e');
    await page.getByTestId('rotate').click();
    await page.getByTestId('revealed').waitFor();
    await expect.poll(() => page.getByTestId('active-hash').textContent()).toBe(nextHash);
    await expect.poll(() => page.getByTestId('nonce').textContent()).toBe('0');
    await page.getByTestId('verify-bet').last().click();
    await expect.poll(() => page.getByTestId('verify-server-seed').inputValue()).not.toBe('');
    await page.getByTestId('verify-run').click();
    await page.getByTestId('verify-steps').waitFor();
    expect(await page.getByTestId('hash-verdict').getAttribute('data-ok')).toBe('true');
    expect(await page.getByTestId('recorded-verdict').getAttribute('data-ok')).toBe('true');
    const first = diceBets.items.at(-1)!;
    expect(first.outcome.game).toBe('dice');
    const roll = first.outcome.game === 'dice' ? first.outcome.roll : -1;
    expect(await page.getByTestId('verify-outcome').textContent()).toBe(JSON.stringify({ roll: roll / 100 }));
    await settled(page, 'games-fairness-verified');
    await page.getByTestId('verify-steps').scrollIntoViewIfNeeded();
    await settled(page, 'games-fairness-steps');
  });
});

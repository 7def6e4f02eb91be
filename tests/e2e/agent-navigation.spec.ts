// Proves the wrapper's navigation (issue 11): for every role of projects 12 and 16, inside the
// simulated native wrapper, every screen the role may use is reached by tapping only from its landing
// (tabs, links, the account's "more" list, back), no page is wider than 360 px, and the role signs out.
// Screenshots of every screen land in artifacts/screenshots/nav-<project>-<role>-<screen>.png.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DemoLabel, ProjectId } from './support/accounts.ts';
import { screenshot, settled, signIn, usePhoneBrowser } from './support/browser.ts';
import { blocklisted } from './support/text-blocklist.ts';

const WRAPPER = { versionCode: 12, platform: 'android' as const };

const promoterScreens = [
  '/telephone',
  '/permohonan',
  '/permohonan/pending',
  '/permohonan/selected',
  '/permohonan/completed',
  '/permohonan/confirm-quantity',
  '/data',
  '/data/date-granularity',
  '/data/telephone-granularity',
  '/pem',
  '/notice',
  '/account',
];
const operatorScreens = [
  '/payhub',
  '/payhub/pesanan',
  '/payhub/bayar',
  '/payhub/recharge',
  '/payhub/usdt',
  '/payhub/indodax',
  '/payhub/va-bank',
  '/payhub/qrcode',
  '/payhub/recharge-record',
  '/payhub/cards',
  '/payhub/link',
  '/payhub/work-hours',
  '/payhub/toko',
  '/payhub/mengatur',
  '/withdraw',
  '/withdraw/record',
  '/transaction',
  '/notice',
  '/account',
];

/** The top-up screens the Mexican rails do not offer (no Indodax, no QR code: contracts/rails.ts). */
const NOT_IN_MEXICO = ['/payhub/indodax', '/payhub/qrcode'];

/** Every screen each role may use in a project (spec §2 route table, §6 gates, the project's rails). */
function screensOf(label: DemoLabel, projectId: ProjectId): string[] {
  const screens = SCREENS[label];
  return projectId === 16 ? screens.filter((path) => !NOT_IN_MEXICO.includes(path)) : screens;
}

/** Every screen each role may use (spec §2 route table and §6 gates). */
export const SCREENS: Record<DemoLabel, string[]> = {
  'no-spa': ['/wait', '/notice', '/account'],
  // Staff have no programme to join: they land on the account, which points to the back office.
  admin: ['/account', '/notice'],
  cs: ['/account', '/notice'],
  hr: ['/account', '/pengajuan', '/notice'],
  promoter: promoterScreens,
  leader: [...promoterScreens, '/data/check', '/pengajuan', '/payhub/work-hours'],
  operator: operatorScreens,
  'operator-manage': [...operatorScreens, '/manage'],
};

const VIEWPORT_WIDTH = 360;

const phone = usePhoneBrowser();

const TEXT_DIR = join(process.cwd(), 'artifacts/page-text');

/**
 * Waits until the app shows `path` and its page has rendered (not the chunk's spinner); `settle`
 * also waits for its requests to be answered (its data on screen) before it is looked at. The way
 * back to a page already looked at only needs the page, not its data.
 */
async function waitForPath(page: Page, path: string, { settle = true } = {}): Promise<void> {
  await page.waitForFunction((expected) => window.location.pathname === expected, path, { timeout: 15_000 });
  await page
    .waitForFunction(() => document.querySelector('main, h1') !== null, undefined, { timeout: 15_000 })
    .catch(() => undefined);
  if (!settle) return;
  await settled(page);
  // The answers' render and the images it starts.
  await page.waitForTimeout(100);
}

/** A site notice shown on sign-in is acknowledged once its countdown ends (it covers the page). */
async function acknowledgeNotices(page: Page): Promise<void> {
  const ack = page.getByTestId('site-notice-ack');
  for (let shown = 0; shown < 5 && (await ack.count()) > 0; shown += 1) {
    await ack.click({ timeout: 20_000 });
    await page.waitForTimeout(300);
  }
}

interface Crawl {
  visited: string[];
  tooWide: string[];
  dialogs: string[];
  texts: Record<string, string>;
}

async function look(page: Page, crawl: Crawl, name: string, path: string): Promise<void> {
  crawl.visited.push(path);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > VIEWPORT_WIDTH) crawl.tooWide.push(`${path} (${width} px)`);
  // Tab labels stay on one line (issue 11: "Bermasalah (0)" wrapped) and the segmented tabs fit the
  // width without scrolling sideways.
  const cramped = await page.evaluate(() => {
    const found: string[] = [];
    for (const tab of Array.from(document.querySelectorAll<HTMLElement>('[role="tab"]'))) {
      const range = document.createRange();
      range.selectNodeContents(tab);
      const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
      if (lines.size > 1) found.push(`wrapped: ${tab.textContent}`);
    }
    for (const list of Array.from(document.querySelectorAll<HTMLElement>('[data-testid="segmented-tabs"]')))
      if (list.scrollWidth > list.clientWidth) found.push(`tabs scroll: ${list.textContent}`);
    return found;
  });
  for (const tab of cramped) crawl.tooWide.push(`${path} ${tab}`);
  const dialog = page.locator('[role="alertdialog"]');
  if ((await dialog.count()) > 0) crawl.dialogs.push(`${path}: ${await dialog.first().textContent()}`);
  expect(await page.getByTestId('crash-screen').count(), path).toBe(0);
  // The page's text from the DOM tree, one text node a line: textContent of the body alone would run
  // neighbouring elements' words together ("BatalCancel") and hide them from the \b patterns.
  crawl.texts[path] = await page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const lines: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const tag = node.parentElement?.tagName;
      const text = node.textContent?.trim();
      if (text && tag !== 'SCRIPT' && tag !== 'STYLE' && tag !== 'NOSCRIPT') lines.push(text);
    }
    return lines.join('\n');
  });
  // The tap that opened the page may have scrolled; the screenshot shows its top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `${name}-${path.slice(1).replaceAll('/', '_') || 'root'}`);
}

/** Links of the page outside the tab bar, as paths. */
async function pageLinks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]'))
      .filter((anchor) => !anchor.closest('[data-testid="bottom-nav"]'))
      .map((anchor) => new URL(anchor.href).pathname),
  );
}

async function tabPaths(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLAnchorElement>('[data-testid="bottom-nav"] a')).map(
      (anchor) => new URL(anchor.href).pathname,
    ),
  );
}

/** Depth first: tap each new link, look, then come back with the page's back button. */
async function explore(page: Page, crawl: Crawl, name: string, path: string, tabs: string[]): Promise<void> {
  await look(page, crawl, name, path);
  for (const link of [...new Set(await pageLinks(page))]) {
    if (crawl.visited.includes(link) || tabs.includes(link)) continue;
    await page.locator(`a[href="${link}"]:not([data-testid="bottom-nav"] a)`).first().click();
    await waitForPath(page, link);
    await explore(page, crawl, name, link, tabs);
    await page.getByTestId('nav-back').click();
    await waitForPath(page, path, { settle: false });
  }
}

async function journey(label: DemoLabel, projectId: ProjectId): Promise<Crawl> {
  const page = await phone.open({
    nativeWrapper: WRAPPER,
    locale: projectId === 16 ? 'es-MX' : 'id-ID',
    timezoneId: projectId === 16 ? 'America/Mexico_City' : 'Asia/Jakarta',
  });
  const name = `nav-${projectId}-${label}`;
  const crawl: Crawl = { visited: [], tooWide: [], dialogs: [], texts: {} };
  const landing = await signIn(page, label, projectId);
  await waitForPath(page, landing);
  await acknowledgeNotices(page);
  const tabs = await tabPaths(page);
  expect(tabs.length, 'the bottom tab bar shows').toBeGreaterThan(0);
  await explore(page, crawl, name, landing, tabs);
  for (const tab of tabs) {
    if (crawl.visited.includes(tab)) continue;
    await page.locator(`[data-testid="bottom-nav"] a[href="${tab}"]`).click();
    await waitForPath(page, tab);
    await explore(page, crawl, name, tab, tabs);
  }
  // Sign out from the account tab.
  await page.locator(`[data-testid="bottom-nav"] a[href="/account"]`).click();
  await waitForPath(page, '/account');
  await page.getByTestId('logout').click();
  await page.getByTestId('logout-confirm').click();
  await waitForPath(page, '/login');
  mkdirSync(TEXT_DIR, { recursive: true });
  writeFileSync(join(TEXT_DIR, `${name}.json`), JSON.stringify(crawl.texts, null, 2));
  return crawl;
}

/**
 * /transaction (spec §2): the operator's movements by tapping from the landing; a row opens its
 * detail sheet, page scrolling is locked exactly while the sheet is open, and the type filter narrows.
 */
async function transactionJourney(projectId: ProjectId): Promise<void> {
  const page = await phone.open({
    nativeWrapper: WRAPPER,
    locale: projectId === 16 ? 'es-MX' : 'id-ID',
    timezoneId: projectId === 16 ? 'America/Mexico_City' : 'Asia/Jakarta',
  });
  const name = `transaction-${projectId}`;
  const landing = await signIn(page, 'operator', projectId);
  await waitForPath(page, landing);
  await acknowledgeNotices(page);
  await page.locator('main a[href="/transaction"]').click();
  await waitForPath(page, '/transaction');
  const rows = page.getByTestId('transaction-row');
  await rows.first().waitFor({ timeout: 15_000 });
  expect(await rows.count()).toBeGreaterThan(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `${name}-list`);
  const locked = () => page.evaluate(() => document.documentElement.dataset.scrollLocked === 'true');
  expect(await locked()).toBe(false);
  await rows.first().click();
  const sheet = page.getByTestId('transaction-detail');
  await sheet.waitFor();
  expect(await locked()).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
  const texts: Record<string, string> = { '/transaction#detail': (await sheet.textContent()) ?? '' };
  await screenshot(page, `${name}-detail`);
  await page.getByTestId('transaction-detail-close').click();
  await sheet.waitFor({ state: 'detached' });
  expect(await locked()).toBe(false);
  // The opening quota is a top-up; the shop filter has nothing yet: the empty state, not a blank page.
  await page.locator('main select').selectOption('topup');
  await settled(page);
  await rows.first().waitFor();
  await page.locator('main select').selectOption('shop');
  await page.getByText(projectId === 16 ? 'No hay movimientos' : 'Belum ada mutasi').waitFor();
  expect(await rows.count()).toBe(0);
  texts['/transaction#empty'] = (await page.locator('main').textContent()) ?? '';
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `${name}-empty`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORT_WIDTH);
  expect(blocklisted(projectId, texts)).toEqual([]);
}

for (const projectId of [12, 16] as const) {
  describe(`project ${projectId}: every screen by tapping, inside the wrapper`, () => {
    it('operator opens a movement on /transaction; scrolling is locked while its sheet is open', {
      timeout: 120_000,
    }, async () => {
      await transactionJourney(projectId);
    });

    for (const label of Object.keys(SCREENS) as DemoLabel[]) {
      it(`${label} reaches its screens and signs out`, { timeout: 240_000 }, async () => {
        const crawl = await journey(label, projectId);
        expect([...crawl.visited].sort()).toEqual([...screensOf(label, projectId)].sort());
        expect(crawl.tooWide).toEqual([]);
        expect(crawl.dialogs).toEqual([]);
        expect(blocklisted(projectId, crawl.texts)).toEqual([]);
      });
    }
  });
}

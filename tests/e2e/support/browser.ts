import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { CHROMIUM_FLAGS } from '../../../scripts/find-browser.mjs';
import { type DemoLabel, demoAccount, type ProjectId } from './accounts.ts';
import { e2eUrl } from './env.ts';

/** Set by tests/e2e/run.mjs from scripts/find-browser.mjs (CHROMIUM_PATH, Playwright's, or the PATH). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The phone the app is designed for (issue 3): 360 x 780 CSS pixels. */
export const MOBILE_VIEWPORT = { width: 360, height: 780 };
const SCREENSHOT_DIR = join(process.cwd(), 'artifacts/screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}

export interface MobileContextOptions {
  /** Inject the native wrapper bridge (window.PayhubNative), as the Android/iOS app does. */
  nativeWrapper?: { versionCode: number; platform: 'android' | 'ios' };
  timezoneId?: string;
  locale?: string;
}

/** A phone-sized context (360x780, touch) on the e2e server; Jakarta time unless told. */
export async function newMobileContext(
  browser: Browser,
  options: MobileContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: e2eUrl(),
    viewport: MOBILE_VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: options.locale ?? 'id-ID',
    timezoneId: options.timezoneId ?? 'Asia/Jakarta',
  });
  if (options.nativeWrapper) {
    await context.addInitScript((bridge) => {
      (window as unknown as { PayhubNative: unknown }).PayhubNative = bridge;
    }, options.nativeWrapper);
  }
  return context;
}

export interface PhoneBrowser {
  /** A new page in a new phone context (the file's default options unless given). */
  open(options?: MobileContextOptions): Promise<Page>;
}

/**
 * The browser of one spec file: launched before its tests and closed after them, with every context
 * `open()` made. Contexts close after each test, or only at the end of the file with
 * `keepContexts` (journeys that carry a signed-in page from one test to the next).
 */
export function usePhoneBrowser(
  settings: { keepContexts?: boolean; context?: MobileContextOptions } = {},
): PhoneBrowser {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  async function closeContexts(): Promise<void> {
    for (const context of contexts.splice(0)) await context.close();
  }
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    if (!settings.keepContexts) await closeContexts();
  });
  afterAll(async () => {
    await closeContexts();
    await browser?.close();
  });
  return {
    async open(options = settings.context) {
      if (!browser) throw new Error('the browser is launched in beforeAll; open pages inside tests or hooks');
      const context = await newMobileContext(browser, options);
      contexts.push(context);
      const page = await context.newPage();
      trackRequests(page);
      return page;
    },
  };
}

/** A page's HTTP requests still waiting for their answers, and when that set last changed. */
interface RequestTracker {
  inFlight: Set<Request>;
  changedAt: number;
}
const requestTrackers = new WeakMap<Page, RequestTracker>();

/** Counts `page`'s requests in flight from now on, for `settled` (WebSockets are not requests). */
function trackRequests(page: Page): void {
  const tracker: RequestTracker = { inFlight: new Set(), changedAt: Date.now() };
  const change = () => {
    tracker.changedAt = Date.now();
  };
  page.on('request', (request) => {
    tracker.inFlight.add(request);
    change();
  });
  const answered = (request: Request) => {
    tracker.inFlight.delete(request);
    change();
  };
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  requestTrackers.set(page, tracker);
}

/**
 * Resolves once `page` has had no HTTP request in flight for `quietMs` (or after `timeoutMs`).
 * Playwright's 'networkidle' waits 500 ms of silence after the last request; a crawl of ~150 screens
 * paid that wait twice a screen (the tap and the way back). A page's follow-up requests (a query
 * enabled by another's answer) leave within a few ms of the answer, well inside 150 ms.
 * A page not opened by `usePhoneBrowser` falls back to 'networkidle'.
 */
export async function settled(page: Page, quietMs = 150, timeoutMs = 10_000): Promise<void> {
  const tracker = requestTrackers.get(page);
  if (!tracker) {
    await page.waitForLoadState('networkidle', { timeout: timeoutMs }).catch(() => undefined);
    return;
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const quietFor = Date.now() - tracker.changedAt;
    if (tracker.inFlight.size === 0 && quietFor >= quietMs) return;
    if (Date.now() >= deadline) return;
    await new Promise((resolve) =>
      setTimeout(resolve, tracker.inFlight.size === 0 ? quietMs - quietFor : 25),
    );
  }
}

/**
 * The agent app's route bar shows for ~600 ms after every navigation (spec §2); a screenshot taken as
 * soon as the page's data is in would catch it half drawn over the header.
 */
const TRANSIENT_CHROME = '[data-testid="route-progress"] { display: none !important; }';

/** Saves artifacts/screenshots/<name>.png (without the transient route bar). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), style: TRANSIENT_CHROME });
}

/** Chooses the project on /login (when it is not already chosen). */
export async function chooseProject(page: Page, projectId: ProjectId): Promise<void> {
  const select = page.locator('select').filter({ has: page.locator(`option[value="${projectId}"]`) });
  await select.waitFor();
  if ((await select.inputValue()) !== String(projectId)) {
    await select.selectOption(String(projectId));
    await page.waitForFunction((id) => document.cookie.includes(`projectId=${id}`), projectId);
  }
}

/**
 * Signs in through the login page as a demo account of a project and waits until the app has left
 * /login (or shows a dialog). Answers the path the app landed on.
 */
export async function signIn(page: Page, label: DemoLabel, projectId: ProjectId): Promise<string> {
  const account = demoAccount(label, projectId);
  await page.goto('/login');
  await chooseProject(page, projectId);
  await page.locator('input[name="phone"]').fill(account.phone);
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('input[name="password"]').press('Enter');
  await page.waitForFunction(
    () => window.location.pathname !== '/login' || document.querySelector('[role="alertdialog"]') !== null,
    undefined,
    { timeout: 20_000 },
  );
  // Let the root redirect settle on the landing route.
  await page.waitForFunction(() => window.location.pathname !== '/', undefined, { timeout: 10_000 });
  return new URL(page.url()).pathname;
}

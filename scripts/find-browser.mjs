// Finds the Chromium that the end-to-end tests and the bundle benchmark drive: CHROMIUM_PATH (or the
// older CHROME_PATH) when set, else Playwright's own Chromium when it was installed, else `chromium`,
// `chromium-browser`, `google-chrome` or `google-chrome-stable` on the PATH. Browser downloads are
// impossible on our machines, so a missing browser must stop a run at its start with one clear line.
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The one line a run prints when no browser is found; the README's set-up section says the same. */
export const NO_BROWSER_MESSAGE =
  'No Chromium found for the end-to-end tests: install one (Debian: apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.';

/**
 * The flags every headless run of that Chromium takes (the e2e tests, the bundle benchmarks'
 * Playwright and Lighthouse runs): no sandbox (containers), no GPU, and none of the browser's own
 * background traffic, which would count in a page's requests and timings.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function playwrightChromium() {
  try {
    const { chromium } = await import('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) && isExecutable(path) ? path : null;
  } catch {
    return null;
  }
}

function onPath(name, pathVariable) {
  for (const directory of (pathVariable ?? '').split(delimiter)) {
    if (!directory) continue;
    const candidate = join(directory, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/**
 * The browser's path, or null. An explicit CHROMIUM_PATH that is not executable answers null: a
 * wrong setting must not be papered over by another browser.
 */
export async function findChromium(env = process.env, { lookForPlaywright = true } = {}) {
  const explicit = env.CHROMIUM_PATH || env.CHROME_PATH;
  if (explicit) return isExecutable(explicit) ? explicit : null;
  const bundled = lookForPlaywright ? await playwrightChromium() : null;
  if (bundled) return bundled;
  for (const name of PATH_NAMES) {
    const found = onPath(name, env.PATH);
    if (found) return found;
  }
  return null;
}

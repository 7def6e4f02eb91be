// What a phone gets from one page of a built app on the real server: the scripts it downloads
// until the network is idle, and Lighthouse's mobile scores. Shared by the apps' bundle benchmarks.

import { CHROMIUM_FLAGS } from '../../scripts/find-browser.mjs';

/** Chromium at 360x780 opens `url`; every script response until network idle, summed as served (gzip/br). */
export async function scriptsFetched(chromiumPath, url) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: CHROMIUM_FLAGS,
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 360, height: 780 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const scripts = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push(request);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    let bytes = 0;
    for (const request of scripts) bytes += (await request.sizes()).responseBodySize;
    return { kb: bytes / 1024, count: scripts.length };
  } finally {
    await browser.close();
  }
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

/**
 * Lighthouse's mobile preset (simulated slow 4G, 4x CPU slowdown, 360x780) on `url`: performance and
 * accessibility scores (0–100), the metrics' display values, and the accessibility audits that failed.
 * `storage` ({ origin, localStorage, cookies }) is set in the browser first and kept (Lighthouse
 * otherwise clears it): a signed-in screen, as a returning player opens it.
 */
export async function lighthouseMobile(chromiumPath, url, storage) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    if (storage) await presetStorage(chrome.port, storage);
    const result = await lighthouse(url, {
      port: chrome.port,
      disableStorageReset: Boolean(storage),
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      formFactor: 'mobile',
      screenEmulation: { mobile: true, width: 360, height: 780, deviceScaleFactor: 2, disabled: false },
    });
    const { categories, audits } = result.lhr;
    return {
      performance: Math.round((categories.performance.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
      metrics: METRICS.map((id) => [id, audits[id]?.displayValue ?? '-']),
      accessibilityIssues: Object.values(audits)
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 1 &&
            categories.accessibility.auditRefs.some((ref) => ref.id === audit.id),
        )
        .map((audit) => `${audit.id} — ${audit.title}`),
    };
  } finally {
    await chrome.kill();
  }
}

/** Sets localStorage entries and cookies of `origin` in the browser listening on `port` (over CDP). */
async function presetStorage(port, { origin, localStorage: entries = {}, cookies = {} }) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: origin })));
    const page = await context.newPage();
    // Any page of the origin will do; its own requests are not measured.
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate((values) => {
      for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
    }, entries);
    await page.close();
  } finally {
    await browser.close();
  }
}

/** Prints Lighthouse's figures beside their budgets; true when both are within. */
export function printLighthouse(label, scores, budgets) {
  const performanceOk = scores.performance >= budgets.performance;
  const accessibilityOk = scores.accessibility >= budgets.accessibility;
  console.log(`lighthouse mobile ${label} (simulated slow 4G, 4x CPU slowdown)`);
  console.log(
    budgets.performance > 0
      ? `  performance   ${String(scores.performance).padStart(3)}  (budget >= ${budgets.performance})  ${performanceOk ? 'ok' : 'UNDER'}`
      : `  performance   ${String(scores.performance).padStart(3)}  (no budget)`,
  );
  console.log(
    `  accessibility ${String(scores.accessibility).padStart(3)}  (budget >= ${budgets.accessibility})  ${accessibilityOk ? 'ok' : 'UNDER'}`,
  );
  for (const [id, value] of scores.metrics) console.log(`    ${id.padEnd(26)} ${value}`);
  for (const issue of scores.accessibilityIssues) console.log(`    accessibility issue: ${issue}`);
  return performanceOk && accessibilityOk;
}

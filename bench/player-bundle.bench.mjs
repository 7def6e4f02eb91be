// The player app's first screen on a cheap phone: /play/login (where every new player starts),
// built from the current sources and served by the real server as in production.
// 1. What the phone downloads: Chromium at 360x780 opens /play/login and every script response until
//    the network is idle is summed (bytes on the wire, br/gzip as served). Budget: <= 160 KB.
// 2. Lighthouse (mobile preset: simulated slow 4G, 4x CPU slowdown) on /play/login.
//    Budgets: performance >= 90, accessibility >= 95 (the agent app's).
// BENCH_SKIP_LIGHTHOUSE=1 skips 2.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium, NO_BROWSER_MESSAGE } from '../scripts/find-browser.mjs';
import { prepareApps, startServer } from '../tests/e2e/support/server.mjs';
import { lighthouseMobile, printLighthouse, scriptsFetched } from './support/phone-page.mjs';

const FETCHED_BUDGET_KB = 160;
const PERFORMANCE_BUDGET = 90;
const ACCESSIBILITY_BUDGET = 95;
const CHROMIUM = await findChromium();
if (!CHROMIUM) {
  console.error(NO_BROWSER_MESSAGE);
  process.exit(1);
}

const appsDir = mkdtempSync(join(tmpdir(), 'payhub-bench-apps-'));
process.on('exit', () => rmSync(appsDir, { recursive: true, force: true }));
await prepareApps(appsDir);
const server = await startServer({ appsDir });
let failed = false;
try {
  const url = `${server.url}/play/login`;
  const fetched = await scriptsFetched(CHROMIUM, url);
  const within = fetched.kb <= FETCHED_BUDGET_KB;
  failed ||= !within;
  console.log('fetched by the browser until network idle (script responses as served)');
  console.log(
    `  /play/login  ${fetched.kb.toFixed(1).padStart(6)} KB  (budget ${FETCHED_BUDGET_KB} KB)  ${within ? 'ok' : 'OVER'}  ${fetched.count} scripts`,
  );
  if (process.env.BENCH_SKIP_LIGHTHOUSE === '1') {
    console.log('lighthouse: skipped (BENCH_SKIP_LIGHTHOUSE=1)');
  } else {
    const scores = await lighthouseMobile(CHROMIUM, url);
    failed ||= !printLighthouse('/play/login', scores, {
      performance: PERFORMANCE_BUDGET,
      accessibility: ACCESSIBILITY_BUDGET,
    });
  }
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);

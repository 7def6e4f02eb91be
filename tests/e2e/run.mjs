// `npm run test:e2e [-- filter ...]`: builds the apps from the current sources into a private
// directory, then for every tests/e2e/*.spec.ts starts the real server on a free port with a
// temporary DATA_DIR (embedded PostgreSQL, or a fresh database when DATABASE_URL is set), waits for
// /healthz and runs that file (Vitest, playwright-core driving /usr/bin/chromium headless). Prints
// "N passed, N failed" and exits non-zero on any failure.
// Screenshots go to artifacts/screenshots/.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium, NO_BROWSER_MESSAGE } from '../../scripts/find-browser.mjs';
import { prepareApps, root, startServer } from './support/server.mjs';

const filters = process.argv.slice(2);
const browser = await findChromium();
if (!browser) {
  console.error(NO_BROWSER_MESSAGE);
  process.exit(1);
}
// The journeys' launchBrowser() reads it (tests/e2e/support/browser.ts).
process.env.CHROMIUM_PATH = browser;
mkdirSync(join(root, 'artifacts/screenshots'), { recursive: true });
const appsDir = mkdtempSync(join(tmpdir(), 'payhub-e2e-apps-'));
try {
  await prepareApps(appsDir);
} catch (error) {
  rmSync(appsDir, { recursive: true, force: true });
  throw error;
}

// Each journey file gets its own server and database: journeys change shared state (site notices
// broadcast to every agent of a project, order queues, throttles), and one file's leftovers must not
// block another's clicks.
const specFiles = readdirSync(join(root, 'tests/e2e'))
  .filter((name) => name.endsWith('.spec.ts'))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();

let current = null;
const cleanUp = async () => {
  await current?.stop().catch(() => {});
  rmSync(appsDir, { recursive: true, force: true });
};
// An interrupted run still stops the server (and its embedded PostgreSQL) and removes DATA_DIR.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

let passed = 0;
let failed = 0;
const { startVitest } = await import('vitest/node');
try {
  for (const specFile of specFiles) {
    console.log(`[e2e] ${specFile}: starting a fresh server`);
    try {
      current = await startServer({ appsDir });
    } catch (error) {
      console.error(`[e2e] ${specFile}: the server did not start: ${error.message}`);
      failed += 1;
      continue;
    }
    process.env.PAYHUB_E2E_URL = current.url;
    process.env.PAYHUB_E2E_DATA_DIR = current.dataDir;
    process.env.PAYHUB_E2E_APPS_DIR = appsDir;
    const vitest = await startVitest('test', [join('tests/e2e', specFile)], {
      config: join(root, 'tests/e2e/vitest.e2e.config.ts'),
      root,
      watch: false,
    });
    const files = vitest?.state.getFiles() ?? [];
    if (files.length === 0) failed += 1;
    for (const file of files) {
      if (file.result?.state === 'fail' && (file.tasks ?? []).length === 0) failed += 1;
      const visit = (tasks) => {
        for (const task of tasks) {
          if (task.type === 'test') {
            if (task.result?.state === 'pass') passed += 1;
            else if (task.result?.state === 'fail') failed += 1;
          }
          if (task.tasks) visit(task.tasks);
        }
      };
      visit(file.tasks ?? []);
    }
    await vitest?.close();
    await current.stop();
    current = null;
  }
} finally {
  await cleanUp();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);

// `npm run test:e2e [-- filter ...]`: builds the apps from the current sources into a private
// directory and bundles the server and the demo provider (support/server-bundles.mjs), then for
// every tests/e2e/*.spec.ts starts the real server on a free port with a temporary DATA_DIR and its
// own copy of a seeded template database (one PostgreSQL for the run: embedded, or the server at
// DATABASE_URL), waits for /healthz and runs that file (Vitest, playwright-core driving
// /usr/bin/chromium headless). Prints "N passed, N failed" and exits non-zero on any failure.
// Screenshots go to artifacts/screenshots/.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { findChromium, NO_BROWSER_MESSAGE } from '../../scripts/find-browser.mjs';
import { prepareApps, root } from './support/server.mjs';
import { bundleServers } from './support/server-bundles.mjs';

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
// One PostgreSQL and one seeded template for the run, made while the apps build
// (apps/server/test/template-database.ts, as the Vitest suites do).
const { prepareTemplateDatabase } = await tsImport(
  '../../apps/server/test/template-database.ts',
  import.meta.url,
);
let database;
let bundles;
try {
  [database, bundles] = await Promise.all([
    prepareTemplateDatabase('payhub-e2e'),
    bundleServers(),
    prepareApps(appsDir),
  ]);
} catch (error) {
  rmSync(appsDir, { recursive: true, force: true });
  throw error;
}
// Each file's server and provider start from these bundles (tests/e2e/run-one.mjs reads this).
process.env.PAYHUB_E2E_BUNDLES = JSON.stringify(bundles);
// Each file's server starts on its own copy of the template (tests/e2e/run-one.mjs reads this).
process.env.PAYHUB_E2E_DATABASE = JSON.stringify({
  adminUrl: database.adminUrl,
  template: database.template,
  accounts: database.accounts,
});

// Each journey file gets its own server and database copy (tests/e2e/run-one.mjs): journeys change shared
// state (site notices broadcast to every agent of a project, order queues, throttles), and one file's
// leftovers must not block another's clicks.
const specFiles = readdirSync(join(root, 'tests/e2e'))
  .filter((name) => name.endsWith('.spec.ts'))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();

// Files run in a pool of child processes (E2E_WORKERS at a time, 3 by default): a journey waits on
// round timers, countdowns and the server as well as on the browser, and a third file fills those
// waits. Measured on two cores: on 2026-12-07 (a machine slowing through the day) 1,000 s with two
// against 934 s with three alone; later that day, quiet, 526.2 s (CPU idle 20 %) against 428.2 s
// (idle 9 %). Each child prints its output once, when it ends, so two files' logs never interleave.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 3));
const children = new Set();
const cleanUp = async () => {
  for (const child of children) child.kill('SIGTERM');
  rmSync(appsDir, { recursive: true, force: true });
  rmSync(bundles.dir, { recursive: true, force: true });
  await database.stop();
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

let passed = 0;
let failed = 0;
const runFile = (specFile) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [join(root, 'tests/e2e/run-one.mjs'), appsDir, specFile], {
      cwd: root,
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      children.delete(child);
      const line = output
        .split('\n')
        .reverse()
        .find((text) => text.startsWith('E2E_RESULT '));
      const result = line ? JSON.parse(line.slice('E2E_RESULT '.length)) : { passed: 0, failed: 1 };
      if (!line || (code !== 0 && result.failed === 0)) result.failed += 1;
      passed += result.passed;
      failed += result.failed;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`[e2e] ${specFile}: ${result.passed} passed, ${result.failed} failed in ${seconds} s`);
      console.log(output.replace(/^E2E_RESULT .*$/m, '').trimEnd());
      resolve();
    });
  });

const queue = [...specFiles];
try {
  await Promise.all(
    Array.from({ length: Math.min(workers, queue.length) }, async () => {
      while (queue.length > 0) await runFile(queue.shift());
    }),
  );
} finally {
  await cleanUp();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);

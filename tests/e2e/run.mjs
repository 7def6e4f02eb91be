// `npm run test:e2e [-- filter ...]`: builds the apps from the current sources into a private
// directory, starts the real server on a free
// port with a temporary DATA_DIR (embedded PostgreSQL, or a fresh database when DATABASE_URL is
// set), waits for /healthz, runs every tests/e2e/*.spec.ts (Vitest, playwright-core driving
// /usr/bin/chromium headless), prints "N passed, N failed" and exits non-zero on any failure.
// Screenshots go to artifacts/screenshots/.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareApps, root, startServer } from './support/server.mjs';

const filters = process.argv.slice(2);
mkdirSync(join(root, 'artifacts/screenshots'), { recursive: true });
const appsDir = mkdtempSync(join(tmpdir(), 'payhub-e2e-apps-'));
try {
  await prepareApps(appsDir);
} catch (error) {
  rmSync(appsDir, { recursive: true, force: true });
  throw error;
}

console.log('[e2e] starting the server');
const server = await startServer({ appsDir });
const stopAll = () => server.stop().finally(() => rmSync(appsDir, { recursive: true, force: true }));
console.log(`[e2e] server ready at ${server.url} (DATA_DIR ${server.dataDir})`);
// An interrupted run still stops the server (and its embedded PostgreSQL) and removes DATA_DIR.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });
}
process.env.PAYHUB_E2E_URL = server.url;
process.env.PAYHUB_E2E_DATA_DIR = server.dataDir;
process.env.PAYHUB_E2E_APPS_DIR = appsDir;

let passed = 0;
let failed = 0;
try {
  const { startVitest } = await import('vitest/node');
  const vitest = await startVitest('test', filters, {
    config: join(root, 'tests/e2e/vitest.e2e.config.ts'),
    root,
    watch: false,
  });
  for (const file of vitest?.state.getFiles() ?? []) {
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
  if (!vitest || (vitest.state.getFiles().length === 0 && filters.length === 0)) failed += 1;
  await vitest?.close();
} finally {
  await stopAll();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);

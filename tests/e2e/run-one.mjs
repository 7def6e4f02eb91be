// One journey file against its own fresh server: `node tests/e2e/run-one.mjs <appsDir> <spec>`.
// tests/e2e/run.mjs starts one of these per file (several at a time); the last line of output is
// `E2E_RESULT {"passed":n,"failed":n}`, which the pool reads.
import { join } from 'node:path';
import { root, startServer } from './support/server.mjs';

const [appsDir, specFile] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let server = null;
const report = () => console.log(`E2E_RESULT ${JSON.stringify({ passed, failed })}`);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

try {
  // The run's PostgreSQL and seeded template (tests/e2e/run.mjs); unset, the server seeds its own.
  const database = process.env.PAYHUB_E2E_DATABASE ? JSON.parse(process.env.PAYHUB_E2E_DATABASE) : undefined;
  // The run's bundles of the server and the provider; unset, they start from the sources.
  const bundles = process.env.PAYHUB_E2E_BUNDLES ? JSON.parse(process.env.PAYHUB_E2E_BUNDLES) : undefined;
  server = await startServer({ appsDir, database, bundles });
} catch (error) {
  console.error(`[e2e] ${specFile}: the server did not start: ${error.message}`);
  failed = 1;
  report();
  process.exit(1);
}
process.env.PAYHUB_E2E_URL = server.url;
process.env.PAYHUB_E2E_DATA_DIR = server.dataDir;
if (server.databaseUrl) process.env.PAYHUB_E2E_DATABASE_URL = server.databaseUrl;
process.env.PAYHUB_E2E_APPS_DIR = appsDir;
try {
  const { startVitest } = await import('vitest/node');
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
} catch (error) {
  console.error(`[e2e] ${specFile}: ${error.stack ?? error}`);
  failed += 1;
} finally {
  await server.stop().catch(() => {});
}
report();
process.exit(failed === 0 ? 0 : 1);

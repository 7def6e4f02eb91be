// `npm test`: typecheck, lint, unit + integration tests (Vitest), end-to-end journeys (Playwright).
// Prints one closing line 'N passed, N failed' over every stage, and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { findChromium, NO_BROWSER_MESSAGE } from './find-browser.mjs';

const root = new URL('..', import.meta.url).pathname;
// `--suites-only`: just the integration suites (CI's second pass against external PostgreSQL and
// Redis): the `*.int.test.ts` files of the node project, the only ones that open a database, Redis
// or a second node. The pure unit and web tests cannot see DATABASE_URL or REDIS_URL, so a second
// run of them proves nothing the first did not (it cost ~60 s of the pass on CI's two cores).
const suitesOnly = process.argv.includes('--suites-only');

// The end-to-end stage needs a browser: without one, stop now with one clear line, not after the
// typecheck and the suites have run.
if (!suitesOnly) {
  const browser = await findChromium();
  if (!browser) {
    console.error(NO_BROWSER_MESSAGE);
    process.exit(1);
  }
  process.env.CHROMIUM_PATH = browser;
}
const reports = join(root, 'artifacts/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
let stagesFailed = 0;
/** What failed, listed again just above the closing line: CI shows only the tail of a long log. */
const failures = [];

function run(name, command, args, env = {}) {
  const startedAt = Date.now();
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`=== ${name}: ${ok ? 'ok' : `FAILED (exit ${result.status})`} in ${seconds} s`);
  if (!ok) {
    stagesFailed += 1;
    failures.push(`stage ${name} (exit ${result.status})`);
  }
  return ok;
}

function countVitest(reportFile) {
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    for (const file of report.testResults ?? []) {
      const name = file.name.replace(root, '');
      const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      if (file.status === 'failed' && tests.length === 0)
        failures.push(`${name}: ${firstLine(file.message)}`);
      for (const test of tests)
        failures.push(`${name} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  } catch {
    failed += 1;
  }
}

if (!suitesOnly) {
  run('typecheck', 'npm', ['run', 'typecheck']);
  run('lint', 'npm', ['run', 'lint']);
}

const vitestReport = join(reports, 'vitest.json');
run(suitesOnly ? 'integration' : 'unit and integration', 'npx', [
  'vitest',
  'run',
  ...(suitesOnly ? ['--project=node', '.int.test.ts'] : []),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
countVitest(vitestReport);

if (suitesOnly) finish();

// The e2e runner ends with its own 'N passed, N failed' line; its output is teed to read it.
const e2eLog = join(reports, 'e2e.log');
run('end to end', 'bash', ['-o', 'pipefail', '-c', `npm run test:e2e 2>&1 | tee ${e2eLog}`]);
try {
  const lines = readFileSync(e2eLog, 'utf8').split('\n');
  const summary = lines.reverse().find((line) => /^\s*\d+ passed, \d+ failed/.test(line));
  const [, e2ePassed, e2eFailed] = /(\d+) passed, (\d+) failed/.exec(summary ?? '') ?? [];
  for (const line of [...lines].reverse())
    if (/^\[e2e\] .*: \d+ passed, [1-9]\d* failed/.test(line)) failures.push(line.trim());
  if (summary) {
    passed += Number(e2ePassed);
    failed += Number(e2eFailed);
  } else {
    failed += 1;
  }
} catch {
  failed += 1;
}

finish();

function firstLine(text) {
  return (
    String(text ?? '')
      .split('\n')
      .find((line) => line.trim() !== '') ?? ''
  );
}

function finish() {
  if (stagesFailed > 0 && failed === 0) failed = stagesFailed;
  if (failures.length > 0)
    console.log(`\nFailed:\n${failures.map((line) => `  ${line.slice(0, 300)}`).join('\n')}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(stagesFailed > 0 || failed > 0 ? 1 : 0);
}

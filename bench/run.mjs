// `npm run bench [-- name ...]`: runs every benchmark in bench/ — each file named `*.bench.ts` or
// `*.bench.mjs` — one after another in its own Node process (TypeScript through tsx), and exits
// non-zero when any of them reports a figure over its budget (a non-zero exit of its own).
// Registered today (bench/README.md has each one's budget): agent-bundle, api-read, console-report, datacenter,
// games, ledger, mixed-load (payment hub: 0 deadlocks, 0 5xx at 8 and 32 clients), player-bundle (the player
// app's /play/login on a slow phone), realtime-fanout, rounds (crash at 5,000 connected players).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = dirname(fileURLToPath(import.meta.url));
const root = join(benchDir, '..');
const BENCH_FILE = /\.bench\.(ts|mjs)$/;

const filters = process.argv.slice(2);
const files = readdirSync(benchDir)
  .filter((name) => BENCH_FILE.test(name))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();

if (files.length === 0) {
  console.error(`no benchmark matches ${filters.join(', ') || '*.bench.{ts,mjs}'} in bench/`);
  process.exit(1);
}

const results = [];
for (const file of files) {
  console.log(`\n=== ${file}`);
  const startedAt = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(benchDir, file)], {
    cwd: root,
    stdio: 'inherit',
  });
  results.push({ file, code: run.status ?? 1, seconds: Math.round((Date.now() - startedAt) / 1000) });
}

console.log('\n=== summary');
for (const { file, code, seconds } of results) {
  console.log(`${code === 0 ? 'within budget' : 'OVER BUDGET / FAILED'}  ${file}  (${seconds} s)`);
}
process.exit(results.every((result) => result.code === 0) ? 0 : 1);

// Benchmark: the payment hub under mixed load through the real server (production mode, embedded
// PostgreSQL): deposits created and confirmed or canceled, withdrawals created, taken and finished
// or canceled, on the same two operators and two players, from 8 and then 32 clients.
// Budget (issue 10): 0 deadlocks (pg_stat_database.deadlocks before/after) and 0 5xx answers.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { checkLedger, formatReport } from '../apps/server/src/ledger/ledger-check.ts';
import { PAYHUB_INVARIANTS } from '../apps/server/src/modules/payhub/payhub.invariants.ts';
import { QUOTA_INVARIANTS } from '../apps/server/src/modules/quota/quota.invariants.ts';
import { WITHDRAW_INVARIANTS } from '../apps/server/src/modules/withdraw/withdraw.invariants.ts';
import { type AppProcess, demoAccounts, startApp, stopApp } from './support/app-process.ts';
import { percentile, runMixedLoad, signInAll } from './support/mixed-load.ts';

const CLIENT_COUNTS = (process.env.BENCH_CLIENTS ?? '8,32').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** An idle backend publishes its statistics (deadlocks included) within PGSTAT_IDLE_INTERVAL (10 s). */
const STATS_SETTLE_MS = 11_000;
const DEADLOCKS_MAX = 0;
const SERVER_ERRORS_MAX = 0;

const dataDir = mkdtempSync(join(tmpdir(), 'payhub-bench-mixed-'));
// As root the embedded cluster runs as `postgres`, which must traverse the data directory.
chmodSync(dataDir, 0o755);
let app: AppProcess | undefined;
let exitCode = 1;
const mark = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');
try {
  app = await startApp(dataDir);
  const stats = new pg.Client({ connectionString: app.databaseUrl });
  // A dropped statistics connection is reported by the failing query, not as an uncaught event.
  stats.on('error', (error) => console.error(`statistics connection: ${error.message}`));
  await stats.connect();
  const deadlocks = async () => {
    const { rows } = await stats.query<{ deadlocks: string }>(
      'SELECT pg_stat_clear_snapshot(), deadlocks::text FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(rows[0]?.deadlocks ?? 0);
  };
  const cast = await signInAll(app.baseUrl, demoAccounts(dataDir), 12);
  let allOk = true;
  console.log(`mixed-load: ${SECONDS} s per client count, project 12, 2 operators, 2 players`);
  for (const clients of CLIENT_COUNTS) {
    const before = await deadlocks();
    const result = await runMixedLoad({ cast, clients, durationMs: SECONDS * 1000 });
    await new Promise((resolveWait) => setTimeout(resolveWait, STATS_SETTLE_MS));
    const found = (await deadlocks()) - before;
    const serverErrors = Object.values(result.serverErrors).reduce((sum, count) => sum + count, 0);
    const deadlocksOk = found <= DEADLOCKS_MAX;
    const errorsOk = serverErrors <= SERVER_ERRORS_MAX && result.noAnswer === 0;
    allOk &&= deadlocksOk && errorsOk;
    console.log(`  ${clients} clients`);
    console.log(
      `    acknowledged operations   ${(result.acknowledged / result.seconds).toFixed(1)} /s   (${result.acknowledged} in ${result.seconds.toFixed(1)} s: ${JSON.stringify(result.byAction)})`,
    );
    console.log(
      `    latency per call          p50 ${percentile(result.latenciesMs, 0.5).toFixed(0)} ms   p99 ${percentile(result.latenciesMs, 0.99).toFixed(0)} ms   max ${percentile(result.latenciesMs, 1).toFixed(0)} ms`,
    );
    console.log(`    refused (4xx, by code)    ${JSON.stringify(result.refused)}`);
    console.log(`    deadlocks                 ${found}   budget ${DEADLOCKS_MAX}   ${mark(deadlocksOk)}`);
    console.log(
      `    5xx answers               ${serverErrors} ${JSON.stringify(result.serverErrors)}, no answer ${result.noAnswer}   budget ${SERVER_ERRORS_MAX}   ${mark(errorsOk)}`,
    );
  }
  await stats.end();
  const ledger = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
  ledger.on('error', (error) => console.error(`ledger check connection: ${error.message}`));
  const report = await checkLedger(ledger, [
    ...PAYHUB_INVARIANTS,
    ...WITHDRAW_INVARIANTS,
    ...QUOTA_INVARIANTS,
  ]);
  await ledger.end();
  console.log(`  ledger check              ${report.ok ? 'clean' : 'BROKEN'}   ${mark(report.ok)}`);
  if (!report.ok) console.log(formatReport(report));
  exitCode = allOk && report.ok ? 0 : 1;
} catch (error) {
  console.error(`mixed-load failed: ${(error as Error).stack ?? error}`);
  exitCode = 1;
} finally {
  if (app) await stopApp(app.child);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

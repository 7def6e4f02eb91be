// Crash test: the real server (production mode, embedded PostgreSQL with fsync on) under the mixed
// payment load is killed with SIGKILL — its whole process group, embedded PostgreSQL included — three
// times, restarted on the same DATA_DIR each time; afterwards every operation that was acknowledged
// (2xx) is present (its order exists in the acknowledged state or one reachable from it) and the
// ledger check is clean. Exits non-zero otherwise.
//   node --import tsx scripts/crash-mixed-load.ts      (CRASH_CYCLES, CRASH_CLIENTS, CRASH_LOAD_MS)
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { checkLedger, formatReport } from '../apps/server/src/ledger/ledger-check.ts';
import { PAYHUB_INVARIANTS } from '../apps/server/src/modules/payhub/payhub.invariants.ts';
import { QUOTA_INVARIANTS } from '../apps/server/src/modules/quota/quota.invariants.ts';
import { WITHDRAW_INVARIANTS } from '../apps/server/src/modules/withdraw/withdraw.invariants.ts';
import { type AppProcess, demoAccounts, startApp, stopApp } from '../bench/support/app-process.ts';
import { type Acknowledged, runMixedLoad, signInAll } from '../bench/support/mixed-load.ts';

const CYCLES = Number(process.env.CRASH_CYCLES ?? 3);
const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 16);
const LOAD_MS = Number(process.env.CRASH_LOAD_MS ?? 6_000);

// The documented transitions (0201_payhub.sql triggers): a state an order may have reached after the
// acknowledged one through calls whose answers the crash swallowed.
const PAY_STEPS: Array<[number, number]> = [
  [-1, 0],
  [-1, 7],
  [0, 4],
  [0, 1],
  [4, 1],
  [0, 2],
  [0, 3],
  [4, 3],
  [3, 9],
  [3, 2],
  [3, 8],
  [2, 9],
];
const WITHDRAW_STEPS: Array<[number, number]> = [
  [-1, 0],
  [0, 1],
  [0, 7],
  [0, 6],
  [1, 2],
  [1, 4],
  [4, 2],
  [4, 3],
];
function reachable(steps: Array<[number, number]>, from: number): Set<number> {
  const seen = new Set([from]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [source, target] of steps)
      if (seen.has(source) && !seen.has(target)) {
        seen.add(target);
        grew = true;
      }
  }
  return seen;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'payhub-crash-'));
chmodSync(dataDir, 0o755);
/** The last acknowledged state of every order, by table and id. */
const acknowledged = new Map<string, Acknowledged>();
let app: AppProcess | undefined;
let exitCode = 1;
try {
  for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
    app = await startApp(dataDir, { ownGroup: true });
    const cast = await signInAll(app.baseUrl, demoAccounts(dataDir), 12);
    const stop = new AbortController();
    const load = runMixedLoad({
      cast,
      clients: CLIENTS,
      durationMs: 10 * LOAD_MS,
      signal: stop.signal,
      onAcknowledged: (operation) => acknowledged.set(`${operation.table}:${operation.id}`, operation),
    });
    await new Promise((resolveWait) => setTimeout(resolveWait, LOAD_MS));
    // A power cut: the server and its embedded PostgreSQL die together, mid-transaction.
    const postmasterPid = Number(
      readFileSync(join(dataDir, 'pg', 'cluster', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    const exited = new Promise((resolveExit) => app!.child.once('exit', resolveExit));
    process.kill(-app.child.pid!, 'SIGKILL');
    await exited;
    stop.abort();
    const result = await load;
    for (let waited = 0; alive(postmasterPid) && waited < 100; waited += 1)
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    if (alive(postmasterPid)) throw new Error(`PostgreSQL ${postmasterPid} survived the kill`);
    console.log(
      `cycle ${cycle}: killed after ${LOAD_MS} ms with ${CLIENTS} clients; ${result.acknowledged} acknowledged, ` +
        `${result.noAnswer} unanswered (cut off), 5xx ${JSON.stringify(result.serverErrors)}; postmaster.pid left: ${existsSync(join(dataDir, 'pg', 'cluster', 'postmaster.pid'))}`,
    );
    app = undefined;
  }

  app = await startApp(dataDir);
  const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
  const missing: string[] = [];
  for (const operation of acknowledged.values()) {
    const { rows } = await pool.query<{ state: number }>(
      `SELECT state FROM ${operation.table} WHERE id = $1`,
      [operation.id],
    );
    const steps = operation.table === 'pay_orders' ? PAY_STEPS : WITHDRAW_STEPS;
    const state = rows[0]?.state;
    if (state === undefined || !reachable(steps, operation.state).has(Number(state)))
      missing.push(
        `${operation.action} ${operation.table} ${operation.id}: acknowledged ${operation.state}, found ${state ?? 'nothing'}`,
      );
  }
  const report = await checkLedger(pool, [...PAYHUB_INVARIANTS, ...WITHDRAW_INVARIANTS, ...QUOTA_INVARIANTS]);
  await pool.end();
  console.log(`orders acknowledged: ${acknowledged.size}; missing or behind: ${missing.length}`);
  for (const line of missing.slice(0, 20)) console.log(`  ${line}`);
  console.log(`ledger check: ${report.ok ? 'clean' : 'BROKEN'}`);
  if (!report.ok) console.log(formatReport(report));
  exitCode = missing.length === 0 && report.ok && acknowledged.size > 0 ? 0 : 1;
} catch (error) {
  console.error(`crash test failed: ${(error as Error).stack ?? error}`);
} finally {
  if (app) {
    if (app.child.pid && app.child.exitCode === null && app.child.signalCode === null)
      await stopApp(app.child);
  }
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

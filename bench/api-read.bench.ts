// Benchmark: authenticated GET /main/user on the real app (production mode, embedded PostgreSQL)
// against a bare Fastify route doing one primary-key SELECT through a pg pool on the same database.
// Budget (issue 2): app throughput >= 0.8 x the bare route, and app p99 < 25 ms, at 50 connections.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPayhubClient } from '@payhub/client';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchEnvironment, freePort, seedDemoAccounts, waitForChains } from './support/app-process.ts';

const RATIO_MIN = 0.8;
const P99_MS_MAX = 25;
/** GET /main/user needs the user-row SELECT only: sessions come from the per-node cache. */
const STATEMENTS_PER_READ_MAX = 1.05;
const CONNECTIONS = 50;
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
/**
 * The measured time of each side is split into rounds run in the order app, bare, bare, app, ...
 * so that load from other processes on a shared machine falls on both sides alike.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 4));
const START_TIMEOUT_MS = 120_000;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const children: ChildProcess[] = [];

/** Starts a TypeScript entry point in its own Node process; resolves with the first stdout line matching `ready`. */
function startProcess(
  entry: string,
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  watch?: (line: string) => void,
): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  // BENCH_PROFILE_DIR=dir writes a V8 CPU profile of each server process there (open in Chrome DevTools).
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`${entry} did not start in time`)), START_TIMEOUT_MS);
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        watch?.(line);
        const match = line.match(ready);
        if (match) {
          clearTimeout(timer);
          resolveStart({ child, match });
        }
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with code ${code} before it was ready`));
    });
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}

/** CPU time (user + system) a process has used so far, in ms; Linux /proc, else 0. */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

async function load(url: string, headers: Record<string, string>, seconds: number, pid?: number) {
  const cpuBeforeMs = cpuMsOf(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const cpuMs = cpuMsOf(pid) - cpuBeforeMs;
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(
      `${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`,
    );
  }
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    cpuMs,
  };
}

type Round = Awaited<ReturnType<typeof load>>;

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Throughput over all rounds, and the median of the rounds' latency percentiles. */
function summarise(rounds: Round[]) {
  const requests = rounds.reduce((sum, round) => sum + round.requests, 0);
  const seconds = rounds.reduce((sum, round) => sum + round.seconds, 0);
  const cpuMs = rounds.reduce((sum, round) => sum + round.cpuMs, 0);
  return {
    requestsPerSecond: requests / seconds,
    /** Server CPU per answered request: unlike throughput, barely moved by other load on the machine. */
    cpuMicrosecondsPerRequest: (cpuMs * 1000) / requests,
    p99Ms: median(rounds.map((round) => round.p99Ms)),
    p50Ms: median(rounds.map((round) => round.p50Ms)),
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'payhub-bench-'));
// As root the embedded cluster runs as `postgres`, which must traverse the data directory.
chmodSync(dataDir, 0o755);
let exitCode = 1;
try {
  const appPort = await freePort();
  let postgresPort = 0;
  // Production never seeds demo accounts on its own; `npm run seed -- --demo` is the explicit way.
  seedDemoAccounts(dataDir);
  const server = await startProcess(
    'apps/server/src/main.ts',
    benchEnvironment(dataDir, appPort),
    /\[payhub\] ready in/,
    (line) => {
      const match = line.match(/embedded PostgreSQL listening on 127\.0\.0\.1:(\d+)/);
      if (match) postgresPort = Number(match[1]);
    },
  );
  if (postgresPort === 0) throw new Error('the app did not report its embedded PostgreSQL port');
  const password = readFileSync(join(dataDir, 'pg/password'), 'utf8').trim();
  const databaseUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${postgresPort}/postgres`;
  const bare = await startProcess(
    'bench/support/bare-pk-server.ts',
    { BENCH_DATABASE_URL: databaseUrl },
    /^listening (\d+)$/,
  );
  const barePort = Number(bare.match[1]);
  // A steady-state read: the fresh DATA_DIR's one-time start-up work (the round clock's chains,
  // seconds of CPU in all) is done before the first request is timed.
  const setup = new pg.Client({ connectionString: databaseUrl });
  await setup.connect();
  await waitForChains(setup);
  await setup.end();

  const accounts = JSON.parse(readFileSync(join(dataDir, 'demo-accounts.json'), 'utf8')) as Array<{
    projectId: number;
    label: string;
    phone: string;
    password: string;
  }>;
  const account = accounts.find((candidate) => candidate.projectId === 12 && candidate.label === 'operator');
  if (!account) throw new Error('no seeded operator account in project 12');
  const client = createPayhubClient({ baseUrl: `http://127.0.0.1:${appPort}`, projectId: 12 });
  const { token, user } = await client.api.user.login({
    body: { phone: account.phone, password: account.password },
  });

  const appUrl = `http://127.0.0.1:${appPort}/main/user`;
  const appHeaders = { main_token: token, language: 'id-ID', projectid: '12' };
  const bareUrl = `http://127.0.0.1:${barePort}/bare/user/${user.id}`;
  console.log(
    `warm-up ${WARMUP_SECONDS} s each, then ${DURATION_SECONDS} s each in ${ROUNDS} alternating rounds at ${CONNECTIONS} connections`,
  );
  await load(appUrl, appHeaders, WARMUP_SECONDS);
  await load(bareUrl, {}, WARMUP_SECONDS);
  const roundSeconds = DURATION_SECONDS / ROUNDS;
  const appRounds: Round[] = [];
  const bareRounds: Round[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    if (round % 2 === 0) {
      appRounds.push(await load(appUrl, appHeaders, roundSeconds, server.child.pid));
      bareRounds.push(await load(bareUrl, {}, roundSeconds, bare.child.pid));
    } else {
      bareRounds.push(await load(bareUrl, {}, roundSeconds, bare.child.pid));
      appRounds.push(await load(appUrl, appHeaders, roundSeconds, server.child.pid));
    }
  }
  const app = summarise(appRounds);
  const baseline = summarise(bareRounds);

  // Database work per read: committed transactions (every autocommit statement is one) during a
  // short extra app-only run. An idle backend publishes its pending statistics to pg_stat_database
  // only after 10 s (PGSTAT_IDLE_INTERVAL), hence the waits.
  const stats = new pg.Client({ connectionString: databaseUrl });
  await stats.connect();
  const transactions = async () => {
    await new Promise((resolveWait) => setTimeout(resolveWait, 11_000));
    const { rows } = await stats.query<{ n: string }>(
      'SELECT (xact_commit + xact_rollback)::text AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(rows[0]?.n ?? 0);
  };
  const transactionsBefore = await transactions();
  const counted = await load(appUrl, appHeaders, 2);
  // The two statistics queries themselves are transactions too.
  const statementsPerRead = ((await transactions()) - transactionsBefore - 2) / counted.requests;
  await stats.end();

  const ratio = app.requestsPerSecond / baseline.requestsPerSecond;
  const ratioOk = ratio >= RATIO_MIN;
  const p99Ok = app.p99Ms < P99_MS_MAX;
  const statementsOk = statementsPerRead <= STATEMENTS_PER_READ_MAX;
  const mark = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');
  console.log('api-read');
  console.log(
    `  GET /main/user (authenticated)  ${app.requestsPerSecond.toFixed(0)} req/s  p50 ${app.p50Ms} ms  server CPU ${app.cpuMicrosecondsPerRequest.toFixed(0)} µs/request`,
  );
  console.log(
    `  bare Fastify + pk SELECT         ${baseline.requestsPerSecond.toFixed(0)} req/s  p50 ${baseline.p50Ms} ms  p99 ${baseline.p99Ms} ms  server CPU ${baseline.cpuMicrosecondsPerRequest.toFixed(0)} µs/request`,
  );
  console.log(
    `  CPU per request, bare / app      ${(baseline.cpuMicrosecondsPerRequest / app.cpuMicrosecondsPerRequest).toFixed(2)}   (information: what the ratio tends to when CPU is the limit)`,
  );
  console.log(
    `  ratio                            ${ratio.toFixed(2)}   budget >= ${RATIO_MIN}   ${mark(ratioOk)}`,
  );
  console.log(
    `  p99 GET /main/user               ${app.p99Ms} ms   budget < ${P99_MS_MAX} ms   ${mark(p99Ok)}   (median of ${ROUNDS} rounds)`,
  );
  console.log(
    `  statements per GET /main/user    ${statementsPerRead.toFixed(2)}   budget <= ${STATEMENTS_PER_READ_MAX}   ${mark(statementsOk)}`,
  );
  exitCode = ratioOk && p99Ok && statementsOk ? 0 : 1;
} catch (error) {
  console.error(`api-read failed: ${(error as Error).message}`);
  exitCode = 1;
} finally {
  for (const child of children.reverse()) await stopProcess(child);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

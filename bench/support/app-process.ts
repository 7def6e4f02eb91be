// Starts the real server (apps/server/src/main.ts) as its own process for benchmarks and crash
// scripts: production mode, embedded PostgreSQL in the given DATA_DIR, free loopback port; answers
// its base URL and a database URL for direct reads of that embedded PostgreSQL. Production seeds no
// demo accounts, so the first start in a DATA_DIR seeds them explicitly (`seed -- --demo`).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUND_GAMES } from '@payhub/contracts';
import { freePort } from '../../scripts/free-port.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const START_TIMEOUT_MS = 180_000;

export { freePort };

export interface AppProcess {
  child: ChildProcess;
  baseUrl: string;
  databaseUrl: string;
}

/**
 * `ownGroup`: the server leads a process group of its own (with the embedded PostgreSQL it spawns),
 * so `process.kill(-child.pid, 'SIGKILL')` ends all of it at once, as a power cut would.
 */
/** The production settings every benchmark server runs with (secrets are bench-only values). */
export function benchEnvironment(dataDir: string, port?: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    ...(port === undefined ? {} : { PORT: String(port) }),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CODE_SECRET: 'bench-code-secret-0123456789abcdef',
    CUSTODY_WEBHOOK_SECRET: 'bench-webhook-secret-0123456789abcdef',
    TWO_FACTOR_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    APP_VERSION: 'bench',
  };
}

/** Seeds the demo accounts into DATA_DIR once (`npm run seed -- --demo`); production never does it itself. */
export function seedDemoAccounts(dataDir: string): void {
  if (existsSync(join(dataDir, 'demo-accounts.json'))) return;
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/seed/seed.cli.ts', '--demo'],
    {
      cwd: root,
      env: benchEnvironment(dataDir),
      encoding: 'utf8',
    },
  );
  if (seeded.status !== 0) throw new Error(`seeding the demo accounts failed: ${seeded.stderr}`);
}

export async function startApp(
  dataDir: string,
  options: { ownGroup?: boolean; env?: NodeJS.ProcessEnv; countStatements?: string } = {},
): Promise<AppProcess> {
  seedDemoAccounts(dataDir);
  const port = await freePort();
  // BENCH_PROFILE_DIR=dir writes a V8 CPU profile of the server process there (open in Chrome DevTools).
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const nodeFlags = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  // BENCH_TRACE_GC=file: the server's garbage collections (V8's --trace-gc lines) appended to that file.
  const traceGc = process.env.BENCH_TRACE_GC;
  if (traceGc) nodeFlags.push('--trace-gc');
  // `countStatements`: the server counts its pg statements per pool into that file (statementCounts).
  const counting =
    options.countStatements === undefined
      ? []
      : ['--import', join(root, 'bench/support/count-statements.ts')];
  const child = spawn(
    process.execPath,
    [...nodeFlags, '--import', 'tsx', ...counting, 'apps/server/src/main.ts'],
    {
      cwd: root,
      env: {
        ...benchEnvironment(dataDir, port),
        ...options.env,
        ...(options.countStatements === undefined ? {} : { BENCH_STATEMENTS_FILE: options.countStatements }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: options.ownGroup === true,
    },
  );
  let postgresPort = 0;
  await new Promise<void>((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start in time')), START_TIMEOUT_MS);
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (traceGc && /Scavenge|Mark-Compact|Mark-sweep/.test(line)) appendFileSync(traceGc, `${line}\n`);
        const match = line.match(/embedded PostgreSQL listening on 127\.0\.0\.1:(\d+)/);
        if (match) postgresPort = Number(match[1]);
        if (/\[payhub\] ready in/.test(line)) {
          clearTimeout(timer);
          resolveStart();
        }
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with code ${code} before it was ready`));
    });
  });
  if (postgresPort === 0) throw new Error('the server did not report its embedded PostgreSQL port');
  const password = readFileSync(join(dataDir, 'pg/password'), 'utf8').trim();
  return {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    databaseUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${postgresPort}/postgres`,
  };
}

/** CPU time (user + system) a process has used so far, in ms; Linux /proc, else 0. */
export function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * CPU time (user + system, ms) the processes below `pid` have used so far — the embedded PostgreSQL
 * the server started: its postmaster and backends. Linux /proc (a backend that exited is not counted).
 */
export function descendantsCpuMsOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const parents = new Map<number, number>();
  const cpu = new Map<number, number>();
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        parents.set(Number(entry), Number(fields[1]));
        cpu.set(Number(entry), (Number(fields[11]) + Number(fields[12])) * 10);
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    return 0;
  }
  const below = (candidate: number): boolean => {
    for (
      let parent = parents.get(candidate);
      parent !== undefined && parent > 1;
      parent = parents.get(parent)
    )
      if (parent === pid) return true;
    return false;
  };
  let total = 0;
  for (const [process, ms] of cpu) if (below(process)) total += ms;
  return total;
}

/** The server's statements so far per pool (`countStatements` file; {} before its first write). */
export function statementCounts(file: string): Record<string, number> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export function stopApp(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}

export function demoAccounts(dataDir: string) {
  return JSON.parse(readFileSync(join(dataDir, 'demo-accounts.json'), 'utf8')) as Array<{
    projectId: number;
    label: string;
    phone: string;
    password: string;
  }>;
}

/** The part of a pg client the waits below use. */
interface Queryable {
  query(text: string): Promise<{ rows: Array<Record<string, unknown>> }>;
}

/**
 * Waits until every project's round chains exist. A fresh DATA_DIR's first start has the clock build
 * a 10⁶-hash chain for each game of each project (~0.3–0.5 s of CPU each): one-time work of a new
 * install that a steady-state figure must not include. Returns early when their number stops
 * growing for 20 s (a project without rounds).
 */
export async function waitForChains(database: Queryable): Promise<void> {
  const count = async (text: string) => Number((await database.query(text)).rows[0]?.n ?? 0);
  const projects = await count('SELECT count(*)::int AS n FROM projects');
  let last = -1;
  let stableSince = Date.now();
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    const chains = await count('SELECT count(*)::int AS n FROM round_chains');
    if (chains >= projects * ROUND_GAMES.length) return;
    if (chains !== last) {
      last = chains;
      stableSince = Date.now();
    } else if (chains > 0 && Date.now() - stableSince > 20_000) return;
    await new Promise((resolveWait) => setTimeout(resolveWait, 500));
  }
  throw new Error('the round chains were not created in 10 minutes');
}

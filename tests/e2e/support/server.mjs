// Starts the real server (apps/server/src/main.ts: through tsx, or the run's bundle of it from
// server-bundles.mjs) for end-to-end runs and benchmarks:
// a free port, a temporary DATA_DIR, and a database — a copy of the e2e run's seeded template
// (`database`), or a fresh one at DATABASE_URL, or embedded PostgreSQL inside DATA_DIR — serving the
// apps built by prepareApps(). Answers { url, dataDir, stop }.
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../scripts/free-port.mjs';

export const root = fileURLToPath(new URL('../../..', import.meta.url));

export { freePort };

/** A new database on the server at `adminUrl`: empty, or a copy of `template` (migrated and seeded). */
async function freshDatabase(adminUrl, template) {
  const { default: pg } = await import('pg');
  const name = `payhub_e2e_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

async function dropDatabase(adminUrl, name) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms`);
}

/**
 * Starts the server; `appsDir` is where the built apps are (see prepareApps), `env` adds or
 * overrides environment variables. `database` ({ adminUrl, template, accounts }, from
 * apps/server/test/template-database.ts) starts it on a copy of a seeded template with its demo accounts;
 * without it the server runs on a fresh database at DATABASE_URL, or embedded, and seeds itself.
 * `bundles` ({ server, provider }, from bundleServers()) starts the bundles instead of the sources.
 */
export async function startServer({
  appsDir,
  env = {},
  quiet = true,
  healthTimeoutMs = 180_000,
  database: shared,
  bundles,
} = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'payhub-e2e-'));
  // As root the embedded cluster runs as the `postgres` user, which must traverse DATA_DIR.
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  // The demo game provider beside each server (apps/demo-provider), on a port of its own.
  const providerPort = await freePort();
  const adminUrl = shared?.adminUrl ?? process.env.DATABASE_URL;
  const database = adminUrl ? await freshDatabase(adminUrl, shared?.template) : null;
  if (shared) {
    // What the server writes when it seeds an empty database (apps/server/src/seed/demo-accounts-file.ts).
    writeFileSync(join(dataDir, 'demo-accounts.json'), `${JSON.stringify(shared.accounts, null, 2)}\n`, {
      mode: 0o600,
    });
  }
  const childEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    // Every journey signs in from 127.0.0.1: a file signs in more than 30 times a minute on a fast machine.
    ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000',
    // Short round games keep the journeys fast: an 8 s crash betting window (two browsers on a loaded
    // machine must both place a bet in it), a steeper curve (2× after
    // 2.3 s), the "30 s" wingo mode drawn every 8 s with a 2 s close (docs/games.md §5).
    ROUNDS_CHAIN_LENGTH: '2000',
    ROUNDS_CRASH_BETTING_MS: '8000',
    ROUNDS_CRASH_GROWTH: '0.0003',
    ROUNDS_WINGO_DURATIONS_MS: '8000,60000,120000',
    ROUNDS_WINGO_CLOSE_MS: '2000',
    // A handful of sockets: bet changes every 100 ms (production gathers 500 ms for 5,000 sockets).
    // A cash-out just before an early bust is otherwise shown only from the round's end to the next
    // round's betting event, which clears the list, and B's screen may miss it.
    ROUNDS_BETS_FLUSH_MS: '100',
    PROVIDER_DEMO_URL: `http://127.0.0.1:${providerPort}`,
    // The demo wallets hold Rp 1.000.000: project 12's tier-1 withdrawal limit sits under it so a
    // journey can reach it (security.spec); other tiers and projects keep the defaults (docs/identity.md).
    WITHDRAW_TIER_LIMITS: JSON.stringify({
      12: { 1: { IDR: { perWithdrawal: '500000.00', daily: '700000.00' } } },
    }),
    ...(appsDir ? { APPS_DIR: appsDir } : {}),
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  };
  if (!database) delete childEnv.DATABASE_URL;
  const run = (bundle, source) =>
    bundle ? ['--enable-source-maps', bundle] : ['--import', 'tsx', join(root, source)];
  const child = spawn(process.execPath, run(bundles?.server, 'apps/server/src/main.ts'), {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk.toString()).slice(-8000);
    if (!quiet) process.stderr.write(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child, healthTimeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${error.message}\n${stderr}`);
  }
  const provider = spawn(process.execPath, run(bundles?.provider, 'apps/demo-provider/src/main.ts'), {
    cwd: root,
    env: {
      ...childEnv,
      DEMO_PROVIDER_PORT: String(providerPort),
      DEMO_PROVIDER_WALLET_URL: `${url}/provider/demo`,
      // Short live-table rounds for the journeys: 8 s to bet, 3 s of spin, 4 s of result.
      DEMO_PROVIDER_LIVE_BETTING_MS: '8000',
      DEMO_PROVIDER_LIVE_SPIN_MS: '3000',
      DEMO_PROVIDER_LIVE_RESULT_MS: '4000',
    },
    stdio: ['ignore', 'ignore', quiet ? 'ignore' : 'inherit'],
  });
  async function stop() {
    if (provider.exitCode === null) provider.kill('SIGTERM');
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    if (database) await dropDatabase(adminUrl, database.name).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { url, dataDir, databaseUrl: database?.url ?? null, stop };
}

/**
 * Builds the apps from the current sources into `appsDir/<app>/dist` (a private copy per run, so
 * that concurrent builds in the shared checkout never change what this server serves, and a test
 * may rewrite its version.json). A player build that fails falls back to a copy of the player's
 * last build in the checkout, if any; an agent build that fails fails the run.
 */
export async function prepareApps(appsDir) {
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  for (const app of ['agent', 'player', 'console']) {
    const appDir = join(root, 'apps', app);
    if (!existsSync(join(appDir, 'index.html'))) continue;
    const outDir = join(appsDir, app, 'dist');
    console.log(`[e2e] building the ${app} app into ${outDir}`);
    const code = await new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
        {
          cwd: appDir,
          stdio: 'inherit',
          // The journeys drive the /ui component catalogue, which production builds leave out.
          env: { ...process.env, VITE_UI_CATALOGUE: 'true' },
        },
      );
      child.once('exit', resolve);
    });
    if (code === 0) continue;
    if (app === 'agent') throw new Error('build of the agent app failed');
    const shared = join(appDir, 'dist');
    if (existsSync(join(shared, 'index.html'))) cpSync(shared, outDir, { recursive: true });
    console.warn(`[e2e] WARNING: the ${app} build failed (exit ${code}); serving its last build, if any`);
  }
}

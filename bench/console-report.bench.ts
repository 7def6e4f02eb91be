// Benchmark: the console's GGR/NGR report (GET /main/console/reports/games) over 10⁶ settled in-house
// game bets spread over 30 days, through the real server (production mode, embedded PostgreSQL) as
// an admin of project 12. The bets are written straight into the bench's own database with one
// generate_series INSERT (the bet path has its own benchmark, bench/games.bench.ts).
// Budget (issue 19): the report over 10⁶ bets answers in under 1 s (median of 5 calls after the
// first, which rolls the bets up per hour — printed beside it; the raw aggregate took ~3 s here).
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { demoAccounts, startApp, stopApp } from './support/app-process.ts';

const BUDGET_MS = 1_000;
const BETS = Number(process.env.BENCH_REPORT_BETS ?? 1_000_000);
const DAYS = 30;
const PROJECT_ID = 12;
const CALLS = 5;

function getJson(baseUrl: URL, path: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolveCall, reject) => {
    const call = request(
      {
        host: baseUrl.hostname,
        port: baseUrl.port,
        path,
        method: 'GET',
        headers: { main_token: token, projectid: String(PROJECT_ID), language: 'id-ID' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolveCall({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    call.on('error', reject);
    call.end();
  });
}

/** A session row for the demo account `label` of project 12 (sign-in itself is throttled per caller). */
async function sessionOf(
  database: pg.Client,
  dataDir: string,
  label: string,
): Promise<{ userId: string; token: string }> {
  const demo = demoAccounts(dataDir).find((row) => row.projectId === PROJECT_ID && row.label === label);
  if (!demo) throw new Error(`no demo ${label} in project ${PROJECT_ID}`);
  const user = await database.query<{ id: string }>(
    'SELECT id::text AS id FROM users WHERE project_id = $1 AND phone = $2',
    [PROJECT_ID, demo.phone],
  );
  const userId = user.rows[0]!.id;
  const token = randomBytes(32).toString('base64url');
  await database.query(
    `INSERT INTO sessions (token_hash, user_id, project_id, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
    [createHash('sha256').update(token).digest(), userId, PROJECT_ID],
  );
  return { userId, token };
}

const dataDir = mkdtempSync(join(tmpdir(), 'payhub-bench-console-report-'));
chmodSync(dataDir, 0o755);
let exitCode = 1;
let app: Awaited<ReturnType<typeof startApp>> | null = null;
try {
  app = await startApp(dataDir);
  const database = new pg.Client({ connectionString: app.databaseUrl });
  await database.connect();
  database.on('error', () => {});
  const admin = await sessionOf(database, dataDir, 'admin');
  await database.query(
    `INSERT INTO staff_grants (user_id, project_id, role) VALUES ($1, $2, 'admin')
     ON CONFLICT (user_id, project_id) DO UPDATE SET role = 'admin'`,
    [admin.userId, PROJECT_ID],
  );
  const player = await sessionOf(database, dataDir, 'player');
  const pair = await database.query<{ id: string }>(
    `INSERT INTO game_seed_pairs (project_id, player_id, status, server_seed, server_seed_hash, client_seed, revealed_at)
     VALUES ($1, $2, 'revealed', repeat('a', 64), repeat('b', 64), 'bench', now()) RETURNING id::text AS id`,
    [PROJECT_ID, player.userId],
  );
  const seedStarted = performance.now();
  // Half the bets lost, half won at 1.98x; stakes 1.00–10.99 YEC; settled over the last DAYS days.
  await database.query(
    `INSERT INTO game_bets (id, project_id, player_id, game, asset, stake, payout, multiplier_bp, status,
                            seed_pair_id, nonce, client_seed, params, state, created_at, settled_at)
     SELECT gen_random_uuid(), $1, $2,
            (ARRAY['dice','coinflip','roulette','mines','hilo','roller','fruit-bomb'])[1 + i % 7], 'YEC',
            100 + i % 1000, CASE WHEN i % 2 = 0 THEN (100 + i % 1000) * 198 / 100 ELSE 0 END,
            CASE WHEN i % 2 = 0 THEN 19800 ELSE 0 END, CASE WHEN i % 2 = 0 THEN 'won' ELSE 'lost' END,
            $3, i, 'bench', '{}', '{}', t, t
       FROM generate_series(1, $4::int) AS i,
            LATERAL (SELECT now() - (i % ($5::int * 86400)) * interval '1 second' AS t) AS at`,
    [PROJECT_ID, player.userId, pair.rows[0]!.id, BETS, DAYS],
  );
  await database.query('VACUUM ANALYZE game_bets');
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' });
  const from = new Date(Date.now() - (DAYS + 1) * 86_400_000).toLocaleDateString('en-CA', {
    timeZone: 'Asia/Jakarta',
  });
  const path = `/main/console/reports/games?from=${from}&to=${today}`;
  const baseUrl = new URL(app.baseUrl);
  // The first report rolls the settled bets up per hour (once; later reports add only new hours).
  const rollStarted = performance.now();
  const first = await getJson(baseUrl, path, admin.token);
  const rollMs = performance.now() - rollStarted;
  const report = JSON.parse(first.body) as { items?: Array<{ bets: number }> };
  const counted = (report.items ?? []).reduce((sum, row) => sum + row.bets, 0);
  if (first.status !== 200 || counted !== BETS)
    throw new Error(`report answered ${first.status} with ${counted} bets: ${first.body.slice(0, 300)}`);
  const times: number[] = [];
  for (let call = 0; call < CALLS; call += 1) {
    const started = performance.now();
    const answer = await getJson(baseUrl, path, admin.token);
    times.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`report answered ${answer.status}`);
  }
  times.sort((left, right) => left - right);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    `console report: ${BETS.toLocaleString('en')} bets over ${DAYS} days seeded in ${seedSeconds.toFixed(1)} s; ` +
      `${report.items!.length} rows (day × game × asset); first report (rolls up 10⁶ bets) ${rollMs.toFixed(0)} ms`,
  );
  console.log(
    `report over 10⁶ bets: median ${median.toFixed(0)} ms (min ${times[0]!.toFixed(0)}, max ${times[times.length - 1]!.toFixed(0)}) — budget < ${BUDGET_MS} ms: ${median < BUDGET_MS ? 'within' : 'OVER'}`,
  );
  exitCode = median < BUDGET_MS ? 0 : 1;
  await database.end();
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  if (app) await stopApp(app.child);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

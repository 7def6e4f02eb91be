// Benchmark: in-house game bets through the real server (production mode, embedded PostgreSQL with
// fsync on) and the ledger — POST /main/games/bets, a dice bet that is held, played and settled in
// one transaction — from 32 concurrent players, against plain single-row INSERT transactions on the
// same database from 32 connections (BEGIN, a named prepared INSERT, COMMIT), in alternating rounds of
// the same run. A bet of a player with nothing for the play gate to check is one autocommit statement
// (docs/games.md "One round trip"); the players' first bets (warm-up) take the locked path.
// Budget (issue 15): >= 2,000 bets/s, p99 < 50 ms, bets/s >= 0.3 x INSERT transactions/s.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { demoAccounts, descendantsCpuMsOf, startApp, stopApp } from './support/app-process.ts';

const BETS_PER_SECOND_MIN = 2_000;
const P99_MS_MAX = 50;
const RATIO_MIN = 0.3;
const PLAYERS = 32;
const PROJECT_ID = 12;
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 12);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 4));
/** 100,000.00 YEC a player: far more than a run can lose at 1.00 a bet. */
const FUNDING_MINOR = 10_000_000n;

/** CPU time a process has used so far (user, system), in ms; Linux /proc, else 0. */
function cpuMsOf(pid: number | undefined): { user: number; system: number } {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return { user: 0, system: 0 };
  }
}

/** Idle CPU time of the whole machine so far, in ms (all cores; Linux /proc/stat, else 0). */
function idleMs(): number {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
    return (Number(fields[4]) + Number(fields[5])) * 10;
  } catch {
    return 0;
  }
}

interface Round {
  count: number;
  seconds: number;
  latencies: number[];
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Creates PLAYERS players in project 12 (the demo player's password) with YEC from the house. */
async function createPlayers(database: pg.Client, dataDir: string) {
  const demo = demoAccounts(dataDir).find((row) => row.projectId === PROJECT_ID && row.label === 'player');
  if (!demo) throw new Error('no demo player in project 12');
  const template = await database.query<{ id: string }>(
    'SELECT id::text AS id FROM users WHERE project_id = $1 AND phone = $2',
    [PROJECT_ID, demo.phone],
  );
  const house = await database.query<{ id: string }>(
    `SELECT id::text AS id FROM ledger_accounts WHERE address = 'house:${PROJECT_ID}:YEC'`,
  );
  if (!template.rows[0] || !house.rows[0]) throw new Error('demo player or YEC house account missing');
  const players: Array<{ token: string }> = [];
  for (let index = 0; index < PLAYERS; index += 1) {
    const phone = `8129900${String(index).padStart(4, '0')}`;
    const user = await database.query<{ id: string }>(
      `INSERT INTO users (project_id, phone, password_hash, nickname, phone_verified_at)
       SELECT project_id, $2, password_hash, $3, now() FROM users WHERE id = $1
       ON CONFLICT (project_id, phone) DO UPDATE SET nickname = EXCLUDED.nickname
       RETURNING id::text AS id`,
      [template.rows[0].id, phone, `bench ${index}`],
    );
    const userId = user.rows[0]!.id;
    const account = await database.query<{ id: string }>(
      `INSERT INTO ledger_accounts (address, project_id, currency, kind, owner_id, is_system)
       VALUES ($1, $2, 'YEC', 'player_wallet', $3, false)
       ON CONFLICT (address) DO UPDATE SET address = EXCLUDED.address RETURNING id::text AS id`,
      [`player:${userId}:YEC`, PROJECT_ID, userId],
    );
    await database.query(
      `SELECT ledger_transfer($1, 'single', NULL, $2::bigint, $3::bigint, $4::bigint, 'seed_wallet', NULL, NULL, now())`,
      [`bench:games:fund:${userId}`, house.rows[0].id, account.rows[0]!.id, FUNDING_MINOR.toString()],
    );
    // A session row as sign-in writes it (sign-in itself is throttled per caller, as it should be).
    const token = randomBytes(32).toString('base64url');
    await database.query(
      `INSERT INTO sessions (token_hash, user_id, project_id, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
      [createHash('sha256').update(token).digest(), userId, PROJECT_ID],
    );
    players.push({ token });
  }
  return players;
}

const agent = new Agent({ keepAlive: true, maxSockets: PLAYERS * 2 });

function postBet(baseUrl: URL, token: string): Promise<number> {
  const body = JSON.stringify({
    id: randomUUID(),
    asset: 'YEC',
    stake: '1.00',
    params: { game: 'dice', target: 4950, direction: 'under' },
  });
  return new Promise((resolveCall, reject) => {
    const call = request(
      {
        agent,
        host: baseUrl.hostname,
        port: baseUrl.port,
        path: '/main/games/bets',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          main_token: token,
          projectid: String(PROJECT_ID),
          language: 'id-ID',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200)
            reject(
              new Error(`bet answered ${response.statusCode}: ${Buffer.concat(chunks).toString('utf8')}`),
            );
          else resolveCall(response.statusCode);
        });
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

async function betLoad(baseUrl: URL, players: Array<{ token: string }>, seconds: number): Promise<Round> {
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    players.map(async (player) => {
      while (performance.now() < until) {
        const at = performance.now();
        await postBet(baseUrl, player.token);
        latencies.push(performance.now() - at);
      }
    }),
  );
  return { count: latencies.length, seconds: (performance.now() - started) / 1000, latencies };
}

async function insertLoad(pool: pg.Pool, seconds: number): Promise<Round> {
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: PLAYERS }, async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < until) {
          const at = performance.now();
          await client.query('BEGIN');
          await client.query({
            name: 'bench_games_insert',
            text: 'INSERT INTO bench_games_rows (player, stake, created_at) VALUES ($1, $2, now())',
            values: [1, 100],
          });
          await client.query('COMMIT');
          latencies.push(performance.now() - at);
        }
      } finally {
        client.release();
      }
    }),
  );
  return { count: latencies.length, seconds: (performance.now() - started) / 1000, latencies };
}

function summarise(rounds: Round[]) {
  const count = rounds.reduce((sum, round) => sum + round.count, 0);
  const seconds = rounds.reduce((sum, round) => sum + round.seconds, 0);
  const p = (fraction: number) =>
    median(
      rounds.map((round) =>
        percentile(
          [...round.latencies].sort((a, b) => a - b),
          fraction,
        ),
      ),
    );
  return { perSecond: count / seconds, p50: p(0.5), p99: p(0.99), count };
}

const dataDir = mkdtempSync(join(tmpdir(), 'payhub-bench-games-'));
chmodSync(dataDir, 0o755);
let exitCode = 1;
let app: Awaited<ReturnType<typeof startApp>> | null = null;
try {
  // The round clock off: its first ticks build 10⁶-hash chains for every project and game (seconds of
  // CPU each), which a profile of this bench found to be most of the server's CPU during the run.
  app = await startApp(dataDir, { env: { ROUNDS_ENABLED: 'false' } });
  // pg_stat_statements (loaded at the server's start, hence the restart) counts the statements of a
  // bet — every round trip, BEGIN and COMMIT included — for the statements-per-bet figure.
  const setup = new pg.Client({ connectionString: app.databaseUrl });
  await setup.connect();
  await setup.query("ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'");
  // BENCH_SHOW_STATEMENTS=nested: time every statement, those inside functions too, and every function.
  if (process.env.BENCH_SHOW_STATEMENTS === 'nested') {
    await setup.query("ALTER SYSTEM SET pg_stat_statements.track = 'all'");
    await setup.query("ALTER SYSTEM SET track_functions = 'all'");
    // Planning too: a statement planned afresh at every call shows its planning time beside its execution.
    await setup.query('ALTER SYSTEM SET pg_stat_statements.track_planning = on');
  }
  await setup.end();
  await stopApp(app.child);
  app = await startApp(dataDir, { env: { ROUNDS_ENABLED: 'false' } });
  const database = new pg.Client({ connectionString: app.databaseUrl });
  await database.connect();
  database.on('error', () => {});
  await database.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await database.query(
    'CREATE TABLE IF NOT EXISTS bench_games_rows (id bigserial PRIMARY KEY, player bigint NOT NULL, stake bigint NOT NULL, created_at timestamptz NOT NULL)',
  );
  const fsync = (await database.query<{ fsync: string }>('SHOW fsync')).rows[0]?.fsync;
  const players = await createPlayers(database, dataDir);
  const pool = new pg.Pool({ connectionString: app.databaseUrl, max: PLAYERS });
  pool.on('error', () => {});
  const baseUrl = new URL(app.baseUrl);
  const loadAtStart = loadavg()[0] ?? 0;
  console.log(
    `games: ${PLAYERS} players, dice bets of 1.00 YEC, fsync=${fsync}, synchronous_commit=${
      (await database.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows[0]
        ?.synchronous_commit
    }, load average ${loadAtStart.toFixed(1)}; warm-up ${WARMUP_SECONDS} s each, then ${DURATION_SECONDS} s each in ${ROUNDS} alternating rounds`,
  );
  await betLoad(baseUrl, players, WARMUP_SECONDS);
  await insertLoad(pool, WARMUP_SECONDS);
  const betRounds: Round[] = [];
  const insertRounds: Round[] = [];
  const roundSeconds = DURATION_SECONDS / ROUNDS;
  const serverCpuMs = { user: 0, system: 0 };
  const betsCpu = { database: 0, bench: 0, idle: 0 };
  const insertsCpu = { database: 0, bench: 0, idle: 0 };
  /** Adds the CPU the database, the bench process and the idle cores spent on `load` to `into`. */
  const metered = async (into: typeof betsCpu, load: () => Promise<Round>) => {
    const database = descendantsCpuMsOf(app?.child.pid);
    const bench = process.cpuUsage();
    const idle = idleMs();
    const round = await load();
    const used = process.cpuUsage(bench);
    into.database += descendantsCpuMsOf(app?.child.pid) - database;
    into.bench += (used.user + used.system) / 1000;
    into.idle += idleMs() - idle;
    return round;
  };
  const measuredBets = async () => {
    const before = cpuMsOf(app?.child.pid);
    const round = await metered(betsCpu, () => betLoad(baseUrl, players, roundSeconds));
    const after = cpuMsOf(app?.child.pid);
    serverCpuMs.user += after.user - before.user;
    serverCpuMs.system += after.system - before.system;
    return round;
  };
  const measuredInserts = () => metered(insertsCpu, () => insertLoad(pool, roundSeconds));
  for (let round = 0; round < ROUNDS; round += 1) {
    if (round % 2 === 0) {
      betRounds.push(await measuredBets());
      insertRounds.push(await measuredInserts());
    } else {
      insertRounds.push(await measuredInserts());
      betRounds.push(await measuredBets());
    }
  }
  // Statements per bet: every statement the database ran during a short bets-only run, over its bets.
  await database.query('SELECT pg_stat_statements_reset()');
  const counted = await betLoad(baseUrl, players, 2);
  const statements = await database.query<{ calls: string }>(
    "SELECT coalesce(sum(calls), 0)::text AS calls FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%'",
  );
  /** A count or a time of the bets-only run, per bet. */
  const perCountedBet = (value: string | number) => Number(value) / Math.max(1, counted.count);
  const statementsPerBet = perCountedBet(statements.rows[0]?.calls ?? 0);
  if (process.env.BENCH_SHOW_STATEMENTS) {
    const top = await database.query<{ calls: string; query: string }>(
      "SELECT calls::text AS calls, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS query FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY calls DESC LIMIT 15",
    );
    for (const row of top.rows)
      console.log(`  ${perCountedBet(row.calls).toFixed(2).padStart(6)}/bet  ${row.query}`);
    if (process.env.BENCH_SHOW_STATEMENTS === 'nested') {
      const timed = await database.query<{
        calls: string;
        micros: string;
        plans: string;
        planMicros: string;
        query: string;
      }>(
        `SELECT calls::text AS calls, round(total_exec_time * 1000)::text AS micros, plans::text AS plans,
                round(total_plan_time * 1000)::text AS "planMicros",
                left(regexp_replace(query, '\\s+', ' ', 'g'), 140) AS query
           FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC LIMIT 25`,
      );
      console.log(
        '  by execution time (µs per bet, nested statements counted inside their callers too; then planning µs per bet and plans per call):',
      );
      for (const row of timed.rows)
        console.log(
          `  ${perCountedBet(row.micros).toFixed(0).padStart(6)} µs ${perCountedBet(row.calls).toFixed(2).padStart(6)}/bet  plan ${perCountedBet(row.planMicros).toFixed(0).padStart(4)} µs ${(Number(row.plans) / Math.max(1, Number(row.calls))).toFixed(2)}/call  ${row.query}`,
        );
      const functions = await database.query<{ name: string; calls: string; self: string; total: string }>(
        'SELECT funcname AS name, calls::text AS calls, round(self_time * 1000)::text AS self, round(total_time * 1000)::text AS total FROM pg_stat_user_functions ORDER BY self_time DESC LIMIT 15',
      );
      console.log('  functions since the start (self / total µs per call):');
      for (const row of functions.rows)
        console.log(
          `  ${row.name.padEnd(40)} ${row.calls.padStart(8)} calls  ${(Number(row.self) / Math.max(1, Number(row.calls))).toFixed(0)} / ${(Number(row.total) / Math.max(1, Number(row.calls))).toFixed(0)} µs`,
        );
    }
  }
  const bets = summarise(betRounds);
  const inserts = summarise(insertRounds);
  const settled = await database.query<{ n: string }>(
    "SELECT count(*)::text AS n FROM game_bets WHERE status <> 'open'",
  );
  await pool.end();
  await database.end();
  const ratio = bets.perSecond / inserts.perSecond;
  const mark = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');
  const rateOk = bets.perSecond >= BETS_PER_SECOND_MIN;
  const p99Ok = bets.p99 < P99_MS_MAX;
  const ratioOk = ratio >= RATIO_MIN;
  const perBet = (ms: number) => ((ms * 1000) / Math.max(1, bets.count)).toFixed(0);
  console.log('games');
  console.log(
    `  POST /main/games/bets (dice)     ${bets.perSecond.toFixed(0)} bets/s   budget >= ${BETS_PER_SECOND_MIN}   ${mark(rateOk)}`,
  );
  console.log(
    `  latency p50 / p99                ${bets.p50.toFixed(1)} ms / ${bets.p99.toFixed(1)} ms   budget p99 < ${P99_MS_MAX} ms   ${mark(p99Ok)}   (median of ${ROUNDS} rounds)`,
  );
  console.log(
    `  single-row INSERT transactions   ${inserts.perSecond.toFixed(0)} tx/s   p50 ${inserts.p50.toFixed(1)} ms   p99 ${inserts.p99.toFixed(1)} ms`,
  );
  console.log(
    `  ratio bets / INSERTs             ${ratio.toFixed(2)}   budget >= ${RATIO_MIN}   ${mark(ratioOk)}`,
  );
  console.log(`  bets settled in the database     ${settled.rows[0]?.n}`);
  console.log(
    `  statements per bet               ${statementsPerBet.toFixed(2)}   (information: pg_stat_statements over a 2 s bets-only run, BEGIN/COMMIT included)`,
  );
  console.log(
    `  server CPU per bet               ${perBet(serverCpuMs.user + serverCpuMs.system)} µs (user ${perBet(serverCpuMs.user)}, system ${perBet(serverCpuMs.system)})   (information: the Node process alone; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]?.toFixed(1)} at the end)`,
  );
  const perInsert = (ms: number) => ((ms * 1000) / Math.max(1, inserts.count)).toFixed(0);
  console.log(
    `  database / bench / idle per bet  ${perBet(betsCpu.database)} / ${perBet(betsCpu.bench)} / ${perBet(betsCpu.idle)} µs   (information: PostgreSQL's processes, this bench's clients, idle cores)`,
  );
  console.log(
    `  the same per INSERT transaction  ${perInsert(insertsCpu.database)} / ${perInsert(insertsCpu.bench)} / ${perInsert(insertsCpu.idle)} µs`,
  );
  exitCode = rateOk && p99Ok && ratioOk ? 0 : 1;
} catch (error) {
  console.error(`games bench failed: ${(error as Error).stack ?? error}`);
  exitCode = 1;
} finally {
  agent.destroy();
  if (app) await stopApp(app.child);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

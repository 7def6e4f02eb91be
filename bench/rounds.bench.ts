// Benchmark: crash at scale on one node. The real server (production mode, embedded PostgreSQL,
// hash chains of 10⁶) with BENCH_CLIENTS (default 5,000) players connected over the realtime
// channel as the player app connects (RSocket over WebSocket: SETUP with the session token, then a
// REQUEST_STREAM on the rounds broadcast); BENCH_BETTORS (default 2,000) of them bet 1.00 YEC in one
// crash round (request-response on the channel) and cash out at random multipliers. The clients run
// in BENCH_CLIENT_PROCESSES (default 4) processes of their own (bench/support/rounds-clients.ts), as
// devices apart from the server would; this process keeps one observer, which reads the round's events.
// Figures: per tick, the time from the server's tick (`serverTime` of the tick event) to the last
// client's receipt, p99 over the round's ticks; p99 of the cash-out acknowledgement (request sent →
// answer received, paid or refused); server RSS growth per idle connection; and the ratio of the
// median time-to-last-client of a bare `ws` broadcast of a tick-sized payload to the same number of
// sockets (bench/support/realtime-fanout-server.ts, run after the server stopped) to ours.
// Budgets (issue 16): tick p99 < 250 ms, cash-out p99 < 100 ms, ratio >= 0.5, < 50 KB per idle connection.
import { type ChildProcess, fork } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RoundsRealtimeRoute } from '@payhub/contracts';
import pg from 'pg';
import { deserializeFrame, FrameTypes } from 'rsocket-core';
import type { WebSocket } from 'ws';
import {
  cpuMsOf,
  descendantsCpuMsOf,
  startApp,
  statementCounts,
  stopApp,
  waitForChains,
} from './support/app-process.ts';
import type { ClientsAnswer, ClientsCommand } from './support/rounds-clients.ts';
import {
  bareSubscriber,
  keepAliveFrame,
  mayBeTick,
  now,
  percentile,
  rsocketSubscriber,
  sleep,
  tickReceipts,
} from './support/rsocket-client.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5_000);
const BETTORS = Math.min(CLIENTS, Number(process.env.BENCH_BETTORS ?? 2_000));
const PROJECT_ID = 12;
const TICK_P99_MS_MAX = 250;
const CASHOUT_P99_MS_MAX = 100;
const RATIO_MIN = 0.5;
const KB_PER_CONNECTION_MAX = 50;
/** Short rounds: a betting window long enough for every bettor's bet, a curve twice bustabit's speed. */
const BETTING_MS = Number(process.env.BENCH_BETTING_MS ?? 20_000);
const GROWTH_PER_MS = 0.000_12;
const TICK_MS = 100;
/** A round busting below this is not bet on (too few ticks to measure); the bench waits for the next. */
const MIN_CRASH_CENTS = 130;
// BENCH_MAX_TARGET (cents): the highest cash-out target; 130 packs every round's 2,000 cash-outs into 2.2 s.
const MAX_TARGET_CENTS = Number(process.env.BENCH_MAX_TARGET ?? 300);
const SHOW_STATEMENTS = process.env.BENCH_SHOW_STATEMENTS === 'nested';

/**
 * PostgreSQL's execution time of the cash-out window per cash-out, by statement (nested ones counted
 * inside their callers too) and by function (self / total per call): where a cash-out's database
 * time goes.
 */
async function showStatements(database: pg.Client, cashOuts: number): Promise<void> {
  const per = (value: string) => Number(value) / Math.max(1, cashOuts);
  const timed = await database.query<{ calls: string; micros: string; query: string }>(
    `SELECT calls::text AS calls, round(total_exec_time * 1000)::text AS micros,
            left(regexp_replace(query, '\\s+', ' ', 'g'), 140) AS query
       FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_%' ORDER BY total_exec_time DESC LIMIT 25`,
  );
  console.log(
    `  PostgreSQL by statement over the cash-out window (µs and calls per cash-out, ${cashOuts} cash-outs):`,
  );
  for (const row of timed.rows)
    console.log(
      `  ${per(row.micros).toFixed(0).padStart(6)} µs ${per(row.calls).toFixed(2).padStart(6)}/cash-out  ${row.query}`,
    );
  const functions = await database.query<{ name: string; calls: string; self: string; total: string }>(
    `SELECT funcname AS name, calls::text AS calls, round(self_time * 1000)::text AS self,
            round(total_time * 1000)::text AS total FROM pg_stat_user_functions ORDER BY self_time DESC LIMIT 15`,
  );
  console.log('  functions (calls; self / total µs per cash-out):');
  for (const row of functions.rows)
    console.log(
      `  ${row.name.padEnd(36)} ${row.calls.padStart(7)}  ${per(row.self).toFixed(0)} / ${per(row.total).toFixed(0)} µs`,
    );
}
const BARE_PUBLISHES = 30;
const FUNDING_MINOR = 1_000_000n;
const KEEPALIVE_MS = 20_000;

/**
 * The processes of clients (BENCH_CLIENT_PROCESSES, default 4), each with its share of the bettors and
 * of the players who only watch, as separate devices would be; 1 puts them all in one.
 */
const CLIENT_PROCESSES = Math.max(1, Number(process.env.BENCH_CLIENT_PROCESSES ?? 4));

const benchDir = dirname(fileURLToPath(import.meta.url));

/** A bench process (`file` under bench/, run with tsx), asked by IPC command and answered by message type. */
function commanded<Command, Answer extends { type: string }>(file: string, execArgv: string[] = []) {
  const child: ChildProcess = fork(join(benchDir, file), [], {
    execArgv: [...execArgv, '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiters = new Map<string, (message: Answer) => void>();
  child.on('message', (message: Answer) => {
    const waiter = waiters.get(message.type);
    if (waiter) {
      waiters.delete(message.type);
      waiter(message);
    }
  });
  /** Waits for the next answer of this type (ask before the command that causes it). */
  const next = <T extends Answer['type']>(type: T) =>
    new Promise<Extract<Answer, { type: T }>>((resolve) => {
      waiters.set(type, resolve as (message: Answer) => void);
    });
  const ask = <T extends Answer['type']>(command: Command, type: T) => {
    const answer = next(type);
    child.send(command as object);
    return answer;
  };
  return { child, next, ask, stop: () => child.kill('SIGTERM') };
}

/** A process of clients (bench/support/rounds-clients.ts). */
const startClients = () => commanded<ClientsCommand, ClientsAnswer>('support/rounds-clients.ts');
type Clients = ReturnType<typeof startClients>;

/** What the bare broadcast server (bench/support/realtime-fanout-server.ts) is asked and answers here. */
type BareCommand =
  | { type: 'stats' }
  | { type: 'publish-bare'; payload: Record<string, unknown> }
  | { type: 'stop-measure' };
type BareAnswer =
  | { type: 'ready'; barePort: number }
  | { type: 'stats'; bareClients: number }
  | { type: 'blocked' };

/** Splits `items` into `parts` runs of near-equal length, in order. */
function shares<T>(items: readonly T[], parts: number): T[][] {
  return Array.from({ length: parts }, (_, part) =>
    items.slice(Math.floor((items.length * part) / parts), Math.floor((items.length * (part + 1)) / parts)),
  );
}
const ascending = (values: number[]) => [...values].sort((a, b) => a - b);

function rssOf(pid: number | undefined): number {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return match ? Number(match[1]) * 1024 : 0;
}

function line(name: string, value: string, budget: string, ok: boolean): boolean {
  console.log(
    `  ${name.padEnd(40)} ${value.padStart(12)}   budget ${budget.padEnd(10)} ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
  return ok;
}

/** CLIENTS players of project 12 with a session each; the first BETTORS funded with YEC. */
async function createPlayers(database: pg.Client): Promise<string[]> {
  const template = await database.query<{ id: string }>(
    'SELECT id::text AS id FROM users WHERE project_id = $1 AND password_hash IS NOT NULL ORDER BY id LIMIT 1',
    [PROJECT_ID],
  );
  if (!template.rows[0]) throw new Error('no user in project 12 to copy');
  const users = await database.query<{ id: string }>(
    `INSERT INTO users (project_id, phone, password_hash, nickname, phone_verified_at)
     SELECT u.project_id, '8137' || lpad(n::text, 7, '0'), u.password_hash, 'rounds ' || n, now()
       FROM users u, generate_series(0, $2::int - 1) AS n WHERE u.id = $1
     ON CONFLICT (project_id, phone) DO UPDATE SET nickname = EXCLUDED.nickname
     RETURNING id::text AS id`,
    [template.rows[0].id, CLIENTS],
  );
  const ids = users.rows.map((row) => row.id).sort((a, b) => Number(a) - Number(b));
  const tokens = ids.map(() => randomBytes(32).toString('base64url'));
  await database.query(
    `INSERT INTO sessions (token_hash, user_id, project_id, expires_at)
     SELECT h, u, $3, now() + interval '1 day' FROM unnest($1::bytea[], $2::bigint[]) AS t(h, u)`,
    [tokens.map((token) => createHash('sha256').update(token).digest()), ids, PROJECT_ID],
  );
  const bettors = ids.slice(0, BETTORS);
  await database.query(
    `INSERT INTO ledger_accounts (address, project_id, currency, kind, owner_id, is_system)
     SELECT 'player:' || u || ':YEC', $2, 'YEC', 'player_wallet', u, false FROM unnest($1::bigint[]) AS u
     ON CONFLICT (address) DO NOTHING`,
    [bettors, PROJECT_ID],
  );
  await database.query(
    `SELECT ledger_transfer('bench:rounds:fund:' || a.owner_id, 'single', NULL, h.id, a.id, $2::bigint,
                            'seed_wallet', NULL, NULL, now())
       FROM ledger_accounts a, ledger_accounts h
      WHERE h.address = 'house:${PROJECT_ID}:YEC' AND a.address = ANY(SELECT 'player:' || u || ':YEC' FROM unnest($1::bigint[]) AS u)`,
    [bettors, FUNDING_MINOR.toString()],
  );
  return tokens;
}

/** The observer's tick receipts: arrival time and the raw data (parsed after the round). */
const tickArrivals: Array<{ at: number; data: Buffer }> = [];
let observe: ((event: Record<string, unknown>) => void) | null = null;

/** The one client of this process: it decodes the broadcast to follow the round's events. */
function connectObserver(port: number, token: string): Promise<WebSocket> {
  return rsocketSubscriber(
    port,
    { token, clientId: 'observer', keepAliveMs: KEEPALIVE_MS, route: RoundsRealtimeRoute.broadcast },
    (data) => {
      const at = now();
      if (mayBeTick(data)) tickArrivals.push({ at, data });
      const frame = deserializeFrame(data);
      if (frame.type === FrameTypes.PAYLOAD && frame.streamId === 1 && observe && frame.data)
        observe(JSON.parse(frame.data.toString('utf8')));
    },
  );
}

/**
 * The bare `ws` side: the tick-sized payload to CLIENTS plain sockets, BARE_PUBLISHES times, with the
 * same split as our clients (one here, the rest in the processes of clients).
 */
async function bareBroadcast(tickBytes: number, clients: readonly Clients[], counts: number[]) {
  const bare = commanded<BareCommand, BareAnswer>('support/realtime-fanout-server.ts', ['--expose-gc']);
  // Sent once, when it listens: waited for from the start.
  const ready = bare.next('ready');
  try {
    const { barePort } = await ready;
    const arrivals: Array<{ at: number; data: Buffer }> = [];
    const local = await bareSubscriber(barePort, (data) => arrivals.push({ at: now(), data }));
    await Promise.all(
      clients.map((group, index) =>
        group.ask({ type: 'connect-bare', port: barePort, count: counts[index]! }, 'bare-connected'),
      ),
    );
    for (;;) {
      const stats = await bare.ask({ type: 'stats' }, 'stats');
      if (stats.bareClients >= CLIENTS) break;
      await sleep(50);
    }
    // A payload of the size of our tick event (sentAt is added by the server).
    const payload = { type: 'tick', roundId: '1', elapsedMs: 1234, multiplier: 116, pad: '' };
    payload.pad = 'x'.repeat(Math.max(0, tickBytes - JSON.stringify(payload).length - 30));
    const lasts: number[] = [];
    for (let index = 0; index <= BARE_PUBLISHES; index += 1) {
      await Promise.all(clients.map((group) => group.ask({ type: 'bare-arm' }, 'bare-armed')));
      const apart = Promise.all(clients.map((group) => group.next('bare-received')));
      arrivals.length = 0;
      bare.child.send({ type: 'publish-bare', payload });
      const deadline = Date.now() + 30_000;
      while (arrivals.length < 1 && Date.now() < deadline) await sleep(2);
      await bare.ask({ type: 'stop-measure' }, 'blocked');
      const there = await apart;
      const received = arrivals.length + there.reduce((sum, answer) => sum + answer.count, 0);
      if (received < CLIENTS) throw new Error(`bare: only ${received} of ${CLIENTS} received`);
      const sentAt = (JSON.parse(arrivals[0]!.data.toString('utf8')) as { sentAt: number }).sentAt;
      const last = Math.max(...there.map((answer) => answer.last), ...arrivals.map((arrival) => arrival.at));
      if (index > 0) lasts.push(last - sentAt); // 0: warm-up
      await sleep(TICK_MS);
    }
    local.terminate();
    await Promise.all(clients.map((group) => group.ask({ type: 'close-bare' }, 'bare-closed')));
    return lasts;
  } finally {
    bare.stop();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'payhub-bench-rounds-'));
chmodSync(dataDir, 0o755);
/** The server's statements per pool (bench/support/count-statements.ts writes it). */
const statementsFile = join(dataDir, 'statements.json');
/** Statements of the main pool (players' requests) and of the round clock's own pool. */
const MAIN_POOL = 'main';
const CLOCK_POOL = 'payhub-rounds-clock';
/** Waits for the counts' next write (every 100 ms), then reads them. */
async function freshCounts(): Promise<Record<string, number>> {
  await sleep(250);
  return statementCounts(statementsFile);
}
const delta = (after: Record<string, number>, before: Record<string, number>, pool: string) =>
  (after[pool] ?? 0) - (before[pool] ?? 0);
let exitCode = 1;
let app: Awaited<ReturnType<typeof startApp>> | null = null;
let observer: WebSocket | null = null;
let keepAliveTimer: NodeJS.Timeout | undefined;
let clients: Clients[] = [];
try {
  const appOptions = {
    countStatements: statementsFile,
    env: {
      ROUNDS_ENABLED: 'true',
      ROUNDS_TICK_MS: String(TICK_MS),
      ROUNDS_CRASH_BETTING_MS: String(BETTING_MS),
      ROUNDS_CRASH_GROWTH: String(GROWTH_PER_MS),
    },
  };
  app = await startApp(dataDir, appOptions);
  // BENCH_SHOW_STATEMENTS=nested: PostgreSQL times every statement of the cash-out window, those
  // inside functions too, and every function (pg_stat_statements is loaded at the server's start,
  // hence the restart); printed per cash-out after the round.
  if (SHOW_STATEMENTS) {
    const setup = new pg.Client({ connectionString: app.databaseUrl });
    await setup.connect();
    await setup.query("ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'");
    await setup.query("ALTER SYSTEM SET pg_stat_statements.track = 'all'");
    await setup.query("ALTER SYSTEM SET track_functions = 'all'");
    await setup.end();
    await stopApp(app.child);
    app = await startApp(dataDir, appOptions);
  }
  app.child.once('exit', (code, signal) => {
    if (app) console.error(`  the server exited during the run (code ${code}, signal ${signal})`);
  });
  const port = Number(new URL(app.baseUrl).port);
  const database = new pg.Client({ connectionString: app.databaseUrl });
  await database.connect();
  database.on('error', () => {});
  const tokens = await createPlayers(database);
  console.log(
    `rounds: ${CLIENTS} players connected over RSocket/WebSocket (one observer here, the others from ${CLIENT_PROCESSES} processes of clients), ${BETTORS} betting 1.00 YEC in one crash round; tick ${TICK_MS} ms, betting ${BETTING_MS / 1000} s, growth ${GROWTH_PER_MS}/ms; waiting for the hash chains (10⁶ rounds each)…`,
  );
  await waitForChains(database);
  // Production leaves the salt to an admin: the bench fixes it (a value nobody chose: the chain's own hash).
  await database.query(
    `UPDATE round_chains SET salt = encode(sha256(convert_to('bench salt:' || terminating_hash, 'UTF8')), 'hex'),
            salt_source = 'bench', salt_fixed_at = now()
      WHERE project_id = $1 AND game = 'crash' AND salt IS NULL`,
    [PROJECT_ID],
  );
  await sleep(2_000);

  const rssBefore = rssOf(app.child.pid);
  // The bettors are the funded players (the first BETTORS tokens); the observer only watches.
  const bettorShares = shares(tokens.slice(0, BETTORS), CLIENT_PROCESSES);
  const watcherShares = shares(tokens.slice(BETTORS, CLIENTS - 1), CLIENT_PROCESSES);
  const clientCounts = bettorShares.map((share, index) => share.length + watcherShares[index]!.length);
  clients = bettorShares.map(() => startClients());
  const connected = await Promise.all(
    clients.map((group, index) =>
      group.ask(
        {
          type: 'connect',
          port,
          tokens: [...bettorShares[index]!, ...watcherShares[index]!],
          bettors: bettorShares[index]!.length,
          route: RoundsRealtimeRoute.broadcast,
          keepAliveMs: KEEPALIVE_MS,
        },
        'connected',
      ),
    ),
  );
  if (connected.some((answer, index) => answer.count !== clientCounts[index]))
    throw new Error('the clients did not all connect');
  observer = await connectObserver(port, tokens[CLIENTS - 1]!);
  const keepAlive = keepAliveFrame();
  keepAliveTimer = setInterval(() => observer?.send(keepAlive), KEEPALIVE_MS);
  await sleep(3_000);
  const rssAfter = rssOf(app.child.pid);
  const kbPerConnection = (rssAfter - rssBefore) / 1024 / CLIENTS;

  // Wait for a fresh betting round whose (already fixed) crash point leaves room to measure.
  const growth = GROWTH_PER_MS;
  let round: { id: string; result: number } | null = null;
  const nextEvent = (test: (event: Record<string, unknown>) => boolean, timeoutMs: number) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no such round event in time')), timeoutMs);
      observe = (event) => {
        if (!test(event)) return;
        clearTimeout(timer);
        observe = null;
        resolve(event);
      };
    });
  const isRound = (state: string, id?: string) => (event: Record<string, unknown>) => {
    const wire = event.round as { game: string; state: string; id: string } | undefined;
    return (
      event.type === 'round' && wire?.game === 'crash' && wire.state === state && (!id || wire.id === id)
    );
  };
  for (let attempt = 0; attempt < 8 && !round; attempt += 1) {
    const opened = (await nextEvent(isRound('betting'), BETTING_MS + 120_000)).round as { id: string };
    // The bench peeks at the stored crash point to pick cash-out targets around it (players cannot).
    const stored = await database.query<{ result: number }>('SELECT result FROM rounds WHERE id = $1', [
      opened.id,
    ]);
    const result = Number(stored.rows[0]?.result);
    if (result >= MIN_CRASH_CENTS) round = { id: opened.id, result };
    else console.log(`  round ${opened.id} busts at ${(result / 100).toFixed(2)}x: waiting for the next`);
  }
  if (!round) throw new Error('no crash round above the minimum in 8 rounds');
  console.log(`  round ${round.id}: ${BETTORS} bets…`);
  const betIdShares = bettorShares.map((share) => share.map(() => randomUUID()));
  const running = nextEvent(isRound('running', round.id), BETTING_MS + 30_000);
  running.catch(() => undefined); // awaited (and reported) once the bets are answered
  // Ticks are kept from now on (the round's are picked by its id below), so a round that starts
  // while late bet answers are still arriving is measured in full.
  tickArrivals.length = 0;
  const betsCounted = await freshCounts();
  // Every client's CPU: this process's (the observer) and the processes of clients'.
  const clientsCpuMs = () => {
    const own = process.cpuUsage();
    return (own.user + own.system) / 1000 + clients.reduce((sum, { child }) => sum + cpuMsOf(child.pid), 0);
  };
  const betsCpu = cpuMsOf(app.child.pid);
  const betsDatabaseCpu = descendantsCpuMsOf(app.child.pid);
  const betsClientCpu = clientsCpuMs();
  const betsStartedAt = Date.now();
  // Each process's answers, in its bettors' order.
  const betShares = (
    await Promise.all(
      clients.map((group, index) =>
        group.ask(
          {
            type: 'bet',
            route: RoundsRealtimeRoute.crashBet,
            betIds: betIdShares[index]!,
            asset: 'YEC',
            amount: '1.00',
          },
          'bets',
        ),
      ),
    )
  ).map((answer) => answer.answers);
  const bets = betShares.flat();
  const betsCpuMs = cpuMsOf(app.child.pid) - betsCpu;
  const betsDatabaseCpuMs = descendantsCpuMsOf(app.child.pid) - betsDatabaseCpu;
  const betsClientCpuMs = clientsCpuMs() - betsClientCpu;
  const betsSeconds = (Date.now() - betsStartedAt) / 1000;
  const betsCountedAfter = await freshCounts();
  const accepted = bets.filter((bet) => bet.ok).length;
  const refusedBets = bets.filter((bet) => !bet.ok);
  if (refusedBets.length > 0)
    console.log(`  bets refused: ${refusedBets.length} (first: ${refusedBets[0]?.body})`);
  // Bet throughput: accepted bets over the time from the first sent to the last accepted answered.
  const lastAccepted = Math.max(0, ...bets.filter((bet) => bet.ok).map((bet) => bet.ms));
  const betsPerSecond = accepted / (lastAccepted / 1000);
  const runningEvent = (
    await running.catch(async (error: Error) => {
      // What the server stored, and whether the observer is still connected, before giving up.
      const stored = await database.query(
        'SELECT state, betting_ends_at, started_at, now() AS db_now FROM rounds WHERE id = $1',
        [round?.id],
      );
      console.error(
        `  no 'running' event for round ${round?.id}: stored ${JSON.stringify(stored.rows[0])}, observer socket state ${observer?.readyState}`,
      );
      throw error;
    })
  ).round as { startedAt: string };
  const startedAt = Date.parse(runningEvent.startedAt);
  // Settled (true) or not within 120 s (false; handled at once: cash-outs may outlast the wait).
  const ended = nextEvent(isRound('ended', round.id), 120_000).then(
    () => true,
    () => false,
  );
  // Targets: uniform from 1.01x to a little past the crash point (some cash-outs come too late), any
  // multiplier, not whole cents: drawn in whole cents, the ~70 players of each cent fired in the same
  // millisecond — a burst no crowd of people clicking makes (docs/decisions.md "Rounds bench: cash-outs
  // at random multipliers, not whole cents").
  const upper = Math.min(MAX_TARGET_CENTS, Math.floor(round.result * 1.05));
  if (SHOW_STATEMENTS) {
    await database.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await database.query('SELECT pg_stat_statements_reset(), pg_stat_reset()');
  }
  const cashOutsCounted = statementCounts(statementsFile);
  const cashOutsCpu = cpuMsOf(app.child.pid);
  const cashOutsDatabaseCpu = descendantsCpuMsOf(app.child.pid);
  const cashOutsClientCpu = clientsCpuMs();
  const cashOutsStartedAt = Date.now();
  const cashOutAnswers = await Promise.all(
    clients.map((group, index) =>
      group.ask(
        {
          type: 'cash-out',
          route: RoundsRealtimeRoute.crashCashOut,
          betIds: betIdShares[index]!,
          targets: betShares[index]!.map((bet) => (bet.ok ? 101 + Math.random() * (upper - 101) : null)),
          startedAt,
          growth,
        },
        'cash-outs',
      ),
    ),
  );
  const cashOuts = cashOutAnswers.flatMap((answer) => answer.answers);
  // The clients' own event loops: a late turn delays when an answer is seen (the worst process's).
  const clientLoop = {
    p99: Math.max(...cashOutAnswers.map((answer) => answer.loopDelay.p99)),
    max: Math.max(...cashOutAnswers.map((answer) => answer.loopDelay.max)),
  };
  const cashOutsCpuMs = cpuMsOf(app.child.pid) - cashOutsCpu;
  const cashOutsDatabaseCpuMs = descendantsCpuMsOf(app.child.pid) - cashOutsDatabaseCpu;
  const cashOutsClientCpuMs = clientsCpuMs() - cashOutsClientCpu;
  // BENCH_STATEMENTS_TEXTS=1: the statements sent during the cash-outs, most frequent first.
  if (process.env.BENCH_STATEMENTS_TEXTS === '1') {
    const after = await freshCounts();
    const cashOutCount = cashOuts.filter((answer) => answer !== null).length || 1;
    const rows = Object.keys(after)
      .filter((key) => key.includes(' '))
      .map((key) => [key, delta(after, cashOutsCounted, key)] as const)
      .filter(([, count]) => count > 0)
      .sort((left, right) => right[1] - left[1])
      .slice(0, 15);
    for (const [key, count] of rows) console.log(`    ${(count / cashOutCount).toFixed(2)}/cash-out  ${key}`);
  }
  if (SHOW_STATEMENTS) await showStatements(database, cashOuts.filter((answer) => answer !== null).length);
  const cashOutsSeconds = (Date.now() - cashOutsStartedAt) / 1000;
  const cashOutsCountedAfter = await freshCounts();
  // A round whose settlement outlasts the wait is reported (its open bets below), not fatal: the
  // figures of its ticks and cash-outs are already in.
  const endedInTime = await ended;
  if (!endedInTime) console.log(`  round ${round.id} not ended 120 s after it started running`);
  await sleep(1_000);

  // Ticks of the round: per tick, the latest receipt among the clients minus the server's tick time.
  const perTick = new Map<string, { serverTime: number; last: number; count: number }>();
  const deliveries: number[] = [];
  // The observer's receipts decoded here, the other clients' in their processes.
  const theirs = await Promise.all(clients.map((group) => group.ask({ type: 'ticks' }, 'ticks')));
  const tickBytes = tickArrivals.at(-1)?.data.length ?? theirs[0]?.tickBytes ?? 0;
  const receipts = [...tickReceipts(tickArrivals), ...theirs.flatMap((answer) => answer.ticks)];
  // The round's tally as its last tick carried it (the crash screen's summary line shows it).
  const lastTally = tickArrivals
    .map(({ data }) => deserializeFrame(data))
    .map((frame) =>
      frame.type === FrameTypes.PAYLOAD && frame.data
        ? (JSON.parse(frame.data.toString('utf8')) as {
            roundId: string;
            tally?: { bets: number; won: number };
          })
        : null,
    )
    .filter((tick) => tick?.roundId === round?.id)
    .at(-1)?.tally;
  for (const [at, roundId, serverTimeText] of receipts) {
    if (roundId !== round.id) continue;
    const serverTime = Date.parse(serverTimeText);
    const entry = perTick.get(serverTimeText) ?? { serverTime, last: 0, count: 0 };
    entry.last = Math.max(entry.last, at);
    entry.count += 1;
    perTick.set(serverTimeText, entry);
    deliveries.push(at - serverTime);
  }
  const complete = [...perTick.values()].filter((tick) => tick.count === CLIENTS);
  const toLast = ascending(complete.map((tick) => tick.last - tick.serverTime));
  const acks = cashOuts.filter((answer): answer is NonNullable<typeof answer> => answer !== null);
  const paid = acks.filter((answer) => answer.ok).length;
  const ackMs = ascending(acks.map((answer) => answer.ms));
  // BENCH_DUMP_CASH_OUTS=file: each acknowledgement (sent at, ms after the round's start) and each
  // tick's server time, as JSON, to see when the slow ones were sent.
  if (process.env.BENCH_DUMP_CASH_OUTS)
    writeFileSync(
      process.env.BENCH_DUMP_CASH_OUTS,
      JSON.stringify({
        startedAt,
        acks: acks.map((answer) => [answer.sentAt - startedAt, answer.ms]),
        ticks: complete.map((tick) => [tick.serverTime - startedAt, tick.last - tick.serverTime]),
      }),
    );
  const betMs = ascending(bets.map((bet) => bet.ms));
  const check = await database.query<{ open: number; held: string }>(
    `SELECT count(*) FILTER (WHERE state = 'open')::int AS open, count(*)::text AS held FROM round_bets WHERE round_id = $1`,
    [round.id],
  );
  clearInterval(keepAliveTimer);
  observer?.terminate();
  observer = null;
  await database.end();
  const stopping = app;
  app = null;
  await stopApp(stopping.child);

  const bareLasts = ascending(await bareBroadcast(tickBytes || 160, clients, clientCounts));
  const oursMedian = percentile(toLast, 0.5);
  const bareMedian = percentile(bareLasts, 0.5);
  const ratio = bareMedian / oursMedian;
  const tickP99 = percentile(toLast, 0.99);
  const ackP99 = percentile(ackMs, 0.99);

  console.log('rounds');
  console.log(
    `  round ${round.id}: crash point ${(round.result / 100).toFixed(2)}x, ${accepted} bets accepted, ${acks.length} cash-outs (${paid} paid, ${acks.length - paid} too late), ${check.rows[0]?.open} bets left open`,
  );
  console.log(
    `  ticks received by all ${CLIENTS} clients: ${complete.length} of ${perTick.size}; deliveries p50 ${percentile(ascending(deliveries), 0.5).toFixed(1)} ms; the last tick's tally: ${lastTally ? `${lastTally.bets} bets, ${lastTally.won} won` : 'none'}`,
  );
  const tickOk = line(
    'tick → last client p99',
    `${tickP99.toFixed(1)} ms`,
    `< ${TICK_P99_MS_MAX} ms`,
    tickP99 < TICK_P99_MS_MAX && complete.length > 0 && complete.length === perTick.size,
  );
  line('tick → last client p50', `${oursMedian.toFixed(1)} ms`, '-', true);
  const betsOk = line(
    'bets accepted in the betting window',
    `${accepted} of ${BETTORS}`,
    `${BETTORS}`,
    accepted === BETTORS,
  );
  const ackOk = line(
    'cash-out acknowledgement p99',
    `${ackP99.toFixed(1)} ms`,
    `< ${CASHOUT_P99_MS_MAX} ms`,
    ackP99 < CASHOUT_P99_MS_MAX,
  );
  line('cash-out acknowledgement p50', `${percentile(ackMs, 0.5).toFixed(1)} ms`, '-', true);
  line(
    "the bench's own event-loop delay p99 / max",
    `${clientLoop.p99.toFixed(1)} / ${clientLoop.max.toFixed(1)} ms`,
    '-',
    true,
  );
  line(
    'bet acknowledgement p50 / p99 (all)',
    `${percentile(betMs, 0.5).toFixed(0)} / ${percentile(betMs, 0.99).toFixed(0)} ms`,
    '-',
    true,
  );
  line(
    'bets accepted per second (window needed)',
    `${betsPerSecond.toFixed(0)}/s (${((BETTORS / betsPerSecond) * 1.2).toFixed(0)} s)`,
    `${BETTING_MS / 1000} s`,
    true,
  );
  // Load-independent figures: what a bet and a cash-out cost the server, whatever the machine's load.
  const sentCashOuts = acks.length;
  line(
    'server CPU per bet (betting phase)',
    `${((betsCpuMs * 1000) / Math.max(1, BETTORS)).toFixed(0)} µs`,
    '-',
    true,
  );
  line(
    'CPU per bet: PostgreSQL / bench clients',
    `${((betsDatabaseCpuMs * 1000) / Math.max(1, BETTORS)).toFixed(0)} / ${((betsClientCpuMs * 1000) / Math.max(1, BETTORS)).toFixed(0)} µs`,
    '-',
    true,
  );
  line(
    'statements per bet (main pool)',
    (delta(betsCountedAfter, betsCounted, MAIN_POOL) / Math.max(1, BETTORS)).toFixed(2),
    '-',
    true,
  );
  line(
    'server CPU per cash-out (ticks included)',
    `${((cashOutsCpuMs * 1000) / Math.max(1, sentCashOuts)).toFixed(0)} µs`,
    '-',
    true,
  );
  line(
    'cash-outs per second (window)',
    `${(sentCashOuts / cashOutsSeconds).toFixed(0)}/s (${cashOutsSeconds.toFixed(1)} s)`,
    '-',
    true,
  );
  // Where the two cores went while the cash-outs ran (the bench's 5,000 clients share them).
  line(
    'CPU per cash-out: PostgreSQL / bench clients',
    `${((cashOutsDatabaseCpuMs * 1000) / Math.max(1, sentCashOuts)).toFixed(0)} / ${((cashOutsClientCpuMs * 1000) / Math.max(1, sentCashOuts)).toFixed(0)} µs`,
    '-',
    true,
  );
  line(
    'statements per cash-out (main pool)',
    (delta(cashOutsCountedAfter, cashOutsCounted, MAIN_POOL) / Math.max(1, sentCashOuts)).toFixed(2),
    '-',
    true,
  );
  line(
    'clock statements/s (bets, cash-outs)',
    `${(delta(betsCountedAfter, betsCounted, CLOCK_POOL) / betsSeconds).toFixed(0)}, ${(delta(cashOutsCountedAfter, cashOutsCounted, CLOCK_POOL) / cashOutsSeconds).toFixed(0)}`,
    '-',
    true,
  );
  line('bare ws broadcast → last client p50', `${bareMedian.toFixed(1)} ms`, '-', true);
  const ratioOk = line(
    'ratio bare / ours (last client, medians)',
    ratio.toFixed(2),
    `>= ${RATIO_MIN}`,
    ratio >= RATIO_MIN,
  );
  const memoryOk = line(
    'memory per idle connection (RSS)',
    `${kbPerConnection.toFixed(1)} KB`,
    `< ${KB_PER_CONNECTION_MAX} KB`,
    kbPerConnection < KB_PER_CONNECTION_MAX,
  );
  console.log(
    `  (load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')})`,
  );
  exitCode = tickOk && ackOk && ratioOk && memoryOk && betsOk ? 0 : 1;
} catch (error) {
  console.error(`rounds bench failed: ${(error as Error).stack ?? error}`);
  exitCode = 1;
} finally {
  clearInterval(keepAliveTimer);
  observer?.terminate();
  for (const group of clients) group.stop();
  if (app) await stopApp(app.child);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

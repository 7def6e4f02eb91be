// Benchmark: the data center's group query (GET /main/promo/spaTaskDataGroup, 30-day range) on the
// real app over HTTP, after seeding 1,000,000 task events across 200 promoters in 10 groups over
// 180 local days on embedded PostgreSQL. Budget (issue 7): p95 < 150 ms.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createPayhubClient } from '@payhub/client';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { hashPassword } from '../apps/server/src/platform/auth/password.ts';
import { createInProcessBus } from '../apps/server/src/platform/bus/in-process-bus.ts';
import { ManualClock } from '../apps/server/src/platform/clock.ts';
import { openDatabase, withDatabaseName } from '../apps/server/src/platform/db/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded-postgres.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { createMemoryThrottle } from '../apps/server/src/platform/throttle.ts';
import { seed } from '../apps/server/src/seed/seed.ts';

const P95_MS_MAX = 150;
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const PROMOTERS = 200;
const GROUPS = 10;
const DAYS = 180;
const WARMUP_QUERIES = 20;
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const PASSWORD = 'bench1234';
// 2026-11-21 10:00 in Jakarta; the range is the 30 local days ending today.
const NOW = new Date('2026-11-21T03:00:00Z');

const directory = mkdtempSync(join(tmpdir(), 'payhub-bench-datacenter-'));
// As root the cluster runs as the `postgres` user, which must traverse the temporary directory.
chmodSync(directory, 0o755);
const embedded = await startEmbeddedPostgres({ directory: join(directory, 'pg'), persistent: false });
let exitCode = 1;
try {
  const admin = openDatabase(embedded.adminUrl, 1);
  await admin.pool.query('CREATE DATABASE bench');
  await admin.close();
  const database = openDatabase(withDatabaseName(embedded.adminUrl, 'bench'), 20);
  await migrate(database.pool);
  await seed(database.db, { demo: true });

  let started = performance.now();
  const passwordHash = await hashPassword(PASSWORD);
  // 200 promoters in project 12; promoter 0 of every group leads it, the others are members.
  await database.pool.query(
    `INSERT INTO users (project_id, phone, password_hash, nickname)
     SELECT 12, '8190' || lpad(i::text, 7, '0'), $1, 'Bench ' || i FROM generate_series(0, $2 - 1) i`,
    [passwordHash, PROMOTERS],
  );
  await database.pool.query(`
    CREATE TABLE bench_promoters AS
    SELECT (row_number() OVER (ORDER BY id) - 1)::int AS idx, id AS user_id FROM users WHERE phone LIKE '8190%'`);
  await database.pool.query(
    `INSERT INTO spa_profiles (user_id, spa_type, leader_level)
     SELECT user_id, 'New', CASE WHEN idx < $1 THEN 1 ELSE 0 END FROM bench_promoters`,
    [GROUPS],
  );
  await database.pool.query(
    `INSERT INTO spa_groups (project_id, name, leader_id)
     SELECT 12, 'Bench group ' || idx, user_id FROM bench_promoters WHERE idx < $1`,
    [GROUPS],
  );
  await database.pool.query(
    `ALTER TABLE bench_promoters ADD COLUMN group_id bigint;
     UPDATE bench_promoters p SET group_id = g.id
     FROM bench_promoters l JOIN spa_groups g ON g.leader_id = l.user_id
     WHERE l.idx = p.idx % ${GROUPS};
     INSERT INTO spa_members (user_id, group_id, joined_at)
     SELECT user_id, group_id, now() FROM bench_promoters WHERE idx >= ${GROUPS};`,
  );
  // Every promoter has events on every day; kinds in a mix of applications, completions, first deposits and deposits.
  await database.pool.query(
    `INSERT INTO dc_task_events (project_id, group_id, promoter_id, kind, amount, at, local_day)
     SELECT 12, p.group_id, p.user_id, e.kind,
            CASE WHEN e.kind IN (3, 4) THEN 5000000 + (i % 97) * 10000 ELSE 0 END,
            (date '2026-11-21' - (i / $3) % $1) + time '03:00' - interval '7 hours', date '2026-11-21' - (i / $3) % $1
     FROM generate_series(0, $2 - 1) i
     JOIN bench_promoters p ON p.idx = i % $3
     CROSS JOIN LATERAL (SELECT (ARRAY[1, 2, 1, 2, 3, 4, 4, 2])[1 + (i / ($3 * $1)) % 8]::smallint AS kind) e`,
    [DAYS, EVENTS, PROMOTERS],
  );
  await database.pool.query('VACUUM ANALYZE dc_task_events');
  const { rows } = await database.pool.query('SELECT count(*) AS count FROM dc_task_events');
  console.log(
    `seeded ${rows[0].count} task events, ${PROMOTERS} promoters, ${GROUPS} groups in ${Math.round(performance.now() - started)} ms`,
  );

  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: directory,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000',
    CODE_SECRET: 'bench-datacenter-code-secret-0123456789',
    CUSTODY_WEBHOOK_SECRET: 'bench-datacenter-webhook-secret-0123456789',
    TWO_FACTOR_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  });
  const app = await buildApp({
    config,
    database,
    bus: createInProcessBus(),
    throttle: createMemoryThrottle(),
    clock: new ManualClock(NOW),
    appsRoot: null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const client = createPayhubClient({ baseUrl: `http://127.0.0.1:${port}`, projectId: 12, language: 'en' });
  const session = await client.api.user.login({ body: { phone: '81900000000', password: PASSWORD } });
  client.setToken(session.token);

  const query = {
    startTime: Math.floor(Date.parse('2026-10-22T17:00:00Z') / 1000),
    endTime: Math.floor(Date.parse('2026-11-21T16:59:59Z') / 1000),
  };
  let answer = await client.api.datacenter.spaTaskDataGroup({ query });
  for (let index = 0; index < WARMUP_QUERIES; index += 1)
    await client.api.datacenter.spaTaskDataGroup({ query });
  const timings: number[] = [];
  for (let index = 0; index < QUERIES; index += 1) {
    started = performance.now();
    answer = await client.api.datacenter.spaTaskDataGroup({ query });
    timings.push(performance.now() - started);
  }
  timings.sort((left, right) => left - right);
  const at = (fraction: number) =>
    timings[Math.min(timings.length - 1, Math.ceil(fraction * timings.length) - 1)]!;
  const p95 = at(0.95);
  const plan = await database.pool.query(
    `EXPLAIN (ANALYZE, BUFFERS) SELECT local_day, promoter_id, kind, count(*), sum(amount) FROM dc_task_events
     WHERE group_id = (SELECT id FROM spa_groups WHERE name = 'Bench group 0') AND local_day BETWEEN '2026-10-23' AND '2026-11-21'
     GROUP BY local_day, promoter_id, kind`,
  );
  console.log(plan.rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n'));
  console.log(
    `group query, 30-day range (${answer.rows.length - 1} day rows, summary apply ${answer.rows[0]!.applyCount}), ${QUERIES} calls:`,
  );
  console.log(`  p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms`);
  console.log(
    `  p95 ${p95.toFixed(1)} ms  (budget < ${P95_MS_MAX} ms)  ${p95 < P95_MS_MAX ? 'ok' : 'OVER BUDGET'}`,
  );
  exitCode = p95 < P95_MS_MAX ? 0 : 1;
  await app.close();
  await database.close();
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await embedded.stop();
  rmSync(directory, { recursive: true, force: true });
}
process.exit(exitCode);

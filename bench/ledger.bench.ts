// Benchmark: posted ledger transfers per second with 32 concurrent clients, every transfer touching
// the project's one house account (house -> wallet and wallet -> house), against plain single-row
// INSERT transactions on the same database in the same run; then `npm run ledger:check` must be clean.
// Budget (issue 5): >= 1,500 transfers/s and transfers/s >= 0.4 x plain inserts/s.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLedger, type LedgerAccount } from '../apps/server/src/ledger/ledger.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { type Database, openDatabase, withDatabaseName } from '../apps/server/src/platform/db/database.ts';
import {
  type EmbeddedDatabase,
  startEmbeddedPostgres,
} from '../apps/server/src/platform/db/embedded-postgres.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';

const CLIENTS = 32;
const TRANSFERS_PER_SECOND_MIN = 1_500;
const RATIO_MIN = 0.4;
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const ROUNDS = 5;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runs `work(client, n)` from CLIENTS concurrent loops for `seconds` after a short warm-up; answers the
 * completions counted.
 */
async function run(work: (client: number, sequence: number) => Promise<void>, seconds: number) {
  let counting = false;
  let stop = false;
  let completed = 0;
  const loops = Array.from({ length: CLIENTS }, async (_, client) => {
    for (let sequence = 0; !stop; sequence += 1) {
      await work(client, sequence);
      if (counting) completed += 1;
    }
  });
  await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
  counting = true;
  const startedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  counting = false;
  const elapsed = (performance.now() - startedAt) / 1000;
  const counted = completed;
  stop = true;
  await Promise.all(loops);
  return { counted, elapsed };
}

/**
 * The machine is shared, so its load drifts: both workloads run in alternating rounds and each
 * figure is the total over its rounds, so a busy minute weighs on both sides alike.
 */
async function alternate(
  first: (client: number, sequence: number) => Promise<void>,
  second: (client: number, sequence: number) => Promise<void>,
): Promise<[number, number]> {
  const totals = [
    { counted: 0, elapsed: 0 },
    { counted: 0, elapsed: 0 },
  ];
  const roundSeconds = DURATION_SECONDS / ROUNDS;
  let offset = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, work] of [first, second].entries()) {
      const base = offset;
      const result = await run((client, sequence) => work(client, base + sequence), roundSeconds);
      totals[index]!.counted += result.counted;
      totals[index]!.elapsed += result.elapsed;
    }
    offset += 1_000_000;
  }
  return [totals[0]!.counted / totals[0]!.elapsed, totals[1]!.counted / totals[1]!.elapsed];
}

let embedded: EmbeddedDatabase | undefined;
let database: Database | undefined;
let admin: Database | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'payhub-bench-ledger-'));
const databaseName = `payhub_bench_ledger_${process.pid}`;
let exitCode = 1;
try {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    chmodSync(dataDir, 0o755);
    embedded = await startEmbeddedPostgres({ directory: join(dataDir, 'pg'), persistent: false });
    adminUrl = embedded.adminUrl;
  }
  admin = openDatabase(adminUrl, 1);
  await admin.pool.query(`CREATE DATABASE ${databaseName}`);
  const url = withDatabaseName(adminUrl, databaseName);
  database = openDatabase(url, CLIENTS);
  await migrate(database.pool);
  await database.pool.query(`
    INSERT INTO projects (id, name, logo, locale, currency, time_zone, country_code, currency_symbol, jurisdiction)
    VALUES (12, 'Bench', '', 'id-ID', 'IDR', 'Asia/Jakarta', '62', 'Rp', 'ID')`);
  const { rows: users } = await database.pool.query<{ id: string }>(`
    INSERT INTO users (project_id, phone, password_hash, nickname)
    SELECT 12, '8100' || lpad(n::text, 6, '0'), 'x', 'bench ' || n FROM generate_series(1, ${CLIENTS}) n RETURNING id`);
  await database.pool.query(
    'CREATE TABLE bench_plain (id bigserial PRIMARY KEY, client int NOT NULL, amount bigint NOT NULL)',
  );

  const ledger = createLedger(systemClock);
  const db = database.db;
  const house = await ledger.systemAccount(db, { projectId: 12, currency: 'IDR', kind: 'house' });
  const wallets: LedgerAccount[] = [];
  for (const user of users)
    wallets.push(
      await ledger.userAccount(db, {
        projectId: 12,
        currency: 'IDR',
        kind: 'player_wallet',
        ownerId: Number(user.id),
      }),
    );

  const pool = database.pool;
  const plain = async (client: number) => {
    await pool.query('INSERT INTO bench_plain (client, amount) VALUES ($1, $2)', [client, 100]);
  };
  // Even steps pay the wallet from the house, odd steps pay it back: every transfer touches the house,
  // and every debit of a wallet is guarded.
  const transfer = async (client: number, sequence: number) => {
    const wallet = wallets[client]!;
    const paying = sequence % 2 === 0;
    await ledger.transfer(db, {
      id: `bench:${client}:${sequence}`,
      debitAccountId: paying ? house.id : wallet.id,
      creditAccountId: paying ? wallet.id : house.id,
      amount: 10_000n,
      code: 'bench',
    });
  };
  const [plainPerSecond, transfersPerSecond] = await alternate(plain, transfer);

  const ratio = transfersPerSecond / plainPerSecond;
  const rateOk = transfersPerSecond >= TRANSFERS_PER_SECOND_MIN;
  const ratioOk = ratio >= RATIO_MIN;
  console.log(
    `clients: ${CLIENTS}; ${ROUNDS} alternating rounds, ${DURATION_SECONDS} s of each workload in all, ${WARMUP_SECONDS} s warm-up per round`,
  );
  console.log(`plain single-row INSERT transactions: ${plainPerSecond.toFixed(0)}/s`);
  console.log(
    `posted transfers (all touching the house account): ${transfersPerSecond.toFixed(0)}/s   budget >= ${TRANSFERS_PER_SECOND_MIN}/s   ${rateOk ? 'ok' : 'OVER BUDGET'}`,
  );
  console.log(
    `ratio transfers / inserts: ${ratio.toFixed(2)}   budget >= ${RATIO_MIN}   ${ratioOk ? 'ok' : 'OVER BUDGET'}`,
  );

  console.log('npm run ledger:check:');
  const check = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/ledger-check.cli.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  process.stdout.write(check.stdout);
  process.stderr.write(check.stderr);
  exitCode = rateOk && ratioOk && check.status === 0 ? 0 : 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await database?.close();
  await admin?.pool.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => {});
  await admin?.close();
  await embedded?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

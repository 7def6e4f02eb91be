// `npm run ledger:check`: runs the ledger invariants and every order-consistency rule against the
// database at DATABASE_URL, or the embedded one in DATA_DIR (the running server's, if it is up).
// Exits 1 when any invariant is broken. An entry point beside main.ts: it composes the modules' rules
// (invariants.ts) with the core's, which the ledger itself never imports.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './config.ts';
import { MODULE_INVARIANTS } from './invariants.ts';
import { checkLedger, formatReport } from './ledger/ledger-check.ts';
import { openDatabase } from './platform/db/database.ts';
import { startInfrastructure } from './platform/infrastructure.ts';

// The ledger check uses none of the production secrets, so it does not ask for them.
const config = loadConfig(undefined, { requireSecrets: false });
const invariants = MODULE_INVARIANTS;

/** The running embedded server's URL, read from its pid file (line 4 is the port). */
function runningEmbeddedUrl(): string | undefined {
  const pidFile = join(config.dataDir, 'pg', 'cluster', 'postmaster.pid');
  const passwordFile = join(config.dataDir, 'pg', 'password');
  if (!existsSync(pidFile) || !existsSync(passwordFile)) return undefined;
  const port = readFileSync(pidFile, 'utf8').split('\n')[3]?.trim();
  if (!port || !/^\d+$/.test(port)) return undefined;
  const password = readFileSync(passwordFile, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

const url = config.databaseUrl ?? runningEmbeddedUrl();
let ok = false;
if (url) {
  const database = openDatabase(url, 2);
  try {
    const report = await checkLedger(database.pool, invariants);
    console.log(formatReport(report));
    ok = report.ok;
  } finally {
    await database.close();
  }
} else {
  const infrastructure = await startInfrastructure(config, (line) => console.log(line));
  try {
    const report = await checkLedger(infrastructure.database.pool, invariants);
    console.log(formatReport(report));
    ok = report.ok;
  } finally {
    await infrastructure.stop();
  }
}
process.exitCode = ok ? 0 : 1;

// Start: config -> database -> buildApp -> listen. Stops cleanly on SIGINT/SIGTERM.
import { buildApp } from './app.ts';
import { type Config, developmentBanner, loadConfig } from './config.ts';
import { startChainRuntime } from './modules/chain/chain.runtime.ts';
import { type Infrastructure, startInfrastructure } from './platform/infrastructure.ts';
import {
  demoAccountsPath,
  formatDemoAccounts,
  readDemoAccounts,
  saveDemoAccounts,
} from './seed/demo-accounts-file.ts';
import { isEmpty, seed } from './seed/seed.ts';

const startedAt = Date.now();
const say = (line: string) => console.log(`[payhub] ${line}`);
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // One line naming every problem (every missing secret at once), not a stack trace.
  console.error(`[payhub] ${(error as Error).message}`);
  process.exit(1);
}
if (!config.production) console.log(developmentBanner(config));
let infrastructure: Infrastructure;
try {
  infrastructure = await startInfrastructure(config, say);
} catch (error) {
  // A start that cannot work says what to change in one line (e.g. a DATA_DIR the embedded
  // PostgreSQL cannot reach), not as a stack trace.
  console.error(`[payhub] cannot start: ${(error as Error).message}`);
  process.exit(1);
}

if (await isEmpty(infrastructure.database.db)) {
  // Demo accounts only in an explicit development mode; production seeds projects and settings.
  const demo = config.devEndpoints;
  say(
    demo
      ? 'empty database: seeding projects 10, 12, 16 and demo accounts'
      : 'empty database: seeding projects 10, 12, 16 (no demo accounts in production; `npm run seed -- --demo` adds them)',
  );
  const created = await seed(infrastructure.database.db, { demo });
  if (demo) saveDemoAccounts(config.dataDir, created);
}

// Crypto runs on the node at CHAIN_RPC_URL; outside production without one, on the embedded dev
// chain. Production without CHAIN_RPC_URL has no chain endpoints (the player app says crypto is off).
const chain =
  config.production && !config.chain.rpcUrl ? undefined : await startChainRuntime(config.chain, say);
if (!chain) say('crypto off: CHAIN_RPC_URL is not set');

const app = await buildApp({
  config,
  database: infrastructure.database,
  bus: infrastructure.bus,
  throttle: infrastructure.throttle,
  ...(infrastructure.redis ? { redis: infrastructure.redis } : {}),
  ...(config.appsDir ? { appsRoot: config.appsDir } : {}),
  ...(chain ? { chain: chain.runtime } : {}),
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  say(`${signal}: stopping`);
  try {
    await app.close();
    await chain?.stop();
    await infrastructure.stop();
  } finally {
    process.exit(0);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const accounts = readDemoAccounts(config.dataDir);
// Demo passwords stay in DATA_DIR/demo-accounts.json; the console shows them only when asked.
if (accounts.length > 0 && !config.production) {
  if (config.printDemoAccounts) console.log(formatDemoAccounts(accounts));
  else say(`demo accounts: ${demoAccountsPath(config.dataDir)} (PRINT_DEMO_ACCOUNTS=1 prints them)`);
}
say(
  `ready in ${Date.now() - startedAt} ms (${config.mode} mode): agent app http://localhost:${config.port}/  player app /play/  API docs /docs`,
);

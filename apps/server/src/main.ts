// Start: config -> database -> buildApp -> listen. Stops cleanly on SIGINT/SIGTERM.
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { startChainRuntime } from './modules/chain/chain.runtime.ts';
import { startInfrastructure } from './platform/infrastructure.ts';
import { formatDemoAccounts, readDemoAccounts, saveDemoAccounts } from './seed/demo-accounts-file.ts';
import { isEmpty, seed } from './seed/seed.ts';

const startedAt = Date.now();
const config = loadConfig();
const say = (line: string) => console.log(`[payhub] ${line}`);
const infrastructure = await startInfrastructure(config, say);

if (await isEmpty(infrastructure.database.db)) {
  say('empty database: seeding projects 10, 12, 16 and demo accounts');
  saveDemoAccounts(config.dataDir, await seed(infrastructure.database.db));
}

const chain = await startChainRuntime(config.chain, say);

const app = await buildApp({
  config,
  database: infrastructure.database,
  bus: infrastructure.bus,
  throttle: infrastructure.throttle,
  ...(infrastructure.redis ? { redis: infrastructure.redis } : {}),
  ...(config.appsDir ? { appsRoot: config.appsDir } : {}),
  chain: chain.runtime,
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  say(`${signal}: stopping`);
  try {
    await app.close();
    await chain.stop();
    await infrastructure.stop();
  } finally {
    process.exit(0);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const accounts = readDemoAccounts(config.dataDir);
if (accounts.length > 0 && !config.production) console.log(formatDemoAccounts(accounts));
say(
  `ready in ${Date.now() - startedAt} ms: agent app http://localhost:${config.port}/  player app /play/  API docs /docs`,
);

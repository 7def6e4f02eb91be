// The demo game provider (apps/demo-provider/README.md): `npm start` runs it beside the server.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRecord } from './record.ts';
import { createDemoProvider } from './server.ts';
import { createWalletClient } from './wallet-client.ts';

// biome-ignore lint/style/noProcessEnv: the demo provider reads its settings here and nowhere else.
const env = process.env;
const port = Number(env.DEMO_PROVIDER_PORT ?? 8090);
const dataDir = resolve(env.DATA_DIR ?? './data');
const walletUrl = env.DEMO_PROVIDER_WALLET_URL ?? `http://127.0.0.1:${env.PORT ?? 8080}/provider/demo`;
const keyFile = env.DEMO_PROVIDER_KEY_FILE ?? join(dataDir, 'providers/demo/private.pem');

async function privateKey(): Promise<string> {
  if (env.DEMO_PROVIDER_PRIVATE_KEY) return env.DEMO_PROVIDER_PRIVATE_KEY;
  // The server makes the development key pair on its first start; wait for it.
  for (let waited = 0; waited < 180; waited += 1) {
    if (existsSync(keyFile)) return readFileSync(keyFile, 'utf8');
    await new Promise((done) => setTimeout(done, 1000));
  }
  throw new Error(`demo provider: no private key at ${keyFile}`);
}

const log = (line: string) => console.log(`[demo-provider] ${line}`);
const wallet = createWalletClient({
  baseUrl: walletUrl,
  privateKey: await privateKey(),
  timeoutMs: Number(env.DEMO_PROVIDER_TIMEOUT_MS ?? 5000),
  faultRate: Number(env.DEMO_PROVIDER_FAULT_RATE ?? 0),
  log,
});
const record = createRecord(join(dataDir, 'providers/demo/record.jsonl'));
const ms = (name: string, fallback: number) => Number(env[name] ?? fallback);
const server = createDemoProvider({
  wallet,
  record,
  log,
  liveTiming: {
    bettingMs: ms('DEMO_PROVIDER_LIVE_BETTING_MS', 15_000),
    spinMs: ms('DEMO_PROVIDER_LIVE_SPIN_MS', 6_000),
    resultMs: ms('DEMO_PROVIDER_LIVE_RESULT_MS', 5_000),
  },
});
server.listen(port, env.DEMO_PROVIDER_HOST ?? '127.0.0.1', () =>
  log(`slot and live table at http://127.0.0.1:${port}/play, wallet ${walletUrl}`),
);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => server.close(() => process.exit(0)));

// Builds the real app on a fresh database (a copy of the migrated, seeded template) and listens
// on a free loopback port, so tests call it through packages/client exactly as the apps do.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLIENT_ID_KEY, createPayhubClient, memoryStore, type PayhubClient } from '@payhub/client';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { ChainRuntime } from '../src/modules/chain/chain.plugin.ts';
import type { Bus } from '../src/platform/bus/bus.ts';
import { createInProcessBus } from '../src/platform/bus/in-process-bus.ts';
import { createRedisBus } from '../src/platform/bus/redis-bus.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { type Database, openDatabase, withDatabaseName } from '../src/platform/db/database.ts';
import { createMemoryThrottle, createRedisThrottle } from '../src/platform/throttle.ts';
import type { DemoAccount } from '../src/seed/seed.ts';

export interface TestApp {
  app: FastifyInstance;
  baseUrl: string;
  database: Database;
  databaseUrl: string;
  clock: ManualClock;
  config: Config;
  accounts: DemoAccount[];
  /** A fresh client (its own token and client id) for a project. */
  client(projectId?: number): PayhubClient;
  /** A client, not signed in, on the demo account's own device (the one `signIn` uses). */
  deviceClient(label: string, projectId?: number): PayhubClient;
  /** A client signed in as a seeded demo account. */
  signIn(label: string, projectId?: number): Promise<PayhubClient>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Use the manual clock (default) or the system clock. */
  realClock?: boolean;
  /** Share a database created by another test app (two-node tests). */
  databaseName?: string;
  /** Namespace for Redis keys and channels; nodes of one test share it. */
  namespace?: string;
  overrides?: Partial<AppDeps>;
  /** The chain this app watches; default: the run's shared dev chain (global-setup.ts). */
  chain?: ChainRuntime;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const adminUrl = inject('adminDatabaseUrl');
  const ownsDatabase = options.databaseName === undefined;
  const name = options.databaseName ?? `payhub_t_${randomBytes(6).toString('hex')}`;
  const admin = openDatabase(adminUrl, 1);
  if (ownsDatabase) await admin.pool.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  const databaseUrl = withDatabaseName(adminUrl, name);
  const database = openDatabase(databaseUrl, 10);
  const dataDir = mkdtempSync(join(tmpdir(), 'payhub-test-data-'));
  const redisUrl = process.env.REDIS_URL;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // The round clock is off unless a test asks for it (it would build chains and tick in every app).
    ROUNDS_ENABLED: 'false',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...options.env,
  });
  const namespace = options.namespace ?? name;
  let bus: Bus;
  let redis: Redis | undefined;
  let throttle = createMemoryThrottle();
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { keyPrefix: undefined, maxRetriesPerRequest: 3 });
    bus = await createRedisBus(config.redisUrl, `payhub:${namespace}:`);
    throttle = createRedisThrottle(redis, `payhub:${namespace}:throttle:`);
  } else {
    bus = createInProcessBus();
  }
  const clock = new ManualClock(new Date());
  const app = await buildApp({
    config,
    database,
    bus,
    throttle,
    ...(redis ? { redis, rateLimitNamespace: `payhub:${namespace}:ratelimit:` } : {}),
    ...(options.realClock ? {} : { clock }),
    appsRoot: null,
    chain: options.chain ?? {
      rpcUrl: inject('chainRpcUrl'),
      tokenAddress: inject('chainTokenAddress') as `0x${string}`,
      networkName: 'Payhub dev chain (ERC-20)',
      faucetKey: inject('chainFaucetKey') as `0x${string}`,
    },
    ...options.overrides,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  const accounts = JSON.parse(inject('demoAccountsJson')) as DemoAccount[];

  const client = (projectId = 12) => createPayhubClient({ baseUrl, projectId, language: 'id-ID' });
  // Each demo account signs in from one device of its own, as a person does: signing in again is not
  // a new device (which would write a new-device notice into the inbox, issue 14).
  const devices = new Map<string, string>();
  const deviceClient = (label: string, projectId = 12) => {
    const device = `${label}:${projectId}`;
    const known = devices.get(device);
    const onDevice = createPayhubClient({
      baseUrl,
      projectId,
      language: 'id-ID',
      store: memoryStore(known ? { [CLIENT_ID_KEY]: known } : {}),
    });
    devices.set(device, onDevice.clientId);
    return onDevice;
  };
  return {
    app,
    baseUrl,
    database,
    databaseUrl,
    clock,
    config,
    accounts,
    client,
    deviceClient,
    async signIn(label, projectId = 12) {
      const account = accounts.find(
        (candidate) => candidate.label === label && candidate.projectId === projectId,
      );
      if (!account) throw new Error(`no demo account ${label} in project ${projectId}`);
      const signedIn = deviceClient(label, projectId);
      const { token } = await signedIn.api.user.login({
        body: { phone: account.phone, password: account.password },
      });
      signedIn.setToken(token);
      return signedIn;
    },
    async close() {
      await app.close();
      await bus.close();
      redis?.disconnect();
      await database.close();
      if (ownsDatabase)
        await admin.pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

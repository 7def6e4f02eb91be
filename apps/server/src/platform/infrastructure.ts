import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Bus } from './bus/bus.ts';
import { createInProcessBus } from './bus/in-process-bus.ts';
import { createRedisBus } from './bus/redis-bus.ts';
import { type Database, openDatabase } from './db/database.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { migrate } from './db/migrate.ts';
import { createMemoryThrottle, createRedisThrottle, type Throttle } from './throttle.ts';

/** The runtime components of DESIGN.md §4: embedded by default, external when the env says so. */
export interface Infrastructure {
  database: Database;
  bus: Bus;
  throttle: Throttle;
  redis: Redis | undefined;
  embedded: EmbeddedDatabase | undefined;
  stop(): Promise<void>;
}

export async function startInfrastructure(
  config: Config,
  log: (line: string) => void,
): Promise<Infrastructure> {
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      directory: join(config.dataDir, 'pg'),
      persistent: true,
      onLog: () => {},
    });
    databaseUrl = embedded.adminUrl;
    log(
      `embedded PostgreSQL listening on 127.0.0.1:${embedded.port} (data in ${join(config.dataDir, 'pg')})`,
    );
  }
  const database = openDatabase(databaseUrl, config.databasePoolMax);
  const applied = await migrate(database.pool);
  if (applied.length > 0) log(`applied migrations: ${applied.join(', ')}`);

  let redis: Redis | undefined;
  let bus: Bus;
  let throttle: Throttle;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 3 });
    bus = await createRedisBus(config.redisUrl);
    throttle = createRedisThrottle(redis);
    log('Redis bus and throttles enabled');
  } else {
    bus = createInProcessBus();
    throttle = createMemoryThrottle();
  }
  return {
    database,
    bus,
    throttle,
    redis,
    embedded,
    async stop() {
      await bus.close();
      redis?.disconnect();
      await database.close();
      await embedded?.stop();
    },
  };
}

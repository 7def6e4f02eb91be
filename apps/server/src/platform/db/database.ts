import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

/** bigint columns come back as strings by default; money code converts them with BigInt() itself. */
export type Db = NodePgDatabase;

/** The database or an open transaction: what every repo function takes. */
export type Executor = Pick<Db, 'execute'>;

/** An open transaction, as drizzle hands it to `db.transaction(tx => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The database or an open transaction, for repos that use drizzle's query builder. */
export type QueryExecutor = Db | Tx;

export interface Database {
  pool: pg.Pool;
  db: Db;
  /** The server and database this pool connects to (another pool of the same database opens it). */
  url: string;
  close(): Promise<void>;
}

/**
 * A pool of `maxConnections` connections. `applicationName` names its sessions in
 * `pg_stat_activity` (a second pool of one task, as the round clock's, is told apart by it).
 */
export function openDatabase(url: string, maxConnections = 20, applicationName?: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    idleTimeoutMillis: 30_000,
    ...(applicationName === undefined ? {} : { application_name: applicationName }),
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor one dropped while checked out between two statements (an administrator's terminate, a
  // failover, the embedded server stopping first at shutdown): pg emits that as an 'error' event on
  // the client, which the pool listens to only while the client is idle. The statement in flight, if
  // any, fails to its caller as usual, and the pool discards the dead client on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzle(pool);
  return { pool, db, url, close: () => pool.end() };
}

/** Builds a URL for another database on the same server (tests create one per file). */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

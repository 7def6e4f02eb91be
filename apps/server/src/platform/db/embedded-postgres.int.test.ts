// Proves the embedded PostgreSQL starts on another port when the one it was given is taken before it
// binds (the race between probing a port and binding it), and says why when every try fails.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startEmbeddedPostgres } from './embedded-postgres.ts';

let dataDir: string;
let taken: Server;
let takenPort: number;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'payhub-embedded-'));
  // As root the cluster runs as the `postgres` user, which must traverse the directory.
  chmodSync(dataDir, 0o755);
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  takenPort = (taken.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => taken.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it('starts on another port when its port is taken before it binds', async () => {
    const ports = [takenPort];
    const database = await startEmbeddedPostgres({
      directory: join(dataDir, 'pg'),
      persistent: true,
      choosePort: async () => ports.shift() ?? freePort(),
    });
    try {
      expect(database.port).not.toBe(takenPort);
      const client = new pg.Client({ connectionString: database.adminUrl });
      await client.connect();
      expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one).toBe(1);
      await client.end();
    } finally {
      await database.stop();
    }
  }, 120_000);

  it('gives up after three taken ports, naming what PostgreSQL said', async () => {
    await expect(
      startEmbeddedPostgres({
        directory: join(dataDir, 'pg'),
        persistent: true,
        choosePort: async () => takenPort,
      }),
    ).rejects.toThrow(/did not start: .*(could not bind|already in use|TCP\/IP)/i);
  }, 120_000);
});

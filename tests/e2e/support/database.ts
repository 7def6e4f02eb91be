// One PostgreSQL for a whole end-to-end run (embedded, or the server at DATABASE_URL) and a template
// database migrated and seeded once: each journey file's server then starts on a copy of it
// (CREATE DATABASE … TEMPLATE), instead of running initdb, every migration and the seed itself.
// Loaded by tests/e2e/run.mjs through tsx.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, withDatabaseName } from '../../../apps/server/src/platform/db/database.ts';
import {
  type EmbeddedDatabase,
  startEmbeddedPostgres,
} from '../../../apps/server/src/platform/db/embedded-postgres.ts';
import { migrate } from '../../../apps/server/src/platform/db/migrate.ts';
import { type DemoAccount, seed } from '../../../apps/server/src/seed/seed.ts';

export interface E2eDatabase {
  /** The maintenance database's URL: where each file's copy is created and dropped. */
  adminUrl: string;
  template: string;
  accounts: DemoAccount[];
  stop(): Promise<void>;
}

export async function prepareE2eDatabase(): Promise<E2eDatabase> {
  let embedded: EmbeddedDatabase | undefined;
  let directory: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    directory = mkdtempSync(join(tmpdir(), 'payhub-e2e-pg-'));
    embedded = await startEmbeddedPostgres({ directory, persistent: false });
    adminUrl = embedded.adminUrl;
  }
  const template = `payhub_e2e_template_${process.pid}_${Date.now()}`;
  const admin = openDatabase(adminUrl, 2);
  await admin.pool.query(`CREATE DATABASE ${template}`);
  const templateDb = openDatabase(withDatabaseName(adminUrl, template), 4);
  let accounts: DemoAccount[];
  try {
    await migrate(templateDb.pool);
    accounts = await seed(templateDb.db, { demo: true });
  } finally {
    await templateDb.close();
  }
  return {
    adminUrl,
    template,
    accounts,
    async stop() {
      await admin.pool.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => {});
      await admin.close();
      await embedded?.stop();
      if (directory) rmSync(directory, { recursive: true, force: true });
    },
  };
}

// One PostgreSQL for a whole test run (embedded, or the server at DATABASE_URL) and a template
// database migrated and seeded once: each test file (global-setup.ts) or each end-to-end journey
// file's server (tests/e2e/run.mjs, through tsx) works on a copy of it (CREATE DATABASE … TEMPLATE),
// instead of running initdb, every migration and the seed itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, withDatabaseName } from '../src/platform/db/database.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/platform/db/embedded-postgres.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { type DemoAccount, seed } from '../src/seed/seed.ts';

export interface TemplateDatabase {
  /** The maintenance database's URL: where each file's copy is created and dropped. */
  adminUrl: string;
  template: string;
  accounts: DemoAccount[];
  stop(): Promise<void>;
}

/** `name` prefixes the template's name (it shows which run made it on a shared server). */
export async function prepareTemplateDatabase(name: string): Promise<TemplateDatabase> {
  let embedded: EmbeddedDatabase | undefined;
  let directory: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    directory = mkdtempSync(join(tmpdir(), `${name}-pg-`));
    embedded = await startEmbeddedPostgres({ directory, persistent: false });
    adminUrl = embedded.adminUrl;
  }
  const template = `${name.replaceAll('-', '_')}_template_${process.pid}_${Date.now()}`;
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

// Starts one PostgreSQL for the whole run (embedded, or the server at DATABASE_URL), builds a
// template database with every migration and the seed, and hands its name to the test files.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config.ts';
import { startDevChain } from '../src/modules/chain/dev-chain.ts';
import { openDatabase, withDatabaseName } from '../src/platform/db/database.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/platform/db/embedded-postgres.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { seed } from '../src/seed/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
    demoAccountsJson: string;
    /** The shared dev chain (chain tests that mine or revert start their own). */
    chainRpcUrl: string;
    chainTokenAddress: string;
    chainFaucetKey: string;
  }
}

/** The config's default dev mnemonic (config.ts CHAIN_DEV_MNEMONIC). */
const DEV_MNEMONIC = loadConfig({ NODE_ENV: 'test' }).chain.devMnemonic ?? '';

export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let directory: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    directory = mkdtempSync(join(tmpdir(), 'payhub-test-pg-'));
    embedded = await startEmbeddedPostgres({ directory, persistent: false });
    adminUrl = embedded.adminUrl;
  }
  const chain = await startDevChain({ mnemonic: DEV_MNEMONIC });
  const template = `payhub_template_${process.pid}_${Date.now()}`;
  const admin = openDatabase(adminUrl, 2);
  await admin.pool.query(`CREATE DATABASE ${template}`);
  const templateDb = openDatabase(withDatabaseName(adminUrl, template), 4);
  await migrate(templateDb.pool);
  const accounts = await seed(templateDb.db, { demo: true });
  await templateDb.close();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);
  project.provide('demoAccountsJson', JSON.stringify(accounts));
  project.provide('chainRpcUrl', chain.rpcUrl);
  project.provide('chainTokenAddress', chain.tokenAddress);
  project.provide('chainFaucetKey', chain.faucetKey);

  return async () => {
    await chain.close();
    await admin.pool.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => {});
    await admin.close();
    await embedded?.stop();
    if (directory) rmSync(directory, { recursive: true, force: true });
  };
}

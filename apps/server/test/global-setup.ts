// Starts one PostgreSQL for the whole run (embedded, or the server at DATABASE_URL), builds a
// template database with every migration and the seed, and hands its name to the test files.
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config.ts';
import { startDevChain } from '../src/modules/chain/dev-chain.ts';
import { prepareTemplateDatabase } from './template-database.ts';

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
  const database = await prepareTemplateDatabase('payhub-test');
  const chain = await startDevChain({ mnemonic: DEV_MNEMONIC });

  project.provide('adminDatabaseUrl', database.adminUrl);
  project.provide('templateDatabase', database.template);
  project.provide('demoAccountsJson', JSON.stringify(database.accounts));
  project.provide('chainRpcUrl', chain.rpcUrl);
  project.provide('chainTokenAddress', chain.tokenAddress);
  project.provide('chainFaucetKey', chain.faucetKey);

  return async () => {
    await chain.close();
    await database.stop();
  };
}

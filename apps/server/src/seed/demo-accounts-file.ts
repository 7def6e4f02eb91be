import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DemoAccount } from './seed.ts';

/** The demo accounts live in DATA_DIR/demo-accounts.json: passwords are random per installation. */
export function demoAccountsPath(dataDir: string): string {
  return join(dataDir, 'demo-accounts.json');
}

export function readDemoAccounts(dataDir: string): DemoAccount[] {
  const path = demoAccountsPath(dataDir);
  if (!existsSync(path)) return [];
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as DemoAccount[];
  } catch {
    return [];
  }
}

/** Merges newly created accounts into the file (by project and label). */
export function saveDemoAccounts(dataDir: string, created: DemoAccount[]): DemoAccount[] {
  const merged = new Map(
    readDemoAccounts(dataDir).map((account) => [`${account.projectId}:${account.label}`, account]),
  );
  for (const account of created) merged.set(`${account.projectId}:${account.label}`, account);
  const accounts = [...merged.values()].sort((a, b) => a.projectId - b.projectId);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(demoAccountsPath(dataDir), `${JSON.stringify(accounts, null, 2)}\n`, { mode: 0o600 });
  return accounts;
}

export function formatDemoAccounts(accounts: DemoAccount[]): string {
  const lines = accounts.map(
    (account) =>
      `  project ${account.projectId}  ${account.label.padEnd(16)} phone ${account.phone.padEnd(12)} password ${account.password}`,
  );
  return ['Demo accounts (also in demo-accounts.json):', ...lines].join('\n');
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { e2eDataDir } from './env.ts';

export type DemoLabel =
  | 'no-spa'
  | 'cs'
  | 'hr'
  | 'promoter'
  | 'leader'
  | 'operator-manage'
  | 'operator'
  | 'admin';
export type ProjectId = 10 | 12 | 16;

export interface DemoAccount {
  projectId: number;
  label: DemoLabel;
  spaType: string | null;
  spaPay: 'yes' | 'no';
  leaderLevel: number;
  paymentRole: string | null;
  phone: string;
  password: string;
}

/** The seeded demo accounts of the e2e server (DATA_DIR/demo-accounts.json). */
export function readDemoAccounts(): DemoAccount[] {
  return JSON.parse(readFileSync(join(e2eDataDir(), 'demo-accounts.json'), 'utf8')) as DemoAccount[];
}

export function demoAccount(label: DemoLabel, projectId: ProjectId): DemoAccount {
  const account = readDemoAccounts().find((item) => item.label === label && item.projectId === projectId);
  if (!account) throw new Error(`no demo account ${label} in project ${projectId}`);
  return account;
}

/** The operator console's demo staff (seed.ts: one `staff-<role>` per role; `admin` is the console admin). */
export type StaffLabel =
  | 'admin'
  | 'staff-support'
  | 'staff-payments'
  | 'staff-compliance'
  | 'staff-finance'
  | 'staff-content';

/** Any seeded account by its label (staff, players and the agent roles). */
export function seededAccount(
  label: StaffLabel | 'player' | 'player-2' | 'operator-2' | DemoLabel,
  projectId: ProjectId,
) {
  const account = readDemoAccounts().find(
    (item) => (item.label as string) === label && item.projectId === projectId,
  );
  if (!account) throw new Error(`no demo account ${label} in project ${projectId}`);
  return account;
}

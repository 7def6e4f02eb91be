// What the ledger's batch tests share (ledger.holds, ledger.pending-holds): seeded players of a
// project with a funded wallet and an escrow of their own, an account's guarded state, the check.
import type { Asset } from '@payhub/contracts';
import type { TestApp } from '../../test/test-app.ts';
import { accounts, type Ledger, type LedgerAccount } from './ledger.ts';
import { checkLedger, formatReport } from './ledger-check.ts';

export interface PlayerAccounts {
  wallet: LedgerAccount;
  escrow: LedgerAccount;
}

/**
 * The first `count` seeded players of `project`, each with a wallet of `asset` funded with 1,000
 * minor units from the bank (transfer ids `<tag>-fund-<n>`) and an escrow named `<tag>-p<player>`.
 */
export async function fundedPlayers(
  testApp: TestApp,
  ledger: Ledger,
  options: { project: number; asset: Asset; count: number; tag: string },
): Promise<PlayerAccounts[]> {
  const { project, asset, tag } = options;
  const db = testApp.database.db;
  const { rows } = await testApp.database.pool.query<{ id: string }>(
    'SELECT id FROM users WHERE project_id = $1 ORDER BY id LIMIT $2',
    [project, options.count],
  );
  const bank = await ledger.account(db, accounts.custody(project, asset));
  const players: PlayerAccounts[] = [];
  for (const [index, row] of rows.entries()) {
    const wallet = await ledger.account(db, accounts.player(project, Number(row.id), asset));
    const escrow = await ledger.account(db, accounts.gameEscrow(project, `${tag}-p${row.id}`, asset));
    players.push({ wallet, escrow });
    await ledger.transfer(db, {
      id: `${tag}-fund-${index}`,
      debitAccountId: bank.id,
      creditAccountId: wallet.id,
      amount: 1_000n,
      code: 'test',
    });
  }
  return players;
}

/** An account's balance, held debits and version as the database has them now. */
export async function accountState(
  testApp: TestApp,
  id: bigint,
): Promise<{ balance: bigint; pending: bigint; version: bigint }> {
  const { rows } = await testApp.database.pool.query<{ balance: string; pending: string; version: string }>(
    'SELECT balance::text, pending_debits::text AS pending, version::text FROM ledger_accounts WHERE id = $1',
    [id.toString()],
  );
  const row = rows[0]!;
  return { balance: BigInt(row.balance), pending: BigInt(row.pending), version: BigInt(row.version) };
}

/** `npm run ledger:check`'s checks of the ledger's own tables: throws the report unless clean. */
export async function expectLedgerCheckClean(testApp: TestApp): Promise<void> {
  const report = await checkLedger(testApp.database.pool);
  if (!report.ok) throw new Error(formatReport(report));
}

import type { Asset } from '@payhub/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';

/** The database or an open transaction. */
type Raw = Record<string, unknown>;

export interface WalletAccountRow {
  id: bigint;
  asset: Asset;
  balance: bigint;
  held: bigint;
}

export interface HistoryEntryRow {
  id: bigint;
  asset: Asset;
  code: string;
  amount: bigint;
  balanceAfter: bigint | null;
  referenceType: string | null;
  referenceId: string | null;
  createdAt: Date;
}

export interface HistoryQuery {
  accountIds: bigint[];
  /** Only these transfer codes (a type filter); `undefined` means every code. */
  codes?: string[] | undefined;
  /** Every code except these (the `other` filter). */
  notCodes?: string[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Entries with an id below this one (the keyset cursor). */
  before?: bigint | undefined;
  limit: number;
}

/** The only SQL of the wallet: the player's accounts and their entries. */
export function createWalletRepo(db: Db) {
  return {
    db: db as Executor,
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => action(tx));
    },

    /** The player's wallet accounts (guarded: balance and holds are on the row). */
    async accounts(executor: Executor, projectId: number, playerId: number): Promise<WalletAccountRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT id, currency, balance, pending_debits FROM ledger_accounts
         WHERE project_id = ${projectId} AND owner_id = ${playerId} AND kind = 'player_wallet'`);
      return result.rows.map((row) => ({
        id: BigInt(row.id as string),
        asset: row.currency as Asset,
        balance: BigInt(row.balance as string),
        held: BigInt(row.pending_debits as string),
      }));
    },

    /**
     * A keyset page of entries, newest first: `id < before` on the entries' (account_id, id) key,
     * never an offset. The transfer gives the code and the business object.
     */
    async entries(executor: Executor, query: HistoryQuery): Promise<HistoryEntryRow[]> {
      if (query.accountIds.length === 0) return [];
      const conditions: SQL[] = [sql`e.account_id = ANY(${`{${query.accountIds.join(',')}}`}::bigint[])`];
      if (query.before !== undefined) conditions.push(sql`e.id < ${query.before.toString()}::bigint`);
      if (query.from) conditions.push(sql`e.created_at >= ${query.from}`);
      if (query.to) conditions.push(sql`e.created_at < ${query.to}`);
      if (query.codes) conditions.push(sql`t.code = ANY(${`{${query.codes.join(',')}}`}::text[])`);
      if (query.notCodes) conditions.push(sql`t.code <> ALL(${`{${query.notCodes.join(',')}}`}::text[])`);
      const result = await executor.execute<Raw>(sql`
        SELECT e.id, e.currency, t.code, e.amount, e.balance_after, t.reference_type, t.reference_id,
               e.created_at
          FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
         WHERE ${sql.join(conditions, sql` AND `)}
         ORDER BY e.id DESC
         LIMIT ${query.limit}`);
      return result.rows.map((row) => ({
        id: BigInt(row.id as string),
        asset: row.currency as Asset,
        code: row.code as string,
        amount: BigInt(row.amount as string),
        balanceAfter: row.balance_after === null ? null : BigInt(row.balance_after as string),
        referenceType: (row.reference_type as string | null) ?? null,
        referenceId: (row.reference_id as string | null) ?? null,
        createdAt: new Date(row.created_at as string),
      }));
    },

    async gameAsset(executor: Executor, projectId: number): Promise<Asset | null> {
      const result = await executor.execute<Raw>(
        sql`SELECT game_asset FROM wallet_settings WHERE project_id = ${projectId}`,
      );
      return (result.rows[0]?.game_asset as Asset | undefined) ?? null;
    },

    async saveGameAsset(executor: Executor, projectId: number, asset: Asset, at: Date): Promise<void> {
      await executor.execute(sql`
        INSERT INTO wallet_settings (project_id, game_asset, updated_at) VALUES (${projectId}, ${asset}, ${at})
        ON CONFLICT (project_id) DO UPDATE SET game_asset = EXCLUDED.game_asset, updated_at = EXCLUDED.updated_at`);
    },
  };
}
export type WalletRepo = ReturnType<typeof createWalletRepo>;

import type { Asset } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';

/** The database or an open transaction. */
type Raw = Record<string, unknown>;

/**
 * The wallet's own SQL: its settings. Balances and history are the ledger's (`ledger.ownedAccounts`,
 * `ledger.entryPage`): the wallet reads them through the ledger, never its tables.
 */
export function createWalletRepo(db: Db) {
  return {
    db: db as Executor,
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => action(tx));
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

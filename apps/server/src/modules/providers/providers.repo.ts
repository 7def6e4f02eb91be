import type { Asset } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';

/** The database or an open transaction. */
/** The platform's one executor type, re-exported for this module's services. */
export type { Executor };

type Raw = Record<string, unknown>;

export interface ProviderSessionRow {
  token: string;
  providerId: string;
  projectId: number;
  userId: number;
  asset: Asset;
  gameCode: string;
  expiresAt: Date;
}

export type ProviderTxKind = 'bet' | 'win' | 'rollback' | 'tombstone';

export interface ProviderTxRow {
  providerId: string;
  transactionUuid: string;
  kind: ProviderTxKind;
  projectId: number;
  userId: number;
  asset: Asset;
  round: string;
  gameCode: string;
  referenceUuid: string | null;
  amount: bigint;
  rolledBack: boolean;
  requestHash: string;
  answer: Record<string, unknown>;
  createdAt: Date;
}

function toTx(row: Raw): ProviderTxRow {
  return {
    providerId: row.provider_id as string,
    transactionUuid: row.transaction_uuid as string,
    kind: row.kind as ProviderTxKind,
    projectId: Number(row.project_id),
    userId: Number(row.user_id),
    asset: row.asset as Asset,
    round: row.round as string,
    gameCode: row.game_code as string,
    referenceUuid: (row.reference_uuid as string | null) ?? null,
    amount: BigInt(row.amount as string),
    rolledBack: row.rolled_back as boolean,
    requestHash: row.request_hash as string,
    answer: row.answer as Record<string, unknown>,
    createdAt: new Date(row.created_at as string),
  };
}

const TX_COLUMNS = sql`provider_id, transaction_uuid, kind, project_id, user_id, asset, round, game_code,
  reference_uuid, amount::text AS amount, rolled_back, request_hash, answer, created_at`;

/**
 * The only SQL of the providers module (its tables: provider_sessions, provider_transactions,
 * provider_settings, provider_favourites).
 */
export function createProvidersRepo(db: Db) {
  return {
    db: db as Executor,
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => action(tx));
    },

    async createSession(executor: Executor, row: ProviderSessionRow, at: Date): Promise<void> {
      await executor.execute(sql`
        INSERT INTO provider_sessions (token, provider_id, project_id, user_id, asset, game_code, created_at, expires_at)
        VALUES (${row.token}, ${row.providerId}, ${row.projectId}, ${row.userId}, ${row.asset}, ${row.gameCode}, ${at}, ${row.expiresAt})`);
    },

    async session(executor: Executor, providerId: string, token: string): Promise<ProviderSessionRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT token, provider_id, project_id, user_id, asset, game_code, expires_at
          FROM provider_sessions WHERE token = ${token} AND provider_id = ${providerId}`);
      const row = result.rows[0];
      if (!row) return null;
      return {
        token: row.token as string,
        providerId: row.provider_id as string,
        projectId: Number(row.project_id),
        userId: Number(row.user_id),
        asset: row.asset as Asset,
        gameCode: row.game_code as string,
        expiresAt: new Date(row.expires_at as string),
      };
    },

    /**
     * Claims a transaction id: inserts the row, or (when the id exists) waits for the transaction
     * that wrote it and answers the stored row, locked. `claimed` tells which.
     */
    async claim(
      executor: Executor,
      row: Omit<ProviderTxRow, 'rolledBack' | 'createdAt'>,
      at: Date,
    ): Promise<{ claimed: true } | { claimed: false; existing: ProviderTxRow }> {
      const inserted = await executor.execute<Raw>(sql`
        INSERT INTO provider_transactions (provider_id, transaction_uuid, kind, project_id, user_id, asset, round,
          game_code, reference_uuid, amount, request_hash, answer, created_at)
        VALUES (${row.providerId}, ${row.transactionUuid}, ${row.kind}, ${row.projectId}, ${row.userId}, ${row.asset},
          ${row.round}, ${row.gameCode}, ${row.referenceUuid}, ${row.amount.toString()}::numeric, ${row.requestHash},
          ${JSON.stringify(row.answer)}::jsonb, ${at})
        ON CONFLICT (provider_id, transaction_uuid) DO NOTHING
        RETURNING transaction_uuid`);
      if (inserted.rows.length > 0) return { claimed: true };
      const existing = await this.lockTx(executor, row.providerId, row.transactionUuid);
      if (!existing) throw new Error(`provider transaction ${row.transactionUuid} vanished`);
      return { claimed: false, existing };
    },

    async lockTx(executor: Executor, providerId: string, uuid: string): Promise<ProviderTxRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${TX_COLUMNS} FROM provider_transactions
         WHERE provider_id = ${providerId} AND transaction_uuid = ${uuid} FOR UPDATE`);
      return result.rows[0] ? toTx(result.rows[0]) : null;
    },

    async saveAnswer(executor: Executor, providerId: string, uuid: string, answer: unknown): Promise<void> {
      await executor.execute(sql`
        UPDATE provider_transactions SET answer = ${JSON.stringify(answer)}::jsonb
         WHERE provider_id = ${providerId} AND transaction_uuid = ${uuid}`);
    },

    async markRolledBack(executor: Executor, providerId: string, uuid: string): Promise<void> {
      await executor.execute(sql`
        UPDATE provider_transactions SET rolled_back = true
         WHERE provider_id = ${providerId} AND transaction_uuid = ${uuid}`);
    },

    async winsOf(executor: Executor, providerId: string, betUuid: string): Promise<number> {
      const result = await executor.execute<Raw>(sql`
        SELECT count(*)::int AS n FROM provider_transactions
         WHERE provider_id = ${providerId} AND reference_uuid = ${betUuid} AND kind = 'win'`);
      return Number(result.rows[0]?.n ?? 0);
    },

    /** The player's favourites as `providerId:gameCode`. */
    async favourites(executor: Executor, userId: number): Promise<Set<string>> {
      const result = await executor.execute<Raw>(sql`
        SELECT provider_id, game_code FROM provider_favourites WHERE user_id = ${userId}`);
      return new Set(result.rows.map((row) => `${row.provider_id as string}:${row.game_code as string}`));
    },

    /**
     * Marks a favourite (false when the player already has `max`) or unmarks it. Serialised per
     * player by a transaction-scoped advisory lock, so parallel marks cannot pass the cap.
     */
    async setFavourite(
      executor: Executor,
      input: {
        userId: number;
        providerId: string;
        gameCode: string;
        favourite: boolean;
        max: number;
        at: Date;
      },
    ): Promise<boolean> {
      if (!input.favourite) {
        await executor.execute(sql`
          DELETE FROM provider_favourites
          WHERE user_id = ${input.userId} AND provider_id = ${input.providerId} AND game_code = ${input.gameCode}`);
        return true;
      }
      await executor.execute(sql`SELECT pg_advisory_xact_lock(${0x5046_4156}, ${input.userId})`);
      const result = await executor.execute<Raw>(sql`
        INSERT INTO provider_favourites (user_id, provider_id, game_code, created_at)
        SELECT ${input.userId}, ${input.providerId}, ${input.gameCode}, ${input.at}
        WHERE (SELECT count(*) FROM provider_favourites WHERE user_id = ${input.userId}) < ${input.max}
        ON CONFLICT (user_id, provider_id, game_code) DO NOTHING
        RETURNING 1`);
      if (result.rows.length > 0) return true;
      // Nothing inserted: already a favourite (fine), or the cap reached.
      const present = await executor.execute<Raw>(sql`
        SELECT 1 FROM provider_favourites
        WHERE user_id = ${input.userId} AND provider_id = ${input.providerId} AND game_code = ${input.gameCode}`);
      return present.rows.length > 0;
    },

    async enabled(executor: Executor, projectId: number, providerId: string): Promise<boolean> {
      const result = await executor.execute<Raw>(sql`
        SELECT enabled FROM provider_settings WHERE project_id = ${projectId} AND provider_id = ${providerId}`);
      return result.rows[0] ? (result.rows[0].enabled as boolean) : true;
    },

    /**
     * Whether the provider is on, with its row locked until the transaction ends (a switch reads its
     * "before" under it). A project without a row has it on; the row is written as such first, so
     * there is always a row to lock and two first switches at once wait for each other.
     */
    async lockEnabled(executor: Executor, projectId: number, providerId: string, at: Date): Promise<boolean> {
      await executor.execute(sql`
        INSERT INTO provider_settings (project_id, provider_id, enabled, updated_at)
        VALUES (${projectId}, ${providerId}, true, ${at}) ON CONFLICT (project_id, provider_id) DO NOTHING`);
      const result = await executor.execute<Raw>(sql`
        SELECT enabled FROM provider_settings WHERE project_id = ${projectId} AND provider_id = ${providerId}
           FOR UPDATE`);
      return result.rows[0]!.enabled as boolean;
    },

    async setEnabled(executor: Executor, projectId: number, providerId: string, enabled: boolean, at: Date) {
      await executor.execute(sql`
        INSERT INTO provider_settings (project_id, provider_id, enabled, updated_at)
        VALUES (${projectId}, ${providerId}, ${enabled}, ${at})
        ON CONFLICT (project_id, provider_id) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = EXCLUDED.updated_at`);
    },

    /** One provider's transactions of a project between two instants (the daily report). */
    /**
     * Which of `userIds` (the provider's own record names them) are players of the project with
     * this provider: those who ever held one of its sessions here (every call of theirs needed one).
     */
    async sessionUsers(
      executor: Executor,
      providerId: string,
      projectId: number,
      userIds: readonly number[],
    ): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const result = await executor.execute<Raw>(sql`
        SELECT DISTINCT user_id FROM provider_sessions
         WHERE provider_id = ${providerId} AND project_id = ${projectId}
           AND user_id = ANY(${`{${userIds.join(',')}}`}::bigint[])`);
      return new Set(result.rows.map((row) => Number(row.user_id)));
    },

    async transactionsBetween(
      executor: Executor,
      providerId: string,
      projectId: number,
      from: Date,
      to: Date,
    ): Promise<ProviderTxRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${TX_COLUMNS} FROM provider_transactions
         WHERE provider_id = ${providerId} AND project_id = ${projectId} AND created_at >= ${from} AND created_at < ${to}
         ORDER BY created_at, transaction_uuid`);
      return result.rows.map(toTx);
    },
  };
}
export type ProvidersRepo = ReturnType<typeof createProvidersRepo>;

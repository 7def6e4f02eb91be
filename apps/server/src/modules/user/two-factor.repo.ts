import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';
import { retryTransaction } from '../../platform/db/retry.ts';

export interface TwoFactorRow {
  userId: number;
  secretSealed: string;
  enabledAt: Date | null;
  lastStep: number | null;
  recoveryHashes: string[];
  failures: number;
  lockedUntil: Date | null;
}

type Raw = Record<string, unknown>;

function rowOf(row: Raw): TwoFactorRow {
  return {
    userId: Number(row.user_id),
    secretSealed: row.secret_sealed as string,
    enabledAt: row.enabled_at ? new Date(row.enabled_at as string) : null,
    lastStep: row.last_step === null ? null : Number(row.last_step),
    recoveryHashes: (row.recovery_hashes as string[] | null) ?? [],
    failures: Number(row.failures),
    lockedUntil: row.locked_until ? new Date(row.locked_until as string) : null,
  };
}

/** The two-factor table (migration 0641). */
export function createTwoFactorRepo(db: Db) {
  return {
    db: db as Executor,
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return retryTransaction(() => db.transaction(async (tx) => action(tx)));
    },
    async row(executor: Executor, userId: number, lock = false): Promise<TwoFactorRow | null> {
      const result = await executor.execute<Raw>(
        sql`SELECT * FROM user_two_factor WHERE user_id = ${userId} ${lock ? sql`FOR UPDATE` : sql``}`,
      );
      return result.rows[0] ? rowOf(result.rows[0]) : null;
    },
    /** A new enrolment (replacing one not confirmed). */
    async start(executor: Executor, userId: number, secretSealed: string, at: Date): Promise<void> {
      await executor.execute(sql`
        INSERT INTO user_two_factor (user_id, secret_sealed, created_at) VALUES (${userId}, ${secretSealed}, ${at})
        ON CONFLICT (user_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, created_at = EXCLUDED.created_at,
          enabled_at = NULL, last_step = NULL, recovery_hashes = '{}', failures = 0, locked_until = NULL
        WHERE user_two_factor.enabled_at IS NULL`);
    },
    async enable(executor: Executor, userId: number, step: number, hashes: string[], at: Date) {
      await executor.execute(sql`
        UPDATE user_two_factor SET enabled_at = ${at}, last_step = ${step}, failures = 0, locked_until = NULL,
               recovery_hashes = string_to_array(${hashes.join(',')}, ',')
         WHERE user_id = ${userId}`);
    },
    async accepted(executor: Executor, userId: number, step: number | null, usedRecovery: string | null) {
      await executor.execute(sql`
        UPDATE user_two_factor SET failures = 0, locked_until = NULL,
               last_step = COALESCE(${step}, last_step),
               recovery_hashes = array_remove(recovery_hashes, ${usedRecovery})
         WHERE user_id = ${userId}`);
    },
    async failed(executor: Executor, userId: number, lockedUntil: Date | null) {
      await executor.execute(sql`
        UPDATE user_two_factor SET failures = CASE WHEN ${lockedUntil}::timestamptz IS NULL THEN failures + 1 ELSE 0 END,
               locked_until = COALESCE(${lockedUntil}::timestamptz, locked_until)
         WHERE user_id = ${userId}`);
    },
    async remove(executor: Executor, userId: number): Promise<void> {
      await executor.execute(sql`DELETE FROM user_two_factor WHERE user_id = ${userId}`);
    },
  };
}

export type TwoFactorRepo = ReturnType<typeof createTwoFactorRepo>;

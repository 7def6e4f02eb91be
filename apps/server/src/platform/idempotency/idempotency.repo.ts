import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';

export interface StoredKey {
  operation: string;
  requestHash: string;
  response: unknown;
}

export const idempotencyRepo = {
  /** Claims the key; a concurrent claim of the same key waits here until the first one commits. */
  async claim(
    executor: Executor,
    row: { userId: number; key: string; operation: string; requestHash: string; at: Date },
  ): Promise<boolean> {
    const result = await executor.execute(sql`
      INSERT INTO idempotency_keys (user_id, key, operation, request_hash, created_at)
      VALUES (${row.userId}, ${row.key}, ${row.operation}, ${row.requestHash}, ${row.at.toISOString()}::timestamptz)
      ON CONFLICT DO NOTHING RETURNING key`);
    return result.rows.length === 1;
  },
  async find(executor: Executor, userId: number, key: string): Promise<StoredKey | null> {
    const result = await executor.execute<{ operation: string; request_hash: string; response: unknown }>(sql`
      SELECT operation, request_hash, response FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key}`);
    const row = result.rows[0];
    return row ? { operation: row.operation, requestHash: row.request_hash, response: row.response } : null;
  },
  async complete(executor: Executor, userId: number, key: string, response: unknown): Promise<void> {
    await executor.execute(sql`
      UPDATE idempotency_keys SET response = ${JSON.stringify(response)}::jsonb
       WHERE user_id = ${userId} AND key = ${key}`);
  },
};

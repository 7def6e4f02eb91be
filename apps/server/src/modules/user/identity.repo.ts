import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';

export interface IdentityRow {
  userId: number;
  fullName: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  tier: number;
}

/**
 * "May play for real money" as an SQL boolean expression for a caller's single statement
 * (parameters from `$offset+1`): no declared birth date after `cutoff` ('YYYY-MM-DD', compared as
 * text exactly as `ageOn` compares the parts). No identity row: allowed, as `underAge` answers —
 * unless `declarationRequired` (a licensed project), then a declared birth date on or before
 * `cutoff` must exist.
 */
export function mayPlaySql(
  userId: number,
  cutoff: string,
  declarationRequired: boolean,
  offset: number,
): { text: string; values: unknown[] } {
  const ofAge = `FROM user_identity WHERE user_id = $${offset + 1}::bigint AND to_char(birth_date, 'YYYY-MM-DD')`;
  return {
    text: declarationRequired
      ? `EXISTS (SELECT 1 ${ofAge} <= $${offset + 2}::text)`
      : `NOT EXISTS (SELECT 1 ${ofAge} > $${offset + 2}::text)`,
    values: [userId, cutoff],
  };
}

/**
 * `mayPlaySql` of several players at once as an SQL boolean[] expression (one per player, in order;
 * parameters from `$offset+1`, three arrays): its text does not depend on how many there are.
 */
export function mayPlayAllSql(
  players: ReadonlyArray<{ userId: number; cutoff: string; declarationRequired: boolean }>,
  offset: number,
): { text: string; values: unknown[] } {
  const p = (index: number) => `$${offset + index}`;
  const declared = (comparison: string) =>
    `(SELECT 1 FROM user_identity u WHERE u.user_id = i.user_id AND to_char(u.birth_date, 'YYYY-MM-DD') ${comparison} i.cutoff)`;
  return {
    text: `(SELECT array_agg(CASE WHEN i.required THEN EXISTS ${declared('<=')} ELSE NOT EXISTS ${declared('>')} END
                     ORDER BY i.ord)
              FROM unnest(${p(1)}::bigint[], ${p(2)}::text[], ${p(3)}::boolean[])
                   WITH ORDINALITY AS i(user_id, cutoff, required, ord))`,
    values: [
      players.map((player) => player.userId),
      players.map((player) => player.cutoff),
      players.map((player) => player.declarationRequired),
    ],
  };
}

/** The identity table (migration 0644). */
export function createIdentityRepo(db: Db) {
  return {
    /** In `executor` (a caller's open transaction) when given: no second connection while it holds one. */
    async find(userId: number, executor: Executor = db): Promise<IdentityRow | null> {
      const result = await executor.execute<Record<string, unknown>>(
        sql`SELECT user_id, full_name, to_char(birth_date, 'YYYY-MM-DD') AS birth_date, tier
              FROM user_identity WHERE user_id = ${userId}`,
      );
      const row = result.rows[0];
      return row
        ? {
            userId: Number(row.user_id),
            fullName: row.full_name as string,
            birthDate: row.birth_date as string,
            tier: Number(row.tier),
          }
        : null;
    },
    /** Declares tier 1 once; false when the player declared it before. */
    async declare(userId: number, fullName: string, birthDate: string, at: Date): Promise<boolean> {
      const result = await db.execute(sql`
        INSERT INTO user_identity (user_id, full_name, birth_date, created_at)
        VALUES (${userId}, ${fullName}, ${birthDate}::date, ${at}) ON CONFLICT (user_id) DO NOTHING RETURNING user_id`);
      return result.rows.length === 1;
    },
    /** Tier 2 after staff approved the documents (in the deciding transaction). */
    async setTier(executor: Executor, userId: number, tier: number): Promise<void> {
      await executor.execute(sql`UPDATE user_identity SET tier = ${tier} WHERE user_id = ${userId}`);
    },
  };
}
export type IdentityRepo = ReturnType<typeof createIdentityRepo>;

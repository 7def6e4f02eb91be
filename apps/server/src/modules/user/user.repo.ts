import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { type AuditEntry, writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Db } from '../../platform/db/database.ts';
import { smsCodes, spaProfiles, users } from './user.schema.ts';

export type UserRow = typeof users.$inferSelect;

export function createUserRepo(db: Db) {
  // The hottest read (every GET /main/user): built once and sent as a named prepared statement, so
  // neither Drizzle's query builder nor PostgreSQL's parser runs per request (bench/api-read).
  const selectById = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_by_id');
  return {
    byId: async (id: number): Promise<UserRow | null> => (await selectById.execute({ id }))[0] ?? null,
    /** The console's player search: by id, phone digits or nickname; keyset on id, newest first. */
    async search(query: { projectId: number; q?: string | undefined; before?: number; limit: number }) {
      const q = query.q?.trim() ?? '';
      const digits = /^\+?\d{1,20}$/.test(q) ? q.replace(/^\+/, '') : null;
      const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      // Digits find an id exactly (any length: ids start at 1) or, from 3 digits, a part of a phone.
      const filter = !q
        ? sql``
        : digits
          ? digits.length >= 3
            ? sql`AND (id::text = ${digits} OR phone LIKE ${`%${digits}%`})`
            : sql`AND id::text = ${digits}`
          : sql`AND nickname ILIKE ${like}`;
      const result = await db.execute<{
        id: string;
        phone: string;
        nickname: string | null;
        created_at: string;
      }>(sql`
        SELECT id, phone, nickname, created_at FROM users
         WHERE project_id = ${query.projectId} ${filter}
           ${query.before ? sql`AND id < ${query.before}` : sql``}
         ORDER BY id DESC LIMIT ${query.limit}`);
      return result.rows.map((row) => ({
        userId: Number(row.id),
        phone: row.phone,
        nickname: row.nickname ?? '',
        createdAt: new Date(row.created_at),
      }));
    },
    byPhone: async (projectId: number, phone: string): Promise<UserRow | null> =>
      (
        await db
          .select()
          .from(users)
          .where(and(eq(users.projectId, projectId), eq(users.phone, phone)))
          .limit(1)
      )[0] ?? null,
    /** Creates the account and its promo identity row together; null when the phone is taken. */
    async create(row: {
      projectId: number;
      phone: string;
      passwordHash: string;
      nickname: string;
      verifiedAt: Date;
    }) {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            projectId: row.projectId,
            phone: row.phone,
            passwordHash: row.passwordHash,
            nickname: row.nickname,
            phoneVerifiedAt: row.verifiedAt,
          })
          .onConflictDoNothing()
          .returning();
        if (!created) return null;
        await tx.insert(spaProfiles).values({ userId: created.id });
        return created;
      });
    },
    async update(
      id: number,
      changes: Partial<
        Pick<UserRow, 'nickname' | 'email' | 'avatar' | 'phone' | 'phoneVerifiedAt' | 'passwordHash'>
      >,
    ) {
      const [updated] = await db
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      return updated ?? null;
    },
    /** Sets the (verified) phone and writes the audit line in one transaction. */
    async changePhone(id: number, phone: string, verifiedAt: Date, audit: AuditEntry) {
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({ phone, phoneVerifiedAt: verifiedAt, updatedAt: sql`now()` })
          .where(eq(users.id, id))
          .returning();
        await writeAudit(tx, audit);
        return updated ?? null;
      });
    },
    /** Replaces the password hash and writes the audit line in one transaction. */
    async setPassword(id: number, passwordHash: string, audit: AuditEntry) {
      await db.transaction(async (tx) => {
        // A new password (proved by SMS code or by the current password) also ends a sign-in lock.
        await tx
          .update(users)
          .set({ passwordHash, loginFailures: 0, loginLockedUntil: null, updatedAt: sql`now()` })
          .where(eq(users.id, id));
        await writeAudit(tx, audit);
      });
    },

    /** Serialises code sends for one phone so that concurrent requests cannot slip past the throttle. */
    async withPhoneLock<T>(
      projectId: number,
      phone: string,
      work: (repo: SmsCodeTx) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sms:${projectId}:${phone}`}, 0))`,
        );
        return work({
          async recentSends(since: Date, channel: SendChannel) {
            const [row] = await tx
              .select({ count: sql<string>`count(*)`, latest: sql<Date | null>`max(${smsCodes.createdAt})` })
              .from(smsCodes)
              .where(
                and(
                  eq(smsCodes.projectId, projectId),
                  eq(smsCodes.phone, phone),
                  gt(smsCodes.createdAt, since),
                  channel === 'email'
                    ? eq(smsCodes.purpose, EMAIL_CODE_PURPOSE)
                    : ne(smsCodes.purpose, EMAIL_CODE_PURPOSE),
                ),
              );
            return { count: Number(row?.count ?? 0), latest: row?.latest ? new Date(row.latest) : null };
          },
          async insert(code: { purpose: string; codeHash: Buffer; createdAt: Date; expiresAt: Date }) {
            await tx.insert(smsCodes).values({ projectId, phone, ...code });
          },
        });
      });
    },
    async latestCode(projectId: number, phone: string, purpose: string) {
      const [row] = await db
        .select()
        .from(smsCodes)
        .where(
          and(
            eq(smsCodes.projectId, projectId),
            eq(smsCodes.phone, phone),
            eq(smsCodes.purpose, purpose),
            isNull(smsCodes.consumedAt),
          ),
        )
        .orderBy(desc(smsCodes.createdAt))
        .limit(1);
      return row ?? null;
    },
    /**
     * Claims one guess at a code in a single guarded UPDATE, before the guess is compared, so that
     * parallel guesses can never use more than `max` attempts; false when none is left.
     */
    async claimCodeAttempt(codeId: number, max: number): Promise<boolean> {
      const rows = await db
        .update(smsCodes)
        .set({ attempts: sql`${smsCodes.attempts} + 1` })
        .where(and(eq(smsCodes.id, codeId), sql`${smsCodes.attempts} < ${max}`, isNull(smsCodes.consumedAt)))
        .returning({ id: smsCodes.id });
      return rows.length === 1;
    },

    /**
     * Claims one sign-in attempt before the password is checked (one UPDATE, so a parallel burst
     * gets no more attempts than a sequence): refused (null) while the account is locked; the
     * attempt that reaches `freeAttempts` and every later one lock the account for `baseDelayMs`
     * doubled per attempt beyond, up to `maxDelayMs`. A success clears both (`clearLoginFailures`).
     */
    async claimLoginAttempt(
      id: number,
      now: Date,
      policy: { freeAttempts: number; baseDelayMs: number; maxDelayMs: number },
    ): Promise<{ failures: number; lockedUntil: Date | null } | null> {
      const result = await db.execute<{
        login_failures: number;
        login_locked_until: Date | string | null;
      }>(sql`
        UPDATE users SET
          login_failures = login_failures + 1,
          login_locked_until = CASE
            WHEN login_failures + 1 >= ${policy.freeAttempts}
            THEN ${now.toISOString()}::timestamptz + make_interval(secs => least(
              ${policy.baseDelayMs}::float8 * power(2, least(login_failures + 1 - ${policy.freeAttempts}, 30)),
              ${policy.maxDelayMs}::float8) / 1000)
            ELSE NULL END
        WHERE id = ${id}
          AND (login_locked_until IS NULL OR login_locked_until <= ${now.toISOString()}::timestamptz)
        RETURNING login_failures, login_locked_until`);
      const row = result.rows[0];
      if (!row) return null;
      return {
        failures: row.login_failures,
        lockedUntil: row.login_locked_until === null ? null : new Date(row.login_locked_until),
      };
    },
    async clearLoginFailures(id: number) {
      await db.update(users).set({ loginFailures: 0, loginLockedUntil: null }).where(eq(users.id, id));
    },
    /** Marks a code used; false when another request consumed it first. */
    async consumeCode(codeId: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(smsCodes)
        .set({ consumedAt: at })
        .where(and(eq(smsCodes.id, codeId), isNull(smsCodes.consumedAt)))
        .returning({ id: smsCodes.id });
      return rows.length === 1;
    },
    /** A new email address of the account (bound with its code) and the audit entry, together. */
    async setEmail(id: number, email: string, audit: AuditEntry): Promise<UserRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.update(users).set({ email }).where(eq(users.id, id)).returning();
        await writeAudit(tx, audit);
        return row ?? null;
      });
    },
  };
}

/** The purpose under which email codes are kept beside the SMS codes of the same phone. */
export const EMAIL_CODE_PURPOSE = 'email';
/**
 * Which channel's sends a throttle counts: an SMS and an email are separate channels (an SMS sent at
 * registration must not refuse the email code a minute later; the player journey met that 2001).
 */
export type SendChannel = 'sms' | 'email';

export interface SmsCodeTx {
  recentSends(since: Date, channel: SendChannel): Promise<{ count: number; latest: Date | null }>;
  insert(code: { purpose: string; codeHash: Buffer; createdAt: Date; expiresAt: Date }): Promise<void>;
}
export type UserRepo = ReturnType<typeof createUserRepo>;

import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { type AuditEntry, writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Db } from '../../platform/db/database.ts';
import { noticeReads, notices } from './notices.schema.ts';

export type NoticeRow = typeof notices.$inferSelect;

export function createNoticesRepo(db: Db) {
  return {
    /** Stores the notice and its audit line in one transaction. */
    async create(row: typeof notices.$inferInsert, audit: (created: NoticeRow) => AuditEntry) {
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(notices).values(row).returning();
        if (!created) throw new Error('notice insert returned no row');
        await writeAudit(tx, audit(created));
        return created;
      });
    },
    byId: async (id: number): Promise<NoticeRow | null> =>
      (await db.select().from(notices).where(eq(notices.id, id)).limit(1))[0] ?? null,
    /**
     * Notices of the project shown after `since` that the user has not marked and whose audience is
     * everyone or shares a type with `types`, newest last.
     */
    async unreadSince(
      projectId: number,
      userId: number,
      types: readonly string[],
      since: Date,
      limit: number,
    ): Promise<NoticeRow[]> {
      const forTypes = or(
        isNull(notices.audience),
        sql`${notices.audience} && ${`{${types.map((type) => `"${type}"`).join(',')}}`}::text[]`,
      );
      const rows = await db
        .select({ notice: notices })
        .from(notices)
        .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, userId)))
        .where(
          and(
            eq(notices.projectId, projectId),
            gt(notices.showAt, since),
            isNull(noticeReads.noticeId),
            forTypes,
          ),
        )
        .orderBy(desc(notices.showAt))
        .limit(limit);
      return rows.map((row) => row.notice).reverse();
    },
    /** Idempotent: a second mark of the same notice changes nothing. */
    async markRead(noticeId: number, userId: number, at: Date): Promise<void> {
      await db.insert(noticeReads).values({ noticeId, userId, readAt: at }).onConflictDoNothing();
    },
  };
}
export type NoticesRepo = ReturnType<typeof createNoticesRepo>;

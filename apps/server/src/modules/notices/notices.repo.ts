import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
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
            isNotNull(notices.publishedAt),
            forTypes,
          ),
        )
        .orderBy(desc(notices.showAt))
        .limit(limit);
      return rows.map((row) => row.notice).reverse();
    },
    /**
     * Claims the scheduled notices whose time has come: sets published_at once (a concurrent claim
     * skips the locked rows), with an audit line each, and answers them to broadcast after commit.
     */
    async claimDue(now: Date, limit: number): Promise<NoticeRow[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: notices.id })
          .from(notices)
          .where(and(isNull(notices.publishedAt), lte(notices.showAt, now)))
          .orderBy(asc(notices.showAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        const claimed: NoticeRow[] = [];
        for (const { id } of due) {
          const [row] = await tx
            .update(notices)
            .set({ publishedAt: now })
            .where(and(eq(notices.id, id), isNull(notices.publishedAt)))
            .returning();
          if (!row) continue;
          await writeAudit(tx, {
            projectId: row.projectId,
            actorId: null,
            action: 'notice.publish',
            objectType: 'notice',
            objectId: String(row.id),
            after: { showAt: row.showAt.toISOString(), scheduled: true },
            ip: null,
          });
          claimed.push(row);
        }
        return claimed;
      });
    },
    /** The project's notices for the console: scheduled ones (soonest first), then published (newest first). */
    async list(
      projectId: number,
      status: 'scheduled' | 'published' | undefined,
      page: { limit: number; offset: number },
    ): Promise<{ items: NoticeRow[]; total: number }> {
      const where = and(
        eq(notices.projectId, projectId),
        status === 'scheduled'
          ? isNull(notices.publishedAt)
          : status === 'published'
            ? isNotNull(notices.publishedAt)
            : undefined,
      );
      const items = await db
        .select()
        .from(notices)
        .where(where)
        .orderBy(
          sql`${notices.publishedAt} IS NOT NULL`,
          sql`CASE WHEN ${notices.publishedAt} IS NULL THEN ${notices.showAt} END ASC`,
          desc(notices.showAt),
          desc(notices.id),
        )
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await db.select({ total: count() }).from(notices).where(where);
      return { items, total: total?.total ?? 0 };
    },
    /**
     * Moves a scheduled notice to another time, or publishes it now (`publishAt` set), with its audit
     * line; null when it is not a scheduled notice of the project (the caller tells absent from published).
     */
    async reschedule(
      input: { id: number; projectId: number; showAt: Date; publishAt: Date | null },
      audit: (before: NoticeRow, after: NoticeRow) => AuditEntry,
    ): Promise<NoticeRow | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(notices)
          .where(
            and(
              eq(notices.id, input.id),
              eq(notices.projectId, input.projectId),
              isNull(notices.publishedAt),
            ),
          )
          .for('update');
        if (!before) return null;
        const [after] = await tx
          .update(notices)
          .set({ showAt: input.showAt, publishedAt: input.publishAt })
          .where(eq(notices.id, input.id))
          .returning();
        if (!after) return null;
        await writeAudit(tx, audit(before, after));
        return after;
      });
    },
    /** Idempotent: a second mark of the same notice changes nothing. */
    async markRead(noticeId: number, userId: number, at: Date): Promise<void> {
      await db.insert(noticeReads).values({ noticeId, userId, readAt: at }).onConflictDoNothing();
    },
  };
}
export type NoticesRepo = ReturnType<typeof createNoticesRepo>;

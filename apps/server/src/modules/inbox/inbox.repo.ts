import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';
import { inboxMail } from './inbox.schema.ts';

export type MailRow = typeof inboxMail.$inferSelect;
export type NewMailRow = Pick<
  MailRow,
  'projectId' | 'userId' | 'senderId' | 'title' | 'content' | 'createdAt'
>;

const live = (userId: number) => and(eq(inboxMail.userId, userId), isNull(inboxMail.deletedAt));

export function createInboxRepo(db: Db) {
  return {
    db,
    /** A new mail on `executor`: the pool, or a caller's transaction. */
    async insertIn(executor: Executor, row: NewMailRow): Promise<MailRow> {
      const result = await executor.execute(sql`
        INSERT INTO inbox_mail (project_id, user_id, sender_id, title, content, created_at)
        VALUES (${row.projectId}, ${row.userId}, ${row.senderId}, ${row.title}, ${row.content},
                ${row.createdAt.toISOString()}::timestamptz)
        RETURNING id`);
      return { ...row, id: Number(result.rows[0]!.id), readAt: null, deletedAt: null };
    },
    async list(userId: number, page: number, pageSize: number, unreadOnly: boolean) {
      const where = unreadOnly ? and(live(userId), isNull(inboxMail.readAt)) : live(userId);
      const items = await db
        .select()
        .from(inboxMail)
        .where(where)
        .orderBy(desc(inboxMail.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db.select({ count: sql<string>`count(*)` }).from(inboxMail).where(where);
      return { items, total: Number(total?.count ?? 0) };
    },
    async unreadCount(userId: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<string>`count(*)` })
        .from(inboxMail)
        .where(and(live(userId), isNull(inboxMail.readAt)));
      return Number(row?.count ?? 0);
    },
    exists: async (userId: number, mailId: number) =>
      (
        await db
          .select({ id: inboxMail.id })
          .from(inboxMail)
          .where(and(live(userId), eq(inboxMail.id, mailId)))
          .limit(1)
      ).length === 1,
    async markRead(userId: number, mailId: number | null, at: Date): Promise<number> {
      const rows = await db
        .update(inboxMail)
        .set({ readAt: at })
        .where(
          and(live(userId), isNull(inboxMail.readAt), mailId === null ? undefined : eq(inboxMail.id, mailId)),
        )
        .returning({ id: inboxMail.id });
      return rows.length;
    },
    async markDeleted(userId: number, mailId: number | null, at: Date): Promise<number> {
      const rows = await db
        .update(inboxMail)
        .set({ deletedAt: at })
        .where(and(live(userId), mailId === null ? isNotNull(inboxMail.readAt) : eq(inboxMail.id, mailId)))
        .returning({ id: inboxMail.id });
      return rows.length;
    },
  };
}
export type InboxRepo = ReturnType<typeof createInboxRepo>;

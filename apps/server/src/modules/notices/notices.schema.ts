import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const notices = pgTable('notices', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  projectId: integer('project_id').notNull(),
  content: text('content').notNull(),
  showDuration: integer('show_duration').notNull(),
  showAt: timestamp('show_at', { withTimezone: true }).notNull(),
  /** Audience types (NoticeAudienceType); null = everyone in the project. */
  audience: text('audience').array(),
  createdBy: bigint('created_by', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Null while scheduled (showAt in the future); set once when the notice is sent (0770). */
  publishedAt: timestamp('published_at', { withTimezone: true }),
});

export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: bigint('notice_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.noticeId, table.userId] })],
);

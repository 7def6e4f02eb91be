import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const inboxMail = pgTable('inbox_mail', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  projectId: integer('project_id').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  senderId: bigint('sender_id', { mode: 'number' }),
  title: text('title').notNull(),
  content: text('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  readAt: timestamp('read_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

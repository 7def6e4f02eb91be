import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Each app sign-in registered through spaLogin: the device the session runs on. */
export const appSessions = pgTable('app_sessions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  device: text('device').notNull(),
  version: text('version').notNull(),
  fingerprint: text('fingerprint').notNull(),
  clientVersion: text('client_version').notNull(),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

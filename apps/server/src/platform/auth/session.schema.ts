import { bigint, customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const sessions = pgTable('sessions', {
  tokenHash: bytea('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  projectId: integer('project_id').notNull(),
  clientId: text('client_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
  device: text('device'),
  ip: text('ip'),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
});

import {
  bigint,
  boolean,
  customType,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const users = pgTable('users', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  projectId: integer('project_id').notNull(),
  phone: text('phone').notNull(),
  passwordHash: text('password_hash').notNull(),
  nickname: text('nickname').notNull(),
  email: text('email'),
  avatar: text('avatar'),
  phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
  staffRole: text('staff_role'),
  /** Sign-in attempts since the last success (each claimed before the password is checked). */
  loginFailures: integer('login_failures').notNull().default(0),
  /** While in the future, every sign-in is refused, the right password included. */
  loginLockedUntil: timestamp('login_locked_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const smsCodes = pgTable('sms_codes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  projectId: integer('project_id').notNull(),
  phone: text('phone').notNull(),
  purpose: text('purpose').notNull(),
  codeHash: bytea('code_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

/** Promo identity rows are created with the account (defaults: no spaType, spaPay no, Normal). */
export const spaProfiles = pgTable('spa_profiles', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  spaType: text('spa_type'),
  spaPay: boolean('spa_pay').notNull().default(false),
  leaderLevel: smallint('leader_level').notNull().default(-1),
  paymentRole: text('payment_role'),
  tier: text('tier').notNull().default('normal'),
});

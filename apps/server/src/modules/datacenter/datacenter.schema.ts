import { bigint, date, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** A player registered with a promoter's share code; one attribution per player. */
export const dcAttributions = pgTable('dc_attributions', {
  playerId: bigint('player_id', { mode: 'number' }).primaryKey(),
  projectId: integer('project_id').notNull(),
  promoterId: bigint('promoter_id', { mode: 'number' }).notNull(),
  groupId: bigint('group_id', { mode: 'number' }),
  leadId: bigint('lead_id', { mode: 'number' }),
  registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
  firstDepositAt: timestamp('first_deposit_at', { withTimezone: true }),
  /** The reference of the deposit counted as the first (a reversal of it uncounts the first deposit). */
  firstDepositRef: text('first_deposit_ref'),
});

/** kind: 1 apply, 2 complete, 3 first deposit, 4 deposit. local_day is the project-local day. */
export const dcTaskEvents = pgTable('dc_task_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  projectId: integer('project_id').notNull(),
  groupId: bigint('group_id', { mode: 'number' }).notNull(),
  promoterId: bigint('promoter_id', { mode: 'number' }).notNull(),
  leadId: bigint('lead_id', { mode: 'number' }),
  playerId: bigint('player_id', { mode: 'number' }),
  kind: smallint('kind').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull().default(0n),
  sourceRef: text('source_ref'),
  at: timestamp('at', { withTimezone: true }).notNull(),
  localDay: date('local_day', { mode: 'string' }).notNull(),
});

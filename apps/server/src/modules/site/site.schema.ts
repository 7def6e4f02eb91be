import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const projects = pgTable('projects', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo').notNull(),
  locale: text('locale').notNull(),
  currency: text('currency').notNull(),
  timeZone: text('time_zone').notNull(),
  countryCode: text('country_code').notNull(),
  currencySymbol: text('currency_symbol').notNull(),
  jurisdiction: text('jurisdiction').notNull(),
  licence: text('licence'),
  /** The project's rails (contracts/rails.ts); null: the defaults of its jurisdiction. */
  rails: jsonb('rails'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const siteConfig = pgTable(
  'site_config',
  {
    projectId: integer('project_id').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    public: boolean('public').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.key] })],
);

export const uploads = pgTable('uploads', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  projectId: integer('project_id').notNull(),
  userId: integer('user_id').notNull(),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
});

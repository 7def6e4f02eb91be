import { bigint, boolean, date, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
const ref = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/** Each app sign-in registered through spaLogin: the device the session runs on. */
export const appSessions = pgTable('app_sessions', {
  id: id(),
  userId: ref('user_id').notNull(),
  device: text('device').notNull(),
  version: text('version').notNull(),
  fingerprint: text('fingerprint').notNull(),
  clientVersion: text('client_version').notNull(),
  ip: text('ip'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const spaGroups = pgTable('spa_groups', {
  id: id(),
  projectId: integer('project_id').notNull(),
  name: text('name').notNull(),
  leaderId: ref('leader_id').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const spaApplications = pgTable('spa_applications', {
  id: id(),
  projectId: integer('project_id').notNull(),
  groupId: ref('group_id').notNull(),
  userId: ref('user_id').notNull(),
  spaType: text('spa_type').notNull(),
  note: text('note').notNull(),
  status: smallint('status').notNull(),
  reviewerId: ref('reviewer_id'),
  reviewNote: text('review_note'),
  createdAt: at('created_at').notNull(),
  decidedAt: at('decided_at'),
});

export const spaMembers = pgTable('spa_members', {
  userId: ref('user_id').primaryKey(),
  groupId: ref('group_id').notNull(),
  applicationId: ref('application_id'),
  joinedAt: at('joined_at').notNull(),
});

export const spaPresence = pgTable('spa_presence', {
  userId: ref('user_id').primaryKey(),
  foreground: boolean('foreground').notNull(),
  lastSeenAt: at('last_seen_at').notNull(),
});

export const spaShareCodes = pgTable('spa_share_codes', {
  userId: ref('user_id').primaryKey(),
  projectId: integer('project_id').notNull(),
  code: text('code').notNull(),
});

export const spaLeads = pgTable('spa_leads', {
  id: id(),
  projectId: integer('project_id').notNull(),
  phone: text('phone').notNull(),
  consent: boolean('consent').notNull(),
  consentSource: text('consent_source').notNull(),
  doNotContact: boolean('do_not_contact').notNull().default(false),
  doNotContactAt: at('do_not_contact_at'),
});

export const spaTasks = pgTable('spa_tasks', {
  id: id(),
  projectId: integer('project_id').notNull(),
  leadId: ref('lead_id').notNull(),
  promoterId: ref('promoter_id').notNull(),
  groupId: ref('group_id').notNull(),
  status: smallint('status').notNull(),
  lastResult: text('last_result'),
  revisitAt: at('revisit_at'),
  assignedAt: at('assigned_at').notNull(),
  assignedDay: date('assigned_day', { mode: 'string' }).notNull(),
  contactedAt: at('contacted_at'),
  completedAt: at('completed_at'),
});

export const spaContacts = pgTable('spa_contacts', {
  id: id(),
  taskId: ref('task_id').notNull(),
  promoterId: ref('promoter_id').notNull(),
  kind: text('kind').notNull(),
  result: text('result').notNull(),
  note: text('note').notNull(),
  at: at('at').notNull(),
});

export const spaReports = pgTable('spa_reports', {
  id: id(),
  projectId: integer('project_id').notNull(),
  userId: ref('user_id').notNull(),
  groupId: ref('group_id').notNull(),
  reportDay: date('report_day', { mode: 'string' }).notNull(),
  content: text('content').notNull(),
  contactedCount: integer('contacted_count').notNull(),
  interestedCount: integer('interested_count').notNull(),
  createdAt: at('created_at').notNull(),
});

export const spaReportExtras = pgTable('spa_report_extras', {
  id: id(),
  reportId: ref('report_id').notNull(),
  content: text('content').notNull(),
  createdAt: at('created_at').notNull(),
});

export const spaReportChecks = pgTable('spa_report_checks', {
  id: id(),
  reportId: ref('report_id').notNull(),
  assigneeId: ref('assignee_id').notNull(),
  kind: text('kind').notNull(),
  status: smallint('status').notNull(),
  note: text('note'),
  createdAt: at('created_at').notNull(),
  decidedAt: at('decided_at'),
});

export const promoNotifications = pgTable('promo_notifications', {
  id: id(),
  userId: ref('user_id').notNull(),
  kind: text('kind').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdAt: at('created_at').notNull(),
});

import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type AuditEntry, writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Db, QueryExecutor as Executor } from '../../platform/db/database.ts';
import type { UserProfiles } from '../user/user-profiles.service.ts';
import {
  appSessions,
  promoNotifications,
  spaApplications,
  spaContacts,
  spaGroups,
  spaLeads,
  spaMembers,
  spaPresence,
  spaReportChecks,
  spaReportExtras,
  spaReports,
  spaShareCodes,
  spaTasks,
} from './promo.schema.ts';

export interface ApplicationView {
  id: number;
  groupId: number;
  groupName: string;
  userId: number;
  nickname: string;
  phone: string;
  spaType: string;
  note: string;
  status: number;
  reviewNote: string | null;
  reviewerId: number | null;
  createdAt: Date;
  decidedAt: Date | null;
}

export interface TaskView {
  taskId: number;
  leadId: number;
  phone: string;
  promoterId: number;
  groupId: number;
  projectId: number;
  status: number;
  consent: boolean;
  doNotContact: boolean;
  lastResult: string | null;
  revisitAt: Date | null;
  assignedAt: Date;
}

export interface ReportView {
  id: number;
  userId: number;
  groupId: number;
  reportDay: string;
  content: string;
  contactedCount: number;
  interestedCount: number;
  recordedContactCount: number;
  extras: Array<{ content: string; createdAt: Date }>;
  checkStatus: number;
  createdAt: Date;
}

export interface CheckView {
  id: number;
  reportId: number;
  kind: 'review' | 'revise';
  status: number;
  reporterId: number;
  reporterNickname: string;
  reportDay: string;
  note: string | null;
  createdAt: Date;
  assigneeId: number;
  groupId: number;
}

const toDate = (value: unknown): Date | null => (value == null ? null : new Date(value as string));

const applicationSelect = {
  id: spaApplications.id,
  groupId: spaApplications.groupId,
  groupName: spaGroups.name,
  userId: spaApplications.userId,
  spaType: spaApplications.spaType,
  note: spaApplications.note,
  status: spaApplications.status,
  reviewNote: spaApplications.reviewNote,
  reviewerId: spaApplications.reviewerId,
  createdAt: spaApplications.createdAt,
  decidedAt: spaApplications.decidedAt,
  projectId: spaApplications.projectId,
};

const taskSelect = {
  taskId: spaTasks.id,
  leadId: spaTasks.leadId,
  phone: spaLeads.phone,
  promoterId: spaTasks.promoterId,
  groupId: spaTasks.groupId,
  projectId: spaTasks.projectId,
  status: spaTasks.status,
  consent: spaLeads.consent,
  doNotContact: spaLeads.doNotContact,
  lastResult: spaTasks.lastResult,
  revisitAt: spaTasks.revisitAt,
  assignedAt: spaTasks.assignedAt,
};

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.code === '23505' || cause.cause?.code === '23505';
}

/**
 * The promo module's SQL. Names, phones and promo roles of users belong to the user module: they are
 * read and set through its `UserProfiles` service, never joined here.
 */
export function createPromoRepo(db: Db, users: UserProfiles) {
  function applicationsQuery(executor: Executor) {
    return executor
      .select(applicationSelect)
      .from(spaApplications)
      .innerJoin(spaGroups, eq(spaGroups.id, spaApplications.groupId));
  }
  /** Adds each applicant's nickname and phone; an application whose user is unknown is left out. */
  async function withApplicants<T extends { userId: number }>(rows: T[]) {
    const cards = await users.cards(rows.map((row) => row.userId));
    return rows.flatMap((row) => {
      const card = cards.get(row.userId);
      return card ? [{ ...row, nickname: card.nickname, phone: card.phone }] : [];
    });
  }
  function tasksQuery(executor: Executor) {
    return executor.select(taskSelect).from(spaTasks).innerJoin(spaLeads, eq(spaLeads.id, spaTasks.leadId));
  }
  async function count(query: ReturnType<typeof sql>): Promise<number> {
    const result = await db.execute<{ count: string }>(query);
    return Number(result.rows[0]?.count ?? 0);
  }

  return {
    isUniqueViolation,

    profile: (userId: number) => users.card(userId),
    recordAppSession: async (row: typeof appSessions.$inferInsert) => {
      await db.insert(appSessions).values(row);
    },
    user: async (userId: number) => {
      const card = await users.card(userId);
      return card
        ? { id: card.id, projectId: card.projectId, nickname: card.nickname, phone: card.phone }
        : null;
    },

    // Groups and membership.
    groupById: async (groupId: number) =>
      (await db.select().from(spaGroups).where(eq(spaGroups.id, groupId)).limit(1))[0] ?? null,
    groupByLeader: async (leaderId: number) =>
      (await db.select().from(spaGroups).where(eq(spaGroups.leaderId, leaderId)).limit(1))[0] ?? null,
    groupsOfProject: (projectId: number) =>
      db.select().from(spaGroups).where(eq(spaGroups.projectId, projectId)).orderBy(spaGroups.id),
    membership: async (userId: number) =>
      (await db.select().from(spaMembers).where(eq(spaMembers.userId, userId)).limit(1))[0] ?? null,
    /** When each of these users' agent app last reported (users that never did are absent). */
    async lastSeenAt(userIds: readonly number[]): Promise<Map<number, Date>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.execute<{ user_id: string; last_seen_at: string | Date }>(sql`
        SELECT user_id, last_seen_at FROM spa_presence
         WHERE user_id = ANY(${`{${userIds.map((id) => Math.trunc(id)).join(',')}}`}::bigint[])`);
      return new Map(rows.rows.map((row) => [Number(row.user_id), new Date(row.last_seen_at)]));
    },
    memberCount: (groupId: number) =>
      count(sql`SELECT count(*) FROM spa_members WHERE group_id = ${groupId}`),
    memberIds: async (groupId: number): Promise<number[]> =>
      (
        await db.select({ userId: spaMembers.userId }).from(spaMembers).where(eq(spaMembers.groupId, groupId))
      ).map((row) => row.userId),
    async members(groupId: number, page: number, pageSize: number, joinedSince?: Date) {
      const since = joinedSince ? sql`AND m.joined_at >= ${joinedSince.toISOString()}` : sql``;
      const result = await db.execute<Record<string, unknown>>(sql`
        SELECT m.user_id, m.joined_at,
               s.last_seen_at, coalesce(s.foreground, false) AS foreground, count(*) OVER () AS total
        FROM spa_members m
        LEFT JOIN spa_presence s ON s.user_id = m.user_id
        WHERE m.group_id = ${groupId} ${since}
        ORDER BY m.joined_at DESC, m.user_id
        LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`);
      const cards = await users.cards(result.rows.map((row) => Number(row.user_id)));
      return {
        total: Number(result.rows[0]?.total ?? 0),
        items: result.rows.flatMap((row) => {
          const card = cards.get(Number(row.user_id));
          if (!card) return [];
          return [
            {
              userId: card.id,
              nickname: card.nickname,
              phone: card.phone,
              leaderLevel: card.leaderLevel,
              spaType: card.spaType,
              joinedAt: toDate(row.joined_at)!,
              lastSeenAt: toDate(row.last_seen_at),
              foreground: Boolean(row.foreground),
            },
          ];
        }),
      };
    },
    /**
     * The project's promoters: every group's leader and members, with their group and app presence;
     * keyset pages on user id, newest first (the console's promoter list).
     */
    async promotersOfProject(filter: {
      projectId: number;
      groupId?: number;
      before?: number;
      limit: number;
    }) {
      const group = filter.groupId === undefined ? sql`` : sql`AND x.group_id = ${filter.groupId}`;
      const before = filter.before === undefined ? sql`` : sql`AND x.user_id < ${filter.before}`;
      const result = await db.execute<Record<string, unknown>>(sql`
        SELECT x.user_id, x.group_id, x.leads, x.joined_at, g.name, g.leader_id, s.last_seen_at,
               coalesce(s.foreground, false) AS foreground
          FROM (SELECT leader_id AS user_id, id AS group_id, true AS leads, created_at AS joined_at
                  FROM spa_groups WHERE project_id = ${filter.projectId}
                UNION ALL
                SELECT m.user_id, m.group_id, false, m.joined_at
                  FROM spa_members m JOIN spa_groups mg ON mg.id = m.group_id
                 WHERE mg.project_id = ${filter.projectId}) x
          JOIN spa_groups g ON g.id = x.group_id
          LEFT JOIN spa_presence s ON s.user_id = x.user_id
         WHERE true ${group} ${before}
         ORDER BY x.user_id DESC, x.leads DESC
         LIMIT ${filter.limit}`);
      return result.rows.map((row) => ({
        userId: Number(row.user_id),
        groupId: Number(row.group_id),
        groupName: String(row.name),
        leaderId: Number(row.leader_id),
        leads: Boolean(row.leads),
        joinedAt: toDate(row.joined_at)!,
        lastSeenAt: toDate(row.last_seen_at),
        foreground: Boolean(row.foreground),
      }));
    },
    async renameGroup(groupId: number, name: string, audit: AuditEntry) {
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(spaGroups)
          .set({ name })
          .where(eq(spaGroups.id, groupId))
          .returning();
        await writeAudit(tx, audit);
        return updated ?? null;
      });
    },

    // Applications.
    async insertApplication(row: typeof spaApplications.$inferInsert): Promise<number | null> {
      try {
        const [created] = await db.insert(spaApplications).values(row).returning({ id: spaApplications.id });
        return created?.id ?? null;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },
    application: async (id: number) =>
      ((await withApplicants(await applicationsQuery(db).where(eq(spaApplications.id, id)).limit(1)))[0] ??
        null) as (ApplicationView & { projectId: number }) | null,
    async applications(filter: {
      userId?: number;
      groupId?: number;
      projectId?: number;
      status?: number;
      page: number;
      count: number;
    }) {
      const conditions = [
        filter.userId !== undefined ? eq(spaApplications.userId, filter.userId) : undefined,
        filter.groupId !== undefined ? eq(spaApplications.groupId, filter.groupId) : undefined,
        filter.projectId !== undefined ? eq(spaApplications.projectId, filter.projectId) : undefined,
        filter.status !== undefined ? eq(spaApplications.status, filter.status) : undefined,
      ].filter((condition) => condition !== undefined);
      const where = and(...conditions);
      const items = await applicationsQuery(db)
        .where(where)
        .orderBy(desc(spaApplications.id))
        .limit(filter.count)
        .offset((filter.page - 1) * filter.count);
      const [total] = await db.select({ count: sql<string>`count(*)` }).from(spaApplications).where(where);
      return { items: (await withApplicants(items)) as ApplicationView[], total: Number(total?.count ?? 0) };
    },
    /** Moves an application from one of `from` to `to`; null when another request moved it first. */
    async moveApplication(
      id: number,
      from: number[],
      to: number,
      changes: { reviewerId?: number; reviewNote?: string | null; decidedAt?: Date },
      effects: {
        audit?: AuditEntry;
        join?: { userId: number; groupId: number; spaType: string; at: Date };
        leave?: { userId: number };
        notify?: { userId: number; kind: string; title: string; body: string; at: Date };
      } = {},
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const moved = await tx
          .update(spaApplications)
          .set({ status: to, ...changes })
          .where(and(eq(spaApplications.id, id), inArray(spaApplications.status, from)))
          .returning({ id: spaApplications.id });
        if (moved.length === 0) return false;
        if (effects.join) {
          await tx.insert(spaMembers).values({
            userId: effects.join.userId,
            groupId: effects.join.groupId,
            applicationId: id,
            joinedAt: effects.join.at,
          });
          await users.setPromoRole(tx, effects.join.userId, {
            leaderLevel: 0,
            spaType: effects.join.spaType,
          });
        }
        if (effects.leave) {
          await tx.delete(spaMembers).where(eq(spaMembers.userId, effects.leave.userId));
          await users.setPromoRole(tx, effects.leave.userId, { leaderLevel: -1, spaType: null });
          // Open lead tasks go back to the pool (closed as status 4 keeps their history).
          await tx.execute(sql`
            UPDATE spa_tasks SET status = 4 WHERE promoter_id = ${effects.leave.userId} AND status IN (0, 1, 2)`);
        }
        if (effects.audit) await writeAudit(tx, effects.audit);
        if (effects.notify) {
          await tx.insert(promoNotifications).values({
            userId: effects.notify.userId,
            kind: effects.notify.kind,
            title: effects.notify.title,
            body: effects.notify.body,
            createdAt: effects.notify.at,
          });
        }
        return true;
      });
    },

    // Presence.
    async ping(userId: number, foreground: boolean, at: Date) {
      await db
        .insert(spaPresence)
        .values({ userId, foreground, lastSeenAt: at })
        .onConflictDoUpdate({ target: spaPresence.userId, set: { foreground, lastSeenAt: at } });
    },

    // Share codes.
    shareCodeOf: async (userId: number) =>
      (await db.select().from(spaShareCodes).where(eq(spaShareCodes.userId, userId)).limit(1))[0]?.code ??
      null,
    async insertShareCode(userId: number, projectId: number, code: string): Promise<boolean> {
      const inserted = await db
        .insert(spaShareCodes)
        .values({ userId, projectId, code })
        .onConflictDoNothing()
        .returning({ code: spaShareCodes.code });
      return inserted.length === 1;
    },
    ownerOfShareCode: async (projectId: number, code: string) =>
      (
        await db
          .select({ userId: spaShareCodes.userId })
          .from(spaShareCodes)
          .where(and(eq(spaShareCodes.projectId, projectId), eq(spaShareCodes.code, code)))
          .limit(1)
      )[0]?.userId ?? null,

    // Leads and tasks.
    assignedOnDay: (promoterId: number, day: string) =>
      count(sql`SELECT count(*) FROM spa_tasks WHERE promoter_id = ${promoterId} AND assigned_day = ${day}`),
    /**
     * Hands out up to `limit` leads that have consent, are not do-not-contact and were never
     * handed out before. SKIP LOCKED lets two promoters draw at once without getting the same lead.
     */
    async assignLeads(input: {
      projectId: number;
      promoterId: number;
      groupId: number;
      limit: number;
      at: Date;
      day: string;
    }): Promise<number> {
      if (input.limit <= 0) return 0;
      const result = await db.execute(sql`
        WITH picked AS (
          SELECT l.id FROM spa_leads l
          WHERE l.project_id = ${input.projectId} AND l.consent AND NOT l.do_not_contact
            AND NOT EXISTS (SELECT 1 FROM spa_tasks t WHERE t.lead_id = l.id)
          ORDER BY l.id
          LIMIT ${input.limit}
          FOR UPDATE SKIP LOCKED)
        INSERT INTO spa_tasks (project_id, lead_id, promoter_id, group_id, status, assigned_at, assigned_day)
        SELECT ${input.projectId}, picked.id, ${input.promoterId}, ${input.groupId}, 0, ${input.at.toISOString()}, ${input.day}
        FROM picked
        ON CONFLICT DO NOTHING`);
      return result.rowCount ?? 0;
    },
    task: async (taskId: number) =>
      ((await tasksQuery(db).where(eq(spaTasks.id, taskId)).limit(1))[0] ?? null) as TaskView | null,
    async tasks(filter: {
      promoterId?: number;
      groupId?: number;
      projectId?: number;
      statuses?: number[];
      revisitOnly?: boolean;
      page: number;
      count: number;
    }) {
      const conditions = [
        filter.promoterId !== undefined ? eq(spaTasks.promoterId, filter.promoterId) : undefined,
        filter.groupId !== undefined ? eq(spaTasks.groupId, filter.groupId) : undefined,
        filter.projectId !== undefined ? eq(spaTasks.projectId, filter.projectId) : undefined,
        filter.statuses !== undefined ? inArray(spaTasks.status, filter.statuses) : undefined,
      ].filter((condition) => condition !== undefined);
      const where = and(...conditions);
      const items = await tasksQuery(db)
        .where(where)
        .orderBy(filter.revisitOnly ? spaTasks.revisitAt : desc(spaTasks.id))
        .limit(filter.count)
        .offset((filter.page - 1) * filter.count);
      const [total] = await db.select({ count: sql<string>`count(*)` }).from(spaTasks).where(where);
      return { items: items as TaskView[], total: Number(total?.count ?? 0) };
    },
    /** Records a contact and moves the task; a do-not-contact answer marks the lead for good. */
    async recordContact(input: {
      taskId: number;
      promoterId: number;
      kind: 'contact' | 'revisit' | 'share';
      result: string;
      note: string;
      at: Date;
      status: number;
      revisitAt: Date | null;
      doNotContact?: { leadId: number; audit: AuditEntry };
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const moved = await tx
          .update(spaTasks)
          .set(
            // A share leaves the task where it is; the guard still refuses a finished task.
            input.kind === 'share'
              ? { status: input.status }
              : {
                  status: input.status,
                  lastResult: input.result,
                  revisitAt: input.revisitAt,
                  contactedAt: input.at,
                },
          )
          .where(and(eq(spaTasks.id, input.taskId), inArray(spaTasks.status, [0, 1, 2])))
          .returning({ id: spaTasks.id });
        if (moved.length === 0) return false;
        await tx.insert(spaContacts).values({
          taskId: input.taskId,
          promoterId: input.promoterId,
          kind: input.kind,
          result: input.result,
          note: input.note,
          at: input.at,
        });
        if (input.doNotContact) {
          await tx
            .update(spaLeads)
            .set({ doNotContact: true, doNotContactAt: input.at })
            .where(eq(spaLeads.id, input.doNotContact.leadId));
          await tx.execute(sql`
            UPDATE spa_tasks SET status = 4 WHERE lead_id = ${input.doNotContact.leadId} AND status IN (0, 1, 2)`);
          await writeAudit(tx, input.doNotContact.audit);
        }
        return true;
      });
    },
    /** Closes the promoter's open task for a lead with this phone when it registers; the lead or null. */
    async completeTaskByPhone(projectId: number, promoterId: number, phone: string, at: Date) {
      const result = await db.execute<{ lead_id: string; task_id: string }>(sql`
        UPDATE spa_tasks t SET status = 3, completed_at = ${at.toISOString()}
        FROM spa_leads l
        WHERE t.lead_id = l.id AND l.project_id = ${projectId} AND l.phone = ${phone}
          AND t.promoter_id = ${promoterId} AND t.status IN (0, 1, 2)
        RETURNING t.lead_id, t.id AS task_id`);
      const row = result.rows[0];
      return row ? { leadId: Number(row.lead_id), taskId: Number(row.task_id) } : null;
    },
    async missionCounts(groupId: number, dayStart: Date, dayEnd: Date) {
      const result = await db.execute<Record<string, string>>(sql`
        SELECT
          (SELECT count(*) FROM spa_tasks WHERE group_id = ${groupId} AND status IN (0, 1, 2)) AS open_tasks,
          (SELECT count(DISTINCT c.task_id) FROM spa_contacts c JOIN spa_tasks t ON t.id = c.task_id
            WHERE t.group_id = ${groupId} AND c.kind <> 'share'
              AND c.at >= ${dayStart.toISOString()} AND c.at < ${dayEnd.toISOString()}) AS contacted,
          (SELECT count(*) FROM spa_tasks WHERE group_id = ${groupId} AND status = 3
              AND completed_at >= ${dayStart.toISOString()} AND completed_at < ${dayEnd.toISOString()}) AS completed`);
      const row = result.rows[0] ?? {};
      return {
        openTasks: Number(row.open_tasks ?? 0),
        contacted: Number(row.contacted ?? 0),
        completed: Number(row.completed ?? 0),
      };
    },
    async promoterDayCounts(promoterId: number, day: string) {
      const result = await db.execute<Record<string, string>>(sql`
        SELECT count(*) AS assigned,
               count(*) FILTER (WHERE status IN (1, 2, 3, 4) AND contacted_at IS NOT NULL) AS contacted,
               count(*) FILTER (WHERE status = 3) AS completed
        FROM spa_tasks WHERE promoter_id = ${promoterId} AND assigned_day = ${day}`);
      const row = result.rows[0] ?? {};
      return {
        assigned: Number(row.assigned ?? 0),
        contacted: Number(row.contacted ?? 0),
        completed: Number(row.completed ?? 0),
      };
    },

    async leadsByIds(leadIds: number[]) {
      if (leadIds.length === 0) return [];
      const result = await db.execute<{ id: string; phone: string; promoters: string[] }>(sql`
        SELECT l.id, l.phone, coalesce(array_agg(t.promoter_id) FILTER (WHERE t.id IS NOT NULL), '{}') AS promoters
        FROM spa_leads l LEFT JOIN spa_tasks t ON t.lead_id = l.id
        WHERE l.id = ANY(${`{${leadIds.join(',')}}`}::bigint[])
        GROUP BY l.id`);
      return result.rows.map((row) => ({
        id: Number(row.id),
        phone: row.phone,
        promoterIds: row.promoters.map(Number),
      }));
    },

    // Reports and checks.
    async insertReport(
      row: typeof spaReports.$inferInsert,
      check: { assigneeId: number; at: Date } | null,
    ): Promise<number | null> {
      try {
        return await db.transaction(async (tx) => {
          const [created] = await tx.insert(spaReports).values(row).returning({ id: spaReports.id });
          if (!created) return null;
          if (check) {
            await tx.insert(spaReportChecks).values({
              reportId: created.id,
              assigneeId: check.assigneeId,
              kind: 'review',
              status: 0,
              createdAt: check.at,
            });
          }
          return created.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },
    /**
     * A page of reports, newest day first. `timeZoneOf` is the site's time zone of a project (the
     * site module's `projectById`): a contact counts on the report's day in its project's zone.
     */
    async reports(filter: {
      reportId?: number;
      userId?: number;
      page: number;
      count: number;
      timeZoneOf: (projectId: number) => string;
    }) {
      const where =
        filter.reportId !== undefined ? sql`r.id = ${filter.reportId}` : sql`r.user_id = ${filter.userId}`;
      const result = await db.execute<Record<string, unknown>>(sql`
        SELECT r.*, count(*) OVER () AS total,
          (SELECT coalesce(json_agg(json_build_object('content', e.content, 'createdAt', e.created_at) ORDER BY e.id), '[]'::json)
            FROM spa_report_extras e WHERE e.report_id = r.id) AS extras,
          (SELECT k.status FROM spa_report_checks k WHERE k.report_id = r.id ORDER BY k.id DESC LIMIT 1) AS check_status
        FROM spa_reports r WHERE ${where}
        ORDER BY r.report_day DESC, r.id DESC
        LIMIT ${filter.count} OFFSET ${(filter.page - 1) * filter.count}`);
      // Contacts recorded on each report's day, one query per time zone (a page is one promoter's).
      const recorded = new Map<number, number>();
      const byZone = new Map<string, number[]>();
      for (const row of result.rows) {
        const zone = filter.timeZoneOf(Number(row.project_id));
        byZone.set(zone, [...(byZone.get(zone) ?? []), Number(row.id)]);
      }
      for (const [zone, ids] of byZone) {
        const counts = await db.execute<{ id: string; recorded: string }>(sql`
          SELECT r.id, (SELECT count(*) FROM spa_contacts c
                         WHERE c.promoter_id = r.user_id AND c.kind <> 'share'
                           AND (c.at AT TIME ZONE ${zone})::date = r.report_day) AS recorded
            FROM spa_reports r WHERE r.id = ANY(${`{${ids.join(',')}}`}::bigint[])`);
        for (const row of counts.rows) recorded.set(Number(row.id), Number(row.recorded));
      }
      return {
        total: Number(result.rows[0]?.total ?? 0),
        items: result.rows.map(
          (row): ReportView => ({
            id: Number(row.id),
            userId: Number(row.user_id),
            groupId: Number(row.group_id),
            reportDay: String(row.report_day).slice(0, 10),
            content: String(row.content),
            contactedCount: Number(row.contacted_count),
            interestedCount: Number(row.interested_count),
            recordedContactCount: recorded.get(Number(row.id)) ?? 0,
            extras: (row.extras as Array<{ content: string; createdAt: string }>).map((extra) => ({
              content: extra.content,
              createdAt: new Date(extra.createdAt),
            })),
            checkStatus: row.check_status == null ? 0 : Number(row.check_status),
            createdAt: toDate(row.created_at)!,
          }),
        ),
      };
    },
    async checks(filter: { assigneeId?: number; checkId?: number }): Promise<CheckView[]> {
      const where =
        filter.checkId !== undefined
          ? sql`k.id = ${filter.checkId}`
          : sql`k.assignee_id = ${filter.assigneeId}`;
      const result = await db.execute<Record<string, unknown>>(sql`
        SELECT k.id, k.report_id, k.kind, k.status, k.note, k.created_at, k.assignee_id,
               r.user_id AS reporter_id, r.report_day, r.group_id
        FROM spa_report_checks k
        JOIN spa_reports r ON r.id = k.report_id
        WHERE ${where}
        ORDER BY k.status, k.id DESC
        LIMIT 200`);
      const reporters = await users.cards(result.rows.map((row) => Number(row.reporter_id)));
      return result.rows
        .flatMap((row) => {
          const reporter = reporters.get(Number(row.reporter_id));
          return reporter ? [{ row, reporter }] : [];
        })
        .map(({ row, reporter }) => ({
          id: Number(row.id),
          reportId: Number(row.report_id),
          kind: row.kind as 'review' | 'revise',
          status: Number(row.status),
          reporterId: reporter.id,
          reporterNickname: reporter.nickname,
          reportDay: String(row.report_day).slice(0, 10),
          note: (row.note as string | null) ?? null,
          createdAt: toDate(row.created_at)!,
          assigneeId: Number(row.assignee_id),
          groupId: Number(row.group_id),
        }));
    },
    /** Settles a pending check; a returned review opens a revise check for the reporter. */
    async decideCheck(input: {
      checkId: number;
      status: number;
      note: string | null;
      at: Date;
      revise: { reportId: number; reporterId: number } | null;
      audit: AuditEntry;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const moved = await tx
          .update(spaReportChecks)
          .set({ status: input.status, note: input.note, decidedAt: input.at })
          .where(and(eq(spaReportChecks.id, input.checkId), eq(spaReportChecks.status, 0)))
          .returning({ id: spaReportChecks.id });
        if (moved.length === 0) return false;
        if (input.revise) {
          await tx
            .insert(spaReportChecks)
            .values({
              reportId: input.revise.reportId,
              assigneeId: input.revise.reporterId,
              kind: 'revise',
              status: 0,
              note: input.note,
              createdAt: input.at,
            })
            .onConflictDoNothing();
        }
        await writeAudit(tx, input.audit);
        return true;
      });
    },
    /** Appends to a report; settles the reporter's pending revise check and asks the leader again. */
    async addReportExtra(input: { reportId: number; content: string; at: Date; leaderId: number | null }) {
      await db.transaction(async (tx) => {
        await tx
          .insert(spaReportExtras)
          .values({ reportId: input.reportId, content: input.content, createdAt: input.at });
        const settled = await tx
          .update(spaReportChecks)
          .set({ status: 1, decidedAt: input.at })
          .where(
            and(
              eq(spaReportChecks.reportId, input.reportId),
              eq(spaReportChecks.kind, 'revise'),
              eq(spaReportChecks.status, 0),
            ),
          )
          .returning({ id: spaReportChecks.id });
        if (settled.length > 0 && input.leaderId !== null) {
          await tx
            .insert(spaReportChecks)
            .values({
              reportId: input.reportId,
              assigneeId: input.leaderId,
              kind: 'review',
              status: 0,
              createdAt: input.at,
            })
            .onConflictDoNothing();
        }
      });
    },

    // Notifications.
    async notifications(userId: number, page: number, pageSize: number) {
      const items = await db
        .select()
        .from(promoNotifications)
        .where(eq(promoNotifications.userId, userId))
        .orderBy(desc(promoNotifications.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const total = await count(sql`SELECT count(*) FROM promo_notifications WHERE user_id = ${userId}`);
      return { items, total };
    },
    async notify(row: typeof promoNotifications.$inferInsert) {
      await db.insert(promoNotifications).values(row);
    },
  };
}
export type PromoRepo = ReturnType<typeof createPromoRepo>;

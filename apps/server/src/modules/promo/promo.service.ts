import { randomInt } from 'node:crypto';
import {
  type ContactResult,
  ErrorCode,
  type LeaderLevel,
  LeadTaskStatus,
  maskNumber,
  type PaymentRole,
  type ProjectConfig,
  ReportCheckStatus,
  SPA_APPLY_STATUS_NAMES,
  SpaApplyStatus,
  type SpaInfo,
  type Tier,
} from '@payhub/contracts';
import { applicationMail, applicationReceivedTitle } from '@payhub/i18n';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badParameter, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { localDay, localDayStartMs, nextDay, unixSeconds } from '../../platform/local-day.ts';
import type { ApplicationView, CheckView, PromoRepo, ReportView, TaskView } from './promo.repo.ts';
import {
  APPLICATION_TRANSITIONS,
  type ApplicationAction,
  nextCheckStatus,
  OPEN_TASK_STATUSES,
  taskStatusAfterContact,
} from './promo.rules.ts';

/** Leads a promoter may hold per local day. */
export const DAILY_LEAD_QUOTA = 10;
/** "New members" are those who joined within this many days. */
const NEW_MEMBER_DAYS = 7;
const SHARE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const SHARE_CODE_LENGTH = 8;

/** Sends an inbox mail (the inbox service, wired in app.ts). */
export type MailSender = (mail: {
  projectId: number;
  userId: number;
  senderId: number | null;
  title: string;
  content: string;
}) => Promise<void>;

export interface PromoServiceOptions {
  repo: PromoRepo;
  clock: Clock;
  projectById: (id: number) => ProjectConfig | undefined;
  mail?: MailSender;
}

/** Who the caller is in the programme. */
interface Identity {
  userId: number;
  projectId: number;
  leaderLevel: number;
  spaType: string | null;
  isHr: boolean;
  /** The group the caller leads. */
  ledGroupId: number | null;
  /** The group the caller works in: led or joined. */
  groupId: number | null;
}

/** How the caller may read a group: as its leader, as HR of the project or as a member. */
export type GroupReader = { groupId: number; leaderId: number; as: 'leader' | 'hr' | 'member' };

const statusName = (status: number) => SPA_APPLY_STATUS_NAMES[status] ?? 'applied';

export function createPromoService({ repo, clock, projectById, mail }: PromoServiceOptions) {
  const timeZoneOf = (projectId: number) => projectById(projectId)?.timeZone ?? 'Asia/Jakarta';

  async function identityOf(userId: number, projectId: number): Promise<Identity> {
    const profile = await repo.profile(userId);
    const leaderLevel = profile?.leaderLevel ?? -1;
    const led = leaderLevel === 1 ? await repo.groupByLeader(userId) : null;
    const membership = led ? null : await repo.membership(userId);
    return {
      userId,
      projectId,
      leaderLevel,
      spaType: profile?.spaType ?? null,
      isHr: profile?.spaType === 'HR',
      ledGroupId: led?.id ?? null,
      groupId: led?.id ?? membership?.groupId ?? null,
    };
  }
  const identity = (session: Session) => identityOf(session.userId, session.projectId);

  /**
   * Resolves the group a reviewer acts on. Leaders act on their own group (another group: 1031);
   * HR on any group of the project (another project: 404); everyone else is refused with 7001.
   */
  async function reviewerGroup(me: Identity, groupId: number | undefined): Promise<GroupReader> {
    if (me.ledGroupId !== null) {
      if (groupId !== undefined && groupId !== me.ledGroupId) throw new AppError(ErrorCode.NoPermission);
      const group = await repo.groupById(me.ledGroupId);
      if (!group) throw notFound('group');
      return { groupId: group.id, leaderId: group.leaderId, as: 'leader' };
    }
    if (me.isHr) {
      if (groupId === undefined) throw badParameter('query.groupId: required for HR');
      const group = await repo.groupById(groupId);
      if (!group || group.projectId !== me.projectId) throw notFound('group');
      return { groupId: group.id, leaderId: group.leaderId, as: 'hr' };
    }
    throw new AppError(ErrorCode.NoPermissionPromo);
  }

  async function readableGroup(session: Session, groupId?: number): Promise<GroupReader> {
    const me = await identity(session);
    if (me.ledGroupId === null && !me.isHr && me.groupId !== null) {
      if (groupId !== undefined && groupId !== me.groupId) throw new AppError(ErrorCode.NoPermission);
      const group = await repo.groupById(me.groupId);
      if (!group) throw notFound('group');
      return { groupId: group.id, leaderId: group.leaderId, as: 'member' };
    }
    return reviewerGroup(me, groupId);
  }

  async function groupView(groupId: number) {
    const group = await repo.groupById(groupId);
    if (!group) throw notFound('group');
    const leader = await repo.user(group.leaderId);
    return {
      id: group.id,
      name: group.name,
      leaderId: group.leaderId,
      leaderNickname: leader?.nickname ?? '',
      // The leader works in the group too.
      memberCount: (await repo.memberCount(group.id)) + 1,
      createdAt: unixSeconds(group.createdAt),
    };
  }

  function applicationView(row: ApplicationView, viewerId: number) {
    return {
      id: row.id,
      groupId: row.groupId,
      groupName: row.groupName,
      userId: row.userId,
      nickname: row.nickname,
      phone: row.userId === viewerId ? row.phone : maskNumber(row.phone),
      spaType: row.spaType as 'New',
      note: row.note,
      status: row.status,
      statusName: statusName(row.status),
      reviewNote: row.reviewNote,
      reviewerId: row.reviewerId,
      createdAt: unixSeconds(row.createdAt),
      decidedAt: row.decidedAt ? unixSeconds(row.decidedAt) : null,
    };
  }

  function taskView(row: TaskView, viewerId: number) {
    const mine = row.promoterId === viewerId;
    return {
      taskId: row.taskId,
      leadId: row.leadId,
      phone: mine ? row.phone : maskNumber(row.phone),
      masked: !mine,
      promoterId: row.promoterId,
      status: row.status,
      consent: row.consent,
      doNotContact: row.doNotContact,
      lastResult: (row.lastResult as ContactResult | null) ?? null,
      revisitAt: row.revisitAt ? unixSeconds(row.revisitAt) : null,
      assignedAt: unixSeconds(row.assignedAt),
    };
  }

  function reportView(row: ReportView) {
    return {
      id: row.id,
      userId: row.userId,
      groupId: row.groupId,
      reportDate: row.reportDay,
      content: row.content,
      contactedCount: row.contactedCount,
      interestedCount: row.interestedCount,
      recordedContactCount: row.recordedContactCount,
      extras: row.extras.map((extra) => ({
        content: extra.content,
        createdAt: unixSeconds(extra.createdAt),
      })),
      checkStatus: row.checkStatus,
      createdAt: unixSeconds(row.createdAt),
    };
  }

  function checkView(row: CheckView) {
    return {
      id: row.id,
      reportId: row.reportId,
      kind: row.kind,
      status: row.status,
      reporterId: row.reporterId,
      reporterNickname: row.reporterNickname,
      reportDate: row.reportDay,
      note: row.note,
      createdAt: unixSeconds(row.createdAt),
    };
  }

  async function shareCodeOf(userId: number, projectId: number): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const existing = await repo.shareCodeOf(userId);
      if (existing) return existing;
      let code = '';
      for (let index = 0; index < SHARE_CODE_LENGTH; index += 1)
        code += SHARE_CODE_ALPHABET[randomInt(SHARE_CODE_ALPHABET.length)];
      await repo.insertShareCode(userId, projectId, code);
    }
    throw new AppError(ErrorCode.ServiceError, 'share code');
  }

  /** The caller's own task (404 for anyone else's: the number is not theirs to see). */
  async function ownTask(session: Session, taskId: number) {
    const task = await repo.task(taskId);
    if (!task || task.promoterId !== session.userId) throw notFound('task');
    return task;
  }

  async function requireWorker(session: Session): Promise<Identity & { groupId: number }> {
    const me = await identity(session);
    if (me.groupId === null) throw new AppError(ErrorCode.NoPermissionPromo);
    return me as Identity & { groupId: number };
  }

  async function contact(
    session: Session,
    taskId: number,
    kind: 'contact' | 'revisit',
    input: { result: ContactResult; note: string; revisitAt?: number | undefined },
  ) {
    const task = await ownTask(session, taskId);
    const status = taskStatusAfterContact(
      task.status as LeadTaskStatus,
      input.result,
      input.revisitAt !== undefined,
    );
    if (status === null) throw new AppError(ErrorCode.OrderAlreadyStarted, 'task is finished');
    const now = clock.now();
    if (input.revisitAt !== undefined && input.revisitAt * 1000 <= now.getTime())
      throw badParameter('body.revisitAt: must be in the future');
    const moved = await repo.recordContact({
      taskId,
      promoterId: session.userId,
      kind,
      result: input.result,
      note: input.note,
      at: now,
      status,
      revisitAt: input.revisitAt !== undefined ? new Date(input.revisitAt * 1000) : null,
      ...(input.result === 'doNotContact' && {
        doNotContact: {
          leadId: task.leadId,
          audit: {
            projectId: session.projectId,
            actorId: session.userId,
            action: 'promo.lead.doNotContact',
            objectType: 'spa_lead',
            objectId: String(task.leadId),
            after: { doNotContact: true },
          },
        },
      }),
    });
    if (!moved) throw new AppError(ErrorCode.OrderAlreadyStarted, 'task is finished');
    return taskView((await repo.task(taskId))!, session.userId);
  }

  return {
    async spaInfo(session: Session): Promise<SpaInfo> {
      const profile = await repo.profile(session.userId);
      return {
        role: (profile?.leaderLevel ?? -1) as LeaderLevel,
        spaType: profile?.spaType ?? null,
        spaPay: profile?.spaPay ? 'yes' : 'no',
        tier: (profile?.tier ?? 'normal') as Tier,
      };
    },
    async paymentRole(session: Session): Promise<{ role: PaymentRole | null }> {
      const profile = await repo.profile(session.userId);
      const role = profile?.spaPay ? profile.paymentRole : null;
      return { role: role === 'Manage' || role === 'Handler' ? role : null };
    },
    async spaLogin(
      session: Session,
      input: { device: string; version: string; fingerprint: string; clientVersion: string },
      ip: string,
    ) {
      await repo.recordAppSession({ userId: session.userId, ...input, ip });
      return { ok: true as const };
    },

    // Groups.
    async members(session: Session, query: { groupId?: number | undefined; page: number; count: number }) {
      const reader = await readableGroup(session, query.groupId);
      const page = await repo.members(reader.groupId, query.page, query.count);
      return {
        total: page.total,
        items: page.items.map((member) => ({
          ...member,
          phone: member.userId === session.userId ? member.phone : maskNumber(member.phone),
          joinedAt: unixSeconds(member.joinedAt),
          lastSeenAt: member.lastSeenAt ? unixSeconds(member.lastSeenAt) : null,
        })),
      };
    },
    async groupInfo(session: Session, query: { groupId?: number | undefined }) {
      const groups = await repo.groupsOfProject(session.projectId);
      const groupViews = await Promise.all(groups.map((group) => groupView(group.id)));
      const groupId = query.groupId ?? (await identity(session)).groupId;
      const chosen = groupViews.find((group) => group.id === groupId) ?? null;
      if (query.groupId !== undefined && !chosen) throw notFound('group');
      return { group: chosen, groups: groupViews };
    },
    async missionStatistic(
      session: Session,
      applyAndDeposits: (
        groupId: number,
        day: string,
      ) => Promise<{
        applyCount: number;
        depositFirstCount: number;
      }>,
    ) {
      const me = await identity(session);
      if (me.groupId === null) throw notFound('group');
      const timeZone = timeZoneOf(session.projectId);
      const day = localDay(clock.now(), timeZone);
      const start = new Date(localDayStartMs(day, timeZone));
      const end = new Date(localDayStartMs(nextDay(day), timeZone));
      const counts = await repo.missionCounts(me.groupId, start, end);
      const events = await applyAndDeposits(me.groupId, day);
      return {
        groupId: me.groupId,
        date: day,
        memberCount: (await repo.memberCount(me.groupId)) + 1,
        openTaskCount: counts.openTasks,
        contactedToday: counts.contacted,
        completedToday: counts.completed,
        applyCount: events.applyCount,
        depositFirstCount: events.depositFirstCount,
      };
    },
    async rename(session: Session, name: string) {
      const me = await identity(session);
      if (me.ledGroupId === null) throw new AppError(ErrorCode.NoPermissionPromo);
      const before = await repo.groupById(me.ledGroupId);
      await repo.renameGroup(me.ledGroupId, name, {
        projectId: session.projectId,
        actorId: session.userId,
        action: 'promo.group.rename',
        objectType: 'spa_group',
        objectId: String(me.ledGroupId),
        before: { name: before?.name },
        after: { name },
      });
      return groupView(me.ledGroupId);
    },

    // Applications.
    async apply(session: Session, body: { groupId: number; spaType: string; note: string }) {
      const me = await identity(session);
      if (me.leaderLevel === 1 || me.isHr || me.spaType === 'CS' || me.spaType === 'Banker')
        throw new AppError(ErrorCode.NoPermissionPromo);
      if (me.groupId !== null) throw new AppError(ErrorCode.AlreadyJoined);
      const group = await repo.groupById(body.groupId);
      if (!group || group.projectId !== session.projectId) throw notFound('group');
      const id = await repo.insertApplication({
        projectId: session.projectId,
        groupId: group.id,
        userId: session.userId,
        spaType: body.spaType,
        note: body.note,
        status: SpaApplyStatus.Applied,
        createdAt: clock.now(),
      });
      if (id === null) throw new AppError(ErrorCode.AlreadyJoined);
      await repo.notify({
        userId: group.leaderId,
        kind: 'apply',
        // In the language of the project, never a raw key (issue 11).
        title: applicationReceivedTitle(projectById(session.projectId)?.locale, group.name),
        body: JSON.stringify({ applicationId: id }),
        createdAt: clock.now(),
      });
      return applicationView((await repo.application(id))!, session.userId);
    },
    async applyList(session: Session, query: { page: number; count: number }) {
      const page = await repo.applications({ userId: session.userId, ...query });
      return { total: page.total, items: page.items.map((row) => applicationView(row, session.userId)) };
    },
    async applyDetail(session: Session, id: number) {
      const row = await repo.application(id);
      if (!row || row.userId !== session.userId) throw notFound('application');
      return applicationView(row, session.userId);
    },
    async cancel(session: Session, id: number) {
      const row = await repo.application(id);
      if (!row || row.userId !== session.userId) throw notFound('application');
      const { from, to } = APPLICATION_TRANSITIONS.cancel;
      const moved = await repo.moveApplication(id, from, to, { decidedAt: clock.now() });
      if (!moved)
        throw new AppError(ErrorCode.OrderAlreadyStarted, `application is ${statusName(row.status)}`);
      return applicationView((await repo.application(id))!, session.userId);
    },
    async reviewList(session: Session, query: { status?: number | undefined; page: number; count: number }) {
      const me = await identity(session);
      let filter: { groupId?: number; projectId?: number };
      if (me.ledGroupId !== null) filter = { groupId: me.ledGroupId };
      else if (me.isHr) filter = { projectId: session.projectId };
      else throw new AppError(ErrorCode.NoPermissionPromo);
      const page = await repo.applications({ ...filter, ...query });
      return { total: page.total, items: page.items.map((row) => applicationView(row, session.userId)) };
    },
    async reviewDetail(session: Session, id: number) {
      const me = await identity(session);
      const row = await repo.application(id);
      if (!row || row.projectId !== session.projectId) {
        if (me.ledGroupId === null && !me.isHr) throw new AppError(ErrorCode.NoPermissionPromo);
        throw notFound('application');
      }
      await reviewerGroup(me, row.groupId);
      if (row.status === SpaApplyStatus.Applied) {
        const { from, to } = APPLICATION_TRANSITIONS.review;
        await repo.moveApplication(id, from, to, { reviewerId: session.userId });
      }
      return applicationView((await repo.application(id))!, session.userId);
    },
    async reviewDecide(
      session: Session,
      id: number,
      body: { decision: 'approve' | 'reject' | 'remove'; note?: string | undefined },
    ) {
      const me = await identity(session);
      const row = await repo.application(id);
      if (!row || row.projectId !== session.projectId) {
        if (me.ledGroupId === null && !me.isHr) throw new AppError(ErrorCode.NoPermissionPromo);
        throw notFound('application');
      }
      await reviewerGroup(me, row.groupId);
      const now = clock.now();
      const action: ApplicationAction = body.decision;
      const { from, to } = APPLICATION_TRANSITIONS[action];
      if (body.decision === 'approve' && (await repo.membership(row.userId)))
        throw new AppError(ErrorCode.AlreadyJoined);
      // In the language of the project, never a raw status name or key (issue 11).
      const text = applicationMail(
        projectById(session.projectId)?.locale,
        row.groupName,
        statusName(to),
        body.note ?? null,
      );
      const moved = await repo.moveApplication(
        id,
        from,
        to,
        { reviewerId: session.userId, reviewNote: body.note ?? null, decidedAt: now },
        {
          audit: {
            projectId: session.projectId,
            actorId: session.userId,
            action: `promo.application.${body.decision}`,
            objectType: 'spa_application',
            objectId: String(id),
            before: { status: row.status },
            after: { status: to, note: body.note ?? null },
          },
          ...(body.decision === 'approve' && {
            join: { userId: row.userId, groupId: row.groupId, spaType: row.spaType, at: now },
          }),
          ...(body.decision === 'remove' && { leave: { userId: row.userId } }),
          notify: {
            userId: row.userId,
            kind: body.decision,
            title: text.title,
            body: JSON.stringify({ applicationId: id, groupName: row.groupName, note: body.note ?? null }),
            at: now,
          },
        },
      );
      if (!moved)
        throw new AppError(ErrorCode.OrderAlreadyStarted, `application is ${statusName(row.status)}`);
      await mail?.({ projectId: session.projectId, userId: row.userId, senderId: session.userId, ...text });
      return applicationView((await repo.application(id))!, session.userId);
    },
    async newMembers(session: Session) {
      const me = await identity(session);
      if (me.ledGroupId === null && !me.isHr) throw new AppError(ErrorCode.NoPermissionPromo);
      const since = new Date(clock.now().getTime() - NEW_MEMBER_DAYS * 86_400_000);
      const pending = await repo.applications({
        ...(me.ledGroupId !== null ? { groupId: me.ledGroupId } : { projectId: session.projectId }),
        status: SpaApplyStatus.Applied,
        page: 1,
        count: 1,
      });
      const reviewing = await repo.applications({
        ...(me.ledGroupId !== null ? { groupId: me.ledGroupId } : { projectId: session.projectId }),
        status: SpaApplyStatus.Reviewing,
        page: 1,
        count: 1,
      });
      const groupIds =
        me.ledGroupId !== null
          ? [me.ledGroupId]
          : (await repo.groupsOfProject(session.projectId)).map((group) => group.id);
      const members = [];
      for (const groupId of groupIds) members.push(...(await repo.members(groupId, 1, 100, since)).items);
      return {
        pendingCount: pending.total + reviewing.total,
        members: members.map((member) => ({
          ...member,
          phone: maskNumber(member.phone),
          joinedAt: unixSeconds(member.joinedAt),
          lastSeenAt: member.lastSeenAt ? unixSeconds(member.lastSeenAt) : null,
        })),
      };
    },
    statusCatalogue() {
      const entries = (names: readonly string[]) => names.map((name, value) => ({ value, name }));
      return {
        apply: entries(SPA_APPLY_STATUS_NAMES),
        task: entries(['assigned', 'contacted', 'revisit', 'completed', 'closed']),
        check: entries(['pending', 'accepted', 'returned']),
        contactResults: ['answered', 'noAnswer', 'interested', 'refused', 'wrongNumber', 'doNotContact'],
      };
    },
    async ping(session: Session, foreground: boolean) {
      await repo.ping(session.userId, foreground, clock.now());
      return { ok: true as const };
    },
    async notificationHistory(session: Session, query: { page: number; count: number }) {
      const page = await repo.notifications(session.userId, query.page, query.count);
      return {
        total: page.total,
        items: page.items.map((row) => ({
          id: row.id,
          kind: row.kind,
          title: row.title,
          body: row.body,
          createdAt: unixSeconds(row.createdAt),
        })),
      };
    },

    // Lead tasks.
    async currentTask(session: Session) {
      const me = await requireWorker(session);
      const now = clock.now();
      const day = localDay(now, timeZoneOf(session.projectId));
      const assignedToday = await repo.assignedOnDay(session.userId, day);
      await repo.assignLeads({
        projectId: session.projectId,
        promoterId: session.userId,
        groupId: me.groupId,
        limit: DAILY_LEAD_QUOTA - assignedToday,
        at: now,
        day,
      });
      const counts = await repo.promoterDayCounts(session.userId, day);
      const open = await repo.tasks({
        promoterId: session.userId,
        statuses: OPEN_TASK_STATUSES,
        page: 1,
        count: 100,
      });
      return {
        date: day,
        quota: DAILY_LEAD_QUOTA,
        assigned: counts.assigned,
        contacted: counts.contacted,
        completed: counts.completed,
        shareCode: await shareCodeOf(session.userId, session.projectId),
        leads: open.items.map((row) => taskView(row, session.userId)),
      };
    },
    async phoneList(session: Session, query: { status?: number | undefined; page: number; count: number }) {
      const me = await identity(session);
      const statuses = query.status === undefined ? undefined : [query.status];
      let scope: { promoterId?: number; groupId?: number; projectId?: number };
      if (me.isHr) scope = { projectId: session.projectId };
      else if (me.ledGroupId !== null) scope = { groupId: me.ledGroupId };
      else if (me.groupId !== null) scope = { promoterId: session.userId };
      else throw new AppError(ErrorCode.NoPermissionPromo);
      const page = await repo.tasks({
        ...scope,
        ...(statuses && { statuses }),
        page: query.page,
        count: query.count,
      });
      return { total: page.total, items: page.items.map((row) => taskView(row, session.userId)) };
    },
    async share(session: Session, taskId: number, channel: string) {
      const task = await ownTask(session, taskId);
      if (task.doNotContact || !task.consent)
        throw new AppError(ErrorCode.NoPermissionPromo, 'lead may not be contacted');
      const code = await shareCodeOf(session.userId, session.projectId);
      await repo.recordContact({
        taskId,
        promoterId: session.userId,
        kind: 'share',
        result: channel,
        note: '',
        at: clock.now(),
        status: task.status,
        revisitAt: task.revisitAt,
      });
      return { shareCode: code, link: `/play/?shareCode=${code}`, phone: task.phone };
    },
    contact: (
      session: Session,
      body: { taskId: number; result: ContactResult; note: string; revisitAt?: number | undefined },
    ) => contact(session, body.taskId, 'contact', body),
    revisit: (
      session: Session,
      taskId: number,
      body: { result: ContactResult; note: string; revisitAt?: number | undefined },
    ) => contact(session, taskId, 'revisit', body),
    async revisitList(session: Session, query: { page: number; count: number }) {
      const page = await repo.tasks({
        promoterId: session.userId,
        statuses: [LeadTaskStatus.Revisit],
        revisitOnly: true,
        ...query,
      });
      return { total: page.total, items: page.items.map((row) => taskView(row, session.userId)) };
    },

    // Reports and checks.
    async report(
      session: Session,
      body: { content: string; contactedCount: number; interestedCount: number },
    ) {
      const me = await requireWorker(session);
      const group = await repo.groupById(me.groupId);
      const now = clock.now();
      const id = await repo.insertReport(
        {
          projectId: session.projectId,
          userId: session.userId,
          groupId: me.groupId,
          reportDay: localDay(now, timeZoneOf(session.projectId)),
          content: body.content,
          contactedCount: body.contactedCount,
          interestedCount: body.interestedCount,
          createdAt: now,
        },
        group && group.leaderId !== session.userId ? { assigneeId: group.leaderId, at: now } : null,
      );
      if (id === null)
        throw new AppError(ErrorCode.AlreadyJoined, 'already reported today; add to it with spaReportExtra');
      return reportView((await repo.reports({ reportId: id, page: 1, count: 1 })).items[0]!);
    },
    async reportExtra(session: Session, body: { reportId: number; content: string }) {
      const report = (await repo.reports({ reportId: body.reportId, page: 1, count: 1 })).items[0];
      if (!report || report.userId !== session.userId) throw notFound('report');
      const group = await repo.groupById(report.groupId);
      await repo.addReportExtra({
        reportId: report.id,
        content: body.content,
        at: clock.now(),
        leaderId: group && group.leaderId !== session.userId ? group.leaderId : null,
      });
      return reportView((await repo.reports({ reportId: report.id, page: 1, count: 1 })).items[0]!);
    },
    async reportLog(session: Session, query: { userId?: number | undefined; page: number; count: number }) {
      let userId = session.userId;
      if (query.userId !== undefined && query.userId !== session.userId) {
        const me = await identity(session);
        const target = await identityOf(query.userId, session.projectId);
        const targetUser = await repo.user(query.userId);
        if (!targetUser || targetUser.projectId !== session.projectId) {
          if (me.ledGroupId === null && !me.isHr) throw new AppError(ErrorCode.NoPermissionPromo);
          throw notFound('user');
        }
        if (target.groupId === null) {
          if (me.ledGroupId === null && !me.isHr) throw new AppError(ErrorCode.NoPermissionPromo);
          throw notFound('member');
        }
        await reviewerGroup(me, target.groupId);
        userId = query.userId;
      }
      const page = await repo.reports({ userId, page: query.page, count: query.count });
      return { total: page.total, items: page.items.map(reportView) };
    },
    async reportChecks(session: Session) {
      const items = await repo.checks({ assigneeId: session.userId });
      return {
        items: items.map(checkView),
        pending: items.filter((item) => item.status === ReportCheckStatus.Pending).length,
      };
    },
    async decideCheck(session: Session, id: number, body: { status: 1 | 2; note?: string | undefined }) {
      const [check] = await repo.checks({ checkId: id });
      if (!check || check.assigneeId !== session.userId) throw notFound('check');
      if (check.status !== ReportCheckStatus.Pending)
        throw new AppError(ErrorCode.OrderAlreadyStarted, 'check is settled');
      if (nextCheckStatus(check.status as ReportCheckStatus, check.kind, body.status) === null)
        throw new AppError(ErrorCode.NoPermissionPromo, 'a returned report is answered, not returned');
      const settled = await repo.decideCheck({
        checkId: id,
        status: body.status,
        note: body.note ?? null,
        at: clock.now(),
        revise:
          check.kind === 'review' && body.status === ReportCheckStatus.Returned
            ? { reportId: check.reportId, reporterId: check.reporterId }
            : null,
        audit: {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'promo.reportCheck.decide',
          objectType: 'spa_report_check',
          objectId: String(id),
          before: { status: 0 },
          after: { status: body.status, note: body.note ?? null },
        },
      });
      if (!settled) throw new AppError(ErrorCode.OrderAlreadyStarted, 'check is settled');
      const [updated] = await repo.checks({ checkId: id });
      return checkView(updated!);
    },

    // For the data center and the registration hook.
    readableGroup,
    timeZoneOf,
    /** The group a user works in (led or joined), or null. */
    groupOfUser: async (userId: number, projectId: number) => (await identityOf(userId, projectId)).groupId,
    /** Who may write to whom in the inbox: admin anyone of the project, a leader the members, HR promoters. */
    async mayMail(session: Session, targetId: number) {
      const target = await repo.user(targetId);
      if (!target || target.projectId !== session.projectId) return false;
      if (session.staffRole === 'admin') return true;
      const me = await identity(session);
      const them = await identityOf(targetId, session.projectId);
      if (me.ledGroupId !== null && them.groupId === me.ledGroupId && targetId !== session.userId)
        return true;
      return me.isHr && them.groupId !== null;
    },
    async isReviewer(session: Session) {
      const me = await identity(session);
      return me.ledGroupId !== null || me.isHr;
    },
    async groupPeople(groupId: number) {
      const group = await repo.groupById(groupId);
      if (!group) return [];
      const members = await repo.members(groupId, 1, 500);
      const leader = await repo.user(group.leaderId);
      return [
        ...(leader ? [{ userId: leader.id, nickname: leader.nickname }] : []),
        ...members.items.map((member) => ({ userId: member.userId, nickname: member.nickname })),
      ];
    },
    /** The promoter behind a share code of the project, with the group they work in. */
    async resolveShareCode(projectId: number, code: string) {
      const promoterId = await repo.ownerOfShareCode(projectId, code);
      if (promoterId === null) return null;
      const { groupId } = await identityOf(promoterId, projectId);
      return groupId === null ? null : { promoterId, groupId };
    },
    completeLeadTask: (projectId: number, promoterId: number, phone: string, at: Date) =>
      repo.completeTaskByPhone(projectId, promoterId, phone, at),
    /** Lead numbers for data center rows: full only where the viewer is the lead's promoter. */
    async leadsOf(leadIds: number[], viewerId: number) {
      const result = new Map<number, { phone: string; masked: boolean }>();
      for (const lead of await repo.leadsByIds(leadIds)) {
        const mine = lead.promoterIds.includes(viewerId);
        result.set(lead.id, { phone: mine ? lead.phone : maskNumber(lead.phone), masked: !mine });
      }
      return result;
    },
  };
}
export type PromoService = ReturnType<typeof createPromoService>;

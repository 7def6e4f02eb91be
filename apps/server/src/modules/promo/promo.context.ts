import { randomInt } from 'node:crypto';
import {
  type ContactResult,
  ErrorCode,
  type LeadTaskStatus,
  maskNumber,
  type ProjectConfig,
  SPA_APPLY_STATUS_NAMES,
} from '@payhub/contracts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badParameter, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { unixSeconds } from '../../platform/local-day.ts';
import type { ApplicationView, CheckView, PromoRepo, ReportView, TaskView } from './promo.repo.ts';
import { taskStatusAfterContact } from './promo.rules.ts';

/** Leads a promoter may hold per local day. */
export const DAILY_LEAD_QUOTA = 10;
/** "New members" are those who joined within this many days. */
export const NEW_MEMBER_DAYS = 7;
export const SHARE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const SHARE_CODE_LENGTH = 8;

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
export interface Identity {
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

export const statusName = (status: number) => SPA_APPLY_STATUS_NAMES[status] ?? 'applied';

/** What every promo case shares: who the caller is in the programme, which group they may read, views. */
export function createPromoContext({ repo, clock, projectById }: PromoServiceOptions) {
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
    timeZoneOf,
    identityOf,
    identity,
    reviewerGroup,
    readableGroup,
    groupView,
    applicationView,
    taskView,
    reportView,
    checkView,
    shareCodeOf,
    ownTask,
    requireWorker,
    contact,
  };
}
export type PromoContext = ReturnType<typeof createPromoContext>;

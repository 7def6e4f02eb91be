import { ErrorCode, maskNumber, SPA_APPLY_STATUS_NAMES, SpaApplyStatus } from '@payhub/contracts';
import { applicationMail, applicationReceivedTitle } from '@payhub/i18n';
import { AppError, noPermission, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { unixSeconds } from '../../platform/local-day.ts';
import { NEW_MEMBER_DAYS, type PromoContext, type PromoServiceOptions, statusName } from './promo.context.ts';
import { APPLICATION_TRANSITIONS, type ApplicationAction } from './promo.rules.ts';

/** Applications to join a group and their review; new members, presence pings and notifications. */
export function createPromoApplications(
  { repo, clock, projectById, mail }: PromoServiceOptions,
  context: PromoContext,
) {
  const { identity, reviewerGroup, applicationView } = context;

  async function decide(
    session: Session,
    row: NonNullable<Awaited<ReturnType<typeof repo.application>>>,
    body: { decision: 'approve' | 'reject' | 'remove'; note?: string | undefined },
  ) {
    const id = row.id;
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
    if (!moved) throw new AppError(ErrorCode.OrderAlreadyStarted, `application is ${statusName(row.status)}`);
    await mail?.({ projectId: session.projectId, userId: row.userId, senderId: session.userId, ...text });
    return applicationView((await repo.application(id))!, session.userId);
  }

  return {
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
      return decide(session, row, body);
    },

    /** The console's list of the project's applications (admin entry point; the console checks its roles first). */
    async adminApplications(
      session: Session,
      query: { status?: number | undefined; page: number; count: number },
    ) {
      if (session.staffRole !== 'admin') throw noPermission();
      const page = await repo.applications({ projectId: session.projectId, ...query });
      return { total: page.total, items: page.items.map((row) => applicationView(row, session.userId)) };
    },

    /** A staff member's decision on an application of the project (same transitions, mail and audit). */
    async adminDecide(
      session: Session,
      id: number,
      body: { decision: 'approve' | 'reject' | 'remove'; note: string },
    ) {
      if (session.staffRole !== 'admin') throw noPermission();
      const row = await repo.application(id);
      if (!row || row.projectId !== session.projectId) throw notFound('application');
      return decide(session, row, body);
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
  };
}

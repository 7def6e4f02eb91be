import { ErrorCode, ReportCheckStatus } from '@payhub/contracts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { localDay } from '../../platform/local-day.ts';
import type { PromoContext, PromoServiceOptions } from './promo.context.ts';
import { nextCheckStatus } from './promo.rules.ts';

/** Daily reports and the leader's checks of them. */
export function createPromoReports({ repo, clock }: PromoServiceOptions, context: PromoContext) {
  const { timeZoneOf, identityOf, identity, reviewerGroup, reportView, checkView, requireWorker } = context;
  /** Promo's report page, each report's contacts counted in its project's time zone (the site's). */
  const reports = (filter: { reportId?: number; userId?: number; page: number; count: number }) =>
    repo.reports({ ...filter, timeZoneOf });

  return {
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
      return reportView((await reports({ reportId: id, page: 1, count: 1 })).items[0]!);
    },
    async reportExtra(session: Session, body: { reportId: number; content: string }) {
      const report = (await reports({ reportId: body.reportId, page: 1, count: 1 })).items[0];
      if (!report || report.userId !== session.userId) throw notFound('report');
      const group = await repo.groupById(report.groupId);
      await repo.addReportExtra({
        reportId: report.id,
        content: body.content,
        at: clock.now(),
        leaderId: group && group.leaderId !== session.userId ? group.leaderId : null,
      });
      return reportView((await reports({ reportId: report.id, page: 1, count: 1 })).items[0]!);
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
      const page = await reports({ userId, page: query.page, count: query.count });
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
  };
}

import { type ContactResult, ErrorCode, LeadTaskStatus } from '@payhub/contracts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { localDay } from '../../platform/local-day.ts';
import { DAILY_LEAD_QUOTA, type PromoContext, type PromoServiceOptions } from './promo.context.ts';
import { OPEN_TASK_STATUSES } from './promo.rules.ts';

/** Lead tasks: the current lead, the phone list, sharing and revisits. */
export function createPromoLeads({ repo, clock }: PromoServiceOptions, context: PromoContext) {
  const { timeZoneOf, identity, taskView, shareCodeOf, ownTask, requireWorker, contact } = context;

  return {
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
  };
}

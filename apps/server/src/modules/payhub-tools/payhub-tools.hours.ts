import { ErrorCode } from '@payhub/contracts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import { AppError, noPermission } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';

import { hoursWire, minuteOf, type PayhubToolsDeps, type ToolsContext } from './payhub-tools.context.ts';

/** Work hours of an operator and of its group (the leader's view). */
export function createToolsHours(deps: PayhubToolsDeps, context: ToolsContext) {
  const { repo, payhub, clock, promo } = deps;
  const { requireOperator, workTimeOf, project } = context;

  /**
   * The payment operators of a group (its leader and members) or of a project, by user id (at most
   * 500): payhub's operators, the user module's nicknames, promo's presence, the tools' own hours.
   */
  async function groupOperators(scope: { groupId: number } | { projectId: number }, at: Date) {
    const operators = await deps.payhubFigures.operators(
      repo.db,
      'groupId' in scope ? { userIds: await promo.groupMemberIds(scope.groupId) } : scope,
    );
    const ids = operators.map((operator) => operator.userId);
    const [cards, lastSeen, hours] = await Promise.all([
      deps.users.cards(ids),
      promo.lastSeenAt(ids),
      repo.hoursAt(
        repo.db,
        operators.map((operator) => ({
          operatorId: operator.userId,
          timeZone: project(operator.projectId).timeZone,
        })),
        at,
      ),
    ]);
    return operators.flatMap((operator) => {
      const card = cards.get(operator.userId);
      if (!card) return [];
      const time = hours.get(operator.userId) ?? { hours: null, inside: true };
      return [
        {
          userId: operator.userId,
          nickname: card.nickname,
          working: operator.working,
          lastSeenAt: lastSeen.get(operator.userId) ?? null,
          hours: time.hours,
          inside: time.inside,
        },
      ];
    });
  }

  return {
    async workTime(session: Session) {
      return workTimeOf(await requireOperator(session));
    },

    async setWorkTime(
      session: Session,
      input: { start: string; end: string; days: number[] },
      ip: string | null,
    ) {
      const startMinute = minuteOf(input.start);
      const endMinute = minuteOf(input.end);
      if (startMinute === endMinute)
        throw new AppError(ErrorCode.BadParameter, 'body.end: must differ from start');
      const days = [...new Set(input.days)].sort();
      const operator = await repo.transaction(async (tx) => {
        const found = await requireOperator(session, tx);
        const before = await repo.workHours(tx, found.userId);
        await repo.setWorkHours(tx, found.userId, { startMinute, endMinute, days }, clock.now());
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'operator.work_hours',
          objectType: 'payhub_operator',
          objectId: String(found.userId),
          before: hoursWire(before),
          after: { start: input.start, end: input.end, days },
          ip,
        });
        return found;
      });
      return workTimeOf(operator);
    },

    async groupInfo(session: Session) {
      const group = await promo.groupOf(session.userId);
      if (!group) return { group: null, isLeader: false, operators: 0, working: 0 };
      const operators = await groupOperators({ groupId: group.id }, clock.now());
      return {
        group,
        isLeader: group.leaderId === session.userId,
        operators: operators.length,
        working: operators.filter((operator) => operator.working).length,
      };
    },

    /** A promo group's leader sees its group; a payment manager (group head, spec §6) its project. */
    async groupWorkTime(session: Session) {
      const group = await promo.groupOf(session.userId);
      let scope: { groupId: number } | { projectId: number };
      if (group && group.leaderId === session.userId) scope = { groupId: group.id };
      else {
        const operator = await payhub.operator(repo.db, session.userId);
        if (
          !operator?.spaPay ||
          operator.paymentRole !== 'Manage' ||
          operator.projectId !== session.projectId
        )
          throw noPermission();
        scope = { projectId: session.projectId };
      }
      const operators = await groupOperators(scope, clock.now());
      return {
        items: operators.map((operator) => ({
          userId: operator.userId,
          nickname: operator.nickname,
          working: operator.working,
          hours: hoursWire(operator.hours),
          insideHours: operator.inside,
          lastSeenAt: operator.lastSeenAt?.toISOString() ?? null,
        })),
      };
    },
  };
}

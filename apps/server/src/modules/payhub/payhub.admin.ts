import { ErrorCode, formatMoney, type LocalCurrency } from '@payhub/contracts';
import { paging } from '../../money/order-lifecycle.ts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/database.ts';
import { AppError, noPermission, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import type { CaseRow, OperatorRow, PayhubRepo } from './payhub.repo.ts';
import { defaultMonitoringRules, type MonitoringRules, reportingThresholdBounds } from './payhub.rules.ts';

/**
 * The payment hub's admin cases: monitoring cases and operator KYC. Split from the deposit service
 * (one reason to change: what an admin may review and decide); the payhub service exposes these
 * methods unchanged.
 */
export function createPayhubAdmin<Status>(deps: {
  repo: PayhubRepo;
  clock: Clock;
  /** The operator's status as the operator app shows it (KYC, work, limits). */
  statusOf: (operator: OperatorRow) => Promise<Status>;
  /** The project's local currency (the reporting threshold is in it). */
  currencyOf: (projectId: number) => LocalCurrency;
}) {
  const { repo, clock, statusOf } = deps;

  /** The project's monitoring figures with when and by whom they were set (null: the defaults). */
  async function rulesOf(executor: Executor, projectId: number) {
    const currency = deps.currencyOf(projectId);
    const stored = await repo.monitoringRules(executor, projectId);
    return {
      currency,
      rules: stored ?? defaultMonitoringRules(currency),
      updatedAt: stored?.updatedAt ?? null,
      updatedBy: stored?.updatedBy ?? null,
      bounds: reportingThresholdBounds(currency),
    };
  }
  const figures = (rules: MonitoringRules) => ({
    velocityMaxOrders: rules.velocityMaxOrders,
    velocityWindowMinutes: rules.velocityWindowMinutes,
    reportingThreshold: formatMoney(rules.reportingThreshold),
    justUnderBps: rules.justUnderBps,
    manyPayersMax: rules.manyPayersMax,
    manyPayersWindowHours: rules.manyPayersWindowHours,
  });
  function requireAdmin(session: Session): void {
    if (session.staffRole !== 'admin') throw noPermission();
  }

  /** Closes an open case of the session's project (404 unknown, 1044 closed), audited `case.close`. */
  async function closeCaseIn(tx: Executor, session: Session, id: number, resolution: string, ip: string) {
    requireAdmin(session);
    const closed = await repo.closeCase(tx, {
      id,
      projectId: session.projectId,
      closedBy: session.userId,
      resolution,
      at: clock.now(),
    });
    if (!closed) {
      if (!(await repo.findCase(tx, id, session.projectId))) throw notFound('case');
      throw new AppError(ErrorCode.CaseAlreadyHandled, 'case already closed');
    }
    await writeAudit(tx, {
      projectId: session.projectId,
      actorId: session.userId,
      action: 'case.close',
      objectType: 'payhub_case',
      objectId: String(id),
      before: { status: 'open' },
      after: { status: 'closed', resolution },
      ip,
    });
    return toCaseWire(closed);
  }

  return {
    async adminCases(
      session: Session,
      query: {
        page: number;
        count: number;
        status?: 'open' | 'closed' | undefined;
        escalated?: boolean | undefined;
      },
    ) {
      requireAdmin(session);
      const result = await repo.cases(
        repo.db,
        session.projectId,
        query.status,
        paging(query.page, query.count),
        query.escalated,
      );
      return { items: result.items.map(toCaseWire), total: result.total };
    },
    adminCloseCase(session: Session, id: number, resolution: string, ip: string) {
      return repo.transaction((tx) => closeCaseIn(tx, session, id, resolution, ip));
    },
    /**
     * `adminCloseCase` inside the caller's transaction (the console closes a reward-abuse case in one
     * transaction with the decision on its held rewards and that decision's audit line).
     */
    adminCloseCaseIn: closeCaseIn,
    /** The monitoring figures the project's deposit monitor applies now. */
    async adminMonitoringRules(session: Session) {
      requireAdmin(session);
      return rulesOf(repo.db, session.projectId);
    },
    /**
     * Sets the project's monitoring figures (each within MONITORING_RULE_BOUNDS, checked by the
     * contract; the threshold within reportingThresholdBounds, 3 otherwise and nothing changes). One
     * transaction: the row is locked, written, and the audit line holds the figures before and after.
     */
    async adminSetMonitoringRules(session: Session, input: MonitoringRules, ip: string) {
      requireAdmin(session);
      const [min, max] = reportingThresholdBounds(deps.currencyOf(session.projectId));
      if (input.reportingThreshold < min || input.reportingThreshold > max)
        throw new AppError(
          ErrorCode.BadParameter,
          `body.reportingThreshold: between ${formatMoney(min)} and ${formatMoney(max)}`,
        );
      return repo.transaction(async (tx) => {
        await repo.lockMonitoringRules(tx, session.projectId);
        const before = await rulesOf(tx, session.projectId);
        await repo.upsertMonitoringRules(tx, {
          projectId: session.projectId,
          ...input,
          at: clock.now(),
          by: session.userId,
        });
        const after = await rulesOf(tx, session.projectId);
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'monitoring.rules.update',
          objectType: 'monitoring_rules',
          objectId: String(session.projectId),
          before: figures(before.rules),
          after: figures(after.rules),
          ip,
        });
        return after;
      });
    },
    /**
     * Escalates an open case to the project's admin with a note (once; the case stays open for the
     * admin's decision). A closed or already escalated case answers 1044 and changes nothing.
     */
    async adminEscalateCase(session: Session, id: number, note: string, ip: string) {
      requireAdmin(session);
      return repo.transaction(async (tx) => {
        const escalated = await repo.escalateCase(tx, {
          id,
          projectId: session.projectId,
          escalatedBy: session.userId,
          note,
          at: clock.now(),
        });
        if (!escalated) {
          const found = await repo.findCase(tx, id, session.projectId);
          if (!found) throw notFound('case');
          // The same answer as closing a closed case (1044).
          throw new AppError(
            ErrorCode.CaseAlreadyHandled,
            found.status === 'closed' ? 'case already closed' : 'case already escalated',
          );
        }
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'case.escalate',
          objectType: 'payhub_case',
          objectId: String(id),
          before: { status: 'open', escalated: false },
          after: { status: 'open', escalated: true, note },
          ip,
        });
        return toCaseWire(escalated);
      });
    },
    /** The project's deposit orders for the console: by states, player and order number; newest first. */
    async adminOrders(
      session: Session,
      query: {
        page: number;
        count: number;
        states?: readonly number[] | undefined;
        playerId?: number | undefined;
        orderNo?: string | undefined;
      },
    ) {
      requireAdmin(session);
      return repo.orders(
        repo.db,
        {
          projectId: session.projectId,
          ...(query.states && query.states.length > 0 ? { states: query.states } : {}),
          ...(query.playerId ? { playerId: query.playerId } : {}),
          ...(query.orderNo ? { orderNo: query.orderNo } : {}),
        },
        paging(query.page, query.count),
      );
    },
    /** The project's operators for the console's KYC queue (keyset pages on user id). */
    async adminOperators(
      session: Session,
      query: {
        kycStatus?: OperatorRow['kycStatus'] | undefined;
        q?: string | undefined;
        cursor?: string | undefined;
        count: number;
      },
    ) {
      requireAdmin(session);
      const rows = await repo.operatorList(repo.db, {
        projectId: session.projectId,
        kycStatus: query.kycStatus,
        q: query.q,
        ...(query.cursor ? { before: Number(query.cursor) } : {}),
        limit: query.count + 1,
      });
      const page = rows.slice(0, query.count);
      return {
        items: page,
        nextCursor: rows.length > query.count ? String(page[page.length - 1]!.userId) : null,
      };
    },
    async adminSetKyc(
      session: Session,
      userId: number,
      input: { status: OperatorRow['kycStatus']; verifiedName?: string | undefined },
      ip: string,
    ) {
      requireAdmin(session);
      return repo.transaction(async (tx) => {
        const before = await repo.operator(tx, userId, true);
        if (!before || before.projectId !== session.projectId) throw notFound('operator');
        if (input.status === 'verified' && !input.verifiedName && !before.verifiedName)
          throw new AppError(ErrorCode.BadParameter, 'body.verifiedName: required to verify');
        await repo.upsertOperator(tx, {
          userId,
          projectId: before.projectId,
          kycStatus: input.status,
          // The proposed row must satisfy the KYC check on its own (PostgreSQL checks it before ON CONFLICT).
          verifiedName: input.verifiedName ?? before.verifiedName,
          perOrderMax: before.perOrderMax,
          dailyMax: before.dailyMax,
          commissionBps: before.commissionBps,
          at: clock.now(),
        });
        const after = (await repo.operator(tx, userId))!;
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'operator.kyc',
          objectType: 'operator',
          objectId: String(userId),
          before: { kycStatus: before.kycStatus, verifiedName: before.verifiedName },
          after: { kycStatus: after.kycStatus, verifiedName: after.verifiedName },
          ip,
        });
        return statusOf(after);
      });
    },
  };
}

function toCaseWire(row: CaseRow) {
  return {
    id: row.id,
    rule: row.rule,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    details: row.details,
    status: row.status,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
    resolution: row.resolution,
    escalatedAt: row.escalatedAt ? row.escalatedAt.toISOString() : null,
    escalatedBy: row.escalatedBy,
    escalationNote: row.escalationNote,
  };
}

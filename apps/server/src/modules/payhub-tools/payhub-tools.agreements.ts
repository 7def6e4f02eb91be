import { ErrorCode, formatMoney } from '@payhub/contracts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import { AppError, noPermission, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';

import { type PayhubToolsDeps, type ToolsContext, toAgreementWire } from './payhub-tools.context.ts';

/** Limit and commission agreements: the operator asks, an admin approves or rejects. */
export function createToolsAgreements(deps: PayhubToolsDeps, context: ToolsContext) {
  const { repo, payhub, cards, clock } = deps;
  const { requireOperator } = context;

  return {
    async history(session: Session) {
      const operator = await requireOperator(session);
      return { items: (await repo.agreements(repo.db, operator.userId)).map(toAgreementWire) };
    },

    async request(
      session: Session,
      input: { perOrderMax: bigint; dailyMax: bigint; commissionBps: number; note: string },
      ip: string | null,
    ) {
      if (input.dailyMax < input.perOrderMax)
        throw new AppError(ErrorCode.BadParameter, 'body.dailyMax: must be at least perOrderMax');
      return repo.transaction(async (tx) => {
        const operator = await requireOperator(session, tx);
        await cards.lockOperator(tx, operator.userId);
        const id = await repo.insertAgreement(tx, {
          operatorId: operator.userId,
          projectId: operator.projectId,
          ...input,
          at: clock.now(),
        });
        const row = (await repo.agreement(tx, id))!;
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'agreement.request',
          objectType: 'payhub_agreement',
          objectId: String(id),
          after: toAgreementWire(row),
          ip,
        });
        return toAgreementWire(row);
      });
    },

    async state(session: Session) {
      const operator = await requireOperator(session);
      const rows = await repo.agreements(repo.db, operator.userId);
      const active = rows.find((row) => row.state === 'active');
      const pending = rows.find((row) => row.state === 'pending');
      return {
        terms: {
          perOrderMax: formatMoney(operator.perOrderMax),
          dailyMax: formatMoney(operator.dailyMax),
          commissionBps: operator.commissionBps,
        },
        active: active ? toAgreementWire(active) : null,
        pending: pending ? toAgreementWire(pending) : null,
      };
    },

    async adminAgreements(session: Session) {
      if (session.staffRole !== 'admin') throw noPermission();
      const rows = await repo.pendingAgreements(repo.db, session.projectId);
      return { items: rows.map((row) => ({ ...toAgreementWire(row), operatorId: row.operatorId })) };
    },

    async adminReview(
      session: Session,
      id: number,
      input: { decision: 'approve' | 'reject'; note: string },
      ip: string | null,
    ) {
      if (session.staffRole !== 'admin') throw noPermission();
      return repo.transaction(async (tx) => {
        const found = await repo.agreement(tx, id);
        if (!found || found.projectId !== session.projectId) throw notFound('agreement');
        await cards.lockOperator(tx, found.operatorId);
        const agreement = (await repo.agreement(tx, id, true))!;
        if (agreement.state !== 'pending')
          throw new AppError(ErrorCode.OrderAlreadyStarted, 'already reviewed');
        const before = await payhub.operator(tx, agreement.operatorId);
        await repo.decideAgreement(tx, agreement, {
          approve: input.decision === 'approve',
          reviewerId: session.userId,
          note: input.note,
          at: clock.now(),
        });
        const after = (await repo.agreement(tx, id))!;
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: `agreement.${input.decision}`,
          objectType: 'payhub_agreement',
          objectId: String(id),
          before: before
            ? {
                perOrderMax: formatMoney(before.perOrderMax),
                dailyMax: formatMoney(before.dailyMax),
                commissionBps: before.commissionBps,
              }
            : null,
          after: toAgreementWire(after),
          ip,
        });
        return toAgreementWire(after);
      });
    },
  };
}

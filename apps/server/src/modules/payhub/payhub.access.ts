import { ErrorCode } from '@payhub/contracts';
import type { Executor } from '../../platform/db/database.ts';
import { AppError, noPermission } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import type { OperatorRow, PayhubRepo } from './payhub.repo.ts';

/** The caller as a payment operator (spaPay yes, of the session's project), or 1031. */
export async function requireOperator(
  payhubRepo: Pick<PayhubRepo, 'operator'>,
  session: Session,
  executor: Executor,
): Promise<OperatorRow> {
  const operator = await payhubRepo.operator(executor, session.userId);
  if (!operator?.spaPay || operator.projectId !== session.projectId) throw noPermission();
  return operator;
}

/** What a self-dealing attempt was about; recorded as a monitoring case after the refusal. */
export interface SelfDealingAttempt {
  projectId: number;
  operatorId: number;
  playerId: number;
  /** How the operator is linked to the payer (payhub_linked_operators, 0500). */
  link: string;
  action: string;
  orderType: 'pay_order' | 'withdraw_order' | null;
  orderId: number | null;
}

/**
 * 3042 for an operator acting on an order of a payer linked to it. The transaction it aborts rolls
 * back, so the case is opened afterwards (`recordSelfDealing`); the message does not say which link
 * was found, so the refusal does not teach how to avoid it.
 */
export class SelfDealingRefusal extends AppError {
  constructor(readonly attempt: SelfDealingAttempt) {
    super(attempt.orderType === null ? ErrorCode.OperatorCannotPay : ErrorCode.OperatorLinkedToPayer);
  }
}

/** Refuses (3042) when the actor is linked to the order's payer; call it under the order's row lock. */
export async function refuseIfLinked(
  payhubRepo: Pick<PayhubRepo, 'operatorLink'>,
  executor: Executor,
  input: Omit<SelfDealingAttempt, 'link'> & { orderType: 'pay_order' | 'withdraw_order' },
): Promise<void> {
  const link = await payhubRepo.operatorLink(executor, input.operatorId, input.playerId);
  if (link !== null) throw new SelfDealingRefusal({ ...input, link });
}

/** Opens (or keeps) the operator's self-dealing case for an attempt, in its own statement. */
export async function recordSelfDealing(
  payhubRepo: Pick<PayhubRepo, 'openCase' | 'db'>,
  attempt: SelfDealingAttempt,
  at: Date,
): Promise<void> {
  await payhubRepo.openCase(payhubRepo.db, {
    projectId: attempt.projectId,
    rule: 'self_dealing',
    subjectType: 'operator',
    subjectId: String(attempt.operatorId),
    details: {
      playerId: attempt.playerId,
      link: attempt.link,
      action: attempt.action,
      orderType: attempt.orderType,
      orderId: attempt.orderId,
    },
    at,
  });
}

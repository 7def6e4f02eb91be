import { noPermission } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import type { Executor, OperatorRow, PayhubRepo } from './payhub.repo.ts';

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

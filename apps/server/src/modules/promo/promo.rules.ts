import { type ContactResult, LeadTaskStatus, ReportCheckStatus, SpaApplyStatus } from '@payhub/contracts';

/**
 * The promo state machines (docs/promo.md), as data: the service moves a row only from the
 * states listed here, with a guarded UPDATE, so the database and the diagram agree.
 */
export type ApplicationAction = 'review' | 'approve' | 'reject' | 'cancel' | 'remove';

const OPEN_APPLICATION = [SpaApplyStatus.Applied, SpaApplyStatus.Reviewing];

export const APPLICATION_TRANSITIONS: Record<
  ApplicationAction,
  { from: SpaApplyStatus[]; to: SpaApplyStatus }
> = {
  review: { from: [SpaApplyStatus.Applied], to: SpaApplyStatus.Reviewing },
  approve: { from: OPEN_APPLICATION, to: SpaApplyStatus.Approved },
  reject: { from: OPEN_APPLICATION, to: SpaApplyStatus.Rejected },
  cancel: { from: OPEN_APPLICATION, to: SpaApplyStatus.Cancelled },
  remove: { from: [SpaApplyStatus.Approved], to: SpaApplyStatus.Removed },
};

/** The next state of an application, or null when the action does not apply to its state. */
export function nextApplicationStatus(
  status: SpaApplyStatus,
  action: ApplicationAction,
): SpaApplyStatus | null {
  const transition = APPLICATION_TRANSITIONS[action];
  return transition.from.includes(status) ? transition.to : null;
}

/** Lead tasks that can still be worked. */
export const OPEN_TASK_STATUSES: LeadTaskStatus[] = [
  LeadTaskStatus.Assigned,
  LeadTaskStatus.Contacted,
  LeadTaskStatus.Revisit,
];

const CLOSING_RESULTS: readonly ContactResult[] = ['refused', 'wrongNumber', 'doNotContact'];

/** The state a contact moves an open task to; null for a finished task. */
export function taskStatusAfterContact(
  status: LeadTaskStatus,
  result: ContactResult,
  revisitPlanned: boolean,
): LeadTaskStatus | null {
  if (!OPEN_TASK_STATUSES.includes(status)) return null;
  if (CLOSING_RESULTS.includes(result)) return LeadTaskStatus.Closed;
  return revisitPlanned ? LeadTaskStatus.Revisit : LeadTaskStatus.Contacted;
}

/** A registration through the promoter's share code completes an open task of that lead. */
export function taskStatusAfterRegistration(status: LeadTaskStatus): LeadTaskStatus | null {
  return OPEN_TASK_STATUSES.includes(status) ? LeadTaskStatus.Completed : null;
}

/** A report check is settled once, from pending; a revise check is answered, never returned. */
export function nextCheckStatus(
  status: ReportCheckStatus,
  kind: 'review' | 'revise',
  decision: 1 | 2,
): ReportCheckStatus | null {
  if (status !== ReportCheckStatus.Pending) return null;
  if (kind === 'revise' && decision === ReportCheckStatus.Returned) return null;
  return decision;
}

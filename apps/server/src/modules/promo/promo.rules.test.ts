// Proves the promo state machines (docs/promo.md) with fast-check: any sequence of actions stays on the documented graph, finished states never move, do-not-contact always closes, and a check is settled once.
import { CONTACT_RESULTS, LeadTaskStatus, ReportCheckStatus, SpaApplyStatus } from '@payhub/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ApplicationAction,
  nextApplicationStatus,
  nextCheckStatus,
  taskStatusAfterContact,
  taskStatusAfterRegistration,
} from './promo.rules.ts';

const ACTIONS: ApplicationAction[] = ['review', 'approve', 'reject', 'cancel', 'remove'];
/** The edges of the application diagram in docs/promo.md. */
const EDGES = new Set([
  `${SpaApplyStatus.Applied}>${SpaApplyStatus.Reviewing}`,
  `${SpaApplyStatus.Applied}>${SpaApplyStatus.Approved}`,
  `${SpaApplyStatus.Reviewing}>${SpaApplyStatus.Approved}`,
  `${SpaApplyStatus.Applied}>${SpaApplyStatus.Rejected}`,
  `${SpaApplyStatus.Reviewing}>${SpaApplyStatus.Rejected}`,
  `${SpaApplyStatus.Applied}>${SpaApplyStatus.Cancelled}`,
  `${SpaApplyStatus.Reviewing}>${SpaApplyStatus.Cancelled}`,
  `${SpaApplyStatus.Approved}>${SpaApplyStatus.Removed}`,
]);
const FINAL_APPLICATION: SpaApplyStatus[] = [
  SpaApplyStatus.Rejected,
  SpaApplyStatus.Cancelled,
  SpaApplyStatus.Removed,
];

describe('applications', () => {
  it('move only along the documented edges, and finished ones never move', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ACTIONS), { maxLength: 30 }), (actions) => {
        let status: SpaApplyStatus = SpaApplyStatus.Applied;
        let approvals = 0;
        for (const action of actions) {
          const next = nextApplicationStatus(status, action);
          if (FINAL_APPLICATION.includes(status)) expect(next).toBeNull();
          if (next === null) continue;
          expect(EDGES.has(`${status}>${next}`)).toBe(true);
          if (next === SpaApplyStatus.Approved) approvals += 1;
          status = next;
        }
        // One application makes a member at most once.
        expect(approvals).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('lead tasks', () => {
  const statuses = fc.constantFrom(
    LeadTaskStatus.Assigned,
    LeadTaskStatus.Contacted,
    LeadTaskStatus.Revisit,
    LeadTaskStatus.Completed,
    LeadTaskStatus.Closed,
  );
  const contacts = fc.array(
    fc.record({ result: fc.constantFrom(...CONTACT_RESULTS), revisit: fc.boolean() }),
    {
      maxLength: 20,
    },
  );

  it('close for good on do-not-contact, refusal or a wrong number; finished tasks never move', () => {
    fc.assert(
      fc.property(statuses, contacts, fc.boolean(), (start, steps, registers) => {
        let status: LeadTaskStatus = start;
        for (const step of steps) {
          const next = taskStatusAfterContact(status, step.result, step.revisit);
          if (status === LeadTaskStatus.Completed || status === LeadTaskStatus.Closed) {
            expect(next).toBeNull();
            continue;
          }
          if (step.result === 'doNotContact' || step.result === 'refused' || step.result === 'wrongNumber')
            expect(next).toBe(LeadTaskStatus.Closed);
          else expect(next).toBe(step.revisit ? LeadTaskStatus.Revisit : LeadTaskStatus.Contacted);
          status = next!;
        }
        const afterRegistration = taskStatusAfterRegistration(status);
        if (registers && afterRegistration !== null) expect(afterRegistration).toBe(LeadTaskStatus.Completed);
        if (status === LeadTaskStatus.Completed || status === LeadTaskStatus.Closed)
          expect(afterRegistration).toBeNull();
      }),
    );
  });
});

describe('report checks', () => {
  it('are settled once, and a revise check is never returned', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'review' | 'revise'>('review', 'revise'),
        fc.array(fc.constantFrom<1 | 2>(1, 2), { minLength: 1, maxLength: 10 }),
        (kind, decisions) => {
          let status: ReportCheckStatus = ReportCheckStatus.Pending;
          let settled = 0;
          for (const decision of decisions) {
            const next = nextCheckStatus(status, kind, decision);
            if (kind === 'revise' && decision === 2) expect(next).toBeNull();
            if (next === null) continue;
            settled += 1;
            status = next;
          }
          expect(settled).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

import { ErrorCode, formatAmount, type ProjectConfig } from '@payhub/contracts';
import type { Ledger } from '../../ledger/ledger.ts';
import type { LedgerCheckReport } from '../../ledger/ledger-check.ts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Staff } from './console.service.ts';
import type { ConsoleFinanceRepo, LedgerCheckRow } from './console-finance.repo.ts';

/** A second run within this long of the last one is refused (667): the check scans every table. */
const CHECK_SPACING_MS = 60_000;

export interface ConsoleFinanceDeps {
  repo: ConsoleFinanceRepo;
  clock: Clock;
  ledger: Pick<Ledger, 'systemFlowsByDay'>;
  /** The report's project, checked against the staff member's and the range's length (console.service). */
  reportProject: (staff: Staff, query: { from: string; to: string }) => ProjectConfig;
  /** Every ledger and module invariant (composed outside the core, as `npm run ledger:check` does). */
  runLedgerCheck: () => Promise<LedgerCheckReport>;
}

const checkWire = (row: LedgerCheckRow) => ({ ...row, ranAt: row.ranAt.getTime() });

/**
 * The console's finance reads beside the money and GGR reports (issue 19): what rewards cost (the
 * bonus pool's flows, from the ledger) and the ledger check, run on demand and kept.
 */
export function createConsoleFinanceService(deps: ConsoleFinanceDeps) {
  const { repo, clock } = deps;
  return {
    async rewardsReport(staff: Staff, query: { from: string; to: string }) {
      const project = deps.reportProject(staff, query);
      const rows = await deps.ledger.systemFlowsByDay(repo.db, {
        projectId: staff.projectId,
        kind: 'bonus_pool',
        timeZone: project.timeZone,
        from: query.from,
        to: query.to,
      });
      return {
        timeZone: project.timeZone,
        items: rows.map((row) => ({
          day: row.day,
          code: row.code,
          asset: row.asset,
          paid: formatAmount(row.paid, row.asset),
          paidCount: row.paidCount,
          returned: formatAmount(row.returned, row.asset),
          returnedCount: row.returnedCount,
        })),
      };
    },

    async ledgerChecks() {
      return { items: (await repo.lastChecks(10)).map(checkWire) };
    },

    async runLedgerCheck(staff: Staff) {
      const [last] = await repo.lastChecks(1);
      if (last && clock.now().getTime() - last.ranAt.getTime() < CHECK_SPACING_MS)
        throw new AppError(ErrorCode.TooFrequent);
      const report = await deps.runLedgerCheck();
      const row = await repo.insertCheck({
        ranAt: clock.now(),
        staffUserId: staff.userId,
        ok: report.ok,
        transfers: report.transfers,
        accounts: report.accounts,
        results: report.results.map((result) => ({ name: result.name, violations: result.violations })),
      });
      await writeAudit(repo.db, {
        projectId: staff.projectId,
        actorId: staff.userId,
        action: 'console.ledger_check',
        objectType: 'ledger_check',
        objectId: row.id,
        after: { ok: row.ok, violations: row.results.reduce((sum, result) => sum + result.violations, 0) },
        ip: staff.ip,
      });
      return checkWire(row);
    },
  };
}
export type ConsoleFinanceService = ReturnType<typeof createConsoleFinanceService>;

import { ErrorCode, formatAmount, type ProjectConfig } from '@payhub/contracts';
import type { Ledger } from '../../ledger/ledger.ts';
import type { LedgerCheckReport } from '../../ledger/ledger-check.ts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Staff } from './console.service.ts';
import type { ConsoleFinanceRepo, LedgerCheckRow } from './console-finance.repo.ts';

/**
 * A second run from the same project within this long of its last one is refused (667): the check
 * scans every table. Per project, so one project's staff never hold back another's.
 */
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

const checkWire = ({ projectId: _projectId, ...row }: LedgerCheckRow) => ({
  ...row,
  ranAt: row.ranAt.getTime(),
});

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

    /** The staff member's project's last ten runs (who ran them, when, the counts); no other's. */
    async ledgerChecks(staff: Staff) {
      return { items: (await repo.lastChecks(staff.projectId, 10)).map(checkWire) };
    },

    /**
     * Runs the whole ledger's check (every project's rows: the ledger and its invariants are one, and
     * most invariants have no project) and keeps the run under the staff member's project. The
     * counts are the whole ledger's — no rows, ids or amounts — so a project's finance learns the one
     * ledger is broken, not what another project holds (docs/decisions.md).
     */
    async runLedgerCheck(staff: Staff) {
      const [last] = await repo.lastChecks(staff.projectId, 1);
      if (last && clock.now().getTime() - last.ranAt.getTime() < CHECK_SPACING_MS)
        throw new AppError(ErrorCode.TooFrequent);
      const report = await deps.runLedgerCheck();
      const row = await repo.transaction(async (tx) => {
        const row = await repo.insertCheck(tx, {
          projectId: staff.projectId,
          ranAt: clock.now(),
          staffUserId: staff.userId,
          ok: report.ok,
          transfers: report.transfers,
          accounts: report.accounts,
          results: report.results.map((result) => ({ name: result.name, violations: result.violations })),
        });
        await writeAudit(tx, {
          projectId: staff.projectId,
          actorId: staff.userId,
          action: 'console.ledger_check',
          objectType: 'ledger_check',
          objectId: row.id,
          after: { ok: row.ok, violations: row.results.reduce((sum, result) => sum + result.violations, 0) },
          ip: staff.ip,
        });
        return row;
      });
      return checkWire(row);
    },
  };
}
export type ConsoleFinanceService = ReturnType<typeof createConsoleFinanceService>;

import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';

type Raw = Record<string, unknown>;

export interface LedgerCheckRow {
  id: string;
  /** The project the run was made from: its staff see it and are throttled by it, no other. */
  projectId: number;
  ranAt: Date;
  staffUserId: number;
  ok: boolean;
  transfers: number;
  accounts: number;
  results: Array<{ name: string; violations: number }>;
}

const toRow = (row: Raw): LedgerCheckRow => ({
  id: String(row.id),
  projectId: Number(row.project_id),
  ranAt: new Date(row.ran_at as string),
  staffUserId: Number(row.staff_user_id),
  ok: row.ok as boolean,
  transfers: Number(row.transfers),
  accounts: Number(row.accounts),
  results: row.results as LedgerCheckRow['results'],
});

/** The console's record of ledger-check runs (console_ledger_checks, 0780; per project since 0834). */
export function createConsoleFinanceRepo(db: Db) {
  return {
    db,
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => action(tx));
    },
    async insertCheck(executor: Executor, row: Omit<LedgerCheckRow, 'id'>): Promise<LedgerCheckRow> {
      const result = await executor.execute<Raw>(sql`
        INSERT INTO console_ledger_checks (project_id, ran_at, staff_user_id, ok, transfers, accounts, results)
        VALUES (${row.projectId}, ${row.ranAt}, ${row.staffUserId}, ${row.ok}, ${row.transfers}, ${row.accounts},
                ${JSON.stringify(row.results)}::jsonb)
        RETURNING *`);
      return toRow(result.rows[0]!);
    },
    /** A project's last runs, newest first (runs from before 0834 with no derivable project: never). */
    async lastChecks(projectId: number, limit: number): Promise<LedgerCheckRow[]> {
      const result = await db.execute<Raw>(sql`
        SELECT * FROM console_ledger_checks WHERE project_id = ${projectId}
         ORDER BY ran_at DESC, id DESC LIMIT ${limit}`);
      return result.rows.map(toRow);
    },
  };
}
export type ConsoleFinanceRepo = ReturnType<typeof createConsoleFinanceRepo>;

import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

type Raw = Record<string, unknown>;

export interface LedgerCheckRow {
  id: string;
  ranAt: Date;
  staffUserId: number;
  ok: boolean;
  transfers: number;
  accounts: number;
  results: Array<{ name: string; violations: number }>;
}

const toRow = (row: Raw): LedgerCheckRow => ({
  id: String(row.id),
  ranAt: new Date(row.ran_at as string),
  staffUserId: Number(row.staff_user_id),
  ok: row.ok as boolean,
  transfers: Number(row.transfers),
  accounts: Number(row.accounts),
  results: row.results as LedgerCheckRow['results'],
});

/** The console's record of ledger-check runs (console_ledger_checks, 0780). */
export function createConsoleFinanceRepo(db: Db) {
  return {
    db,
    async insertCheck(row: Omit<LedgerCheckRow, 'id'>): Promise<LedgerCheckRow> {
      const result = await db.execute<Raw>(sql`
        INSERT INTO console_ledger_checks (ran_at, staff_user_id, ok, transfers, accounts, results)
        VALUES (${row.ranAt}, ${row.staffUserId}, ${row.ok}, ${row.transfers}, ${row.accounts},
                ${JSON.stringify(row.results)}::jsonb)
        RETURNING *`);
      return toRow(result.rows[0]!);
    },
    async lastChecks(limit: number): Promise<LedgerCheckRow[]> {
      const result = await db.execute<Raw>(
        sql`SELECT * FROM console_ledger_checks ORDER BY ran_at DESC, id DESC LIMIT ${limit}`,
      );
      return result.rows.map(toRow);
    },
  };
}
export type ConsoleFinanceRepo = ReturnType<typeof createConsoleFinanceRepo>;

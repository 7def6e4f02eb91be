import type { Asset, StaffRole } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';

type Raw = Record<string, unknown>;

export interface GrantRow {
  userId: number;
  projectId: number;
  role: StaffRole;
}

export interface AdjustmentRow {
  id: number;
  projectId: number;
  userId: number;
  asset: Asset;
  amount: bigint;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  requestedBy: number;
  decidedBy: number | null;
  decisionNote: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

function toAdjustment(row: Raw): AdjustmentRow {
  return {
    id: Number(row.id),
    projectId: Number(row.project_id),
    userId: Number(row.user_id),
    asset: row.asset as Asset,
    amount: BigInt(row.amount as string),
    reason: row.reason as string,
    status: row.status as AdjustmentRow['status'],
    requestedBy: Number(row.requested_by),
    decidedBy: row.decided_by === null ? null : Number(row.decided_by),
    decisionNote: (row.decision_note as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
    decidedAt: row.decided_at === null ? null : new Date(row.decided_at as string),
  };
}

/** The console's own tables: staff_grants, staff_notes, staff_adjustments (migration 0650). */
export function createConsoleRepo(db: Db) {
  return {
    db: db as Executor,
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => action(tx));
    },

    async grantsOf(userId: number): Promise<GrantRow[]> {
      const result = await db.execute<Raw>(
        sql`SELECT user_id, project_id, role FROM staff_grants WHERE user_id = ${userId} ORDER BY project_id`,
      );
      return result.rows.map((row) => ({
        userId: Number(row.user_id),
        projectId: Number(row.project_id),
        role: row.role as StaffRole,
      }));
    },

    async grant(executor: Executor, row: GrantRow & { grantedBy: number | null }): Promise<void> {
      await executor.execute(sql`
        INSERT INTO staff_grants (user_id, project_id, role, granted_by)
        VALUES (${row.userId}, ${row.projectId}, ${row.role}, ${row.grantedBy})
        ON CONFLICT (user_id, project_id) DO UPDATE SET role = EXCLUDED.role, granted_by = EXCLUDED.granted_by`);
    },

    async revoke(executor: Executor, userId: number, projectId: number): Promise<void> {
      await executor.execute(
        sql`DELETE FROM staff_grants WHERE user_id = ${userId} AND project_id = ${projectId}`,
      );
    },

    async projectGrants(executor: Executor, projectId: number) {
      const result = await executor.execute<Raw>(sql`
        SELECT user_id, project_id, role, granted_by, granted_at FROM staff_grants
         WHERE project_id = ${projectId} ORDER BY user_id`);
      return result.rows.map((row) => ({
        userId: Number(row.user_id),
        projectId: Number(row.project_id),
        role: row.role as StaffRole,
        grantedBy: row.granted_by === null ? null : Number(row.granted_by),
        grantedAt: new Date(row.granted_at as string),
      }));
    },

    async notes(projectId: number, userId: number) {
      const result = await db.execute<Raw>(sql`
        SELECT id, author_id, body, created_at FROM staff_notes
         WHERE project_id = ${projectId} AND user_id = ${userId} ORDER BY id DESC LIMIT 200`);
      return result.rows.map((row) => ({
        id: Number(row.id),
        authorId: Number(row.author_id),
        body: row.body as string,
        createdAt: new Date(row.created_at as string),
      }));
    },

    async addNote(
      executor: Executor,
      row: { projectId: number; userId: number; authorId: number; body: string; at: Date },
    ) {
      const result = await executor.execute<Raw>(sql`
        INSERT INTO staff_notes (project_id, user_id, author_id, body, created_at)
        VALUES (${row.projectId}, ${row.userId}, ${row.authorId}, ${row.body}, ${row.at})
        RETURNING id, author_id, body, created_at`);
      const created = result.rows[0]!;
      return {
        id: Number(created.id),
        authorId: Number(created.author_id),
        body: created.body as string,
        createdAt: new Date(created.created_at as string),
      };
    },

    async createAdjustment(
      executor: Executor,
      row: {
        projectId: number;
        userId: number;
        asset: Asset;
        amount: bigint;
        reason: string;
        requestedBy: number;
        at: Date;
      },
    ): Promise<AdjustmentRow> {
      const result = await executor.execute<Raw>(sql`
        INSERT INTO staff_adjustments (project_id, user_id, asset, amount, reason, requested_by, created_at)
        VALUES (${row.projectId}, ${row.userId}, ${row.asset}, ${row.amount.toString()}, ${row.reason},
                ${row.requestedBy}, ${row.at})
        RETURNING *`);
      return toAdjustment(result.rows[0]!);
    },

    async adjustment(executor: Executor, id: number, projectId: number, lock = false) {
      const result = await executor.execute<Raw>(sql`
        SELECT * FROM staff_adjustments WHERE id = ${id} AND project_id = ${projectId}
        ${lock ? sql`FOR UPDATE` : sql``}`);
      return result.rows[0] ? toAdjustment(result.rows[0]) : null;
    },

    async decideAdjustment(
      executor: Executor,
      row: { id: number; status: 'approved' | 'rejected'; decidedBy: number; note: string | null; at: Date },
    ): Promise<AdjustmentRow> {
      const result = await executor.execute<Raw>(sql`
        UPDATE staff_adjustments
           SET status = ${row.status}, decided_by = ${row.decidedBy}, decision_note = ${row.note},
               decided_at = ${row.at}
         WHERE id = ${row.id} AND status = 'pending'
        RETURNING *`);
      return toAdjustment(result.rows[0]!);
    },

    async adjustments(query: {
      projectId: number;
      status?: AdjustmentRow['status'] | undefined;
      userId?: number | undefined;
      before?: number | undefined;
      limit: number;
    }): Promise<AdjustmentRow[]> {
      const result = await db.execute<Raw>(sql`
        SELECT * FROM staff_adjustments WHERE project_id = ${query.projectId}
          ${query.status ? sql`AND status = ${query.status}` : sql``}
          ${query.userId ? sql`AND user_id = ${query.userId}` : sql``}
          ${query.before ? sql`AND id < ${query.before}` : sql``}
         ORDER BY id DESC LIMIT ${query.limit}`);
      return result.rows.map(toAdjustment);
    },

    /**
     * Approved manual adjustments per local day (of the decision) and asset, signed sum: what the
     * house gave players (credits) net of what it took back (debits); NGR deducts it.
     */
    async adjustmentsByDay(query: { projectId: number; timeZone: string; from: string; to: string }) {
      const result = await db.execute<Raw>(sql`
        SELECT to_char((decided_at AT TIME ZONE ${query.timeZone})::date, 'YYYY-MM-DD') AS day, asset,
               sum(amount)::text AS total
          FROM staff_adjustments
         WHERE project_id = ${query.projectId} AND status = 'approved'
           AND decided_at >= (${query.from}::date)::timestamp AT TIME ZONE ${query.timeZone}
           AND decided_at < ((${query.to}::date + 1)::timestamp AT TIME ZONE ${query.timeZone})
         GROUP BY 1, 2 ORDER BY 1, 2`);
      return result.rows.map((row) => ({
        day: row.day as string,
        asset: row.asset as Asset,
        total: BigInt(row.total as string),
      }));
    },
  };
}
export type ConsoleRepo = ReturnType<typeof createConsoleRepo>;

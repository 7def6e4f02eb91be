import { PAY_CREDITED_STATES } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { operatorOrderTotals } from '../../platform/db/order-rows.ts';
import { stateList } from '../../platform/db/sql-states.ts';

/** Payhub's figures that other modules report on (commission's member table). */
export const payhubFiguresRepo = {
  /** The payment operators among these users, or of a project (at most 500, by user id). */
  async operators(executor: Executor, scope: { userIds: readonly number[] } | { projectId: number }) {
    const where =
      'userIds' in scope
        ? sql`user_id = ANY(${`{${scope.userIds.map((id) => Math.trunc(id)).join(',')}}`}::bigint[])`
        : sql`project_id = ${scope.projectId}`;
    const rows = await executor.execute<{ user_id: string; project_id: number; working: boolean }>(sql`
      SELECT user_id, project_id, working FROM payhub_operators WHERE ${where} ORDER BY user_id LIMIT 500`);
    return rows.rows.map((row) => ({
      userId: Number(row.user_id),
      projectId: Number(row.project_id),
      working: row.working,
    }));
  },
  /** Per operator: deposits credited (paid or checked) with their last change in [from, to). */
  creditedTotals: (executor: Executor, operatorIds: readonly number[], period: { from: Date; to: Date }) =>
    operatorOrderTotals(executor, 'pay_orders', stateList(...PAY_CREDITED_STATES), operatorIds, period),
};

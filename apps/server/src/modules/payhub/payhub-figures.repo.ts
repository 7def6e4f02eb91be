import { PayOrderState } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { stateList } from '../../platform/db/sql-states.ts';

const idArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** Payhub's figures that other modules report on (commission's member table). */
export const payhubFiguresRepo = {
  /** The payment operators among these users, or of a project (at most 500, by user id). */
  async operators(executor: Executor, scope: { userIds: readonly number[] } | { projectId: number }) {
    const where =
      'userIds' in scope
        ? sql`user_id = ANY(${idArray(scope.userIds)}::bigint[])`
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
  async creditedTotals(executor: Executor, operatorIds: readonly number[], from: Date, to: Date) {
    if (operatorIds.length === 0) return [];
    const rows = await executor.execute<{
      operator_id: string;
      orders: string;
      amount: string;
      commission: string;
    }>(sql`
      SELECT operator_id, count(*) AS orders, sum(amount)::text AS amount, sum(commission)::text AS commission
        FROM pay_orders
       WHERE operator_id = ANY(${idArray(operatorIds)}::bigint[])
         AND state IN (${stateList(PayOrderState.PAID, PayOrderState.CHECK_SUCCESS)})
         AND updated_at >= ${from.toISOString()}::timestamptz AND updated_at < ${to.toISOString()}::timestamptz
       GROUP BY operator_id`);
    return rows.rows.map((row) => ({
      operatorId: Number(row.operator_id),
      orders: Number(row.orders),
      amount: BigInt(row.amount),
      commission: BigInt(row.commission),
    }));
  },
};

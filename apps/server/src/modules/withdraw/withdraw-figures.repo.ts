import { WithdrawOrderState } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { operatorOrderTotals } from '../../platform/db/order-rows.ts';
import { stateList } from '../../platform/db/sql-states.ts';

/** Withdrawal figures that other modules report on (commission's counts and member table). */
export const withdrawFiguresRepo = {
  /** Waiting withdrawals of the project, and the operator's taken, exceptional and finished ones. */
  async handleCount(executor: Executor, projectId: number, operatorId: number) {
    const rows = await executor.execute<Record<string, unknown>>(sql`
      SELECT count(*) FILTER (WHERE state IN (${stateList(WithdrawOrderState.WAIT)}) AND project_id = ${projectId}) AS waiting,
             count(*) FILTER (WHERE state IN (${stateList(WithdrawOrderState.CONFIRM)}) AND operator_id = ${operatorId}) AS confirm,
             count(*) FILTER (WHERE state IN (${stateList(WithdrawOrderState.EXCEPTIONAL)}) AND operator_id = ${operatorId}) AS exceptional,
             count(*) FILTER (WHERE state IN (${stateList(WithdrawOrderState.FINISH)}) AND operator_id = ${operatorId}) AS finished
        FROM withdraw_orders WHERE project_id = ${projectId}`);
    const row = rows.rows[0] ?? {};
    return {
      waiting: Number(row.waiting ?? 0),
      confirm: Number(row.confirm ?? 0),
      exceptional: Number(row.exceptional ?? 0),
      finished: Number(row.finished ?? 0),
    };
  },
  /** Per operator: withdrawals finished with their last change in [from, to). */
  finishedTotals: (executor: Executor, operatorIds: readonly number[], period: { from: Date; to: Date }) =>
    operatorOrderTotals(
      executor,
      'withdraw_orders',
      stateList(WithdrawOrderState.FINISH),
      operatorIds,
      period,
    ),
};

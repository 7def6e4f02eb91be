import type { LocalCurrency } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';

/** The reversal of one credited deposit order (table `pay_order_reversals`, migration 0831). */
export interface DepositReversalRow {
  orderId: number;
  projectId: number;
  amount: bigint;
  recovered: bigint;
  unrecovered: bigint;
  commissionRecovered: bigint;
  commissionUnrecovered: bigint;
  reason: string;
  reversedBy: number;
  reversedAt: Date;
}

type Raw = Record<string, unknown>;

function toReversal(row: Raw): DepositReversalRow {
  return {
    orderId: Number(row.order_id),
    projectId: Number(row.project_id),
    amount: BigInt(row.amount as string),
    recovered: BigInt(row.recovered as string),
    unrecovered: BigInt(row.unrecovered as string),
    commissionRecovered: BigInt(row.commission_recovered as string),
    commissionUnrecovered: BigInt(row.commission_unrecovered as string),
    reason: row.reason as string,
    reversedBy: Number(row.reversed_by),
    reversedAt: new Date(row.reversed_at as string),
  };
}

/** The payhub module's reversals of credited deposits. */
export const payhubReversalsRepo = {
  async reversal(executor: Executor, orderId: number): Promise<DepositReversalRow | null> {
    const result = await executor.execute<Raw>(
      sql`SELECT * FROM pay_order_reversals WHERE order_id = ${orderId}`,
    );
    return result.rows[0] ? toReversal(result.rows[0]) : null;
  },

  /** The reversals of these orders of a project (the console's order list), by order id. */
  async reversalsOf(
    executor: Executor,
    projectId: number,
    orderIds: readonly number[],
  ): Promise<Map<number, DepositReversalRow>> {
    if (orderIds.length === 0) return new Map();
    const ids = `{${orderIds.map((id) => Math.trunc(id)).join(',')}}`;
    const result = await executor.execute<Raw>(sql`
      SELECT * FROM pay_order_reversals WHERE project_id = ${projectId} AND order_id = ANY(${ids}::bigint[])`);
    return new Map(result.rows.map((row) => [Number(row.order_id), toReversal(row)]));
  },

  async insert(executor: Executor, row: DepositReversalRow): Promise<void> {
    await executor.execute(sql`
      INSERT INTO pay_order_reversals (order_id, project_id, amount, recovered, unrecovered,
                                       commission_recovered, commission_unrecovered, reason, reversed_by, reversed_at)
      VALUES (${row.orderId}, ${row.projectId}, ${row.amount.toString()}::bigint, ${row.recovered.toString()}::bigint,
              ${row.unrecovered.toString()}::bigint, ${row.commissionRecovered.toString()}::bigint,
              ${row.commissionUnrecovered.toString()}::bigint, ${row.reason}, ${row.reversedBy},
              ${row.reversedAt.toISOString()}::timestamptz)`);
  },
  /**
   * Reversed deposits per local day (of the reversal) and currency in [from, to] (the console's money
   * report): their amounts and how many.
   */
  async totalsByDay(
    executor: Executor,
    query: { projectId: number; timeZone: string; from: string; to: string },
  ): Promise<Array<{ day: string; currency: LocalCurrency; total: bigint; count: number }>> {
    const result = await executor.execute<Raw>(sql`
      SELECT to_char((r.reversed_at AT TIME ZONE ${query.timeZone})::date, 'YYYY-MM-DD') AS day,
             o.currency, sum(r.amount)::text AS total, count(*)::int AS n
        FROM pay_order_reversals r JOIN pay_orders o ON o.id = r.order_id
       WHERE r.project_id = ${query.projectId}
         AND r.reversed_at >= (${query.from}::date)::timestamp AT TIME ZONE ${query.timeZone}
         AND r.reversed_at < ((${query.to}::date + 1)::timestamp AT TIME ZONE ${query.timeZone})
       GROUP BY 1, 2 ORDER BY 1, 2`);
    return result.rows.map((row) => ({
      day: row.day as string,
      currency: row.currency as LocalCurrency,
      total: BigInt(row.total as string),
      count: Number(row.n),
    }));
  },
};
export type PayhubReversalsRepo = typeof payhubReversalsRepo;

import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';
import { pagedQuery } from '../../platform/db/paging.ts';

type Raw = Record<string, unknown>;

export interface CommissionChangeRow {
  id: number;
  orderNo: string;
  operatorId: number;
  target: 'quota' | 'card';
  amount: bigint;
  /** The payhub card a payout went to (its number is read through the payhub service). */
  cardId: number | null;
  createdAt: Date;
}

function toChange(row: Raw): CommissionChangeRow {
  return {
    id: Number(row.id),
    orderNo: row.order_no as string,
    operatorId: Number(row.operator_id),
    target: row.target as 'quota' | 'card',
    amount: BigInt(row.amount as string),
    cardId: row.card_id === null || row.card_id === undefined ? null : Number(row.card_id),
    createdAt: new Date(row.created_at as string),
  };
}

export function createCommissionRepo(db: Db) {
  return {
    db: db as Executor,
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => action(tx));
    },

    async insertChange(
      executor: Executor,
      row: {
        orderNo: string;
        operatorId: number;
        projectId: number;
        currency: string;
        target: 'quota' | 'card';
        amount: bigint;
        cardId: number | null;
        at: Date;
      },
    ): Promise<number> {
      const rows = await executor.execute<{ id: string }>(sql`
        INSERT INTO commission_changes (order_no, operator_id, project_id, currency, target, amount, card_id, created_at)
        VALUES (${row.orderNo}, ${row.operatorId}, ${row.projectId}, ${row.currency}, ${row.target}, ${row.amount},
                ${row.cardId}, ${row.at.toISOString()}::timestamptz)
        RETURNING id`);
      return Number(rows.rows[0]!.id);
    },
    async change(executor: Executor, id: number): Promise<CommissionChangeRow | null> {
      const rows = await executor.execute<Raw>(sql`
        SELECT x.* FROM commission_changes x WHERE x.id = ${id}`);
      return rows.rows[0] ? toChange(rows.rows[0]) : null;
    },
    async changes(executor: Executor, operatorId: number, limit: number, offset: number) {
      const from = sql`FROM commission_changes x WHERE x.operator_id = ${operatorId}`;
      return pagedQuery(
        executor,
        { columns: sql`x.*`, from, orderBy: sql`x.id DESC` },
        { limit, offset },
        toChange,
      );
    },
  };
}
export type CommissionRepo = ReturnType<typeof createCommissionRepo>;

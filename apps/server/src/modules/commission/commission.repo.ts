import { PayOrderState, WithdrawOrderState } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';
import { pagedQuery } from '../../platform/db/paging.ts';
import { stateList } from '../../platform/db/sql-states.ts';

/** The database or an open transaction. */

type Raw = Record<string, unknown>;

export interface CommissionChangeRow {
  id: number;
  orderNo: string;
  operatorId: number;
  target: 'quota' | 'card';
  amount: bigint;
  accountNo: string | null;
  bankCode: string | null;
  createdAt: Date;
}

function toChange(row: Raw): CommissionChangeRow {
  return {
    id: Number(row.id),
    orderNo: row.order_no as string,
    operatorId: Number(row.operator_id),
    target: row.target as 'quota' | 'card',
    amount: BigInt(row.amount as string),
    accountNo: (row.account_no as string | null) ?? null,
    bankCode: (row.bank_code as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
  };
}

const CHANGE_COLUMNS = sql.raw('x.*, c.account_no, c.bank_code');

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
        SELECT ${CHANGE_COLUMNS} FROM commission_changes x LEFT JOIN payhub_operator_cards c ON c.id = x.card_id
         WHERE x.id = ${id}`);
      return rows.rows[0] ? toChange(rows.rows[0]) : null;
    },
    async changes(executor: Executor, operatorId: number, limit: number, offset: number) {
      const from = sql`FROM commission_changes x LEFT JOIN payhub_operator_cards c ON c.id = x.card_id
         WHERE x.operator_id = ${operatorId}`;
      return pagedQuery(
        executor,
        { columns: CHANGE_COLUMNS, from, orderBy: sql`x.id DESC` },
        { limit, offset },
        toChange,
      );
    },
    /** An active, live card of the operator by number. */
    async activeCard(executor: Executor, operatorId: number, accountNo: string): Promise<number | null> {
      const rows = await executor.execute<{ id: string }>(sql`
        SELECT id FROM payhub_operator_cards
         WHERE operator_id = ${operatorId} AND account_no = ${accountNo} AND deleted_at IS NULL AND active`);
      return rows.rows[0] ? Number(rows.rows[0].id) : null;
    },

    /** Sums of the commission account's entries by transfer code, all time and since an instant. */
    async commissionSums(executor: Executor, accountId: bigint, since: Date) {
      const rows = await executor.execute<Raw>(sql`
        SELECT t.code, sum(e.amount)::text AS total,
               COALESCE(sum(e.amount) FILTER (WHERE e.created_at >= ${since.toISOString()}::timestamptz), 0)::text AS recent
          FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
         WHERE e.account_id = ${accountId} GROUP BY t.code`);
      return rows.rows.map((row) => ({
        code: row.code as string,
        total: BigInt(row.total as string),
        recent: BigInt(row.recent as string),
      }));
    },

    async handleCount(executor: Executor, projectId: number, operatorId: number) {
      const rows = await executor.execute<Raw>(sql`
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

    /** The group a user leads, or null. */
    async ledGroup(executor: Executor, userId: number): Promise<number | null> {
      const rows = await executor.execute<{ id: string }>(
        sql`SELECT id FROM spa_groups WHERE leader_id = ${userId}`,
      );
      return rows.rows[0] ? Number(rows.rows[0].id) : null;
    },

    /**
     * Per operator of a group (its members and leader) or of a project: credited deposits, finished
     * withdrawals and commission in [from, to).
     */
    async memberAggregates(
      executor: Executor,
      scope: { groupId: number } | { projectId: number },
      currency: string,
      from: Date,
      to: Date,
    ) {
      const members =
        'groupId' in scope
          ? sql`o.user_id IN (SELECT user_id FROM spa_members WHERE group_id = ${scope.groupId}
                             UNION SELECT leader_id FROM spa_groups WHERE id = ${scope.groupId})`
          : sql`o.project_id = ${scope.projectId}`;
      const start = from.toISOString();
      const end = to.toISOString();
      const credited = stateList(PayOrderState.PAID, PayOrderState.CHECK_SUCCESS);
      const finished = stateList(WithdrawOrderState.FINISH);
      const rows = await executor.execute<Raw>(sql`
        SELECT o.user_id, u.nickname, o.working,
               (SELECT count(*) FROM pay_orders p WHERE p.operator_id = o.user_id AND p.state IN (${credited})
                   AND p.updated_at >= ${start}::timestamptz AND p.updated_at < ${end}::timestamptz) AS paid_orders,
               (SELECT COALESCE(sum(p.amount), 0) FROM pay_orders p WHERE p.operator_id = o.user_id AND p.state IN (${credited})
                   AND p.updated_at >= ${start}::timestamptz AND p.updated_at < ${end}::timestamptz)::text AS paid_amount,
               (SELECT COALESCE(sum(p.commission), 0) FROM pay_orders p WHERE p.operator_id = o.user_id AND p.state IN (${credited})
                   AND p.updated_at >= ${start}::timestamptz AND p.updated_at < ${end}::timestamptz)::text
                 AS deposit_commission,
               (SELECT count(*) FROM withdraw_orders w WHERE w.operator_id = o.user_id AND w.state IN (${finished})
                   AND w.updated_at >= ${start}::timestamptz AND w.updated_at < ${end}::timestamptz) AS withdraw_finished,
               (SELECT COALESCE(sum(w.amount), 0) FROM withdraw_orders w WHERE w.operator_id = o.user_id AND w.state IN (${finished})
                   AND w.updated_at >= ${start}::timestamptz AND w.updated_at < ${end}::timestamptz)::text AS withdraw_amount,
               (SELECT COALESCE(sum(w.commission), 0) FROM withdraw_orders w WHERE w.operator_id = o.user_id AND w.state IN (${finished})
                   AND w.updated_at >= ${start}::timestamptz AND w.updated_at < ${end}::timestamptz)::text
                 AS withdraw_commission,
               COALESCE((SELECT a.balance FROM ledger_accounts a WHERE a.owner_id = o.user_id
                            AND a.kind = 'operator_commission' AND a.currency = ${currency}), 0)::text AS commission_balance
          FROM payhub_operators o JOIN users u ON u.id = o.user_id
         WHERE ${members}
         ORDER BY o.user_id LIMIT 500`);
      return rows.rows.map((row) => ({
        userId: Number(row.user_id),
        nickname: row.nickname as string,
        working: row.working as boolean,
        paidOrders: Number(row.paid_orders),
        paidAmount: BigInt(row.paid_amount as string),
        withdrawFinished: Number(row.withdraw_finished),
        withdrawAmount: BigInt(row.withdraw_amount as string),
        commission: BigInt(row.deposit_commission as string) + BigInt(row.withdraw_commission as string),
        commissionBalance: BigInt(row.commission_balance as string),
      }));
    },
  };
}
export type CommissionRepo = ReturnType<typeof createCommissionRepo>;

import { WithdrawOrderState } from '@payhub/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';
import * as orderRows from '../../platform/db/order-rows.ts';
import { pagedQueryCounted } from '../../platform/db/paging.ts';
import { retryTransaction } from '../../platform/db/retry.ts';
import { stateList } from '../../platform/db/sql-states.ts';

type Raw = Record<string, unknown>;

export interface BankAccountRow {
  id: number;
  projectId: number;
  userId: number;
  bankCode: string;
  accountNo: string;
  holderName: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A withdrawal order: the shared order columns, the fee and the payee bank account copied at creation. */
export interface WithdrawRow extends orderRows.OrderRowBase {
  bankAccountId: number;
  bankCode: string;
  accountNo: string;
  holderName: string;
  fee: bigint;
}

const _num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const date = (value: unknown) => new Date(value as string);

function toBank(row: Raw): BankAccountRow {
  return {
    id: Number(row.id),
    projectId: Number(row.project_id),
    userId: Number(row.user_id),
    bankCode: row.bank_code as string,
    accountNo: row.account_no as string,
    holderName: row.holder_name as string,
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}

function toWithdraw(row: Raw): WithdrawRow {
  return {
    ...orderRows.orderRowBase(row),
    bankAccountId: Number(row.bank_account_id),
    bankCode: row.bank_code as string,
    accountNo: row.account_no as string,
    holderName: row.holder_name as string,
    fee: BigInt(row.fee as string),
  };
}

export interface WithdrawFilter {
  projectId?: number;
  playerId?: number;
  operatorId?: number;
  states?: readonly number[];
  orderNo?: string;
}

function where(filter: WithdrawFilter): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filter.projectId !== undefined) parts.push(sql`project_id = ${filter.projectId}`);
  if (filter.playerId !== undefined) parts.push(sql`player_id = ${filter.playerId}`);
  if (filter.operatorId !== undefined) parts.push(sql`operator_id = ${filter.operatorId}`);
  if (filter.states && filter.states.length > 0)
    parts.push(sql`state = ANY(${`{${filter.states.map((state) => Math.trunc(state)).join(',')}}`}::int[])`);
  if (filter.orderNo) parts.push(sql`order_no = ${filter.orderNo}`);
  return sql.join(parts, sql` AND `);
}

export function createWithdrawRepo(db: Db) {
  const rows = orderRows.orderTable('withdraw_orders');
  return {
    db: db as Executor,
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return retryTransaction(() => db.transaction(async (tx) => action(tx)));
    },

    /** Serialises a player's withdrawals (the open-order count is then exact). */
    async lockPlayer(executor: Executor, userId: number): Promise<void> {
      await executor.execute(sql`SELECT pg_advisory_xact_lock(72201500, ${userId}::int)`);
    },

    // Bank accounts.
    async bankAccounts(executor: Executor, userId: number): Promise<BankAccountRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT * FROM player_bank_accounts WHERE user_id = ${userId} AND deleted_at IS NULL
         ORDER BY COALESCE(last_used_at, created_at) DESC, id DESC`);
      return result.rows.map(toBank);
    },
    async bankAccount(executor: Executor, id: number, lock = false): Promise<BankAccountRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT * FROM player_bank_accounts WHERE id = ${id} AND deleted_at IS NULL ${lock ? sql`FOR NO KEY UPDATE` : sql``}`);
      return result.rows[0] ? toBank(result.rows[0]) : null;
    },
    async bankByNumber(
      executor: Executor,
      projectId: number,
      bankCode: string,
      accountNo: string,
    ): Promise<BankAccountRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT * FROM player_bank_accounts WHERE project_id = ${projectId} AND bank_code = ${bankCode}
           AND account_no = ${accountNo} AND deleted_at IS NULL`);
      return result.rows[0] ? toBank(result.rows[0]) : null;
    },
    async insertBank(
      executor: Executor,
      row: {
        projectId: number;
        userId: number;
        bankCode: string;
        accountNo: string;
        holderName: string;
        at: Date;
      },
    ): Promise<BankAccountRow> {
      const at = row.at.toISOString();
      const result = await executor.execute<Raw>(sql`
        INSERT INTO player_bank_accounts (project_id, user_id, bank_code, account_no, holder_name, created_at, updated_at)
        VALUES (${row.projectId}, ${row.userId}, ${row.bankCode}, ${row.accountNo}, ${row.holderName},
                ${at}::timestamptz, ${at}::timestamptz) RETURNING *`);
      return toBank(result.rows[0]!);
    },
    async updateBank(
      executor: Executor,
      id: number,
      row: { bankCode: string; accountNo: string; holderName: string; at: Date },
    ): Promise<BankAccountRow> {
      const result = await executor.execute<Raw>(sql`
        UPDATE player_bank_accounts SET bank_code = ${row.bankCode}, account_no = ${row.accountNo},
               holder_name = ${row.holderName}, updated_at = ${row.at.toISOString()}::timestamptz
         WHERE id = ${id} RETURNING *`);
      return toBank(result.rows[0]!);
    },
    async deleteBank(executor: Executor, id: number, at: Date): Promise<void> {
      await executor.execute(sql`
        UPDATE player_bank_accounts SET deleted_at = ${at.toISOString()}::timestamptz WHERE id = ${id}`);
    },
    async touchBank(executor: Executor, id: number, at: Date): Promise<void> {
      await executor.execute(sql`
        UPDATE player_bank_accounts SET last_used_at = ${at.toISOString()}::timestamptz WHERE id = ${id}`);
    },
    /** The player's withdrawn amounts since `from`: every order not cancelled or failed (their money came back). */
    async withdrawnSince(executor: Executor, playerId: number, from: Date): Promise<bigint> {
      const result = await executor.execute<{ total: string }>(sql`
        SELECT coalesce(sum(amount), 0)::text AS total FROM withdraw_orders
         WHERE player_id = ${playerId} AND created_at >= ${from.toISOString()}::timestamptz
           AND state NOT IN (${stateList(WithdrawOrderState.CANCELED, WithdrawOrderState.CHOOSE_FAILED, WithdrawOrderState.FAILED)})`);
      return BigInt(result.rows[0]?.total ?? '0');
    },
    async openWithdrawalsOfBank(executor: Executor, bankAccountId: number): Promise<number> {
      const result = await executor.execute<{ count: string }>(sql`
        SELECT count(*) AS count FROM withdraw_orders WHERE bank_account_id = ${bankAccountId} AND state IN (${stateList(WithdrawOrderState.WAIT, WithdrawOrderState.CONFIRM, WithdrawOrderState.EXCEPTIONAL)})`);
      return Number(result.rows[0]?.count ?? 0);
    },

    // Withdrawals.
    insertOrder(
      executor: Executor,
      row: orderRows.NewOrderRow & { bank: BankAccountRow; fee: bigint },
    ): Promise<number> {
      return rows.insert(executor, WithdrawOrderState.INIT, row, {
        bank_account_id: row.bank.id,
        bank_code: row.bank.bankCode,
        account_no: row.bank.accountNo,
        holder_name: row.bank.holderName,
        fee: row.fee,
      });
    },
    /** Applies a change to an order; `fromState` guards the transition against a concurrent one. */
    updateOrder: rows.update,
    async order(executor: Executor, id: number, lock = false): Promise<WithdrawRow | null> {
      const result = await executor.execute<Raw>(
        sql`SELECT * FROM withdraw_orders WHERE id = ${id} ${lock ? sql`FOR NO KEY UPDATE` : sql``}`,
      );
      return result.rows[0] ? toWithdraw(result.rows[0]) : null;
    },
    async orders(executor: Executor, filter: WithdrawFilter, page: { limit: number; offset: number }) {
      const condition = where(filter);
      const from = sql`FROM withdraw_orders WHERE ${condition}`;
      return pagedQueryCounted(executor, { columns: sql`*`, from, orderBy: sql`id DESC` }, page, toWithdraw);
    },
    count: (executor: Executor, filter: WithdrawFilter): Promise<number> =>
      rows.count(executor, where(filter)),
  };
}
export type WithdrawRepo = ReturnType<typeof createWithdrawRepo>;

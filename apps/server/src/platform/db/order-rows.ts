import type { LocalCurrency } from '@payhub/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './database.ts';

/** The columns every order table shares (pay_orders, withdraw_orders), as the lifecycle reads them. */
export interface OrderRowBase {
  id: number;
  orderNo: string;
  projectId: number;
  currency: LocalCurrency;
  playerId: number;
  operatorId: number | null;
  amount: bigint;
  commission: bigint;
  state: number;
  handleState: 0 | 1;
  handlerId: number | null;
  voucherUrl: string | null;
  remark: string | null;
  version: number;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const date = (value: unknown) => new Date(value as string);

/** Reads the shared columns of an order row (the module's repo adds its own). */
export function orderRowBase(row: Record<string, unknown>): OrderRowBase {
  return {
    id: Number(row.id),
    orderNo: row.order_no as string,
    projectId: Number(row.project_id),
    currency: row.currency as LocalCurrency,
    playerId: Number(row.player_id),
    operatorId: num(row.operator_id),
    amount: BigInt(row.amount as string),
    commission: BigInt(row.commission as string),
    state: Number(row.state),
    handleState: Number(row.handle_state) as 0 | 1,
    handlerId: num(row.handler_id),
    voucherUrl: (row.voucher_url as string | null) ?? null,
    remark: (row.remark as string | null) ?? null,
    version: Number(row.version),
    expiresAt: date(row.expires_at),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}

/** The tables whose rows follow the order lifecycle (platform/order-lifecycle.ts). */
export type OrderTable = 'pay_orders' | 'withdraw_orders';

/** A transition's change to an order row; absent fields stay as they are. */
export interface OrderChange {
  state: number;
  at: Date;
  operatorId?: number;
  cardId?: number;
  commission?: bigint;
  voucherUrl?: string;
  remark?: string;
  handlerId?: number;
  expiresAt?: Date;
}

/**
 * The one dynamic update of an order row: moves it from `fromState` (a guard against a concurrent
 * transition) to `change.state`, bumps `version` (clients apply pushes by version) and sets the
 * fields given. Answers false when the row was not in `fromState`. Each order table's module calls
 * it from its own repo with its own table name.
 */
export async function updateOrderRow(
  executor: Executor,
  table: OrderTable,
  id: number,
  fromState: number,
  change: OrderChange,
): Promise<boolean> {
  const sets: SQL[] = [
    sql`state = ${change.state}`,
    sql`updated_at = ${change.at.toISOString()}::timestamptz`,
    sql`version = version + 1`,
  ];
  if (change.operatorId !== undefined) sets.push(sql`operator_id = ${change.operatorId}`);
  if (change.cardId !== undefined) sets.push(sql`card_id = ${change.cardId}`);
  if (change.commission !== undefined) sets.push(sql`commission = ${change.commission}`);
  if (change.voucherUrl !== undefined) sets.push(sql`voucher_url = ${change.voucherUrl}`);
  if (change.remark !== undefined) sets.push(sql`remark = ${change.remark}`);
  if (change.handlerId !== undefined) sets.push(sql`handler_id = ${change.handlerId}, handle_state = 1`);
  if (change.expiresAt !== undefined)
    sets.push(sql`expires_at = ${change.expiresAt.toISOString()}::timestamptz`);
  const result = await executor.execute(sql`
    UPDATE ${sql.identifier(table)} SET ${sql.join(sets, sql`, `)} WHERE id = ${id} AND state = ${fromState} RETURNING id`);
  return result.rows.length === 1;
}

/** How many rows of an order table match `where` (the table is aliased `o`). */
export async function countOrderRows(executor: Executor, table: OrderTable, where: SQL): Promise<number> {
  const result = await executor.execute<{ count: string }>(
    sql`SELECT count(*) AS count FROM ${sql.identifier(table)} o WHERE ${where}`,
  );
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * Ids of orders in one of `states` (a `stateList(...)`, so the table's partial index applies) whose
 * deadline has passed, oldest deadline first: the lifecycle's expiry loop reads them.
 */
export async function expiredOrderIds(
  executor: Executor,
  table: OrderTable,
  states: SQL,
  now: Date,
  limit: number,
): Promise<number[]> {
  const result = await executor.execute<{ id: string }>(sql`
    SELECT id FROM ${sql.identifier(table)} WHERE state IN (${states}) AND expires_at <= ${now.toISOString()}::timestamptz
     ORDER BY expires_at LIMIT ${limit}`);
  return result.rows.map((row) => Number(row.id));
}

/** Per operator: how many orders in `states` changed last in [from, to), their amounts and commissions. */
export async function operatorOrderTotals(
  executor: Executor,
  table: OrderTable,
  states: SQL,
  operatorIds: readonly number[],
  period: { from: Date; to: Date },
): Promise<Map<number, { orders: number; amount: bigint; commission: bigint }>> {
  if (operatorIds.length === 0) return new Map();
  const rows = await executor.execute<{
    operator_id: string;
    orders: string;
    amount: string;
    commission: string;
  }>(sql`
    SELECT operator_id, count(*) AS orders, sum(amount)::text AS amount, sum(commission)::text AS commission
      FROM ${sql.identifier(table)}
     WHERE operator_id = ANY(${`{${operatorIds.map((id) => Math.trunc(id)).join(',')}}`}::bigint[])
       AND state IN (${states})
       AND updated_at >= ${period.from.toISOString()}::timestamptz AND updated_at < ${period.to.toISOString()}::timestamptz
     GROUP BY operator_id`);
  return new Map(
    rows.rows.map((row) => [
      Number(row.operator_id),
      { orders: Number(row.orders), amount: BigInt(row.amount), commission: BigInt(row.commission) },
    ]),
  );
}

/** The shared columns of a new order row (it starts in its table's INIT state). */
export interface NewOrderRow {
  orderNo: string;
  projectId: number;
  currency: string;
  playerId: number;
  amount: bigint;
  expiresAt: Date;
  at: Date;
}

/**
 * Inserts an order row: the shared columns, the INIT state, and the table's own columns (`own`, by
 * column name). Answers the new id.
 */
export async function insertOrderRow(
  executor: Executor,
  table: OrderTable,
  initState: number,
  row: NewOrderRow,
  own: Record<string, unknown>,
): Promise<number> {
  const columns = Object.keys(own);
  const at = row.at.toISOString();
  const result = await executor.execute<{ id: string }>(sql`
    INSERT INTO ${sql.identifier(table)} (order_no, project_id, currency, player_id, amount, state, expires_at,
                                          created_at, updated_at, ${sql.join(
                                            columns.map((column) => sql.identifier(column)),
                                            sql`, `,
                                          )})
    VALUES (${row.orderNo}, ${row.projectId}, ${row.currency}, ${row.playerId}, ${row.amount}, ${initState},
            ${row.expiresAt.toISOString()}::timestamptz, ${at}::timestamptz, ${at}::timestamptz,
            ${sql.join(
              columns.map((column) => sql`${own[column]}`),
              sql`, `,
            )})
    RETURNING id`);
  return Number(result.rows[0]!.id);
}

/** The shared statements of one order table, bound to it (each order module's repo holds one). */
export function orderTable(table: OrderTable) {
  return {
    update: (executor: Executor, id: number, fromState: number, change: OrderChange) =>
      updateOrderRow(executor, table, id, fromState, change),
    count: (executor: Executor, where: SQL) => countOrderRows(executor, table, where),
    insert: (executor: Executor, initState: number, row: NewOrderRow, own: Record<string, unknown>) =>
      insertOrderRow(executor, table, initState, row, own),
  };
}

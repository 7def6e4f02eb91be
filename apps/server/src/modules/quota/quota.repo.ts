import type { LocalCurrency } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';
import { retryTransaction } from '../../platform/db/retry.ts';

type Raw = Record<string, unknown>;

export interface TopupRow {
  id: number;
  orderNo: string;
  projectId: number;
  currency: LocalCurrency;
  operatorId: number;
  method: 'bank' | 'usdt' | 'indodax';
  amount: bigint;
  state: 0 | 1 | 2;
  payTo: string;
  providerReference: string;
  /** A USDT top-up on chain: the USDT to send (minor units) and what arrived so far. */
  usdtAmount: bigint | null;
  usdtReceived: bigint;
  expiresAt: Date;
  createdAt: Date;
  settledAt: Date | null;
}

function toTopup(row: Raw): TopupRow {
  return {
    id: Number(row.id),
    orderNo: row.order_no as string,
    projectId: Number(row.project_id),
    currency: row.currency as LocalCurrency,
    operatorId: Number(row.operator_id),
    method: row.method as TopupRow['method'],
    amount: BigInt(row.amount as string),
    state: Number(row.state) as 0 | 1 | 2,
    payTo: row.pay_to as string,
    providerReference: row.provider_reference as string,
    usdtAmount:
      row.usdt_amount === null || row.usdt_amount === undefined ? null : BigInt(row.usdt_amount as string),
    usdtReceived: BigInt((row.usdt_received as string | undefined) ?? '0'),
    expiresAt: new Date(row.expires_at as string),
    createdAt: new Date(row.created_at as string),
    settledAt: row.settled_at ? new Date(row.settled_at as string) : null,
  };
}

export function createQuotaRepo(db: Db) {
  return {
    db: db as Executor,
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return retryTransaction(() => db.transaction(async (tx) => action(tx)));
    },
    /** The id the next top-up will take (a USDT top-up derives its address from it before insert). */
    async nextId(executor: Executor): Promise<number> {
      const result = await executor.execute<Raw>(sql`SELECT nextval('quota_topups_id_seq') AS id`);
      return Number(result.rows[0]?.id);
    },
    async insert(
      executor: Executor,
      row: Omit<TopupRow, 'id' | 'state' | 'settledAt' | 'usdtAmount' | 'usdtReceived'> & {
        id?: number;
        usdtAmount?: bigint;
      },
    ): Promise<TopupRow> {
      const result = await executor.execute<Raw>(sql`
        INSERT INTO quota_topups (id, order_no, project_id, currency, operator_id, method, amount, pay_to,
                                  provider_reference, usdt_amount, expires_at, created_at)
        VALUES (${row.id === undefined ? sql`DEFAULT` : sql`${row.id}`}, ${row.orderNo}, ${row.projectId},
                ${row.currency}, ${row.operatorId}, ${row.method}, ${row.amount}, ${row.payTo},
                ${row.providerReference}, ${row.usdtAmount === undefined ? null : row.usdtAmount.toString()}::bigint,
                ${row.expiresAt.toISOString()}::timestamptz, ${row.createdAt.toISOString()}::timestamptz)
        RETURNING *`);
      return toTopup(result.rows[0]!);
    },
    /** Adds USDT the chain credited to a top-up's address; answers the top-up, locked. */
    async addUsdtReceived(executor: Executor, id: number, amount: bigint): Promise<TopupRow | null> {
      const result = await executor.execute<Raw>(sql`
        UPDATE quota_topups SET usdt_received = usdt_received + ${amount.toString()}::bigint
         WHERE id = ${id} AND usdt_amount IS NOT NULL RETURNING *`);
      return result.rows[0] ? toTopup(result.rows[0]) : null;
    },
    async byReference(executor: Executor, reference: string, lock = false): Promise<TopupRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT * FROM quota_topups WHERE provider_reference = ${reference} ${lock ? sql`FOR NO KEY UPDATE` : sql``}`);
      return result.rows[0] ? toTopup(result.rows[0]) : null;
    },
    async byOrderNo(executor: Executor, orderNo: string): Promise<TopupRow | null> {
      const result = await executor.execute<Raw>(sql`SELECT * FROM quota_topups WHERE order_no = ${orderNo}`);
      return result.rows[0] ? toTopup(result.rows[0]) : null;
    },
    async settle(executor: Executor, id: number, state: 1 | 2, at: Date): Promise<boolean> {
      const result = await executor.execute(sql`
        UPDATE quota_topups SET state = ${state}, settled_at = ${at.toISOString()}::timestamptz
         WHERE id = ${id} AND state = 0 RETURNING id`);
      return result.rows.length === 1;
    },
    async list(
      executor: Executor,
      operatorId: number,
      methods: readonly string[],
      page: { limit: number; offset: number },
    ) {
      const condition = sql`operator_id = ${operatorId} AND method = ANY(${`{${methods.join(',')}}`}::text[])`;
      const items = await executor.execute<Raw>(sql`
        SELECT * FROM quota_topups WHERE ${condition} ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset}`);
      const total = await executor.execute<{ count: string }>(
        sql`SELECT count(*) AS count FROM quota_topups WHERE ${condition}`,
      );
      return { items: items.rows.map(toTopup), total: Number(total.rows[0]?.count ?? 0) };
    },
    async expired(executor: Executor, now: Date, limit: number): Promise<string[]> {
      const result = await executor.execute<{ provider_reference: string }>(sql`
        SELECT provider_reference FROM quota_topups WHERE state = 0 AND expires_at <= ${now.toISOString()}::timestamptz
         ORDER BY expires_at LIMIT ${limit}`);
      return result.rows.map((row) => row.provider_reference);
    },
  };
}
export type QuotaRepo = ReturnType<typeof createQuotaRepo>;

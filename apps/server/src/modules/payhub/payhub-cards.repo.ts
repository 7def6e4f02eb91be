import { PayOrderState } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { pagedQuery } from '../../platform/db/paging.ts';
import { stateList } from '../../platform/db/sql-states.ts';

/** An operator's receiving card (payhub_operator_cards). */
export interface OperatorCardRow {
  id: number;
  operatorId: number;
  bankCode: string;
  accountNo: string;
  holderName: string;
  active: boolean;
  oldAccountNo: string | null;
  createdAt: Date;
}

type Raw = Record<string, unknown>;

function toCard(row: Raw): OperatorCardRow {
  return {
    id: Number(row.id),
    operatorId: Number(row.operator_id),
    bankCode: row.bank_code as string,
    accountNo: row.account_no as string,
    holderName: row.holder_name as string,
    active: row.active as boolean,
    oldAccountNo: (row.old_account_no as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
  };
}

const CARD_COLUMNS = sql.raw(
  'c.id, c.operator_id, c.bank_code, c.account_no, c.holder_name, c.active, c.old_account_no, c.created_at',
);

/** The SQL of operators' cards and terms, which the operator tools and commission change through the service. */
export const payhubCardsRepo = {
  async cards(executor: Executor, operatorId: number, limit: number, offset: number) {
    const from = sql`FROM payhub_operator_cards c WHERE c.operator_id = ${operatorId} AND c.deleted_at IS NULL`;
    return pagedQuery(
      executor,
      { columns: CARD_COLUMNS, from, orderBy: sql`c.id` },
      { limit, offset },
      toCard,
    );
  },
  async cardsByIds(executor: Executor, ids: readonly number[]): Promise<OperatorCardRow[]> {
    if (ids.length === 0) return [];
    const rows = await executor.execute<Raw>(sql`
      SELECT ${CARD_COLUMNS} FROM payhub_operator_cards c
       WHERE c.id = ANY(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::bigint[])`);
    return rows.rows.map(toCard);
  },
  async liveCardCount(executor: Executor, operatorId: number): Promise<number> {
    const rows = await executor.execute<{ count: string }>(sql`
      SELECT count(*) AS count FROM payhub_operator_cards WHERE operator_id = ${operatorId} AND deleted_at IS NULL`);
    return Number(rows.rows[0]?.count ?? 0);
  },
  async cardByNumber(
    executor: Executor,
    operatorId: number,
    accountNo: string,
    lock = false,
  ): Promise<OperatorCardRow | null> {
    const rows = await executor.execute<Raw>(sql`
      SELECT ${CARD_COLUMNS} FROM payhub_operator_cards c
       WHERE c.operator_id = ${operatorId} AND c.account_no = ${accountNo} AND c.deleted_at IS NULL
       ${lock ? sql`FOR NO KEY UPDATE OF c` : sql``}`);
    return rows.rows[0] ? toCard(rows.rows[0]) : null;
  },
  /** An active, live card of the operator by number. */
  async activeCardId(executor: Executor, operatorId: number, accountNo: string): Promise<number | null> {
    const rows = await executor.execute<{ id: string }>(sql`
      SELECT id FROM payhub_operator_cards
       WHERE operator_id = ${operatorId} AND account_no = ${accountNo} AND deleted_at IS NULL AND active`);
    return rows.rows[0] ? Number(rows.rows[0].id) : null;
  },
  async numberTaken(executor: Executor, bankCode: string, accountNo: string, exceptId: number | null) {
    const rows = await executor.execute(sql`
      SELECT 1 FROM payhub_operator_cards
       WHERE account_no = ${accountNo} AND deleted_at IS NULL AND id <> ${exceptId ?? 0}
         AND (bank_code = ${bankCode} OR operator_id = (SELECT operator_id FROM payhub_operator_cards WHERE id = ${exceptId ?? 0}))
       LIMIT 1`);
    return rows.rows.length > 0;
  },
  async insertCard(
    executor: Executor,
    card: { operatorId: number; bankCode: string; accountNo: string; holderName: string; at: Date },
  ): Promise<number | null> {
    const rows = await executor.execute<{ id: string }>(sql`
      INSERT INTO payhub_operator_cards (operator_id, bank_code, account_no, holder_name, created_at, updated_at)
      VALUES (${card.operatorId}, ${card.bankCode}, ${card.accountNo}, ${card.holderName},
              ${card.at.toISOString()}::timestamptz, ${card.at.toISOString()}::timestamptz)
      ON CONFLICT DO NOTHING RETURNING id`);
    return rows.rows[0] ? Number(rows.rows[0].id) : null;
  },
  async updateCard(
    executor: Executor,
    id: number,
    change: { accountNo?: string; holderName?: string; active?: boolean; at: Date },
  ): Promise<void> {
    await executor.execute(sql`
      UPDATE payhub_operator_cards SET
        old_account_no = CASE WHEN ${change.accountNo ?? null}::text IS NOT NULL AND ${change.accountNo ?? null}::text <> account_no
                              THEN account_no ELSE old_account_no END,
        account_no = COALESCE(${change.accountNo ?? null}::text, account_no),
        holder_name = COALESCE(${change.holderName ?? null}::text, holder_name),
        active = COALESCE(${change.active ?? null}::boolean, active),
        updated_at = ${change.at.toISOString()}::timestamptz
       WHERE id = ${id}`);
  },
  async removeCard(executor: Executor, id: number, at: Date): Promise<void> {
    await executor.execute(sql`
      UPDATE payhub_operator_cards SET active = false, deleted_at = ${at.toISOString()}::timestamptz,
             updated_at = ${at.toISOString()}::timestamptz WHERE id = ${id}`);
  },
  /** Open deposit orders (waiting, checking, exceptional) naming the card. */
  async openOrdersOnCard(executor: Executor, cardId: number): Promise<number> {
    const rows = await executor.execute<{ count: string }>(sql`
      SELECT count(*) AS count FROM pay_orders WHERE card_id = ${cardId} AND state IN (${stateList(PayOrderState.WAIT, PayOrderState.EXCEPTIONAL, PayOrderState.CHECKING)})`);
    return Number(rows.rows[0]?.count ?? 0);
  },
  /** Locks the operator row (the lock order of docs/payments.md: order, operator, daily volume, ledger). */
  async lockOperator(executor: Executor, operatorId: number): Promise<void> {
    await executor.execute(
      sql`SELECT 1 FROM payhub_operators WHERE user_id = ${operatorId} FOR NO KEY UPDATE`,
    );
  },
  /** The limits and commission an approved agreement gives the operator. */
  async setOperatorTerms(
    executor: Executor,
    operatorId: number,
    terms: { perOrderMax: bigint; dailyMax: bigint; commissionBps: number },
  ): Promise<void> {
    await executor.execute(sql`
      UPDATE payhub_operators SET per_order_max = ${terms.perOrderMax}, daily_max = ${terms.dailyMax},
             commission_bps = ${terms.commissionBps}
       WHERE user_id = ${operatorId}`);
  },
};

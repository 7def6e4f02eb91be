import { PayOrderState, type PayPort } from '@payhub/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';
import * as orderRows from '../../platform/db/order-rows.ts';
import { pagedQueryCounted } from '../../platform/db/paging.ts';
import { retryTransaction } from '../../platform/db/retry.ts';
import type { UserProfiles } from '../user/user-profiles.service.ts';
import { WITHDRAWAL_HOLDING_RULES } from './payhub.rules.ts';

export interface OperatorRow {
  userId: number;
  projectId: number;
  kycStatus: 'pending' | 'verified' | 'rejected' | 'suspended';
  verifiedName: string | null;
  working: boolean;
  perOrderMax: bigint;
  dailyMax: bigint;
  commissionBps: number;
  paymentRole: string | null;
  spaPay: boolean;
}

/** A deposit order: the shared order columns, its card and the card's payee details. */
export interface PayOrderRow extends orderRows.OrderRowBase {
  cardId: number | null;
  bankCode: string;
  port: PayPort;
  payerName: string | null;
  payeeBankCode: string | null;
  payeeAccountNo: string | null;
  payeeHolderName: string | null;
  /** The card's QRIS merchant id (NMID), when it takes QRIS. */
  payeeQrisNmid: string | null;
  /** When the bank took the credited deposit back (`pay_order_reversals`); null otherwise. */
  reversedAt: Date | null;
}

type Raw = Record<string, unknown>;
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const date = (value: unknown) => new Date(value as string);

function toOrder(row: Raw): PayOrderRow {
  return {
    ...orderRows.orderRowBase(row),
    cardId: num(row.card_id),
    bankCode: row.bank_code as string,
    port: row.port as PayPort,
    payerName: (row.payer_name as string | null) ?? null,
    payeeBankCode: (row.payee_bank_code as string | null) ?? null,
    payeeAccountNo: (row.payee_account_no as string | null) ?? null,
    payeeHolderName: (row.payee_holder_name as string | null) ?? null,
    payeeQrisNmid: (row.payee_qris_nmid as string | null) ?? null,
    reversedAt: row.reversed_at == null ? null : date(row.reversed_at),
  };
}

const ORDER_COLUMNS = sql.raw(`o.*, c.bank_code AS payee_bank_code, c.account_no AS payee_account_no,
  c.holder_name AS payee_holder_name, c.qris_nmid AS payee_qris_nmid,
  (SELECT r.reversed_at FROM pay_order_reversals r WHERE r.order_id = o.id) AS reversed_at`);

function inList(column: string, values: readonly number[]): SQL {
  return sql`${sql.raw(column)} = ANY(${`{${values.map((value) => Math.trunc(value)).join(',')}}`}::int[])`;
}

export interface OrderFilter {
  projectId?: number;
  playerId?: number;
  operatorId?: number;
  handlerId?: number;
  states?: readonly number[];
  handleState?: number;
  orderNo?: string;
}

function where(filter: OrderFilter): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filter.projectId !== undefined) parts.push(sql`o.project_id = ${filter.projectId}`);
  if (filter.playerId !== undefined) parts.push(sql`o.player_id = ${filter.playerId}`);
  if (filter.operatorId !== undefined) parts.push(sql`o.operator_id = ${filter.operatorId}`);
  if (filter.handlerId !== undefined) parts.push(sql`o.handler_id = ${filter.handlerId}`);
  if (filter.states && filter.states.length > 0) parts.push(inList('o.state', filter.states));
  if (filter.handleState !== undefined) parts.push(sql`o.handle_state = ${filter.handleState}`);
  if (filter.orderNo) parts.push(sql`o.order_no = ${filter.orderNo}`);
  return sql.join(parts, sql` AND `);
}

/**
 * The deposit module's SQL, on payhub's own tables. An operator's name, phone and payment profile
 * (spaPay, paymentRole) belong to the user module: read through its `UserProfiles`, or, inside the
 * one locked statement that chooses an operator, through its published `user_spa_pay()` (0710).
 */
export function createPayhubRepo(db: Db, users: Pick<UserProfiles, 'cards'>) {
  /**
   * The player's withdrawal-hold lock, until the transaction ends: a withdrawal reads the hold under
   * it, and a case of a holding rule opens under it, so the two never pass each other (a request
   * either sees the case or committed before it opened). Taken before any ledger account.
   */
  async function lockWithdrawalHold(executor: Executor, playerId: number): Promise<void> {
    await executor.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`payhub:withdrawal-hold:${playerId}`}, 0))`,
    );
  }

  const rows = orderRows.orderTable('pay_orders');
  return {
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return retryTransaction(() => db.transaction(async (tx) => action(tx)));
    },
    db: db as Executor,

    /** The project's operators, newest user first, by KYC status and phone/name; keyset on user id (console). */
    async operatorList(
      executor: Executor,
      query: {
        projectId: number;
        kycStatus?: string | undefined;
        q?: string | undefined;
        before?: number;
        limit: number;
      },
    ) {
      const like = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const result = await executor.execute<Raw>(sql`
        SELECT o.* FROM payhub_operators o
         WHERE o.project_id = ${query.projectId}
           ${query.kycStatus ? sql`AND o.kyc_status = ${query.kycStatus}` : sql``}
           ${like ? sql`AND (user_name_matches(o.user_id, ${like}) OR o.verified_name ILIKE ${like})` : sql``}
           ${query.before ? sql`AND o.user_id < ${query.before}` : sql``}
         ORDER BY o.user_id DESC LIMIT ${query.limit}`);
      const cards = await users.cards(
        result.rows.map((row) => Number(row.user_id)),
        executor,
      );
      return result.rows
        .flatMap((row) => {
          const card = cards.get(Number(row.user_id));
          return card ? [{ row, card }] : [];
        })
        .map(({ row, card }) => ({
          userId: Number(row.user_id),
          phone: card.phone,
          nickname: card.nickname,
          kycStatus: row.kyc_status as OperatorRow['kycStatus'],
          verifiedName: (row.verified_name as string | null) ?? null,
          working: row.working as boolean,
          perOrderMax: BigInt(row.per_order_max as string),
          dailyMax: BigInt(row.daily_max as string),
          commissionBps: Number(row.commission_bps),
        }));
    },

    /** The operator record of a user with the payment profile the user module keeps (null without either). */
    async operator(executor: Executor, userId: number, lock = false): Promise<OperatorRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT o.* FROM payhub_operators o
         WHERE o.user_id = ${userId} ${lock ? sql`FOR NO KEY UPDATE OF o` : sql``}`);
      const row = result.rows[0];
      if (!row) return null;
      const card = (await users.cards([userId], executor)).get(userId);
      if (!card) return null;
      return {
        userId: Number(row.user_id),
        projectId: Number(row.project_id),
        kycStatus: row.kyc_status as OperatorRow['kycStatus'],
        verifiedName: (row.verified_name as string | null) ?? null,
        working: row.working as boolean,
        perOrderMax: BigInt(row.per_order_max as string),
        dailyMax: BigInt(row.daily_max as string),
        commissionBps: Number(row.commission_bps),
        paymentRole: card.paymentRole,
        spaPay: card.spaPay,
      };
    },

    async upsertOperator(
      executor: Executor,
      row: {
        userId: number;
        projectId: number;
        kycStatus: OperatorRow['kycStatus'];
        verifiedName: string | null;
        perOrderMax: bigint;
        dailyMax: bigint;
        commissionBps: number;
        at: Date;
      },
    ): Promise<void> {
      await executor.execute(sql`
        INSERT INTO payhub_operators (user_id, project_id, kyc_status, verified_name, kyc_verified_at, per_order_max,
                                      daily_max, commission_bps)
        VALUES (${row.userId}, ${row.projectId}, ${row.kycStatus}, ${row.verifiedName},
                ${row.kycStatus === 'verified' ? row.at.toISOString() : null}::timestamptz,
                ${row.perOrderMax}, ${row.dailyMax}, ${row.commissionBps})
        ON CONFLICT (user_id) DO UPDATE SET
          kyc_status = EXCLUDED.kyc_status,
          verified_name = COALESCE(EXCLUDED.verified_name, payhub_operators.verified_name),
          kyc_verified_at = CASE WHEN EXCLUDED.kyc_status = 'verified'
                                 THEN COALESCE(payhub_operators.kyc_verified_at, EXCLUDED.kyc_verified_at) END,
          working = payhub_operators.working AND EXCLUDED.kyc_status = 'verified'`);
    },

    /**
     * Locks the operator row (step 3 of the lock order in docs/payments.md). NO KEY UPDATE: the key
     * never changes, so orders and cards that reference the operator still insert beside it.
     */
    async lockOperator(executor: Executor, userId: number): Promise<void> {
      await executor.execute(sql`SELECT 1 FROM payhub_operators WHERE user_id = ${userId} FOR NO KEY UPDATE`);
    },

    /** Marks a point the transaction can return to, releasing the row locks taken after it. */
    async savepoint(executor: Executor, name: 'choose_operator'): Promise<void> {
      await executor.execute(sql.raw(`SAVEPOINT ${name}`));
    },
    async rollbackToSavepoint(executor: Executor, name: 'choose_operator'): Promise<void> {
      await executor.execute(sql.raw(`ROLLBACK TO SAVEPOINT ${name}`));
    },

    /** Whether the account is a payment operator (an operator record, or the spaPay flag). */
    async isPaymentOperator(executor: Executor, userId: number): Promise<boolean> {
      const result = await executor.execute<{ operator: boolean }>(sql`
        SELECT EXISTS (SELECT 1 FROM payhub_operators WHERE user_id = ${userId}) AS operator`);
      if (result.rows[0]?.operator === true) return true;
      return (await users.cards([userId], executor)).get(userId)?.spaPay === true;
    },

    /** How an operator is linked to a payer (payhub_operator_link, 0500), or null when it is not. */
    async operatorLink(executor: Executor, operatorId: number, playerId: number): Promise<string | null> {
      const result = await executor.execute<{ link: string | null }>(
        sql`SELECT payhub_operator_link(${operatorId}::bigint, ${playerId}::bigint) AS link`,
      );
      return result.rows[0]?.link ?? null;
    },

    /** Operators of the project at work that are linked to a payer (monitoring of assignment). */
    async linkedWorkingOperators(
      executor: Executor,
      playerId: number,
      projectId: number,
    ): Promise<Array<{ operatorId: number; link: string }>> {
      const result = await executor.execute<{ operator_id: string; link: string }>(sql`
        SELECT DISTINCT ON (l.operator_id) l.operator_id, l.link
          FROM payhub_linked_operators(${playerId}::bigint) l
          JOIN payhub_operators o ON o.user_id = l.operator_id
         WHERE o.project_id = ${projectId} AND o.working
         ORDER BY l.operator_id LIMIT 20`);
      return result.rows.map((row) => ({ operatorId: Number(row.operator_id), link: row.link }));
    },

    async setWorking(executor: Executor, userId: number, working: boolean): Promise<boolean> {
      const result = await executor.execute<{ working: boolean }>(sql`
        UPDATE payhub_operators SET working = ${working}
         WHERE user_id = ${userId} AND (${!working} OR kyc_status = 'verified') RETURNING working`);
      return result.rows.length === 1;
    },

    async addCard(
      executor: Executor,
      card: {
        operatorId: number;
        bankCode: string;
        accountNo: string;
        holderName: string;
        qrisNmid?: string;
      },
    ): Promise<void> {
      // Seeding only (one writer): an existing number keeps its card (and gets its NMID if it had none).
      await executor.execute(sql`
        INSERT INTO payhub_operator_cards (operator_id, bank_code, account_no, holder_name)
        SELECT ${card.operatorId}::bigint, ${card.bankCode}::text, ${card.accountNo}::text, ${card.holderName}::text
         WHERE NOT EXISTS (SELECT 1 FROM payhub_operator_cards
                            WHERE bank_code = ${card.bankCode} AND account_no = ${card.accountNo})`);
      if (card.qrisNmid)
        await executor.execute(sql`
          UPDATE payhub_operator_cards SET qris_nmid = ${card.qrisNmid}
           WHERE bank_code = ${card.bankCode} AND account_no = ${card.accountNo} AND qris_nmid IS NULL`);
    },

    async dailyUsed(executor: Executor, operatorId: number, day: string): Promise<bigint> {
      const result = await executor.execute<{ assigned: string }>(sql`
        SELECT assigned FROM payhub_operator_daily WHERE operator_id = ${operatorId} AND day = ${day}::date`);
      return BigInt(result.rows[0]?.assigned ?? '0');
    },

    /**
     * Gives an amount back to (negative) or counts it again against (positive) the operator's daily
     * volume of `day`, without the limit check: a canceled order no longer counts, a canceled order
     * later found paid counts again (issue 11).
     */
    async adjustDaily(executor: Executor, operatorId: number, day: string, delta: bigint): Promise<void> {
      await executor.execute(sql`
        INSERT INTO payhub_operator_daily AS d (operator_id, day, assigned)
        VALUES (${operatorId}::bigint, ${day}::date, GREATEST(${delta}::bigint, 0))
        ON CONFLICT (operator_id, day) DO UPDATE SET assigned = GREATEST(d.assigned + ${delta}::bigint, 0)`);
    },

    /** Counts the amount against the operator's daily limit; false when it would pass the limit. */
    async reserveDaily(
      executor: Executor,
      operatorId: number,
      day: string,
      amount: bigint,
      dailyMax: bigint,
    ): Promise<boolean> {
      const result = await executor.execute(sql`
        INSERT INTO payhub_operator_daily AS d (operator_id, day, assigned)
        SELECT ${operatorId}::bigint, ${day}::date, ${amount}::bigint WHERE ${amount}::bigint <= ${dailyMax}::bigint
        ON CONFLICT (operator_id, day) DO UPDATE SET assigned = d.assigned + EXCLUDED.assigned
         WHERE d.assigned + EXCLUDED.assigned <= ${dailyMax}::bigint
        RETURNING assigned`);
      return result.rows.length === 1;
    },

    /**
     * The next operator for a deposit: verified, at work, on duty (inside its work hours, its app not
     * silent too long), with an active card at the bank whose payment link (if any) accepts the
     * amount, within the per-order and daily limits and with enough available quota; least recently
     * assigned first.
     * Never an operator linked to the payer (payhub_linked_operators, 0500: self-dealing).
     * Locks the operator row so concurrent assignments to one operator queue up; NO KEY UPDATE, so a
     * withdrawal taken by the operator meanwhile (its foreign-key check) does not wait on it.
     */
    async chooseOperator(
      executor: Executor,
      input: {
        projectId: number;
        playerId: number;
        currency: string;
        bankCode: string;
        amount: bigint;
        day: string;
        at: Date;
      },
    ): Promise<{ operatorId: number; cardId: number; commissionBps: number; dailyMax: bigint } | null> {
      // Other modules' facts come from their published reads (0710_published_reads.sql), never their
      // tables: the payment flag user_spa_pay() (user), on duty payhub_operator_on_duty() and card
      // links payhub_card_accepts() (payhub-tools), the quota's available balance
      // ledger_user_available() (ledger, 0600).
      const at = input.at.toISOString();
      const result = await executor.execute<Raw>(sql`
        SELECT o.user_id, o.commission_bps, o.daily_max,
               (SELECT c.id FROM payhub_operator_cards c
                 WHERE c.operator_id = o.user_id AND c.active AND c.bank_code = ${input.bankCode}
                   AND payhub_card_accepts(c.id, ${input.amount}::bigint, ${at}::timestamptz)
                 ORDER BY c.id LIMIT 1) AS card_id
          FROM payhub_operators o
          LEFT JOIN payhub_operator_daily d ON d.operator_id = o.user_id AND d.day = ${input.day}::date
         WHERE o.project_id = ${input.projectId} AND o.kyc_status = 'verified' AND o.working
           AND user_spa_pay(o.user_id)
           AND o.per_order_max >= ${input.amount}
           AND COALESCE(d.assigned, 0) + ${input.amount} <= o.daily_max
           AND ledger_user_available(o.project_id, ${input.currency}, 'operator_quota', o.user_id) >= ${input.amount}
           AND payhub_operator_on_duty(o.user_id, o.project_id, ${at}::timestamptz)
           AND o.user_id NOT IN (SELECT l.operator_id FROM payhub_linked_operators(${input.playerId}::bigint) l)
           AND EXISTS (SELECT 1 FROM payhub_operator_cards c
                        WHERE c.operator_id = o.user_id AND c.active AND c.bank_code = ${input.bankCode}
                          AND payhub_card_accepts(c.id, ${input.amount}::bigint, ${at}::timestamptz))
         ORDER BY o.last_assigned_at NULLS FIRST, o.user_id
         LIMIT 1
         FOR NO KEY UPDATE OF o`);
      const row = result.rows[0];
      if (!row) return null;
      return {
        operatorId: Number(row.user_id),
        cardId: Number(row.card_id),
        commissionBps: Number(row.commission_bps),
        dailyMax: BigInt(row.daily_max as string),
      };
    },

    /** Whether a card's live link still takes this amount, read in a fresh snapshot (see the service). */
    async cardAccepts(executor: Executor, cardId: number, amount: bigint, at: Date): Promise<boolean> {
      const result = await executor.execute<{ accepts: boolean }>(sql`
        SELECT payhub_card_accepts(${cardId}::bigint, ${amount}::bigint, ${at.toISOString()}::timestamptz) AS accepts`);
      return result.rows[0]?.accepts === true;
    },

    async markAssigned(executor: Executor, operatorId: number, at: Date): Promise<void> {
      await executor.execute(sql`
        UPDATE payhub_operators SET last_assigned_at = ${at.toISOString()}::timestamptz WHERE user_id = ${operatorId}`);
    },

    /** Banks where some verified, working operator of the project, on duty at `at`, has an active card. */
    async banksWithOperators(executor: Executor, projectId: number, at: Date): Promise<string[]> {
      const result = await executor.execute<{ bank_code: string }>(sql`
        SELECT DISTINCT c.bank_code FROM payhub_operator_cards c
          JOIN payhub_operators o ON o.user_id = c.operator_id
         WHERE o.project_id = ${projectId} AND o.kyc_status = 'verified' AND o.working AND c.active
           AND payhub_operator_on_duty(o.user_id, o.project_id, ${at.toISOString()}::timestamptz)
         ORDER BY c.bank_code`);
      return result.rows.map((row) => row.bank_code);
    },

    insertOrder(
      executor: Executor,
      row: orderRows.NewOrderRow & { bankCode: string; port: string; payerName: string | null },
    ): Promise<number> {
      return rows.insert(executor, PayOrderState.INIT, row, {
        bank_code: row.bankCode,
        port: row.port,
        payer_name: row.payerName,
      });
    },

    /** Applies a change to an order; `fromState` guards the transition against a concurrent one. */
    updateOrder: rows.update,

    /** A group head takes the order; false when another head already has it. */
    async takeOrder(executor: Executor, id: number, handlerId: number, at: Date): Promise<boolean> {
      const result = await executor.execute(sql`
        UPDATE pay_orders SET handler_id = ${handlerId}, handle_state = 1, version = version + 1,
                              updated_at = ${at.toISOString()}::timestamptz
         WHERE id = ${id} AND (handler_id IS NULL OR handler_id = ${handlerId}) RETURNING id`);
      return result.rows.length === 1;
    },

    async order(executor: Executor, id: number, lock = false): Promise<PayOrderRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${ORDER_COLUMNS} FROM pay_orders o LEFT JOIN payhub_operator_cards c ON c.id = o.card_id
         WHERE o.id = ${id} ${lock ? sql`FOR NO KEY UPDATE OF o` : sql``}`);
      return result.rows[0] ? toOrder(result.rows[0]) : null;
    },

    async orders(
      executor: Executor,
      filter: OrderFilter,
      page: { limit: number; offset: number },
    ): Promise<{ items: PayOrderRow[]; total: number }> {
      const condition = where(filter);
      const from = sql`FROM pay_orders o LEFT JOIN payhub_operator_cards c ON c.id = o.card_id WHERE ${condition}`;
      return pagedQueryCounted(
        executor,
        { columns: ORDER_COLUMNS, from, orderBy: sql`o.id DESC` },
        page,
        toOrder,
      );
    },

    countOrders: (executor: Executor, filter: OrderFilter): Promise<number> =>
      rows.count(executor, where(filter)),

    // Monitoring (DESIGN.md §8).
    async playerOrdersSince(executor: Executor, playerId: number, since: Date): Promise<number> {
      const result = await executor.execute<{ count: string }>(sql`
        SELECT count(*) AS count FROM pay_orders WHERE player_id = ${playerId}
           AND created_at >= ${since.toISOString()}::timestamptz`);
      return Number(result.rows[0]?.count ?? 0);
    },
    async payersToCardSince(executor: Executor, cardId: number, since: Date): Promise<number> {
      const result = await executor.execute<{ count: string }>(sql`
        SELECT count(DISTINCT player_id) AS count FROM pay_orders WHERE card_id = ${cardId}
           AND created_at >= ${since.toISOString()}::timestamptz`);
      return Number(result.rows[0]?.count ?? 0);
    },
    async openCase(
      executor: Executor,
      row: {
        projectId: number;
        rule: string;
        subjectType: string;
        subjectId: string;
        details: unknown;
        at: Date;
      },
    ): Promise<number | null> {
      // A case that holds a player's withdrawals opens under their withdrawal-hold lock (taken again
      // when the caller already holds it, as the reversal does to keep the lock order).
      if (row.subjectType === 'player' && WITHDRAWAL_HOLDING_RULES.includes(row.rule))
        await lockWithdrawalHold(executor, Number(row.subjectId));
      const result = await executor.execute<{ id: string }>(sql`
        INSERT INTO payhub_cases (project_id, rule, subject_type, subject_id, details, opened_at)
        VALUES (${row.projectId}, ${row.rule}, ${row.subjectType}, ${row.subjectId}, ${JSON.stringify(row.details)}::jsonb,
                ${row.at.toISOString()}::timestamptz)
        ON CONFLICT (rule, subject_type, subject_id) WHERE status = 'open' DO NOTHING RETURNING id`);
      return result.rows[0] ? Number(result.rows[0].id) : null;
    },
    lockWithdrawalHold,
    /**
     * The id of the open case of a rule for a subject, or null; the row share-locked until the
     * caller's transaction ends, so a close waits for what the caller attaches to the case (a close
     * under way first: its commit is waited for, and the case, closed by then, is not answered).
     */
    async openCaseId(
      executor: Executor,
      rule: string,
      subjectType: string,
      subjectId: string,
    ): Promise<number | null> {
      const result = await executor.execute<{ id: string }>(sql`
        SELECT id FROM payhub_cases WHERE rule = ${rule} AND subject_type = ${subjectType}
           AND subject_id = ${subjectId} AND status = 'open' LIMIT 1 FOR SHARE`);
      return result.rows[0] ? Number(result.rows[0].id) : null;
    },
    /** Whether an open monitoring case (of one of `rules`, when given) names this subject. */
    async hasOpenCase(
      executor: Executor,
      subjectType: string,
      subjectId: string,
      rules?: readonly string[],
    ): Promise<boolean> {
      const ofRules = rules ? sql` AND rule = ANY(${`{${rules.join(',')}}`}::text[])` : sql``;
      const result = await executor.execute(sql`
        SELECT 1 FROM payhub_cases WHERE subject_type = ${subjectType} AND subject_id = ${subjectId}
           AND status = 'open'${ofRules} LIMIT 1`);
      return result.rows.length > 0;
    },
    async cases(
      executor: Executor,
      projectId: number,
      status: string | undefined,
      page: { limit: number; offset: number },
      escalated?: boolean,
    ) {
      const condition = status
        ? sql`project_id = ${projectId} AND status = ${status}`
        : sql`project_id = ${projectId}`;
      const escalation =
        escalated === undefined
          ? sql``
          : escalated
            ? sql`AND escalated_at IS NOT NULL`
            : sql`AND escalated_at IS NULL`;
      const from = sql`FROM payhub_cases WHERE ${condition} ${escalation}`;
      return pagedQueryCounted(executor, { columns: sql`*`, from, orderBy: sql`id DESC` }, page, toCase);
    },
    async closeCase(
      executor: Executor,
      row: { id: number; projectId: number; closedBy: number; resolution: string; at: Date },
    ) {
      const result = await executor.execute<Raw>(sql`
        UPDATE payhub_cases SET status = 'closed', closed_at = ${row.at.toISOString()}::timestamptz,
                                closed_by = ${row.closedBy}, resolution = ${row.resolution}
         WHERE id = ${row.id} AND project_id = ${row.projectId} AND status = 'open' RETURNING *`);
      return result.rows[0] ? toCase(result.rows[0]) : null;
    },
    /** The project's stored monitoring figures, or null while the defaults apply. */
    async monitoringRules(executor: Executor, projectId: number) {
      const result = await executor.execute<Raw>(
        sql`SELECT * FROM payhub_monitoring_rules WHERE project_id = ${projectId}`,
      );
      const row = result.rows[0];
      if (!row) return null;
      return {
        velocityMaxOrders: Number(row.velocity_max_orders),
        velocityWindowMinutes: Number(row.velocity_window_minutes),
        reportingThreshold: BigInt(row.reporting_threshold as string),
        justUnderBps: Number(row.just_under_bps),
        manyPayersMax: Number(row.many_payers_max),
        manyPayersWindowHours: Number(row.many_payers_window_hours),
        updatedAt: date(row.updated_at),
        updatedBy: Number(row.updated_by),
      };
    },
    /** Locks the project's row (when there is one) for a change of its figures. */
    async lockMonitoringRules(executor: Executor, projectId: number) {
      await executor.execute(
        sql`SELECT 1 FROM payhub_monitoring_rules WHERE project_id = ${projectId} FOR UPDATE`,
      );
    },
    async upsertMonitoringRules(
      executor: Executor,
      row: {
        projectId: number;
        velocityMaxOrders: number;
        velocityWindowMinutes: number;
        reportingThreshold: bigint;
        justUnderBps: number;
        manyPayersMax: number;
        manyPayersWindowHours: number;
        at: Date;
        by: number;
      },
    ) {
      await executor.execute(sql`
        INSERT INTO payhub_monitoring_rules (project_id, velocity_max_orders, velocity_window_minutes,
                                             reporting_threshold, just_under_bps, many_payers_max,
                                             many_payers_window_hours, updated_at, updated_by)
        VALUES (${row.projectId}, ${row.velocityMaxOrders}, ${row.velocityWindowMinutes},
                ${row.reportingThreshold.toString()}, ${row.justUnderBps}, ${row.manyPayersMax},
                ${row.manyPayersWindowHours}, ${row.at.toISOString()}::timestamptz, ${row.by})
        ON CONFLICT (project_id) DO UPDATE SET
          velocity_max_orders = EXCLUDED.velocity_max_orders,
          velocity_window_minutes = EXCLUDED.velocity_window_minutes,
          reporting_threshold = EXCLUDED.reporting_threshold,
          just_under_bps = EXCLUDED.just_under_bps,
          many_payers_max = EXCLUDED.many_payers_max,
          many_payers_window_hours = EXCLUDED.many_payers_window_hours,
          updated_at = EXCLUDED.updated_at,
          updated_by = EXCLUDED.updated_by`);
    },
    /** Escalates an open, not yet escalated case of the project; null when there is none such. */
    async escalateCase(
      executor: Executor,
      row: { id: number; projectId: number; escalatedBy: number; note: string; at: Date },
    ) {
      const result = await executor.execute<Raw>(sql`
        UPDATE payhub_cases SET escalated_at = ${row.at.toISOString()}::timestamptz,
                                escalated_by = ${row.escalatedBy}, escalation_note = ${row.note}
         WHERE id = ${row.id} AND project_id = ${row.projectId} AND status = 'open' AND escalated_at IS NULL
         RETURNING *`);
      return result.rows[0] ? toCase(result.rows[0]) : null;
    },
    async findCase(executor: Executor, id: number, projectId: number) {
      const result = await executor.execute<Raw>(
        sql`SELECT * FROM payhub_cases WHERE id = ${id} AND project_id = ${projectId}`,
      );
      return result.rows[0] ? toCase(result.rows[0]) : null;
    },
    async workingOperatorIds(executor: Executor, projectId: number): Promise<number[]> {
      const result = await executor.execute<{ user_id: string }>(sql`
        SELECT user_id FROM payhub_operators WHERE project_id = ${projectId} AND working AND kyc_status = 'verified'`);
      return result.rows.map((row) => Number(row.user_id));
    },
  };
}
export type PayhubRepo = ReturnType<typeof createPayhubRepo>;

export interface CaseRow {
  id: number;
  rule: 'velocity' | 'just_under_threshold' | 'many_payers_one_card' | 'self_dealing' | 'blocked_address';
  subjectType: string;
  subjectId: string;
  details: Record<string, unknown>;
  status: 'open' | 'closed';
  openedAt: Date;
  closedAt: Date | null;
  resolution: string | null;
  escalatedAt: Date | null;
  escalatedBy: number | null;
  escalationNote: string | null;
}

function toCase(row: Raw): CaseRow {
  return {
    id: Number(row.id),
    rule: row.rule as CaseRow['rule'],
    subjectType: row.subject_type as string,
    subjectId: row.subject_id as string,
    details: row.details as Record<string, unknown>,
    status: row.status as 'open' | 'closed',
    openedAt: date(row.opened_at),
    closedAt: row.closed_at ? date(row.closed_at) : null,
    resolution: (row.resolution as string | null) ?? null,
    escalatedAt: row.escalated_at ? date(row.escalated_at) : null,
    escalatedBy: row.escalated_by == null ? null : Number(row.escalated_by),
    escalationNote: (row.escalation_note as string | null) ?? null,
  };
}

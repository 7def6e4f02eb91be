import type { LocalCurrency } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';
import { pagedQuery } from '../../platform/db/paging.ts';
import type { OperatorCardRow, PayhubCards } from '../payhub/payhub-cards.service.ts';

/** The database or an open transaction. */

type Raw = Record<string, unknown>;

/** A card as the operator tools show it: payhub's card and its live link. */
export interface CardRow extends OperatorCardRow {
  linkUrl: string | null;
}

export interface LinkRow {
  id: number;
  cardId: number;
  operatorId: number;
  accountNo: string;
  bankCode: string;
  url: string;
  minAmount: bigint;
  maxAmount: bigint;
  totalLimit: bigint;
  used: bigint;
  expiresAt: Date;
  createdAt: Date;
  replacedAt: Date | null;
}

export interface WorkHoursRow {
  startMinute: number;
  endMinute: number;
  days: number[];
}

export interface AgreementRow {
  id: number;
  operatorId: number;
  projectId: number;
  version: number;
  state: 'pending' | 'active' | 'rejected' | 'withdrawn' | 'superseded';
  perOrderMax: bigint;
  dailyMax: bigint;
  commissionBps: number;
  note: string;
  requestedAt: Date;
  reviewedAt: Date | null;
  reviewNote: string | null;
}

export interface ContactRow {
  id: number;
  operatorId: number;
  channel: 'whatsapp' | 'telegram' | 'phone' | 'email';
  value: string;
  label: string;
  createdAt: Date;
}

export interface VoucherRow {
  id: number;
  code: string;
  operatorId: number;
  projectId: number;
  currency: LocalCurrency;
  productId: string;
  price: bigint;
  faceValue: bigint;
  state: 'unclaimed' | 'claimed';
  createdAt: Date;
  claimedAt: Date | null;
}

const date = (value: unknown) => new Date(value as string);
const dateOrNull = (value: unknown) => (value === null || value === undefined ? null : date(value));

function toLink(row: Raw): LinkRow {
  return {
    id: Number(row.id),
    cardId: Number(row.card_id),
    operatorId: Number(row.operator_id),
    accountNo: row.account_no as string,
    bankCode: row.bank_code as string,
    url: row.url as string,
    minAmount: BigInt(row.min_amount as string),
    maxAmount: BigInt(row.max_amount as string),
    totalLimit: BigInt(row.total_limit as string),
    used: BigInt(row.used as string),
    expiresAt: date(row.expires_at),
    createdAt: date(row.created_at),
    replacedAt: dateOrNull(row.replaced_at),
  };
}

function toAgreement(row: Raw): AgreementRow {
  return {
    id: Number(row.id),
    operatorId: Number(row.operator_id),
    projectId: Number(row.project_id),
    version: Number(row.version),
    state: row.state as AgreementRow['state'],
    perOrderMax: BigInt(row.per_order_max as string),
    dailyMax: BigInt(row.daily_max as string),
    commissionBps: Number(row.commission_bps),
    note: row.note as string,
    requestedAt: date(row.requested_at),
    reviewedAt: dateOrNull(row.reviewed_at),
    reviewNote: (row.review_note as string | null) ?? null,
  };
}

function toContact(row: Raw): ContactRow {
  return {
    id: Number(row.id),
    operatorId: Number(row.operator_id),
    channel: row.channel as ContactRow['channel'],
    value: row.value as string,
    label: row.label as string,
    createdAt: date(row.created_at),
  };
}

function toVoucher(row: Raw): VoucherRow {
  return {
    id: Number(row.id),
    code: row.code as string,
    operatorId: Number(row.operator_id),
    projectId: Number(row.project_id),
    currency: row.currency as LocalCurrency,
    productId: row.product_id as string,
    price: BigInt(row.price as string),
    faceValue: BigInt(row.face_value as string),
    state: row.state as VoucherRow['state'],
    createdAt: date(row.created_at),
    claimedAt: dateOrNull(row.claimed_at),
  };
}

const LINK_COLUMNS = sql.raw('l.*, payhub_card_volume_since(l.card_id, l.created_at)::text AS used');

/**
 * The operator tools' SQL. Cards and operator terms belong to payhub: they are read and changed
 * through its `PayhubCards` service (a link's card number is filled in from there), never joined here.
 */
export function createPayhubToolsRepo(db: Db, cards: PayhubCards) {
  /** Adds each link's card number and bank; a link whose card is unknown is left out. */
  async function withCards(executor: Executor, rows: Raw[]): Promise<LinkRow[]> {
    const byId = await cards.cardsByIds(
      executor,
      rows.map((row) => Number(row.card_id)),
    );
    return rows.flatMap((row) => {
      const card = byId.get(Number(row.card_id));
      return card ? [toLink({ ...row, account_no: card.accountNo, bank_code: card.bankCode })] : [];
    });
  }
  return {
    db: db as Executor,
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => action(tx));
    },

    /** The live link's url of each of these cards. */
    async liveLinkUrls(executor: Executor, cardIds: readonly number[]): Promise<Map<number, string>> {
      if (cardIds.length === 0) return new Map();
      const rows = await executor.execute<{ card_id: string; url: string }>(sql`
        SELECT card_id, url FROM payhub_card_links
         WHERE card_id = ANY(${`{${cardIds.map((id) => Math.trunc(id)).join(',')}}`}::bigint[]) AND replaced_at IS NULL`);
      return new Map(rows.rows.map((row) => [Number(row.card_id), row.url]));
    },
    /** Ends the live link of a removed card. */
    async replaceLinksOfCard(executor: Executor, cardId: number, at: Date): Promise<void> {
      await executor.execute(sql`
        UPDATE payhub_card_links SET replaced_at = ${at.toISOString()}::timestamptz
         WHERE card_id = ${cardId} AND replaced_at IS NULL`);
    },

    // Links.
    async bindLink(
      executor: Executor,
      link: {
        cardId: number;
        operatorId: number;
        url: string;
        minAmount: bigint;
        maxAmount: bigint;
        totalLimit: bigint;
        expiresAt: Date;
        at: Date;
      },
    ): Promise<{ id: number; replaced: number | null }> {
      const replaced = await executor.execute<{ id: string }>(sql`
        UPDATE payhub_card_links SET replaced_at = ${link.at.toISOString()}::timestamptz
         WHERE card_id = ${link.cardId} AND replaced_at IS NULL RETURNING id`);
      const rows = await executor.execute<{ id: string }>(sql`
        INSERT INTO payhub_card_links (card_id, operator_id, url, min_amount, max_amount, total_limit, expires_at, created_at)
        VALUES (${link.cardId}, ${link.operatorId}, ${link.url}, ${link.minAmount}, ${link.maxAmount}, ${link.totalLimit},
                ${link.expiresAt.toISOString()}::timestamptz, ${link.at.toISOString()}::timestamptz)
        RETURNING id`);
      return {
        id: Number(rows.rows[0]!.id),
        replaced: replaced.rows[0] ? Number(replaced.rows[0].id) : null,
      };
    },
    async link(executor: Executor, id: number): Promise<LinkRow | null> {
      const rows = await executor.execute<Raw>(
        sql`SELECT ${LINK_COLUMNS} FROM payhub_card_links l WHERE l.id = ${id}`,
      );
      return (await withCards(executor, rows.rows))[0] ?? null;
    },
    async liveLinks(executor: Executor, operatorId: number): Promise<LinkRow[]> {
      const rows = await executor.execute<Raw>(sql`
        SELECT ${LINK_COLUMNS} FROM payhub_card_links l
         WHERE l.operator_id = ${operatorId} AND l.replaced_at IS NULL ORDER BY l.expires_at, l.id`);
      return withCards(executor, rows.rows);
    },
    async links(executor: Executor, operatorId: number, limit: number, offset: number) {
      const from = sql`FROM payhub_card_links l WHERE l.operator_id = ${operatorId}`;
      const page = await pagedQuery(
        executor,
        { columns: LINK_COLUMNS, from, orderBy: sql`l.id DESC` },
        { limit, offset },
        (row) => row,
      );
      return { items: await withCards(executor, page.items), total: page.total };
    },

    // Work hours and groups.
    async workHours(executor: Executor, operatorId: number): Promise<WorkHoursRow | null> {
      const rows = await executor.execute<Raw>(sql`
        SELECT start_minute, end_minute, days FROM payhub_work_hours WHERE operator_id = ${operatorId}`);
      const row = rows.rows[0];
      if (!row) return null;
      return {
        startMinute: Number(row.start_minute),
        endMinute: Number(row.end_minute),
        days: (row.days as Array<number | string>).map(Number),
      };
    },
    async setWorkHours(executor: Executor, operatorId: number, hours: WorkHoursRow, at: Date): Promise<void> {
      const days = `{${hours.days.join(',')}}`;
      await executor.execute(sql`
        INSERT INTO payhub_work_hours (operator_id, start_minute, end_minute, days, updated_at)
        VALUES (${operatorId}, ${hours.startMinute}, ${hours.endMinute}, ${days}::smallint[], ${at.toISOString()}::timestamptz)
        ON CONFLICT (operator_id) DO UPDATE SET start_minute = EXCLUDED.start_minute, end_minute = EXCLUDED.end_minute,
          days = EXCLUDED.days, updated_at = EXCLUDED.updated_at`);
    },
    /** Whether the operator's work hours (none: always) include `at` in its project's time zone. */
    async insideHours(executor: Executor, operatorId: number, at: Date, timeZone: string): Promise<boolean> {
      const rows = await executor.execute<{ inside: boolean }>(sql`
        SELECT COALESCE((SELECT payhub_inside_hours(h.start_minute, h.end_minute, h.days, ${at.toISOString()}::timestamptz, ${timeZone})
                           FROM payhub_work_hours h WHERE h.operator_id = ${operatorId}), true) AS inside`);
      return Boolean(rows.rows[0]?.inside);
    },
    async silenceSeconds(executor: Executor, projectId: number): Promise<number> {
      const rows = await executor.execute<{ seconds: number }>(
        sql`SELECT payhub_silence_seconds(${projectId}) AS seconds`,
      );
      return Number(rows.rows[0]?.seconds ?? 180);
    },
    /**
     * The work hours of these operators and whether each is inside them at `at` (no hours: always),
     * in each operator's project time zone (the caller's, from the site module). By operator id.
     */
    async hoursAt(
      executor: Executor,
      operators: ReadonlyArray<{ operatorId: number; timeZone: string }>,
      at: Date,
    ): Promise<Map<number, { hours: WorkHoursRow | null; inside: boolean }>> {
      const found = new Map<number, { hours: WorkHoursRow | null; inside: boolean }>();
      const byZone = new Map<string, number[]>();
      for (const { operatorId, timeZone } of operators) {
        found.set(operatorId, { hours: null, inside: true });
        byZone.set(timeZone, [...(byZone.get(timeZone) ?? []), Math.trunc(operatorId)]);
      }
      for (const [zone, ids] of byZone) {
        const rows = await executor.execute<Raw>(sql`
          SELECT h.operator_id, h.start_minute, h.end_minute, h.days,
                 payhub_inside_hours(h.start_minute, h.end_minute, h.days, ${at.toISOString()}::timestamptz, ${zone}) AS inside
            FROM payhub_work_hours h WHERE h.operator_id = ANY(${`{${ids.join(',')}}`}::bigint[])`);
        for (const row of rows.rows)
          found.set(Number(row.operator_id), {
            hours: {
              startMinute: Number(row.start_minute),
              endMinute: Number(row.end_minute),
              days: (row.days as Array<number | string>).map(Number),
            },
            inside: row.inside as boolean,
          });
      }
      return found;
    },

    // Agreements.
    async agreements(executor: Executor, operatorId: number): Promise<AgreementRow[]> {
      const rows = await executor.execute<Raw>(sql`
        SELECT * FROM payhub_agreements WHERE operator_id = ${operatorId} ORDER BY version DESC LIMIT 500`);
      return rows.rows.map(toAgreement);
    },
    async agreement(executor: Executor, id: number, lock = false): Promise<AgreementRow | null> {
      const rows = await executor.execute<Raw>(
        sql`SELECT * FROM payhub_agreements WHERE id = ${id} ${lock ? sql`FOR NO KEY UPDATE` : sql``}`,
      );
      return rows.rows[0] ? toAgreement(rows.rows[0]) : null;
    },
    async pendingAgreements(executor: Executor, projectId: number): Promise<AgreementRow[]> {
      const rows = await executor.execute<Raw>(sql`
        SELECT * FROM payhub_agreements WHERE project_id = ${projectId} AND state = 'pending' ORDER BY id LIMIT 500`);
      return rows.rows.map(toAgreement);
    },
    async insertAgreement(
      executor: Executor,
      row: {
        operatorId: number;
        projectId: number;
        perOrderMax: bigint;
        dailyMax: bigint;
        commissionBps: number;
        note: string;
        at: Date;
      },
    ): Promise<number> {
      await executor.execute(sql`
        UPDATE payhub_agreements SET state = 'withdrawn' WHERE operator_id = ${row.operatorId} AND state = 'pending'`);
      const rows = await executor.execute<{ id: string }>(sql`
        INSERT INTO payhub_agreements (operator_id, project_id, version, state, per_order_max, daily_max, commission_bps,
                                       note, requested_at)
        VALUES (${row.operatorId}, ${row.projectId},
                (SELECT COALESCE(max(version), 0) + 1 FROM payhub_agreements WHERE operator_id = ${row.operatorId}),
                'pending', ${row.perOrderMax}, ${row.dailyMax}, ${row.commissionBps}, ${row.note},
                ${row.at.toISOString()}::timestamptz)
        RETURNING id`);
      return Number(rows.rows[0]!.id);
    },
    async decideAgreement(
      executor: Executor,
      agreement: AgreementRow,
      decision: { approve: boolean; reviewerId: number; note: string; at: Date },
    ): Promise<void> {
      const at = decision.at.toISOString();
      if (decision.approve) {
        await executor.execute(sql`
          UPDATE payhub_agreements SET state = 'superseded'
           WHERE operator_id = ${agreement.operatorId} AND state = 'active'`);
        await cards.setOperatorTerms(executor, agreement.operatorId, agreement);
      }
      await executor.execute(sql`
        UPDATE payhub_agreements SET state = ${decision.approve ? 'active' : 'rejected'}, reviewed_by = ${decision.reviewerId},
               reviewed_at = ${at}::timestamptz, review_note = ${decision.note}
         WHERE id = ${agreement.id} AND state = 'pending'`);
    },
    /** Supersede rows keep their review stamp; an active row that is superseded must have one. */

    // Contacts.
    async contacts(executor: Executor, operatorId: number): Promise<ContactRow[]> {
      const rows = await executor.execute<Raw>(sql`
        SELECT * FROM payhub_contacts WHERE operator_id = ${operatorId} ORDER BY id LIMIT 500`);
      return rows.rows.map(toContact);
    },
    async contact(executor: Executor, id: number): Promise<ContactRow | null> {
      const rows = await executor.execute<Raw>(sql`SELECT * FROM payhub_contacts WHERE id = ${id}`);
      return rows.rows[0] ? toContact(rows.rows[0]) : null;
    },
    async insertContact(
      executor: Executor,
      row: { operatorId: number; channel: string; value: string; label: string; at: Date },
    ): Promise<number | null> {
      const rows = await executor.execute<{ id: string }>(sql`
        INSERT INTO payhub_contacts (operator_id, channel, value, label, created_at)
        VALUES (${row.operatorId}, ${row.channel}, ${row.value}, ${row.label}, ${row.at.toISOString()}::timestamptz)
        ON CONFLICT (operator_id, channel, value) DO NOTHING RETURNING id`);
      return rows.rows[0] ? Number(rows.rows[0].id) : null;
    },
    async contactByValue(executor: Executor, operatorId: number, channel: string, value: string) {
      const rows = await executor.execute<Raw>(sql`
        SELECT * FROM payhub_contacts WHERE operator_id = ${operatorId} AND channel = ${channel} AND value = ${value}`);
      return rows.rows[0] ? toContact(rows.rows[0]) : null;
    },

    // Vouchers.
    async insertVoucher(
      executor: Executor,
      row: {
        code: string;
        operatorId: number;
        projectId: number;
        currency: string;
        productId: string;
        price: bigint;
        faceValue: bigint;
        at: Date;
      },
    ): Promise<number> {
      const rows = await executor.execute<{ id: string }>(sql`
        INSERT INTO shop_vouchers (code, operator_id, project_id, currency, product_id, price, face_value, created_at)
        VALUES (${row.code}, ${row.operatorId}, ${row.projectId}, ${row.currency}, ${row.productId}, ${row.price},
                ${row.faceValue}, ${row.at.toISOString()}::timestamptz)
        RETURNING id`);
      return Number(rows.rows[0]!.id);
    },
    async voucher(executor: Executor, id: number, lock = false): Promise<VoucherRow | null> {
      const rows = await executor.execute<Raw>(
        sql`SELECT * FROM shop_vouchers WHERE id = ${id} ${lock ? sql`FOR NO KEY UPDATE` : sql``}`,
      );
      return rows.rows[0] ? toVoucher(rows.rows[0]) : null;
    },
    async vouchers(
      executor: Executor,
      operatorId: number,
      state: string | null,
      limit: number,
      offset: number,
    ) {
      const from = sql`FROM shop_vouchers
         WHERE operator_id = ${operatorId} AND (${state}::text IS NULL OR state = ${state}::text)`;
      return pagedQuery(
        executor,
        { columns: sql`*`, from, orderBy: sql`id DESC` },
        { limit, offset },
        toVoucher,
      );
    },
    async claimVoucher(executor: Executor, id: number, at: Date): Promise<boolean> {
      const rows = await executor.execute(sql`
        UPDATE shop_vouchers SET state = 'claimed', claimed_at = ${at.toISOString()}::timestamptz
         WHERE id = ${id} AND state = 'unclaimed' RETURNING id`);
      return rows.rows.length === 1;
    },
  };
}
export type PayhubToolsRepo = ReturnType<typeof createPayhubToolsRepo>;

import type { Asset } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { Fraction } from './exchange.math.ts';

/** The database or an open transaction. */
type Raw = Record<string, unknown>;

export interface QuoteRow {
  id: string;
  projectId: number;
  playerId: number;
  from: Asset;
  to: Asset;
  fromAmount: bigint;
  toAmount: bigint;
  rate: Fraction;
  spreadBps: number;
  state: 'open' | 'accepted';
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
}

function toQuote(row: Raw): QuoteRow {
  return {
    id: row.id as string,
    projectId: Number(row.project_id),
    playerId: Number(row.player_id),
    from: row.from_asset as Asset,
    to: row.to_asset as Asset,
    fromAmount: BigInt(row.from_amount as string),
    toAmount: BigInt(row.to_amount as string),
    rate: { num: BigInt(row.rate_num as string), den: BigInt(row.rate_den as string) },
    spreadBps: Number(row.spread_bps),
    state: row.state as 'open' | 'accepted',
    createdAt: new Date(row.created_at as string),
    expiresAt: new Date(row.expires_at as string),
    acceptedAt: row.accepted_at === null ? null : new Date(row.accepted_at as string),
  };
}

/** An asset's USD price row as `prices` picks it: the project's own, else the platform default. */
const priceRow = (projectParam: string, assetParam: string) =>
  `(SELECT usd_num, usd_den FROM exchange_rates WHERE project_id IN (0, ${projectParam}::integer) AND asset = ${assetParam}::text
     ORDER BY project_id DESC LIMIT 1)`;

/**
 * `payableAtRate` of the table's prices as an SQL bigint expression (parameters from `$offset+1`)
 * for a caller's one statement: `amount` of `from` in `to` at the mid rate, rounded up to a whole
 * minor unit — ceil(amount·numFrom·denTo·10^scaleTo / (denFrom·numTo·10^scaleFrom)) in exact integer
 * arithmetic (`div` of numerics truncates, every term is positive) —, NULL when either price is
 * missing. The scales are the assets' (`ASSETS[...].scale`), given by the caller.
 */
export function payableAtRateSql(
  input: { projectId: number; from: Asset; to: Asset; amount: bigint; fromScale: number; toScale: number },
  offset: number,
): { text: string; values: unknown[] } {
  const p = (index: number) => `$${offset + index}`;
  const denominator = `f.usd_den * t.usd_num * ${p(6)}::numeric`;
  return {
    text: `(SELECT div(${p(4)}::numeric * f.usd_num * t.usd_den * ${p(5)}::numeric + ${denominator} - 1, ${denominator})::bigint
              FROM ${priceRow(p(1), p(2))} f, ${priceRow(p(1), p(3))} t)`,
    values: [
      input.projectId,
      input.from,
      input.to,
      input.amount.toString(),
      unitOf(input.toScale),
      unitOf(input.fromScale),
    ],
  };
}

/**
 * `payableAtRateSql` of several amounts at once as an SQL bigint[] expression (one per item, in
 * order; parameters from `$offset+1`, six arrays): its text does not depend on how many there are.
 * An amount in its own asset (`from` = `to`) is itself, with or without a price.
 */
export function payableAllAtRateSql(
  items: ReadonlyArray<{
    projectId: number;
    from: Asset;
    to: Asset;
    amount: bigint;
    fromScale: number;
    toScale: number;
  }>,
  offset: number,
): { text: string; values: unknown[] } {
  // Built for every batch of bets (twice: stakes and payouts), so in one pass, the text once per offset.
  const projects: number[] = [];
  const froms: string[] = [];
  const tos: string[] = [];
  const amounts: string[] = [];
  const toUnits: string[] = [];
  const fromUnits: string[] = [];
  for (const item of items) {
    projects.push(item.projectId);
    froms.push(item.from);
    tos.push(item.to);
    amounts.push(item.amount.toString());
    toUnits.push(unitOf(item.toScale));
    fromUnits.push(unitOf(item.fromScale));
  }
  return { text: payableAllText(offset), values: [projects, froms, tos, amounts, toUnits, fromUnits] };
}

/** 10^scale as decimal text, per scale (an asset's minor units in one unit). */
const units = new Map<number, string>();
function unitOf(scale: number): string {
  let unit = units.get(scale);
  if (unit === undefined) {
    unit = (10n ** BigInt(scale)).toString();
    units.set(scale, unit);
  }
  return unit;
}

/** `payableAllAtRateSql`'s text, which depends only on where its parameters start. */
const payableAllTexts = new Map<number, string>();
function payableAllText(offset: number): string {
  const cached = payableAllTexts.get(offset);
  if (cached !== undefined) return cached;
  const p = (index: number) => `$${offset + index}`;
  const price = (asset: string) =>
    `(SELECT usd_num, usd_den FROM exchange_rates WHERE project_id IN (0, i.project_id) AND asset = ${asset}
       ORDER BY project_id DESC LIMIT 1)`;
  const denominator = 'f.usd_den * t.usd_num * i.from_unit';
  const text = `(SELECT array_agg(CASE WHEN i.from_asset = i.to_asset THEN i.amount::bigint ELSE
                       (SELECT div(i.amount * f.usd_num * t.usd_den * i.to_unit + ${denominator} - 1, ${denominator})::bigint
                          FROM ${price('i.from_asset')} f, ${price('i.to_asset')} t) END ORDER BY i.ord)
              FROM unnest(${p(1)}::integer[], ${p(2)}::text[], ${p(3)}::text[], ${p(4)}::numeric[], ${p(5)}::numeric[],
                          ${p(6)}::numeric[])
                   WITH ORDINALITY AS i(project_id, from_asset, to_asset, amount, to_unit, from_unit, ord))`;
  payableAllTexts.set(offset, text);
  return text;
}

export const DEFAULT_EXCHANGE_SETTINGS = { spreadBps: 100, quoteTtlSeconds: 30 } as const;

/** The only SQL of the exchange. */
export function createExchangeRepo(db: Db) {
  return {
    db: db as Executor,
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => action(tx));
    },

    /** Each asset's USD price: the project's own row, else the platform default (project 0). */
    async prices(executor: Executor, projectId: number): Promise<Map<Asset, Fraction>> {
      const result = await executor.execute<Raw>(sql`
        SELECT DISTINCT ON (asset) asset, usd_num::text AS usd_num, usd_den::text AS usd_den
          FROM exchange_rates WHERE project_id IN (0, ${projectId})
         ORDER BY asset, project_id DESC`);
      return new Map(
        result.rows.map((row) => [
          row.asset as Asset,
          { num: BigInt(row.usd_num as string), den: BigInt(row.usd_den as string) },
        ]),
      );
    },

    async setPrice(executor: Executor, projectId: number, asset: Asset, price: Fraction, at: Date) {
      await executor.execute(sql`
        INSERT INTO exchange_rates (project_id, asset, usd_num, usd_den, updated_at)
        VALUES (${projectId}, ${asset}, ${price.num.toString()}::numeric, ${price.den.toString()}::numeric, ${at})
        ON CONFLICT (project_id, asset) DO UPDATE
          SET usd_num = EXCLUDED.usd_num, usd_den = EXCLUDED.usd_den, updated_at = EXCLUDED.updated_at`);
    },

    async settings(
      executor: Executor,
      projectId: number,
    ): Promise<{ spreadBps: number; quoteTtlSeconds: number }> {
      const result = await executor.execute<Raw>(
        sql`SELECT spread_bps, quote_ttl_seconds FROM exchange_settings WHERE project_id = ${projectId}`,
      );
      const row = result.rows[0];
      return row
        ? { spreadBps: Number(row.spread_bps), quoteTtlSeconds: Number(row.quote_ttl_seconds) }
        : { ...DEFAULT_EXCHANGE_SETTINGS };
    },

    async saveSettings(
      executor: Executor,
      projectId: number,
      settings: { spreadBps: number; quoteTtlSeconds: number },
      at: Date,
    ) {
      await executor.execute(sql`
        INSERT INTO exchange_settings (project_id, spread_bps, quote_ttl_seconds, updated_at)
        VALUES (${projectId}, ${settings.spreadBps}, ${settings.quoteTtlSeconds}, ${at})
        ON CONFLICT (project_id) DO UPDATE SET spread_bps = EXCLUDED.spread_bps,
          quote_ttl_seconds = EXCLUDED.quote_ttl_seconds, updated_at = EXCLUDED.updated_at`);
    },

    async insertQuote(executor: Executor, quote: Omit<QuoteRow, 'state' | 'acceptedAt'>): Promise<QuoteRow> {
      const result = await executor.execute<Raw>(sql`
        INSERT INTO exchange_quotes (id, project_id, player_id, from_asset, to_asset, from_amount, to_amount,
                                     rate_num, rate_den, spread_bps, created_at, expires_at)
        VALUES (${quote.id}, ${quote.projectId}, ${quote.playerId}, ${quote.from}, ${quote.to},
                ${quote.fromAmount.toString()}::bigint, ${quote.toAmount.toString()}::bigint,
                ${quote.rate.num.toString()}::numeric, ${quote.rate.den.toString()}::numeric,
                ${quote.spreadBps}, ${quote.createdAt}, ${quote.expiresAt})
        RETURNING *, rate_num::text AS rate_num, rate_den::text AS rate_den`);
      return toQuote(result.rows[0]!);
    },

    /** One quote of a player in a project; `lock` takes its row lock (the single-use gate). */
    async quote(
      executor: Executor,
      id: string,
      owner: { projectId: number; playerId: number },
      lock = false,
    ): Promise<QuoteRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT *, rate_num::text AS rate_num, rate_den::text AS rate_den FROM exchange_quotes
         WHERE id = ${id} AND project_id = ${owner.projectId} AND player_id = ${owner.playerId}
         ${lock ? sql`FOR UPDATE` : sql``}`);
      return result.rows[0] ? toQuote(result.rows[0]) : null;
    },

    async markAccepted(executor: Executor, id: string, at: Date): Promise<QuoteRow> {
      const result = await executor.execute<Raw>(sql`
        UPDATE exchange_quotes SET state = 'accepted', accepted_at = ${at}
         WHERE id = ${id} AND state = 'open'
        RETURNING *, rate_num::text AS rate_num, rate_den::text AS rate_den`);
      if (!result.rows[0]) throw new Error(`quote ${id} was not open under its lock`);
      return toQuote(result.rows[0]);
    },
  };
}
export type ExchangeRepo = ReturnType<typeof createExchangeRepo>;

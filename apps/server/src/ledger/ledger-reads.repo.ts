import { ASSET_CODES, type Asset } from '@payhub/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../platform/db/database.ts';
import type {
  AccountKind,
  CreditCursor,
  EntryPageQuery,
  EntryPageRow,
  OwnedAccount,
  SystemAccountKind,
} from './ledger.types.ts';

type Raw = Record<string, unknown>;

/** A `{a,b}` array literal of bigint ids (digits only, nothing to quote). */
const idArray = (ids: readonly bigint[]) => `{${ids.map(String).join(',')}}`;
/** A `{"a","b"}` array literal of transfer codes (quoted; codes are `[a-z0-9_.:-]`, never a quote). */
const textArray = (values: readonly string[]) => `{${values.map((value) => `"${value}"`).join(',')}}`;

/**
 * The transfer code whose credits are read by time (`firstCredits`, `creditsBetween`): the partial
 * indexes of migration 0819 hold only it, and the reads name it literally so that they apply.
 */
const DEPOSIT_CODE = 'deposit';
/** Where a read by time asks for other codes: refused, it would scan the whole ledger. */
function depositCodes(codes: readonly string[]): string {
  if (codes.length === 0 || codes.some((code) => code !== DEPOSIT_CODE))
    throw new Error(`credits are read by time for code '${DEPOSIT_CODE}' only (migration 0819)`);
  return textArray(codes);
}
/** A posted deposit transfer (single or post: the kinds that move balances and write entries). */
const DEPOSIT_TRANSFER = (t: string): SQL =>
  sql.raw(`${t}.code = '${DEPOSIT_CODE}' AND ${t}.kind IN ('single', 'post')`);
/**
 * `a2` is one of the accounts of `kind` of `a`'s owner: by the (project, currency, kind, owner)
 * index, one probe per asset.
 */
const OWNERS_ACCOUNTS = (a2: string, a: string, kind: AccountKind): SQL =>
  sql`${sql.raw(a2)}.project_id = ${sql.raw(a)}.project_id AND ${sql.raw(a2)}.currency = ANY(${textArray(ASSET_CODES)}::text[])
      AND ${sql.raw(a2)}.kind = ${kind} AND ${sql.raw(a2)}.owner_id = ${sql.raw(a)}.owner_id`;

/**
 * The ledger's reads for other modules (docs/architecture.md): their SQL never names the ledger's
 * tables, they call these through `createLedger(...)`. Each read is one statement and never writes.
 */
export const ledgerReadsRepo = {
  /** The user accounts of one owner and kind in a project (every asset), with balance and holds. */
  async ownedAccounts(
    executor: Executor,
    owner: { projectId: number; kind: AccountKind; ownerId: number },
  ): Promise<OwnedAccount[]> {
    const result = await executor.execute<Raw>(sql`
      SELECT id, currency, balance, pending_debits FROM ledger_accounts
       WHERE project_id = ${owner.projectId} AND owner_id = ${owner.ownerId} AND kind = ${owner.kind}`);
    return result.rows.map((row) => ({
      id: BigInt(row.id as string),
      asset: row.currency as Asset,
      balance: BigInt(row.balance as string),
      held: BigInt(row.pending_debits as string),
    }));
  },

  /**
   * Owners (of accounts of `kind`) whose first deposit credit ever (the earliest transfer with one of
   * `codes` credited to any of their accounts of that kind) was made in [from, to): the credit's
   * transfer, asset, amount and time (rewards' first-deposit bonus reads it through the wallet). Read
   * from the deposit transfers (migration 0819), never by scanning entries.
   */
  async firstCredits(
    executor: Executor,
    query: { projectId: number; kind: AccountKind; codes: readonly string[]; from: Date; to: Date },
  ): Promise<Array<{ ownerId: number; transferId: string; asset: Asset; amount: bigint; at: Date }>> {
    const codeList = depositCodes(query.codes);
    const result = await executor.execute<Raw>(sql`
      SELECT DISTINCT ON (a.owner_id) a.owner_id, t.id AS transfer_id, a.currency, t.amount::text AS amount,
             t.created_at
        FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
       WHERE ${DEPOSIT_TRANSFER('t')} AND t.code = ANY(${codeList}::text[])
         AND t.created_at >= ${query.from} AND t.created_at < ${query.to}
         AND a.project_id = ${query.projectId} AND a.kind = ${query.kind}
         AND NOT EXISTS (
           SELECT 1 FROM ledger_accounts a2 JOIN ledger_transfers t2 ON t2.credit_account_id = a2.id
            WHERE ${OWNERS_ACCOUNTS('a2', 'a', query.kind)}
              AND ${DEPOSIT_TRANSFER('t2')} AND t2.code = ANY(${codeList}::text[]) AND t2.created_at < ${query.from})
       ORDER BY a.owner_id, t.created_at, t.id`);
    return result.rows.map((row) => ({
      ownerId: Number(row.owner_id),
      transferId: String(row.transfer_id),
      asset: row.currency as Asset,
      amount: BigInt(row.amount as string),
      at: new Date(row.created_at as string),
    }));
  },

  /**
   * Deposit credits (transfers with one of `codes`) to owners' accounts of `kind` in one currency,
   * made in [from, to), oldest first after `after` (keyset: time, then transfer id), each with whether
   * its owner had an earlier such credit on any account of that kind (rewards' deposit-bonus
   * campaigns, via the wallet). Read from the deposit transfers (migration 0819).
   */
  async creditsBetween(
    executor: Executor,
    query: {
      projectId: number;
      kind: AccountKind;
      currency: string;
      codes: readonly string[];
      from: Date;
      to: Date;
      minAmount: bigint;
      after: CreditCursor | null;
      limit: number;
    },
  ): Promise<
    Array<{
      cursor: CreditCursor;
      ownerId: number;
      transferId: string;
      asset: Asset;
      amount: bigint;
      at: Date;
      first: boolean;
    }>
  > {
    const codeList = depositCodes(query.codes);
    const after = query.after ?? { at: '1970-01-01T00:00:00Z', transferId: '' };
    const result = await executor.execute<Raw>(sql`
      SELECT t.id AS transfer_id, a.owner_id, a.currency, t.amount::text AS amount, t.created_at,
             to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at,
             NOT EXISTS (
               SELECT 1 FROM ledger_accounts a2 JOIN ledger_transfers t2 ON t2.credit_account_id = a2.id
                WHERE ${OWNERS_ACCOUNTS('a2', 'a', query.kind)}
                  AND ${DEPOSIT_TRANSFER('t2')} AND t2.code = ANY(${codeList}::text[])
                  AND (t2.created_at, t2.id) < (t.created_at, t.id)) AS first
        FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
       WHERE ${DEPOSIT_TRANSFER('t')} AND t.code = ANY(${codeList}::text[])
         AND t.created_at >= ${query.from} AND t.created_at < ${query.to}
         AND (t.created_at, t.id) > (${after.at}::timestamptz, ${after.transferId}::text)
         AND a.project_id = ${query.projectId} AND a.kind = ${query.kind} AND a.currency = ${query.currency}
         AND t.amount >= ${query.minAmount.toString()}::bigint
       ORDER BY t.created_at, t.id
       LIMIT ${query.limit}`);
    return result.rows.map((row) => ({
      cursor: { at: String(row.cursor_at), transferId: String(row.transfer_id) },
      ownerId: Number(row.owner_id),
      transferId: String(row.transfer_id),
      asset: row.currency as Asset,
      amount: BigInt(row.amount as string),
      at: new Date(row.created_at as string),
      first: row.first === true,
    }));
  },

  /**
   * A keyset page of entries, newest first: `id < before` on the entries' (account_id, id) key,
   * never an offset. The transfer gives the code and the business object.
   */
  async entryPage(executor: Executor, query: EntryPageQuery): Promise<EntryPageRow[]> {
    if (query.accountIds.length === 0) return [];
    const conditions: SQL[] = [sql`e.account_id = ANY(${idArray(query.accountIds)}::bigint[])`];
    if (query.before !== undefined) conditions.push(sql`e.id < ${query.before.toString()}::bigint`);
    if (query.from) conditions.push(sql`e.created_at >= ${query.from}`);
    if (query.to) conditions.push(sql`e.created_at < ${query.to}`);
    if (query.codes) conditions.push(sql`t.code = ANY(${textArray(query.codes)}::text[])`);
    if (query.notCodes) conditions.push(sql`t.code <> ALL(${textArray(query.notCodes)}::text[])`);
    const result = await executor.execute<Raw>(sql`
      SELECT e.id, e.account_id, e.currency, t.code, e.amount, e.balance_after, t.reference_type,
             t.reference_id, e.created_at
        FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
       WHERE ${sql.join(conditions, sql` AND `)}
       ORDER BY e.id DESC
       LIMIT ${query.limit}`);
    return result.rows.map((row) => ({
      id: BigInt(row.id as string),
      accountId: BigInt(row.account_id as string),
      asset: row.currency as Asset,
      code: row.code as string,
      amount: BigInt(row.amount as string),
      balanceAfter: row.balance_after === null ? null : BigInt(row.balance_after as string),
      referenceType: (row.reference_type as string | null) ?? null,
      referenceId: (row.reference_id as string | null) ?? null,
      createdAt: new Date(row.created_at as string),
    }));
  },

  /**
   * Per local day (of the entry), transfer code and asset: the sum of absolute entry amounts and
   * their count, over the user accounts of one kind in a project, for these codes, days `from` to
   * `to` inclusive in `timeZone` (the console's money report).
   */
  async entryTotalsByDay(
    executor: Executor,
    query: {
      projectId: number;
      kind: AccountKind;
      codes: readonly string[];
      timeZone: string;
      from: string;
      to: string;
    },
  ) {
    const result = await executor.execute<Raw>(sql`
      SELECT to_char((e.created_at AT TIME ZONE ${query.timeZone})::date, 'YYYY-MM-DD') AS day,
             t.code, a.currency AS asset, sum(abs(e.amount))::text AS total, count(*)::int AS n
        FROM ledger_entries e
        JOIN ledger_accounts a ON a.id = e.account_id
        JOIN ledger_transfers t ON t.id = e.transfer_id
       WHERE a.project_id = ${query.projectId} AND a.kind = ${query.kind}
         AND t.code IN (${sql.join(
           query.codes.map((code) => sql`${code}`),
           sql`, `,
         )})
         AND e.created_at >= (${query.from}::date)::timestamp AT TIME ZONE ${query.timeZone}
         AND e.created_at < ((${query.to}::date + 1)::timestamp AT TIME ZONE ${query.timeZone})
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
    return result.rows.map((row) => ({
      day: row.day as string,
      code: row.code as string,
      asset: row.asset as Asset,
      total: BigInt(row.total as string),
      count: Number(row.n),
    }));
  },

  /**
   * Per local day, transfer code and asset: what left and what came back to the system accounts of
   * one kind in a project (the bonus pool's rewards and their clawbacks, for the console's reward-cost
   * report), days `from` to `to` inclusive in `timeZone`.
   */
  async systemFlowsByDay(
    executor: Executor,
    query: { projectId: number; kind: SystemAccountKind; timeZone: string; from: string; to: string },
  ) {
    const result = await executor.execute<Raw>(sql`
      SELECT to_char((e.created_at AT TIME ZONE ${query.timeZone})::date, 'YYYY-MM-DD') AS day,
             t.code, a.currency AS asset,
             COALESCE(sum(-e.amount) FILTER (WHERE e.amount < 0), 0)::text AS paid,
             count(*) FILTER (WHERE e.amount < 0)::int AS paid_n,
             COALESCE(sum(e.amount) FILTER (WHERE e.amount > 0), 0)::text AS returned,
             count(*) FILTER (WHERE e.amount > 0)::int AS returned_n
        FROM ledger_entries e
        JOIN ledger_accounts a ON a.id = e.account_id
        JOIN ledger_transfers t ON t.id = e.transfer_id
       WHERE a.project_id = ${query.projectId} AND a.kind = ${query.kind} AND a.owner_id IS NULL
         AND e.created_at >= (${query.from}::date)::timestamp AT TIME ZONE ${query.timeZone}
         AND e.created_at < ((${query.to}::date + 1)::timestamp AT TIME ZONE ${query.timeZone})
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
    return result.rows.map((row) => ({
      day: row.day as string,
      code: row.code as string,
      asset: row.asset as Asset,
      paid: BigInt(row.paid as string),
      paidCount: Number(row.paid_n),
      returned: BigInt(row.returned as string),
      returnedCount: Number(row.returned_n),
    }));
  },

  /**
   * Per local month (`YYYY-MM` in `timeZone`): the posted debits with one transfer code from an
   * owner's user accounts of one kind and currency since `from` (responsible play's statement).
   */
  async debitsByMonth(
    executor: Executor,
    query: {
      ownerId: number;
      kind: AccountKind;
      currency: string;
      code: string;
      from: Date;
      timeZone: string;
    },
  ): Promise<Map<string, bigint>> {
    const result = await executor.execute<Raw>(sql`
      SELECT to_char(t.created_at AT TIME ZONE ${query.timeZone}, 'YYYY-MM') AS month, SUM(t.amount) AS amount
        FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
       WHERE a.owner_id = ${query.ownerId} AND a.kind = ${query.kind} AND a.currency = ${query.currency}
         AND t.code = ${query.code} AND t.kind IN ('single', 'post') AND t.created_at >= ${query.from}
       GROUP BY 1`);
    return new Map(result.rows.map((row) => [row.month as string, BigInt(row.amount as string)]));
  },
};

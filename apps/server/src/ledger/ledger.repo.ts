import { sql } from 'drizzle-orm';
import type { Executor } from '../platform/db/database.ts';
import type { AccountSpec } from './ledger.accounts.ts';
import {
  type AccountBalance,
  type Currency,
  type HistoryEntry,
  LEDGER_REFUSALS,
  type LedgerAccount,
  LedgerError,
  type PendingHoldsRequest,
  type Posting,
  type SettledHoldsRequest,
  type SettledStakesRequest,
  type TransferOutcome,
} from './ledger.types.ts';

/** Anything that runs SQL: the database or an open transaction. */

/** The pg error behind a Drizzle error (Drizzle wraps driver errors in `cause`). */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code.length === 5) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A database error raised by ledger_transfer() as the LedgerError it stands for; anything else unchanged. */
export function asLedgerError(error: unknown): unknown {
  const state = sqlStateOf(error);
  if (state && state in LEDGER_REFUSALS) {
    const refusal = LEDGER_REFUSALS[state as keyof typeof LEDGER_REFUSALS];
    const cause = (error as { cause?: { message?: string } }).cause;
    return new LedgerError(refusal, cause?.message ?? (error as Error).message);
  }
  return error;
}

interface AccountRow extends Record<string, unknown> {
  id: string;
  address: string;
  project_id: number;
  currency: Currency;
  kind: string;
  owner_id: string | null;
  is_system: boolean;
}

const ACCOUNT_COLUMNS = sql.raw('id, address, project_id, currency, kind, owner_id, is_system');

function toAccount(row: AccountRow): LedgerAccount {
  return {
    id: BigInt(row.id),
    address: row.address,
    projectId: row.project_id,
    currency: row.currency,
    kind: row.kind,
    ownerId: row.owner_id === null ? null : Number(row.owner_id),
    isSystem: row.is_system,
  };
}

/** The account found at a spec's address, refused when it was created with other properties. */
function checkedAccount(account: LedgerAccount, spec: AccountSpec): LedgerAccount {
  if (
    account.projectId !== spec.projectId ||
    account.currency !== spec.asset ||
    account.kind !== spec.kind ||
    account.ownerId !== spec.ownerId ||
    account.isSystem === spec.guarded
  )
    throw new Error(`ledger account ${spec.address} exists with other properties`);
  return account;
}

export interface TransferCall {
  id: string;
  kind: 'single' | 'pending' | 'post' | 'void';
  pendingId: string | null;
  debitAccountId: bigint | null;
  creditAccountId: bigint | null;
  amount: bigint | null;
  code: string;
  referenceType: string | null;
  referenceId: string | null;
  at: Date;
}

const TRANSFER_SQL =
  'SELECT ledger_transfer($1, $2, $3, $4::bigint, $5::bigint, $6::bigint, $7, $8, $9, $10::timestamptz) AS outcome';
const OPERATION_SQL = 'SELECT ledger_operation($1, $2, $3, $4, $5::jsonb, $6::timestamptz) AS outcome';

export interface OperationCall {
  id: string;
  code: string;
  referenceType: string | null;
  referenceId: string | null;
  postings: readonly Posting[];
  at: Date;
}

/**
 * A linked operation as one SQL call expression and its values, parameters numbered from
 * `$offset + 1`: for a caller that runs it inside one statement of its own (one round trip).
 */
export function operationCallSql(call: OperationCall, offset: number): { text: string; values: unknown[] } {
  const p = (index: number) => `$${offset + index}`;
  return {
    text: `ledger_operation(${p(1)}::text, ${p(2)}::text, ${p(3)}::text, ${p(4)}::text, ${p(5)}::jsonb, ${p(6)}::timestamptz)`,
    values: [
      call.id,
      call.code,
      call.referenceType,
      call.referenceId,
      JSON.stringify(call.postings.map(postingJson)),
      call.at.toISOString(),
    ],
  };
}

/**
 * Settled holds as one `ledger_hold_settlements(...)` call expression (migration 0820), parameters
 * numbered from `$offset + 1`; `postSql` is the caller's SQL boolean[] saying which of them to post.
 * Its text does not depend on how many holds there are.
 */
export function holdSettlementsCallSql(
  call: SettledHoldsRequest & { at: Date },
  offset: number,
  postSql: string,
): { text: string; values: unknown[] } {
  const p = (index: number, type: string) => `$${offset + index}::${type}`;
  const { holds } = call;
  return {
    text: `ledger_hold_settlements(${p(1, 'text[]')}, ${p(2, 'text')}, ${p(3, 'text')}, ${p(4, 'text[]')}, ${p(5, 'text[]')}, ${p(6, 'text[]')}, ${p(7, 'text')}, ${p(8, 'text[]')}, ${p(9, 'text')}, ${p(10, 'text[]')}, ${p(11, 'text')}, ${p(12, 'bigint[]')}, ${p(13, 'bigint[]')}, ${p(14, 'bigint[]')}, ${p(15, 'bigint[]')}, ${p(16, 'bigint[]')}, ${postSql}, ${p(17, 'timestamptz')})`,
    values: [
      holds.map((hold) => hold.id),
      call.code,
      call.referenceType,
      holds.map((hold) => hold.referenceId),
      holds.map((hold) => hold.pendingId),
      holds.map((hold) => hold.postId),
      call.postCode,
      holds.map((hold) => hold.stakeId),
      call.stakeCode,
      holds.map((hold) => hold.payoutId),
      call.payoutCode,
      holds.map((hold) => hold.userAccountId.toString()),
      holds.map((hold) => hold.escrowAccountId.toString()),
      holds.map((hold) => hold.systemAccountId.toString()),
      holds.map((hold) => hold.stake.toString()),
      holds.map((hold) => hold.payout.toString()),
      call.at.toISOString(),
    ],
  };
}

/**
 * Held stakes as one `ledger_pending_holds(...)` call expression (migration 0825), parameters
 * numbered from `$offset + 1`; `postSql` is the caller's SQL boolean[] saying which of them to post.
 * Its text does not depend on how many holds there are.
 */
export function pendingHoldsCallSql(
  call: PendingHoldsRequest & { at: Date },
  offset: number,
  postSql: string,
): { text: string; values: unknown[] } {
  const p = (index: number, type: string) => `$${offset + index}::${type}`;
  const { holds } = call;
  return {
    text: `ledger_pending_holds(${p(1, 'text[]')}, ${p(2, 'text')}, ${p(3, 'text')}, ${p(4, 'text[]')}, ${p(5, 'text[]')}, ${p(6, 'text')}, ${p(7, 'bigint[]')}, ${p(8, 'bigint[]')}, ${p(9, 'bigint[]')}, ${postSql}, ${p(10, 'timestamptz')})`,
    values: [
      holds.map((hold) => hold.id),
      call.code,
      call.referenceType,
      holds.map((hold) => hold.referenceId),
      holds.map((hold) => hold.pendingId),
      call.pendingCode,
      holds.map((hold) => hold.userAccountId.toString()),
      holds.map((hold) => hold.escrowAccountId.toString()),
      holds.map((hold) => hold.amount.toString()),
      call.at.toISOString(),
    ],
  };
}

/**
 * Settled stakes as one `ledger_stake_operations(...)` call expression (migration 0817), parameters
 * numbered from `$offset + 1`; `postSql` is the caller's SQL boolean[] saying which of them to post.
 */
export function stakesCallSql(
  call: SettledStakesRequest & { at: Date },
  offset: number,
  postSql: string,
): { text: string; values: unknown[] } {
  const p = (index: number, type: string) => `$${offset + index}::${type}`;
  const { stakes } = call;
  return {
    text: `ledger_stake_operations(${p(1, 'text[]')}, ${p(2, 'text')}, ${p(3, 'text')}, ${p(4, 'text[]')}, ${p(5, 'text[]')}, ${p(6, 'text')}, ${p(7, 'text[]')}, ${p(8, 'text')}, ${p(9, 'bigint[]')}, ${p(10, 'bigint[]')}, ${p(11, 'bigint[]')}, ${p(12, 'bigint[]')}, ${postSql}, ${p(13, 'timestamptz')})`,
    values: [
      stakes.map((stake) => stake.id),
      call.code,
      call.referenceType,
      stakes.map((stake) => stake.referenceId),
      stakes.map((stake) => stake.stakeId),
      call.stakeCode,
      stakes.map((stake) => stake.payoutId),
      call.payoutCode,
      stakes.map((stake) => stake.userAccountId.toString()),
      stakes.map((stake) => stake.systemAccountId.toString()),
      stakes.map((stake) => stake.stake.toString()),
      stakes.map((stake) => stake.payout.toString()),
      call.at.toISOString(),
    ],
  };
}

/** A posting as ledger_operation() reads it: ids and amounts as strings (JSON has no bigint). */
function postingJson(posting: Posting): Record<string, string | null> {
  return 'pendingId' in posting
    ? { id: posting.id, kind: posting.kind, pendingId: posting.pendingId, code: posting.code }
    : {
        id: posting.id,
        kind: posting.kind,
        debit: posting.debitAccountId.toString(),
        credit: posting.creditAccountId.toString(),
        amount: posting.amount.toString(),
        code: posting.code,
      };
}

/** Runs one named prepared statement on the executor's own connection (Drizzle if none is reachable). */
async function outcomeOf(
  executor: Executor,
  name: string,
  text: string,
  values: unknown[],
  fallback: () => ReturnType<typeof sql>,
): Promise<TransferOutcome> {
  try {
    const client = pgClientOf(executor);
    const result = client
      ? await client.query<{ outcome: TransferOutcome }>({ name, text, values })
      : await executor.execute<{ outcome: TransferOutcome }>(fallback());
    const outcome = result.rows[0]?.outcome;
    if (outcome !== 'created' && outcome !== 'exists') throw new Error(`${name} gave no outcome`);
    return outcome;
  } catch (error) {
    throw asLedgerError(error);
  }
}

interface PgQueryable {
  query<Row>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }>;
}

/**
 * The node-postgres client behind a Drizzle database or transaction (its session's pool or pooled
 * connection), so the transfer runs on the same connection and inside the same transaction.
 */
function pgClientOf(executor: Executor): PgQueryable | null {
  const client = (executor as unknown as { session?: { client?: unknown } }).session?.client;
  return client && typeof (client as { query?: unknown }).query === 'function'
    ? (client as PgQueryable)
    : null;
}

/**
 * `ensureAccounts`' one statement (a prepared one: the addresses are parameters): the existing
 * accounts read by address (the index, whatever the plan), the missing ones inserted.
 */
const ENSURE_ACCOUNTS_SQL = `WITH found AS (
    SELECT id, address, project_id, currency, kind, owner_id, is_system FROM ledger_accounts
     WHERE address = ANY ($1::text[])),
  inserted AS (
    INSERT INTO ledger_accounts (address, project_id, currency, kind, owner_id, is_system)
    SELECT i.address, i.project_id, i.currency, i.kind, i.owner_id, i.is_system
      FROM unnest($1::text[], $2::integer[], $3::text[], $4::text[], $5::bigint[], $6::boolean[])
           AS i(address, project_id, currency, kind, owner_id, is_system)
     WHERE i.address NOT IN (SELECT address FROM found)
     ORDER BY i.address
    ON CONFLICT DO NOTHING
    RETURNING id, address, project_id, currency, kind, owner_id, is_system)
  SELECT * FROM found UNION ALL SELECT * FROM inserted`;

/** The only SQL of the ledger. Every balance change goes through ledger_transfer() (0200_ledger.sql). */
export const ledgerRepo = {
  /**
   * The account at `spec.address`, created on first use. An address names one account for good: an
   * existing row that differs from the spec (another asset, owner or guard) is a programming error.
   */
  async ensureAccount(executor: Executor, spec: AccountSpec): Promise<LedgerAccount> {
    const inserted = await executor.execute<AccountRow>(sql`
      INSERT INTO ledger_accounts (address, project_id, currency, kind, owner_id, is_system)
      VALUES (${spec.address}, ${spec.projectId}, ${spec.asset}, ${spec.kind}, ${spec.ownerId}, ${!spec.guarded})
      ON CONFLICT DO NOTHING
      RETURNING ${ACCOUNT_COLUMNS}`);
    const row =
      inserted.rows[0] ??
      (
        await executor.execute<AccountRow>(
          sql`SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts WHERE address = ${spec.address}`,
        )
      ).rows[0];
    if (!row) throw new Error(`ledger account ${spec.address} could not be created`);
    return checkedAccount(toAccount(row), spec);
  },

  /**
   * The accounts at several addresses, in order, those missing created: one statement (an existing
   * account is read, a missing one inserted). An address another transaction creates meanwhile is
   * neither seen nor inserted by it: that one is then read on its own.
   */
  async ensureAccounts(executor: Executor, specs: readonly AccountSpec[]): Promise<LedgerAccount[]> {
    const values = [
      specs.map((spec) => spec.address),
      specs.map((spec) => spec.projectId),
      specs.map((spec) => spec.asset),
      specs.map((spec) => spec.kind),
      specs.map((spec) => spec.ownerId),
      specs.map((spec) => !spec.guarded),
    ];
    const client = pgClientOf(executor);
    if (!client) throw new Error('ensureAccounts needs a pg connection');
    const result = await client.query<AccountRow>({
      name: 'ledger_ensure_accounts',
      text: ENSURE_ACCOUNTS_SQL,
      values,
    });
    const found = new Map(result.rows.map((row) => [row.address, row]));
    return Promise.all(
      specs.map(async (spec) => {
        const row = found.get(spec.address);
        return row ? checkedAccount(toAccount(row), spec) : ledgerRepo.ensureAccount(executor, spec);
      }),
    );
  },

  async findAccount(executor: Executor, address: string): Promise<LedgerAccount | null> {
    const result = await executor.execute<AccountRow>(
      sql`SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts WHERE address = ${address}`,
    );
    return result.rows[0] ? toAccount(result.rows[0]) : null;
  },

  /** The posted balances of the user accounts at these addresses (absent ones are left out). */
  async balancesAt(executor: Executor, addresses: readonly string[]) {
    if (addresses.length === 0) return [];
    // Addresses have the shape of ledger_accounts_address_shape: no character an array literal quotes.
    const result = await executor.execute<{ address: string; balance: string }>(
      sql`SELECT address, balance FROM ledger_accounts WHERE address = ANY(${`{${addresses.join(',')}}`}::text[])`,
    );
    return result.rows.map((row) => ({ address: row.address, balance: BigInt(row.balance) }));
  },

  /** Sums of an account's entries by transfer code: all time, and since an instant. */
  async codeSums(executor: Executor, accountId: bigint, since: Date) {
    const rows = await executor.execute<{ code: string; total: string; recent: string }>(sql`
      SELECT t.code, sum(e.amount)::text AS total,
             COALESCE(sum(e.amount) FILTER (WHERE e.created_at >= ${since.toISOString()}::timestamptz), 0)::text AS recent
        FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
       WHERE e.account_id = ${accountId} GROUP BY t.code`);
    return rows.rows.map((row) => ({ code: row.code, total: BigInt(row.total), recent: BigInt(row.recent) }));
  },

  /**
   * Locks user accounts in ascending id order (FOR NO KEY UPDATE: balances change, keys never do), so
   * that a transaction making several transfers takes every account lock in one global order.
   * System accounts carry no running balance and are never locked.
   */
  async lockAccounts(executor: Executor, ids: readonly bigint[]): Promise<void> {
    if (ids.length === 0) return;
    await executor.execute(sql`
      SELECT id FROM ledger_accounts
       WHERE id = ANY(${`{${ids.map(String).join(',')}}`}::bigint[]) AND NOT is_system
       ORDER BY id FOR NO KEY UPDATE`);
  },

  async transfer(executor: Executor, call: TransferCall): Promise<TransferOutcome> {
    const values = [
      call.id,
      call.kind,
      call.pendingId,
      call.debitAccountId === null ? null : call.debitAccountId.toString(),
      call.creditAccountId === null ? null : call.creditAccountId.toString(),
      call.amount === null ? null : call.amount.toString(),
      call.code,
      call.referenceType,
      call.referenceId,
      call.at.toISOString(),
    ];
    // The hottest statement: sent as a named prepared statement on the executor's own connection
    // (parsed and planned once per connection), through Drizzle only if no pg client is reachable.
    return outcomeOf(
      executor,
      'ledger_transfer_v2',
      TRANSFER_SQL,
      values,
      () => sql`
        SELECT ledger_transfer(${call.id}, ${call.kind}, ${call.pendingId}, ${values[3]}::bigint,
          ${values[4]}::bigint, ${values[5]}::bigint, ${call.code}, ${call.referenceType}, ${call.referenceId},
          ${values[9]}::timestamptz) AS outcome`,
    );
  },

  /** A linked operation: every posting or none, idempotent by its id (ledger_operation(), 0203). */
  async operation(executor: Executor, call: OperationCall): Promise<TransferOutcome> {
    const postings = JSON.stringify(call.postings.map(postingJson));
    const at = call.at.toISOString();
    return outcomeOf(
      executor,
      'ledger_operation_v1',
      OPERATION_SQL,
      [call.id, call.code, call.referenceType, call.referenceId, postings, at],
      () => sql`
        SELECT ledger_operation(${call.id}, ${call.code}, ${call.referenceType}, ${call.referenceId},
          ${postings}::jsonb, ${at}::timestamptz) AS outcome`,
    );
  },

  /** Posted balance and holds; a system account's balance is the sum of its entries. */
  async balance(executor: Executor, accountId: bigint): Promise<AccountBalance> {
    const result = await executor.execute<{ balance: string; pending: string }>(sql`
      SELECT CASE WHEN a.is_system
                  THEN (SELECT COALESCE(sum(e.amount), 0) FROM ledger_entries e WHERE e.account_id = a.id)
                  ELSE a.balance END AS balance,
             CASE WHEN a.is_system
                  THEN (SELECT COALESCE(sum(t.amount), 0) FROM ledger_transfers t
                         WHERE t.debit_account_id = a.id AND t.kind = 'pending'
                           AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id))
                  ELSE a.pending_debits END AS pending
        FROM ledger_accounts a WHERE a.id = ${accountId}`);
    const row = result.rows[0];
    if (!row) throw new LedgerError('unknown_account', `account ${accountId} not found`);
    const balance = BigInt(row.balance);
    const pending = BigInt(row.pending);
    return { balance, pending, available: balance - pending };
  },

  async history(executor: Executor, accountId: bigint, limit: number, offset: number) {
    const rows = await executor.execute<{
      id: string;
      transfer_id: string;
      code: string;
      amount: string;
      balance_after: string | null;
      reference_type: string | null;
      reference_id: string | null;
      created_at: Date | string;
    }>(sql`
      SELECT e.id, e.transfer_id, t.code, e.amount, e.balance_after, t.reference_type, t.reference_id,
             e.created_at
        FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
       WHERE e.account_id = ${accountId}
       ORDER BY e.id DESC LIMIT ${limit} OFFSET ${offset}`);
    const total = await executor.execute<{ count: string }>(
      sql`SELECT count(*) AS count FROM ledger_entries WHERE account_id = ${accountId}`,
    );
    const entries: HistoryEntry[] = rows.rows.map((row) => ({
      entryId: BigInt(row.id),
      transferId: row.transfer_id,
      code: row.code,
      amount: BigInt(row.amount),
      balanceAfter: row.balance_after === null ? null : BigInt(row.balance_after),
      referenceType: row.reference_type,
      referenceId: row.reference_id,
      createdAt: new Date(row.created_at),
    }));
    return { entries, total: Number(total.rows[0]?.count ?? 0) };
  },

  /** Whether a pending transfer is still open, posted or voided. */
  async holdState(executor: Executor, pendingId: string): Promise<'open' | 'posted' | 'voided' | 'absent'> {
    const result = await executor.execute<{ kind: string | null; found: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM ledger_transfers WHERE id = ${pendingId} AND kind = 'pending') AS found,
             (SELECT kind FROM ledger_transfers WHERE pending_id = ${pendingId}) AS kind`);
    const row = result.rows[0];
    if (!row?.found) return 'absent';
    if (row.kind === 'post') return 'posted';
    if (row.kind === 'void') return 'voided';
    return 'open';
  },
};

import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';
import { pagedQueryCounted } from '../../platform/db/paging.ts';
import { retryTransaction } from '../../platform/db/retry.ts';

type Raw = Record<string, unknown>;

export type DepositState = 'pending' | 'credited' | 'dust' | 'dropped';
export type WithdrawalState = 'requested' | 'sent' | 'confirmed' | 'failed';

export interface DepositRow {
  id: number;
  projectId: number;
  playerId: number;
  address: string;
  txHash: string;
  /** Where the transfer's log was last seen: its index among its block's logs (moves in a reorg). */
  logIndex: number;
  /**
   * The deposit's identity in its transaction: the ordinal of its log among the token's Transfer
   * logs of the transaction (a reorg does not change it). Null: recorded before 0835, identified by
   * its log index.
   */
  transferIndex: number | null;
  blockNumber: bigint;
  blockHash: string;
  amount: bigint;
  state: DepositState;
  confirmations: number;
  /** Set: a transfer to an operator's quota top-up address (booked to the house, not a wallet). */
  topupId: number | null;
  createdAt: Date;
  creditedAt: Date | null;
  version: number;
}

export interface WithdrawalRow {
  id: number;
  projectId: number;
  playerId: number;
  address: string;
  amount: bigint;
  fee: bigint;
  state: WithdrawalState;
  txHash: string | null;
  nonce: bigint | null;
  rawTx: string | null;
  failure: string | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface AddressBookRow {
  id: number;
  playerId: number;
  address: string;
  label: string;
  createdAt: Date;
  usableAt: Date;
}

const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

function toDeposit(row: Raw): DepositRow {
  return {
    id: Number(row.id),
    projectId: Number(row.project_id),
    playerId: Number(row.player_id),
    address: String(row.address),
    txHash: String(row.tx_hash),
    logIndex: Number(row.log_index),
    transferIndex:
      row.transfer_index === null || row.transfer_index === undefined ? null : Number(row.transfer_index),
    blockNumber: BigInt(String(row.block_number)),
    blockHash: String(row.block_hash),
    amount: BigInt(String(row.amount)),
    state: row.state as DepositState,
    confirmations: Number(row.confirmations),
    topupId: row.topup_id === null || row.topup_id === undefined ? null : Number(row.topup_id),
    createdAt: date(row.created_at),
    creditedAt: row.credited_at ? date(row.credited_at) : null,
    version: Number(row.version),
  };
}

function toWithdrawal(row: Raw): WithdrawalRow {
  return {
    id: Number(row.id),
    projectId: Number(row.project_id),
    playerId: Number(row.player_id),
    address: String(row.address),
    amount: BigInt(String(row.amount)),
    fee: BigInt(String(row.fee)),
    state: row.state as WithdrawalState,
    txHash: (row.tx_hash as string | null) ?? null,
    nonce: row.nonce === null || row.nonce === undefined ? null : BigInt(String(row.nonce)),
    rawTx: (row.raw_tx as string | null) ?? null,
    failure: (row.failure as string | null) ?? null,
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
    version: Number(row.version),
  };
}

function toAddress(row: Raw): AddressBookRow {
  return {
    id: Number(row.id),
    playerId: Number(row.player_id),
    address: String(row.address),
    label: String(row.label),
    createdAt: date(row.created_at),
    usableAt: date(row.usable_at),
  };
}

export interface BlockedRow {
  address: string;
  reason: string;
  createdAt: Date;
}

function toBlockedRow(row: Raw): BlockedRow {
  return { address: String(row.address), reason: String(row.reason), createdAt: date(row.created_at) };
}

/** The chain capability's SQL (migration 0510_chain.sql). */
export function createChainRepo(db: Db) {
  return {
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return retryTransaction(() => db.transaction(async (tx) => action(tx)));
    },
    root: db as Executor,

    // --- deposit addresses ---
    async depositAddress(executor: Executor, playerId: number): Promise<string | null> {
      const result = await executor.execute<Raw>(
        sql`SELECT address FROM chain_deposit_addresses WHERE player_id = ${playerId} AND topup_id IS NULL`,
      );
      return result.rows[0] ? String(result.rows[0].address) : null;
    },
    async saveDepositAddress(
      executor: Executor,
      row: { projectId: number; playerId: number; address: string; at: Date },
    ): Promise<void> {
      await executor.execute(sql`
        INSERT INTO chain_deposit_addresses (project_id, player_id, address, created_at)
        VALUES (${row.projectId}, ${row.playerId}, ${row.address.toLowerCase()}, ${row.at.toISOString()}::timestamptz)
        ON CONFLICT (player_id) WHERE topup_id IS NULL DO NOTHING`);
    },
    /** The address of an operator's USDT quota top-up (one per top-up). */
    async saveTopupAddress(
      executor: Executor,
      row: { projectId: number; operatorId: number; topupId: number; address: string; at: Date },
    ): Promise<void> {
      await executor.execute(sql`
        INSERT INTO chain_deposit_addresses (project_id, player_id, topup_id, address, created_at)
        VALUES (${row.projectId}, ${row.operatorId}, ${row.topupId}, ${row.address.toLowerCase()},
                ${row.at.toISOString()}::timestamptz)
        ON CONFLICT (topup_id) WHERE topup_id IS NOT NULL DO NOTHING`);
    },
    /** The owners of those addresses (lower-case) among the known deposit addresses. */
    async ownersOf(
      executor: Executor,
      addresses: string[],
    ): Promise<Map<string, { projectId: number; playerId: number; topupId: number | null }>> {
      const owners = new Map<string, { projectId: number; playerId: number; topupId: number | null }>();
      if (addresses.length === 0) return owners;
      // Passed as one array literal (drizzle would expand a JS array into a row); hex addresses need no quoting.
      if (addresses.some((address) => !/^0x[0-9a-f]{40}$/.test(address)))
        throw new Error('ownersOf takes lower-case addresses');
      const result = await executor.execute<Raw>(sql`
        SELECT address, project_id, player_id, topup_id FROM chain_deposit_addresses
         WHERE address = ANY(${`{${addresses.join(',')}}`}::text[])`);
      for (const row of result.rows)
        owners.set(String(row.address), {
          projectId: Number(row.project_id),
          playerId: Number(row.player_id),
          topupId: row.topup_id === null ? null : Number(row.topup_id),
        });
      return owners;
    },

    // --- cursor ---
    async cursor(executor: Executor, id: string): Promise<bigint | null> {
      const result = await executor.execute<Raw>(sql`SELECT next_block FROM chain_cursors WHERE id = ${id}`);
      return result.rows[0] ? BigInt(String(result.rows[0].next_block)) : null;
    },
    async setCursor(executor: Executor, id: string, nextBlock: bigint, at: Date): Promise<void> {
      await executor.execute(sql`
        INSERT INTO chain_cursors (id, next_block, updated_at)
        VALUES (${id}, ${nextBlock.toString()}::bigint, ${at.toISOString()}::timestamptz)
        ON CONFLICT (id) DO UPDATE SET next_block = EXCLUDED.next_block, updated_at = EXCLUDED.updated_at`);
    },
    /** Sets the cursor only where none is (first start); a concurrent first start keeps the other's. */
    async initCursor(executor: Executor, id: string, nextBlock: bigint, at: Date): Promise<void> {
      await executor.execute(sql`
        INSERT INTO chain_cursors (id, next_block, updated_at)
        VALUES (${id}, ${nextBlock.toString()}::bigint, ${at.toISOString()}::timestamptz) ON CONFLICT (id) DO NOTHING`);
    },

    // --- deposits ---
    /**
     * Records a transfer seen in a block, by its identity in its transaction (tx hash and transfer
     * index). A new one is inserted; one seen before keeps its row unless it was dropped by a reorg
     * and is now back (then it waits again, where it is now). The same transfer recorded before 0835
     * (a row without a transfer index: the same transaction, address and amount) is that row: it is
     * revived the same way, never recorded twice.
     */
    async recordDeposit(
      executor: Executor,
      row: Omit<DepositRow, 'id' | 'createdAt' | 'creditedAt' | 'version' | 'transferIndex'> & {
        transferIndex: number;
        at: Date;
      },
    ): Promise<DepositRow | null> {
      const at = row.at.toISOString();
      // One statement (the scan records every log of a round in its transaction): the row before
      // 0835 of this transfer revived if dropped, else this identity's row inserted or revived.
      const result = await executor.execute<Raw>(sql`
        WITH legacy AS (
          SELECT id FROM chain_deposits WHERE tx_hash = ${row.txHash} AND transfer_index IS NULL
             AND address = ${row.address} AND amount = ${row.amount.toString()}::bigint
           ORDER BY id LIMIT 1 FOR UPDATE
        ), revived AS (
          UPDATE chain_deposits d
             SET state = 'pending', log_index = ${row.logIndex}, block_number = ${row.blockNumber.toString()}::bigint,
                 block_hash = ${row.blockHash}, confirmations = ${row.confirmations}, updated_at = ${at}::timestamptz,
                 version = d.version + 1
            FROM legacy
           WHERE d.id = legacy.id AND d.state = 'dropped'
             AND NOT EXISTS (SELECT 1 FROM chain_deposits o WHERE o.tx_hash = ${row.txHash}
                               AND o.transfer_index IS NULL AND o.log_index = ${row.logIndex} AND o.id <> legacy.id)
          RETURNING d.*
        ), inserted AS (
          INSERT INTO chain_deposits (project_id, player_id, topup_id, address, tx_hash, log_index, transfer_index,
                                      block_number, block_hash, amount, state, confirmations, created_at, updated_at)
          SELECT ${row.projectId}, ${row.playerId}, ${row.topupId}, ${row.address}, ${row.txHash}, ${row.logIndex},
                 ${row.transferIndex}, ${row.blockNumber.toString()}::bigint, ${row.blockHash},
                 ${row.amount.toString()}::bigint, ${row.state}, ${row.confirmations}, ${at}::timestamptz, ${at}::timestamptz
           WHERE NOT EXISTS (SELECT 1 FROM legacy)
          ON CONFLICT (tx_hash, transfer_index) WHERE transfer_index IS NOT NULL DO UPDATE
             SET state = 'pending', log_index = EXCLUDED.log_index, block_number = EXCLUDED.block_number,
                 block_hash = EXCLUDED.block_hash, confirmations = EXCLUDED.confirmations,
                 updated_at = EXCLUDED.updated_at, version = chain_deposits.version + 1
           WHERE chain_deposits.state = 'dropped' AND chain_deposits.address = EXCLUDED.address
             AND chain_deposits.amount = EXCLUDED.amount
          RETURNING *
        )
        SELECT * FROM revived UNION ALL SELECT * FROM inserted`);
      return result.rows[0] ? toDeposit(result.rows[0]) : null;
    },
    async pendingDeposits(executor: Executor, limit: number): Promise<DepositRow[]> {
      const result = await executor.execute<Raw>(
        sql`SELECT * FROM chain_deposits WHERE state = 'pending' ORDER BY id LIMIT ${limit}`,
      );
      return result.rows.map(toDeposit);
    },
    async lockPendingDeposit(executor: Executor, id: number): Promise<DepositRow | null> {
      const result = await executor.execute<Raw>(
        sql`SELECT * FROM chain_deposits WHERE id = ${id} AND state = 'pending' FOR UPDATE`,
      );
      return result.rows[0] ? toDeposit(result.rows[0]) : null;
    },
    async updateDeposit(
      executor: Executor,
      id: number,
      change: { state: DepositState; confirmations: number; at: Date },
    ): Promise<DepositRow> {
      const result = await executor.execute<Raw>(sql`
        UPDATE chain_deposits SET state = ${change.state}, confirmations = ${change.confirmations},
               updated_at = ${change.at.toISOString()}::timestamptz,
               credited_at = ${change.state === 'credited' ? change.at.toISOString() : null}::timestamptz,
               version = version + 1
         WHERE id = ${id} RETURNING *`);
      const row = result.rows[0];
      if (!row) throw new Error(`chain deposit ${id} vanished`);
      return toDeposit(row);
    },
    async deposits(
      executor: Executor,
      playerId: number,
      page: { limit: number; offset: number },
    ): Promise<{ items: DepositRow[]; total: number }> {
      const from = sql`FROM chain_deposits WHERE player_id = ${playerId} AND topup_id IS NULL`;
      return pagedQueryCounted(executor, { columns: sql`*`, from, orderBy: sql`id DESC` }, page, toDeposit);
    },

    /** The project's player deposits for the console (no top-ups), by state, player and tx hash. */
    async projectDeposits(
      executor: Executor,
      filter: {
        projectId: number;
        state?: string | undefined;
        playerId?: number | undefined;
        txHash?: string | undefined;
      },
      page: { limit: number; offset: number },
    ): Promise<{ items: DepositRow[]; total: number }> {
      const from = sql`FROM chain_deposits WHERE project_id = ${filter.projectId} AND topup_id IS NULL`;
      if (filter.state) from.append(sql` AND state = ${filter.state}`);
      if (filter.playerId) from.append(sql` AND player_id = ${filter.playerId}`);
      if (filter.txHash) from.append(sql` AND tx_hash = ${filter.txHash.toLowerCase()}`);
      return pagedQueryCounted(executor, { columns: sql`*`, from, orderBy: sql`id DESC` }, page, toDeposit);
    },

    // --- settings, address book, blocklist ---
    async settings(
      executor: Executor,
      projectId: number,
    ): Promise<{ withdrawMin: bigint; withdrawMax: bigint; withdrawFee: bigint } | null> {
      const result = await executor.execute<Raw>(
        sql`SELECT * FROM chain_settings WHERE project_id = ${projectId}`,
      );
      const row = result.rows[0];
      return row
        ? {
            withdrawMin: BigInt(String(row.withdraw_min)),
            withdrawMax: BigInt(String(row.withdraw_max)),
            withdrawFee: BigInt(String(row.withdraw_fee)),
          }
        : null;
    },
    async addresses(executor: Executor, playerId: number): Promise<AddressBookRow[]> {
      const result = await executor.execute<Raw>(
        sql`SELECT * FROM chain_address_book WHERE player_id = ${playerId} ORDER BY id`,
      );
      return result.rows.map(toAddress);
    },
    async address(executor: Executor, playerId: number, id: number): Promise<AddressBookRow | null> {
      const result = await executor.execute<Raw>(
        sql`SELECT * FROM chain_address_book WHERE player_id = ${playerId} AND id = ${id}`,
      );
      return result.rows[0] ? toAddress(result.rows[0]) : null;
    },
    async addAddress(
      executor: Executor,
      row: { projectId: number; playerId: number; address: string; label: string; at: Date; usableAt: Date },
    ): Promise<AddressBookRow | null> {
      const result = await executor.execute<Raw>(sql`
        INSERT INTO chain_address_book (project_id, player_id, address, label, created_at, usable_at)
        VALUES (${row.projectId}, ${row.playerId}, ${row.address}, ${row.label}, ${row.at.toISOString()}::timestamptz,
                ${row.usableAt.toISOString()}::timestamptz)
        ON CONFLICT (player_id, address) DO NOTHING RETURNING *`);
      return result.rows[0] ? toAddress(result.rows[0]) : null;
    },
    /** Serialises a player's address-book additions (the limit is counted under it). */
    async lockAddressBook(executor: Executor, playerId: number): Promise<void> {
      await executor.execute(sql`SELECT pg_advisory_xact_lock(72205001, ${playerId}::int)`);
    },
    async countAddresses(executor: Executor, playerId: number): Promise<number> {
      const result = await executor.execute<Raw>(
        sql`SELECT count(*) AS count FROM chain_address_book WHERE player_id = ${playerId}`,
      );
      return Number(result.rows[0]?.count ?? 0);
    },
    /** The reason `address` is on the project's AML blocklist, or null when it is not. */
    async isBlocked(executor: Executor, projectId: number, address: string): Promise<string | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT reason FROM chain_blocked_addresses
         WHERE project_id = ${projectId} AND address = ${address.toLowerCase()}`);
      return result.rows[0] ? String(result.rows[0].reason) : null;
    },
    /** Adds an address to the project's list (or keeps the one there, with its first reason); answers the stored row. */
    async block(
      executor: Executor,
      projectId: number,
      address: string,
      reason: string,
      at: Date,
    ): Promise<BlockedRow> {
      await executor.execute(sql`
        INSERT INTO chain_blocked_addresses (project_id, address, reason, created_at)
        VALUES (${projectId}, ${address.toLowerCase()}, ${reason}, ${at.toISOString()}::timestamptz)
        ON CONFLICT DO NOTHING`);
      const result = await executor.execute<Raw>(sql`
        SELECT address, reason, created_at FROM chain_blocked_addresses
         WHERE project_id = ${projectId} AND address = ${address.toLowerCase()}`);
      return toBlockedRow(result.rows[0]!);
    },
    async unblock(executor: Executor, projectId: number, address: string): Promise<BlockedRow | null> {
      const result = await executor.execute<Raw>(sql`
        DELETE FROM chain_blocked_addresses WHERE project_id = ${projectId} AND address = ${address.toLowerCase()}
        RETURNING address, reason, created_at`);
      return result.rows[0] ? toBlockedRow(result.rows[0]) : null;
    },
    async blockedList(executor: Executor, projectId: number): Promise<BlockedRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT address, reason, created_at FROM chain_blocked_addresses
         WHERE project_id = ${projectId} ORDER BY created_at DESC, address`);
      return result.rows.map(toBlockedRow);
    },

    // --- withdrawals ---
    /** Serialises a player's withdrawal requests. */
    async lockPlayer(executor: Executor, playerId: number): Promise<void> {
      await executor.execute(sql`SELECT pg_advisory_xact_lock(72205000, ${playerId}::int)`);
    },
    async insertWithdrawal(
      executor: Executor,
      row: { projectId: number; playerId: number; address: string; amount: bigint; fee: bigint; at: Date },
    ): Promise<WithdrawalRow> {
      const result = await executor.execute<Raw>(sql`
        INSERT INTO chain_withdrawals (project_id, player_id, address, amount, fee, state, created_at, updated_at)
        VALUES (${row.projectId}, ${row.playerId}, ${row.address}, ${row.amount.toString()}::bigint,
                ${row.fee.toString()}::bigint, 'requested', ${row.at.toISOString()}::timestamptz, ${row.at.toISOString()}::timestamptz)
        RETURNING *`);
      const inserted = result.rows[0];
      if (!inserted) throw new Error('chain withdrawal insert returned nothing');
      return toWithdrawal(inserted);
    },
    async openWithdrawals(
      executor: Executor,
      state: 'requested' | 'sent',
      limit: number,
    ): Promise<WithdrawalRow[]> {
      const result = await executor.execute<Raw>(
        sql`SELECT * FROM chain_withdrawals WHERE state = ${state} ORDER BY id LIMIT ${limit}`,
      );
      return result.rows.map(toWithdrawal);
    },
    /** The player's withdrawn amount since `from` (failed ones gave the money back and do not count). */
    async withdrawnSince(executor: Executor, playerId: number, from: Date): Promise<bigint> {
      const result = await executor.execute<Raw>(sql`
        SELECT coalesce(sum(amount), 0)::text AS total FROM chain_withdrawals
         WHERE player_id = ${playerId} AND created_at >= ${from} AND state <> 'failed'`);
      return BigInt((result.rows[0]?.total as string | undefined) ?? '0');
    },
    async countOpenWithdrawals(executor: Executor, playerId: number): Promise<number> {
      const result = await executor.execute<Raw>(sql`
        SELECT count(*) AS count FROM chain_withdrawals WHERE player_id = ${playerId} AND state IN ('requested', 'sent')`);
      return Number(result.rows[0]?.count ?? 0);
    },
    async withdrawal(executor: Executor, id: number): Promise<WithdrawalRow | null> {
      const result = await executor.execute<Raw>(sql`SELECT * FROM chain_withdrawals WHERE id = ${id}`);
      return result.rows[0] ? toWithdrawal(result.rows[0]) : null;
    },
    async lockWithdrawal(executor: Executor, id: number): Promise<WithdrawalRow | null> {
      const result = await executor.execute<Raw>(
        sql`SELECT * FROM chain_withdrawals WHERE id = ${id} FOR UPDATE`,
      );
      return result.rows[0] ? toWithdrawal(result.rows[0]) : null;
    },
    async markSent(
      executor: Executor,
      id: number,
      sent: { txHash: string; nonce: bigint; rawTx: string; at: Date },
    ): Promise<WithdrawalRow> {
      const result = await executor.execute<Raw>(sql`
        UPDATE chain_withdrawals SET state = 'sent', tx_hash = ${sent.txHash}, nonce = ${sent.nonce.toString()}::bigint,
               raw_tx = ${sent.rawTx}, updated_at = ${sent.at.toISOString()}::timestamptz, version = version + 1
         WHERE id = ${id} AND state = 'requested' RETURNING *`);
      const row = result.rows[0];
      if (!row) throw new Error(`chain withdrawal ${id} is not requested`);
      return toWithdrawal(row);
    },
    async finishWithdrawal(
      executor: Executor,
      id: number,
      change: { state: 'confirmed' | 'failed'; failure: string | null; at: Date },
    ): Promise<WithdrawalRow> {
      const result = await executor.execute<Raw>(sql`
        UPDATE chain_withdrawals SET state = ${change.state}, failure = ${change.failure},
               updated_at = ${change.at.toISOString()}::timestamptz, version = version + 1
         WHERE id = ${id} AND state IN ('requested', 'sent') RETURNING *`);
      const row = result.rows[0];
      if (!row) throw new Error(`chain withdrawal ${id} is already finished`);
      return toWithdrawal(row);
    },
    async withdrawals(
      executor: Executor,
      playerId: number,
      page: { limit: number; offset: number },
    ): Promise<{ items: WithdrawalRow[]; total: number }> {
      const from = sql`FROM chain_withdrawals WHERE player_id = ${playerId}`;
      return pagedQueryCounted(
        executor,
        { columns: sql`*`, from, orderBy: sql`id DESC` },
        page,
        toWithdrawal,
      );
    },
    /** The project's withdrawals for the console, by state, player and tx hash. */
    async projectWithdrawals(
      executor: Executor,
      filter: {
        projectId: number;
        state?: string | undefined;
        playerId?: number | undefined;
        txHash?: string | undefined;
      },
      page: { limit: number; offset: number },
    ): Promise<{ items: WithdrawalRow[]; total: number }> {
      const from = sql`FROM chain_withdrawals WHERE project_id = ${filter.projectId}`;
      if (filter.state) from.append(sql` AND state = ${filter.state}`);
      if (filter.playerId) from.append(sql` AND player_id = ${filter.playerId}`);
      if (filter.txHash) from.append(sql` AND tx_hash = ${filter.txHash.toLowerCase()}`);
      return pagedQueryCounted(
        executor,
        { columns: sql`*`, from, orderBy: sql`id DESC` },
        page,
        toWithdrawal,
      );
    },
    /** The next nonce after every withdrawal already signed (sent or confirmed). */
    async nextNonce(executor: Executor): Promise<bigint | null> {
      const result = await executor.execute<Raw>(
        sql`SELECT max(nonce) AS nonce FROM chain_withdrawals WHERE state IN ('sent', 'confirmed')`,
      );
      const value = result.rows[0]?.nonce;
      return value === null || value === undefined ? null : BigInt(String(value)) + 1n;
    },
  };
}
export type ChainRepo = ReturnType<typeof createChainRepo>;

import {
  CHAIN_NOTIFY_ROUTES,
  type ChainDeposit,
  ErrorCode,
  formatAmount,
  MONEY_MAX_MINOR,
} from '@payhub/contracts';
import { type Address, getAddress, type Hash } from 'viem';
import { accounts, type Ledger } from '../../ledger/ledger.ts';
import type { PlayGate } from '../../money/play-gate.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import type { UserNotifier } from '../payhub/payhub.notify.ts';
import type { ChainGateway } from './chain.gateway.ts';
import { depositAddress, topupAddress } from './chain.keys.ts';
import type { ChainRepo, DepositRow } from './chain.repo.ts';

/** Blocks read per watcher round (eth_getLogs ranges are bounded by most nodes). */
const LOG_RANGE_BLOCKS = 2_000n;
/** Pending deposits checked per round. */
const PENDING_BATCH = 500;
/** The largest amount one ledger transfer moves (its CHECK); a larger transfer is logged, not recorded. */
const AMOUNT_MAX = MONEY_MAX_MINOR;

/** A deposit's ledger transfer id, by its identity: the transfer index (`t<n>`), or the log index of a row before 0835. */
export const depositTransferId = (deposit: {
  txHash: string;
  logIndex: number;
  transferIndex: number | null;
}) =>
  deposit.transferIndex === null
    ? `chain:dep:${deposit.txHash}:${deposit.logIndex}`
    : `chain:dep:${deposit.txHash}:t${deposit.transferIndex}`;

export function toDepositWire(row: DepositRow, confirmationsRequired: number): ChainDeposit {
  return {
    id: row.id,
    txHash: row.txHash,
    logIndex: row.logIndex,
    blockNumber: row.blockNumber.toString(),
    amount: formatAmount(row.amount, 'USDT'),
    state: row.state,
    confirmations: row.confirmations,
    confirmationsRequired,
    createdAt: row.createdAt.toISOString(),
    creditedAt: row.creditedAt?.toISOString() ?? null,
    version: row.version,
  };
}

/**
 * USDT deposits (docs/chain.md): every player has an address derived from the project's xpub; the
 * watcher (scheduler node only) reads the token's Transfer logs to known addresses, records them,
 * and credits each one once after the configured confirmations, re-checking on every round that the
 * transfer is still in the canonical chain (a reorg inside the window drops it, nothing credited).
 */
export function createChainDepositService(deps: {
  repo: ChainRepo;
  ledger: Ledger;
  gateway: ChainGateway;
  clock: Clock;
  notifier: UserNotifier;
  cursorId: string;
  confirmations: number;
  depositMin: bigint;
  xpubOf: (projectId: number) => string | undefined;
  isPaymentOperator: (userId: number) => Promise<boolean>;
  /**
   * Responsible play (issue 14): the deposit address is refused (10001) while the player is excluded
   * or under age; a credited transfer is counted under the deposit limits at its value in the
   * project currency — never refused, the money is on chain and is the player's (docs/chain.md).
   */
  playGate?: Pick<PlayGate, 'beforeDeposit' | 'beforeDepositAddress'>;
  /**
   * A confirmed transfer to an operator's quota top-up address, inside the crediting transaction (the
   * quota module credits the top-up); answers what to run once committed (its pushes).
   */
  onTopupDeposit?: (
    tx: Executor,
    deposit: { topupId: number; depositId: number; amount: bigint },
  ) => Promise<(() => Promise<void>) | null>;
  log: (error: unknown, message: string) => void;
}) {
  const { repo, ledger, gateway, clock } = deps;

  async function push(rows: DepositRow[]): Promise<void> {
    for (const row of rows) {
      await deps.notifier
        .notify(row.playerId, CHAIN_NOTIFY_ROUTES.deposit, toDepositWire(row, deps.confirmations))
        .catch((error) => deps.log(error, 'chain deposit push failed'));
    }
  }

  /** Records transfers to known addresses from the blocks since the cursor (and the unconfirmed window). */
  async function scan(head: bigint): Promise<void> {
    const cursor = await repo.cursor(repo.root, deps.cursorId);
    if (cursor === null) throw new Error('chain cursor missing: start() sets it');
    // Re-read the unconfirmed window, so a transfer a reorg moved to another block is seen again.
    const window = BigInt(deps.confirmations);
    const fromBlock = cursor > window ? cursor - window : 0n;
    if (fromBlock > head) return;
    const toBlock = head < cursor + LOG_RANGE_BLOCKS ? head : cursor + LOG_RANGE_BLOCKS - 1n;
    const logs = await gateway.transferLogs(fromBlock, toBlock);
    const owners = await repo.ownersOf(repo.root, [...new Set(logs.map((log) => log.to.toLowerCase()))]);
    const recorded = await repo.transaction(async (tx) => {
      const rows: DepositRow[] = [];
      for (const log of logs) {
        const owner = owners.get(log.to.toLowerCase());
        if (!owner || log.value <= 0n) continue;
        if (log.value > AMOUNT_MAX) {
          deps.log(
            new Error(`transfer ${log.txHash}:${log.logIndex} exceeds the ledger's range`),
            'chain deposit skipped',
          );
          continue;
        }
        const row = await repo.recordDeposit(tx, {
          projectId: owner.projectId,
          playerId: owner.playerId,
          topupId: owner.topupId,
          address: log.to.toLowerCase(),
          txHash: log.txHash.toLowerCase(),
          logIndex: log.logIndex,
          transferIndex: log.transferIndex,
          blockNumber: log.blockNumber,
          blockHash: log.blockHash,
          amount: log.value,
          state: log.value < deps.depositMin ? 'dust' : 'pending',
          confirmations: Number(head - log.blockNumber + 1n),
          at: clock.now(),
        });
        if (row) rows.push(row);
      }
      const next = toBlock + 1n > cursor ? toBlock + 1n : cursor;
      if (next !== cursor) await repo.setCursor(tx, deps.cursorId, next, clock.now());
      return rows;
    });
    await push(recorded);
  }

  /**
   * Moves pending deposits on: credited once confirmed (the block hash re-checked first), dropped when
   * the chain no longer has the transfer, otherwise their confirmation count updated and pushed.
   */
  async function confirm(head: bigint): Promise<void> {
    const pending = await repo.pendingDeposits(repo.root, PENDING_BATCH);
    for (const deposit of pending) {
      try {
        const changed = await confirmOne(deposit, head);
        if (changed) await push([changed]);
      } catch (error) {
        deps.log(error, `chain deposit ${deposit.id} not checked`);
      }
    }
  }

  async function confirmOne(deposit: DepositRow, head: bigint): Promise<DepositRow | null> {
    const committed: { action: (() => Promise<void>) | null } = { action: null };
    const changed = await checkOne(deposit, head, committed);
    await committed.action?.().catch((error) => deps.log(error, 'quota top-up push failed'));
    return changed;
  }

  async function checkOne(
    deposit: DepositRow,
    head: bigint,
    committed: { action: (() => Promise<void>) | null },
  ): Promise<DepositRow | null> {
    const receipt = await gateway.receipt(deposit.txHash as Hash);
    let dropped = false;
    let confirmations = 0;
    if (!receipt) {
      // Not mined in the canonical chain; still in the pool means it may come back: keep waiting.
      if (await gateway.knowsTransaction(deposit.txHash as Hash)) return null;
      dropped = true;
    } else {
      // By its identity: its place among the transaction's token transfers (wherever the block put
      // the transaction), or for a row before 0835 its log index.
      const transfer =
        deposit.transferIndex === null
          ? receipt.transfers.find((candidate) => candidate.logIndex === deposit.logIndex)
          : receipt.transfers[deposit.transferIndex];
      const same =
        receipt.status === 'success' &&
        transfer !== undefined &&
        transfer.to.toLowerCase() === deposit.address &&
        transfer.value === deposit.amount;
      // The block the receipt names must still be the canonical block at that height.
      const canonical = (await gateway.blockHash(receipt.blockNumber)) === receipt.blockHash;
      if (!same) dropped = true;
      else if (!canonical) return null;
      else confirmations = Number(head - receipt.blockNumber + 1n);
    }
    return repo.transaction(async (tx) => {
      const row = await repo.lockPendingDeposit(tx, deposit.id);
      if (!row) return null;
      const at = clock.now();
      if (dropped) return repo.updateDeposit(tx, row.id, { state: 'dropped', confirmations: 0, at });
      if (confirmations < deps.confirmations) {
        if (confirmations === row.confirmations) return null;
        return repo.updateDeposit(tx, row.id, { state: 'pending', confirmations, at });
      }
      const custody = await ledger.account(tx, accounts.custody(row.projectId, 'USDT'));
      // A quota top-up's USDT goes to the house (it pays the operator's local quota), not to a wallet.
      const wallet = await ledger.account(
        tx,
        row.topupId === null
          ? accounts.player(row.projectId, row.playerId, 'USDT')
          : accounts.house(row.projectId, 'USDT'),
      );
      await ledger.transfer(tx, {
        id: depositTransferId(row),
        debitAccountId: custody.id,
        creditAccountId: wallet.id,
        amount: row.amount,
        code: 'chain_deposit',
        reference: { type: 'chain_deposit', id: String(row.id) },
      });
      // Counted under the player's deposit limits (stage credit: counted, never refused).
      if (row.topupId === null)
        await deps.playGate?.beforeDeposit(tx, {
          userId: row.playerId,
          projectId: row.projectId,
          asset: 'USDT',
          amount: row.amount,
          reference: `chain_deposit:${row.id}`,
          stage: 'credit',
        });
      if (row.topupId !== null) {
        if (!deps.onTopupDeposit) throw new Error('a top-up deposit needs the quota module');
        committed.action = await deps.onTopupDeposit(tx, {
          topupId: row.topupId,
          depositId: row.id,
          amount: row.amount,
        });
      }
      return repo.updateDeposit(tx, row.id, { state: 'credited', confirmations, at });
    });
  }

  return {
    /**
     * At server start: on a database that never watched this token, watch from the next block on
     * (blocks before it hold no transfer to an address this database gave out).
     */
    async start(): Promise<void> {
      if ((await repo.cursor(repo.root, deps.cursorId)) !== null) return;
      await repo.initCursor(repo.root, deps.cursorId, (await gateway.head()) + 1n, clock.now());
    },
    /** The caller's deposit address (EIP-55), derived and stored on first ask. */
    async address(session: Session): Promise<Address> {
      // A payment operator's account holds no player wallet (docs/payments.md "self-dealing").
      if (await deps.isPaymentOperator(session.userId)) throw new AppError(ErrorCode.OperatorCannotPay);
      // Excluded, cooling off or under age: no address (10001); the app shows when the exclusion ends.
      await deps.playGate?.beforeDepositAddress?.(repo.root, {
        userId: session.userId,
        projectId: session.projectId,
      });
      const stored = await repo.depositAddress(repo.root, session.userId);
      if (stored) return getAddress(stored);
      const xpub = deps.xpubOf(session.projectId);
      if (!xpub) throw new Error(`no deposit xpub configured for project ${session.projectId}`);
      const address = depositAddress(xpub, session.userId);
      await repo.saveDepositAddress(repo.root, {
        projectId: session.projectId,
        playerId: session.userId,
        address,
        at: clock.now(),
      });
      return address;
    },
    /** The address of an operator's USDT quota top-up, derived from the project's xpub and watched. */
    async topupAddress(projectId: number, operatorId: number, topupId: number): Promise<Address> {
      const xpub = deps.xpubOf(projectId);
      if (!xpub) throw new Error(`no deposit xpub configured for project ${projectId}`);
      const address = topupAddress(xpub, topupId);
      await repo.saveTopupAddress(repo.root, { projectId, operatorId, topupId, address, at: clock.now() });
      return address;
    },
    async list(session: Session, page: { page: number; count: number }) {
      const result = await repo.deposits(repo.root, session.userId, {
        limit: page.count,
        offset: (page.page - 1) * page.count,
      });
      return {
        items: result.items.map((row) => toDepositWire(row, deps.confirmations)),
        total: result.total,
      };
    },
    /** One watcher round: new logs, then confirmations. */
    async tick(head: bigint): Promise<void> {
      await scan(head);
      await confirm(head);
    },
  };
}
export type ChainDepositService = ReturnType<typeof createChainDepositService>;

import {
  ADDRESS_BOOK_DELAY_HOURS,
  ADDRESS_BOOK_MAX,
  type AddressBookEntry,
  CHAIN_NOTIFY_ROUTES,
  type ChainWithdrawal,
  ErrorCode,
  formatAmount,
} from '@payhub/contracts';
import { type Address, getAddress, type Hash, type Hex, isAddress } from 'viem';
import { accounts, type Ledger, type Posting } from '../../ledger/ledger.ts';
import { isInsufficientFunds } from '../../money/ledger-refusal.ts';
import type { WithdrawTierGate } from '../../money/withdraw-tier.ts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/database.ts';
import { AppError, badParameter, noPermission, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { runIdempotent } from '../../platform/idempotency/idempotency.ts';
import type { UserNotifier } from '../payhub/payhub.notify.ts';
import type { ChainGateway } from './chain.gateway.ts';
import type { AddressBookRow, BlockedRow, ChainRepo, WithdrawalRow } from './chain.repo.ts';

/** A player has at most this many withdrawals waiting for the chain (3009 beyond). */
export const CHAIN_WITHDRAW_OPEN_MAX = 20;
/** Withdrawals signed or checked per watcher round. */
const ROUND_BATCH = 20;
const HOUR_MS = 3_600_000;

export const withdrawHoldId = (id: number) => `chain:wd:${id}:hold`;
export const withdrawFeeHoldId = (id: number) => `chain:wd:${id}:fee`;

export interface WithdrawLimits {
  withdrawMin: bigint;
  withdrawMax: bigint;
  withdrawFee: bigint;
}

export function toWithdrawalWire(row: WithdrawalRow): ChainWithdrawal {
  return {
    id: row.id,
    address: getAddress(row.address),
    amount: formatAmount(row.amount, 'USDT'),
    fee: formatAmount(row.fee, 'USDT'),
    state: row.state,
    txHash: row.txHash,
    failure: row.failure,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

function toEntryWire(row: AddressBookRow, now: Date): AddressBookEntry {
  return {
    id: row.id,
    address: getAddress(row.address),
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    usableAt: row.usableAt.toISOString(),
    usable: row.usableAt <= now,
  };
}

/**
 * An address as typed, checked: all-lower or all-upper hex is accepted as is (no checksum to check);
 * mixed case must be its EIP-55 checksum, so a mistyped character is refused instead of paid to.
 */
export function checkedAddress(text: string): Address {
  if (!isAddress(text, { strict: true }))
    throw badParameter('body.address: not a valid EIP-55 checksum address');
  return getAddress(text);
}

/**
 * USDT withdrawals (docs/chain.md): to a usable address-book entry, amount + fee held at once as one
 * linked operation; the watcher (scheduler node) signs each with the hot key, stores the signed
 * transaction before broadcasting it (a restart rebroadcasts the same nonce, never pays twice), and
 * after the confirmations posts the holds (paid) or voids them (reverted or dropped), telling the player.
 */
export function createChainWithdrawService(deps: {
  repo: ChainRepo;
  ledger: Ledger;
  gateway: ChainGateway;
  clock: Clock;
  notifier: UserNotifier;
  confirmations: number;
  defaults: WithdrawLimits;
  /** Two-step verification (issue 14): nothing when the player has it off, else 7045/7046/7047. */
  secondFactor?: (userId: number, code: string | undefined) => Promise<void>;
  /** Identity (issue 14): refuses a player who may not move real money (under age: 10001). */
  mayWithdraw?: (userId: number, projectId: number) => Promise<void>;
  /**
   * Inside the withdrawal's transaction, under the player's lock and before its money is held (app.ts):
   * the compliance hold read again under its own lock (712), then the player's choice for bonuses with
   * an open wagering requirement (4017, or each forfeited to the pool). A refusal later in the same
   * transaction rolls a forfeit back with the withdrawal.
   */
  inWithdrawal?: (tx: Executor, userId: number) => Promise<void>;
  /** Identity tiers (issue 14): the tier's per-withdrawal and daily limits (7051), identity required (7052). */
  withdrawTier?: WithdrawTierGate;
  codes: {
    send(
      projectId: number,
      userId: number,
    ): Promise<{ expiresInSeconds: number; resendAfterSeconds: number }>;
    consume(projectId: number, userId: number, code: string): Promise<void>;
  };
  openCase: (
    executor: Executor,
    row: {
      projectId: number;
      rule: 'blocked_address';
      subjectType: string;
      subjectId: string;
      details: unknown;
      at: Date;
    },
  ) => Promise<unknown>;
  isPaymentOperator: (userId: number) => Promise<boolean>;
  /** The token's contract: USDT sent to it is lost for good, so it is no address-book entry. */
  tokenAddress: Address;
  log: (error: unknown, message: string) => void;
}) {
  const { repo, ledger, gateway, clock } = deps;

  /** Addresses USDT must never be sent to: the zero address, the token's contract, our own hot wallet. */
  function unpayable(address: Address): boolean {
    const lower = address.toLowerCase();
    let signer: string | null = null;
    try {
      signer = gateway.signerAddress().toLowerCase();
    } catch {
      // No signer configured (withdrawals off): nothing of ours to refuse.
    }
    return (
      lower === '0x0000000000000000000000000000000000000000' ||
      lower === deps.tokenAddress.toLowerCase() ||
      lower === signer
    );
  }

  async function limits(projectId: number): Promise<WithdrawLimits> {
    return (await repo.settings(repo.root, projectId)) ?? deps.defaults;
  }

  function checkRange(amount: bigint, range: WithdrawLimits): void {
    if (amount < range.withdrawMin || amount > range.withdrawMax)
      throw new AppError(
        ErrorCode.WithdrawalOutOfRange,
        `${formatAmount(range.withdrawMin, 'USDT')} - ${formatAmount(range.withdrawMax, 'USDT')}`,
      );
  }

  async function push(row: WithdrawalRow): Promise<void> {
    await deps.notifier
      .notify(row.playerId, CHAIN_NOTIFY_ROUTES.withdrawal, toWithdrawalWire(row))
      .catch((error) => deps.log(error, 'chain withdrawal push failed'));
  }

  async function available(projectId: number, playerId: number): Promise<bigint> {
    const wallet = await ledger.findAccount(repo.root, accounts.player(projectId, playerId, 'USDT').address);
    return wallet ? (await ledger.balance(repo.root, wallet.id)).available : 0n;
  }

  /** Signs and stores, then broadcasts, each requested withdrawal. */
  async function send(): Promise<void> {
    for (const request of await repo.openWithdrawals(repo.root, 'requested', ROUND_BATCH)) {
      const storedNext = (await repo.nextNonce(repo.root)) ?? 0n;
      const chainNext = await gateway.signerPendingNonce();
      const nonce = storedNext > chainNext ? storedNext : chainNext;
      const signed = await gateway.signTransfer(request.address as Address, request.amount, nonce);
      const sent = await repo.transaction(async (tx) => {
        const row = await repo.lockWithdrawal(tx, request.id);
        if (row?.state !== 'requested') return null;
        return repo.markSent(tx, row.id, { ...signed, at: clock.now() });
      });
      if (!sent) continue;
      await push(sent);
      await gateway.broadcast(signed.rawTx);
    }
  }

  /** Settles sent withdrawals whose transaction has its confirmations, or is gone for good. */
  async function settle(head: bigint): Promise<void> {
    for (const withdrawal of await repo.openWithdrawals(repo.root, 'sent', ROUND_BATCH)) {
      try {
        await settleOne(withdrawal, head);
      } catch (error) {
        deps.log(error, `chain withdrawal ${withdrawal.id} not settled`);
      }
    }
  }

  async function settleOne(withdrawal: WithdrawalRow, head: bigint): Promise<void> {
    const txHash = withdrawal.txHash as Hash;
    const receipt = await gateway.receipt(txHash);
    let outcome: { state: 'confirmed' | 'failed'; failure: string | null } | null = null;
    if (!receipt) {
      if (await gateway.knowsTransaction(txHash)) return;
      // The node lost it: if another transaction of the signer took its nonce (dropped) — mined at
      // least the confirmations deep, so a lagging node's view of the last blocks cannot refund a
      // withdrawal that was paid — the hold is voided; otherwise the same signed transaction is
      // broadcast again.
      const settledBlock = head - BigInt(deps.confirmations) + 1n;
      if (settledBlock >= 0n && (await gateway.signerMinedNonce(settledBlock)) > (withdrawal.nonce ?? 0n))
        outcome = { state: 'failed', failure: 'dropped' };
      else if ((await gateway.signerMinedNonce()) > (withdrawal.nonce ?? 0n)) return;
      else {
        await gateway.broadcast(withdrawal.rawTx as Hex);
        return;
      }
    } else {
      if ((await gateway.blockHash(receipt.blockNumber)) !== receipt.blockHash) return;
      if (head - receipt.blockNumber + 1n < BigInt(deps.confirmations)) return;
      outcome =
        receipt.status === 'success'
          ? { state: 'confirmed', failure: null }
          : { state: 'failed', failure: 'reverted' };
    }
    const finished = await repo.transaction(async (tx) => {
      const row = await repo.lockWithdrawal(tx, withdrawal.id);
      if (row?.state !== 'sent') return null;
      const kind = outcome.state === 'confirmed' ? 'post' : 'void';
      const postings: Posting[] = [
        { id: `chain:wd:${row.id}:${kind}`, kind, pendingId: withdrawHoldId(row.id), code: 'chain_withdraw' },
      ];
      if (row.fee > 0n)
        postings.push({
          id: `chain:wd:${row.id}:fee:${kind}`,
          kind,
          pendingId: withdrawFeeHoldId(row.id),
          code: 'chain_withdraw_fee',
        });
      await ledger.linked(tx, {
        id: `chain:wd:${row.id}:${outcome.state}`,
        code: outcome.state === 'confirmed' ? 'chain_withdraw' : 'chain_withdraw_void',
        reference: { type: 'chain_withdrawal', id: String(row.id) },
        postings,
      });
      const updated = await repo.finishWithdrawal(tx, row.id, { ...outcome, at: clock.now() });
      await writeAudit(tx, {
        projectId: row.projectId,
        actorId: null,
        action: `chain.withdraw.${outcome.state}`,
        objectType: 'chain_withdrawal',
        objectId: String(row.id),
        before: { state: row.state },
        after: { state: updated.state, failure: updated.failure, txHash: updated.txHash },
      });
      return updated;
    });
    if (finished) await push(finished);
  }

  function requireAdmin(session: Session): void {
    if (session.staffRole !== 'admin') throw noPermission();
  }

  const toBlockedWire = (row: BlockedRow) => ({
    address: getAddress(row.address),
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  });

  return {
    /**
     * The AML blocklist, one per project (migration 0823): the project's admins read, add and remove
     * its addresses; each change is an audit line in its transaction. A withdrawal by a player of the
     * project to a listed address is refused (777) and opens a monitoring case.
     */
    blocklist: {
      async list(session: Session) {
        requireAdmin(session);
        return { items: (await repo.blockedList(repo.root, session.projectId)).map(toBlockedWire) };
      },
      async add(session: Session, input: { address: string; reason: string }, ip: string) {
        requireAdmin(session);
        const address = checkedAddress(input.address);
        const row = await repo.transaction(async (tx) => {
          const stored = await repo.block(tx, session.projectId, address, input.reason, clock.now());
          await writeAudit(tx, {
            projectId: session.projectId,
            actorId: session.userId,
            action: 'chain.blocklist.add',
            objectType: 'chain_address',
            objectId: address.toLowerCase(),
            after: { address, reason: stored.reason },
            ip,
          });
          return stored;
        });
        return toBlockedWire(row);
      },
      async remove(session: Session, text: string, ip: string) {
        requireAdmin(session);
        const address = checkedAddress(text);
        const row = await repo.transaction(async (tx) => {
          const removed = await repo.unblock(tx, session.projectId, address);
          if (!removed) throw notFound('blocked address');
          await writeAudit(tx, {
            projectId: session.projectId,
            actorId: session.userId,
            action: 'chain.blocklist.remove',
            objectType: 'chain_address',
            objectId: address.toLowerCase(),
            before: { address, reason: removed.reason },
            ip,
          });
          return removed;
        });
        return toBlockedWire(row);
      },
    },
    /** The player's address-book entries as `crypto:<lower-case address>` (rewards' abuse signal). */
    async payoutAddressesOf(playerId: number): Promise<string[]> {
      const rows = await repo.addresses(repo.root, playerId);
      return rows.map((row) => `crypto:${row.address.toLowerCase()}`);
    },
    async addresses(session: Session) {
      const rows = await repo.addresses(repo.root, session.userId);
      const now = clock.now();
      return {
        items: rows.map((row) => toEntryWire(row, now)),
        max: ADDRESS_BOOK_MAX,
        delayHours: ADDRESS_BOOK_DELAY_HOURS,
      };
    },
    sendAddressCode: (session: Session) => deps.codes.send(session.projectId, session.userId),
    async addAddress(
      session: Session,
      input: { address: string; label: string; code: string; otp?: string | undefined },
      ip: string,
    ) {
      const address = checkedAddress(input.address);
      if (unpayable(address))
        throw badParameter(
          "body.address: a wallet's address (not the zero address, the token's contract or the platform's wallet)",
        );
      if ((await repo.countAddresses(repo.root, session.userId)) >= ADDRESS_BOOK_MAX)
        throw new AppError(ErrorCode.CryptoAddressLimit);
      await deps.secondFactor?.(session.userId, input.otp);
      await deps.codes.consume(session.projectId, session.userId, input.code);
      const at = clock.now();
      const row = await repo.transaction(async (tx) => {
        // Counted again under the player's address-book lock: two adds at once each saw room for one.
        await repo.lockAddressBook(tx, session.userId);
        if ((await repo.countAddresses(tx, session.userId)) >= ADDRESS_BOOK_MAX)
          throw new AppError(ErrorCode.CryptoAddressLimit);
        const added = await repo.addAddress(tx, {
          projectId: session.projectId,
          playerId: session.userId,
          address,
          label: input.label,
          at,
          usableAt: new Date(at.getTime() + ADDRESS_BOOK_DELAY_HOURS * HOUR_MS),
        });
        if (!added) throw new AppError(ErrorCode.CryptoAddressExists);
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'chain.address.add',
          objectType: 'chain_address',
          objectId: String(added.id),
          after: { address, label: input.label },
          ip,
        });
        return added;
      });
      return toEntryWire(row, at);
    },
    async quote(session: Session, amount: bigint) {
      const range = await limits(session.projectId);
      checkRange(amount, range);
      // The identity tier's limits too, so the player reads 7051 before confirming (unlocked here:
      // the request checks again under the player's lock).
      await deps.withdrawTier?.check(repo.root, {
        userId: session.userId,
        projectId: session.projectId,
        asset: 'USDT',
        amount,
        usedSince: (from) => repo.withdrawnSince(repo.root, session.userId, from),
      });
      return {
        amount: formatAmount(amount, 'USDT'),
        fee: formatAmount(range.withdrawFee, 'USDT'),
        total: formatAmount(amount + range.withdrawFee, 'USDT'),
        minAmount: formatAmount(range.withdrawMin, 'USDT'),
        maxAmount: formatAmount(range.withdrawMax, 'USDT'),
        available: formatAmount(await available(session.projectId, session.userId), 'USDT'),
      };
    },
    async request(
      session: Session,
      input: { amount: bigint; addressId: number; otp?: string | undefined },
      idempotencyKey: string | undefined,
      ip: string,
    ): Promise<ChainWithdrawal> {
      const range = await limits(session.projectId);
      checkRange(input.amount, range);
      await deps.secondFactor?.(session.userId, input.otp);
      await deps.mayWithdraw?.(session.userId, session.projectId);
      if (await deps.isPaymentOperator(session.userId)) throw new AppError(ErrorCode.OperatorCannotPay);
      const entry = await repo.address(repo.root, session.userId, input.addressId);
      if (!entry) throw notFound('address');
      if (entry.usableAt > clock.now())
        throw new AppError(
          ErrorCode.CryptoAddressNotYetUsable,
          `address usable from ${entry.usableAt.toISOString()}`,
        );
      const blocked = await repo.isBlocked(repo.root, session.projectId, entry.address);
      if (blocked !== null) {
        // AML: refused, and a monitoring case opened for the admin (committed on its own).
        await repo.transaction(async (tx) => {
          await deps.openCase(tx, {
            projectId: session.projectId,
            rule: 'blocked_address',
            subjectType: 'player',
            subjectId: String(session.userId),
            details: {
              address: getAddress(entry.address),
              amount: formatAmount(input.amount, 'USDT'),
              reason: blocked,
            },
            at: clock.now(),
          });
          await writeAudit(tx, {
            projectId: session.projectId,
            actorId: session.userId,
            action: 'chain.withdraw.blocked',
            objectType: 'chain_address',
            objectId: String(entry.id),
            after: { address: entry.address, reason: blocked },
            ip,
          });
        });
        throw new AppError(ErrorCode.ContactSupport);
      }
      const fee = range.withdrawFee;
      const result = await repo.transaction(async (tx) =>
        runIdempotent(
          tx,
          {
            userId: session.userId,
            key: idempotencyKey,
            operation: 'chain.withdraw',
            input,
            at: clock.now(),
          },
          async () => {
            await repo.lockPlayer(tx, session.userId);
            const open = await repo.countOpenWithdrawals(tx, session.userId);
            if (open >= CHAIN_WITHDRAW_OPEN_MAX) throw new AppError(ErrorCode.WithdrawalUnderReview);
            // Under the player's lock: parallel requests cannot pass the day's tier limit together.
            await deps.withdrawTier?.check(tx, {
              userId: session.userId,
              projectId: session.projectId,
              asset: 'USDT',
              amount: input.amount,
              usedSince: (from) => repo.withdrawnSince(tx, session.userId, from),
            });
            // In this transaction, before the wallet hold: the hold read again, the bonus choice (a refusal
            // below undoes a forfeit too).
            await deps.inWithdrawal?.(tx, session.userId);
            const row = await repo.insertWithdrawal(tx, {
              projectId: session.projectId,
              playerId: session.userId,
              address: getAddress(entry.address),
              amount: input.amount,
              fee,
              at: clock.now(),
            });
            const wallet = await ledger.account(
              tx,
              accounts.player(session.projectId, session.userId, 'USDT'),
            );
            const custody = await ledger.account(tx, accounts.custody(session.projectId, 'USDT'));
            const postings: Posting[] = [
              {
                id: withdrawHoldId(row.id),
                kind: 'pending',
                debitAccountId: wallet.id,
                creditAccountId: custody.id,
                amount: input.amount,
                code: 'chain_withdraw',
              },
            ];
            if (fee > 0n) {
              const fees = await ledger.account(tx, accounts.fees(session.projectId, 'USDT'));
              postings.push({
                id: withdrawFeeHoldId(row.id),
                kind: 'pending',
                debitAccountId: wallet.id,
                creditAccountId: fees.id,
                amount: fee,
                code: 'chain_withdraw_fee',
              });
            }
            try {
              await ledger.linked(tx, {
                id: `chain:wd:${row.id}:request`,
                code: 'chain_withdraw',
                reference: { type: 'chain_withdrawal', id: String(row.id) },
                postings,
              });
            } catch (error) {
              if (isInsufficientFunds(error)) throw new AppError(ErrorCode.InsufficientBalanceWallet);
              throw error;
            }
            await writeAudit(tx, {
              projectId: session.projectId,
              actorId: session.userId,
              action: 'chain.withdraw.request',
              objectType: 'chain_withdrawal',
              objectId: String(row.id),
              after: {
                address: row.address,
                amount: formatAmount(row.amount, 'USDT'),
                fee: formatAmount(fee, 'USDT'),
              },
              ip,
            });
            return toWithdrawalWire(row);
          },
        ),
      );
      const row = await repo.withdrawal(repo.root, result.id);
      if (row) await push(row);
      return result;
    },
    async list(session: Session, page: { page: number; count: number }) {
      const result = await repo.withdrawals(repo.root, session.userId, {
        limit: page.count,
        offset: (page.page - 1) * page.count,
      });
      return { items: result.items.map(toWithdrawalWire), total: result.total };
    },
    /** One watcher round: sign and send what was requested, settle what was sent. */
    async tick(head: bigint): Promise<void> {
      await send();
      await settle(head);
    },
  };
}
export type ChainWithdrawService = ReturnType<typeof createChainWithdrawService>;

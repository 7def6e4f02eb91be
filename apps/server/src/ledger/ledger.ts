import type { Clock } from '../platform/clock.ts';
import type { Executor } from '../platform/db/database.ts';
import { type AccountSpec, specOfKind } from './ledger.accounts.ts';
import {
  holdSettlementsCallSql,
  ledgerRepo,
  operationCallSql,
  pendingHoldsCallSql,
  stakesCallSql,
} from './ledger.repo.ts';
import {
  type AccountBalance,
  type AccountKind,
  type Currency,
  type LedgerAccount,
  LINKED_POSTINGS_MAX,
  type LinkedTransferRequest,
  type PendingHoldsRequest,
  type ResolveRequest,
  type SettledHoldsRequest,
  type SettledStakesRequest,
  type TransferOutcome,
  type TransferRequest,
} from './ledger.types.ts';
import { ledgerReadsRepo } from './ledger-reads.repo.ts';

export { type AccountSpec, accounts } from './ledger.accounts.ts';
export { asLedgerError } from './ledger.repo.ts';
export * from './ledger.types.ts';

/**
 * The double-entry core (DESIGN.md §5). Every call takes the executor of the caller's transaction so
 * a money movement commits or rolls back with the business change it belongs to.
 */
export function createLedger(clock: Clock) {
  const systemAccounts = new Map<string, LedgerAccount>();
  function assertAmount(amount: bigint): void {
    if (typeof amount !== 'bigint' || amount <= 0n)
      throw new Error(`ledger amount must be a positive bigint`);
  }
  return {
    /** The account at an address (`accounts.player(...)`, `accounts.gameEscrow(...)`), created on first use. */
    async account(executor: Executor, spec: AccountSpec): Promise<LedgerAccount> {
      return systemAccounts.get(spec.address) ?? ledgerRepo.ensureAccount(executor, spec);
    },
    /** `account` of several addresses in one statement (in order); system accounts from the cache. */
    async accountsAt(executor: Executor, specs: readonly AccountSpec[]): Promise<LedgerAccount[]> {
      const missing = specs.filter((spec) => !systemAccounts.has(spec.address));
      const found = missing.length > 0 ? await ledgerRepo.ensureAccounts(executor, missing) : [];
      const byAddress = new Map(found.map((account) => [account.address, account]));
      return specs.map((spec) => (systemAccounts.get(spec.address) ?? byAddress.get(spec.address))!);
    },
    findAccount: (executor: Executor, address: string): Promise<LedgerAccount | null> =>
      ledgerRepo.findAccount(executor, address),
    /** A user's account of a kind, created on first use. */
    async userAccount(
      executor: Executor,
      key: { projectId: number; currency: Currency; kind: AccountKind; ownerId: number },
    ): Promise<LedgerAccount> {
      return ledgerRepo.ensureAccount(executor, specOfKind(key));
    },
    async findUserAccount(
      executor: Executor,
      key: { projectId: number; currency: Currency; kind: AccountKind; ownerId: number },
    ): Promise<LedgerAccount | null> {
      return ledgerRepo.findAccount(executor, specOfKind(key).address);
    },
    /**
     * Creates (committed, on an executor outside any transaction) and caches system accounts, so that
     * later lookups never touch the hot row nor need a second connection inside a transaction.
     */
    async warmSystemAccounts(
      root: Executor,
      keys: ReadonlyArray<{ projectId: number; currency: Currency; kind: AccountKind }>,
    ): Promise<void> {
      for (const key of keys) {
        const spec = specOfKind({ ...key, ownerId: null });
        systemAccounts.set(spec.address, await ledgerRepo.ensureAccount(root, spec));
      }
    },
    /**
     * A project's system account (house, fees, custody, ...): from the warmed cache, or created in the
     * caller's transaction and not cached (a cached id must never name a row a rollback removed).
     */
    async systemAccount(
      executor: Executor,
      key: { projectId: number; currency: Currency; kind: AccountKind },
    ): Promise<LedgerAccount> {
      const spec = specOfKind({ ...key, ownerId: null });
      return systemAccounts.get(spec.address) ?? ledgerRepo.ensureAccount(executor, spec);
    },
    /**
     * A linked operation: its postings (transfers, holds, posts, voids) commit together or not at all,
     * in the caller's transaction. A refusal of any posting raises its LedgerError and leaves the
     * caller's transaction to roll back; a replay with the same id and input answers 'exists'.
     */
    async linked(executor: Executor, request: LinkedTransferRequest): Promise<TransferOutcome> {
      const count = request.postings.length;
      if (count < 1 || count > LINKED_POSTINGS_MAX)
        throw new Error(`a linked operation has 1 to ${LINKED_POSTINGS_MAX} postings, not ${count}`);
      const ids = new Set<string>();
      for (const posting of request.postings) {
        if (ids.has(posting.id)) throw new Error(`posting id ${posting.id} repeated in ${request.id}`);
        ids.add(posting.id);
        if (!('pendingId' in posting)) assertAmount(posting.amount);
      }
      return ledgerRepo.operation(executor, {
        id: request.id,
        code: request.code,
        referenceType: request.reference?.type ?? null,
        referenceId: request.reference?.id ?? null,
        postings: request.postings,
        at: clock.now(),
      });
    },
    /**
     * The same linked operation as `linked`, as a SQL call expression (`ledger_operation(...)`, its
     * parameters numbered from `$offset + 1`) for a caller that must run it inside one statement of
     * its own, in one round trip (a game bet: nonce, bet row and money in one statement). The
     * statement fails, and with it the caller's transaction, when any posting is refused; its result
     * is the outcome ('created' or 'exists'). Refusals arrive as database errors: map them with
     * `asLedgerError`.
     */
    linkedCall(request: LinkedTransferRequest, offset: number): { text: string; values: unknown[] } {
      const count = request.postings.length;
      if (count < 1 || count > LINKED_POSTINGS_MAX)
        throw new Error(`a linked operation has 1 to ${LINKED_POSTINGS_MAX} postings, not ${count}`);
      for (const posting of request.postings) if (!('pendingId' in posting)) assertAmount(posting.amount);
      return operationCallSql(
        {
          id: request.id,
          code: request.code,
          referenceType: request.reference?.type ?? null,
          referenceId: request.reference?.id ?? null,
          postings: request.postings,
          at: clock.now(),
        },
        offset,
      );
    },
    /**
     * Many held stakes (round bets placed together) as one SQL call expression
     * (`ledger_pending_holds(...)`, parameters from `$offset + 1`) for a caller that runs it in one
     * statement of its own; `postSql` is the caller's SQL boolean[] (one per hold, in order) saying
     * which of them happened and are to be held. Each writes what `linked` writes for `{id, code,
     * reference, postings: [the pending posting]}`. Any refusal fails the whole statement (LD007 a
     * hold that is not a user account's for a guarded escrow of its asset, or an account named
     * twice; LD005 a taken id; LD001): the caller then holds its stakes one by one to learn which was
     * refused.
     */
    pendingHoldsCall(
      request: PendingHoldsRequest,
      offset: number,
      postSql: string,
    ): { text: string; values: unknown[] } {
      for (const hold of request.holds) assertAmount(hold.amount);
      return pendingHoldsCallSql({ ...request, at: clock.now() }, offset, postSql);
    },
    /**
     * Many settled holds (round bets cashed out together) as one SQL call expression
     * (`ledger_hold_settlements(...)`, parameters from `$offset + 1`) for a caller that runs it in one
     * statement of its own; `postSql` is the caller's SQL boolean[] (one per hold, in order) saying
     * which of them happened and are to be posted. Each writes what `linked` writes for `{id, code,
     * reference, postings: [post of the hold, stake, payout if above zero]}`. Any refusal fails the
     * whole statement (LD007 a hold that is not the stake's from the user to the escrow, or an
     * account named twice; LD005 a taken id or a hold already resolved; LD001): the caller then
     * posts its holds one by one to learn which was refused.
     */
    holdSettlementsCall(
      request: SettledHoldsRequest,
      offset: number,
      postSql: string,
    ): { text: string; values: unknown[] } {
      for (const hold of request.holds) {
        assertAmount(hold.stake);
        if (hold.payout < 0n) throw new Error('a settled hold pays out zero or more');
      }
      return holdSettlementsCallSql({ ...request, at: clock.now() }, offset, postSql);
    },
    /**
     * Many settled stakes (bets that settle at once) as one SQL call expression
     * (`ledger_stake_operations(...)`, parameters from `$offset + 1`) for a caller that runs it in one
     * statement of its own; `postSql` is the caller's SQL boolean[] (one per stake, in order) saying
     * which of them happened and are to be posted. Each writes what `linked` writes for
     * `{id, code, reference, postings: [stake, payout if above zero]}`. Any refusal fails the whole
     * statement (LD001 a stake that cannot be paid, LD005 a taken id, LD007 a stake that is not a
     * user account paying a system account of its asset, or a user account named twice): the caller
     * then posts its stakes one by one to learn which was refused.
     */
    stakesCall(
      request: SettledStakesRequest,
      offset: number,
      postSql: string,
    ): { text: string; values: unknown[] } {
      for (const stake of request.stakes) {
        assertAmount(stake.stake);
        if (stake.payout < 0n) throw new Error('a settled stake pays out zero or more');
      }
      return stakesCallSql({ ...request, at: clock.now() }, offset, postSql);
    },
    /**
     * Locks the user accounts a transaction is about to move, lowest id first. Call it once, before
     * the first transfer, with every user account the transaction touches: transfers then find their
     * rows locked and two transactions can never wait on each other's accounts.
     */
    lockAccounts(executor: Executor, ids: readonly bigint[]): Promise<void> {
      return ledgerRepo.lockAccounts(
        executor,
        [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      );
    },
    /** Moves money at once; the debit side is guarded atomically in the database. */
    async transfer(executor: Executor, request: TransferRequest): Promise<TransferOutcome> {
      assertAmount(request.amount);
      return ledgerRepo.transfer(executor, {
        id: request.id,
        kind: 'single',
        pendingId: null,
        debitAccountId: request.debitAccountId,
        creditAccountId: request.creditAccountId,
        amount: request.amount,
        code: request.code,
        referenceType: request.reference?.type ?? null,
        referenceId: request.reference?.id ?? null,
        at: clock.now(),
      });
    },
    /** Reserves the amount on the debit account (first phase of a two-phase transfer). */
    async hold(executor: Executor, request: TransferRequest): Promise<TransferOutcome> {
      assertAmount(request.amount);
      return ledgerRepo.transfer(executor, {
        id: request.id,
        kind: 'pending',
        pendingId: null,
        debitAccountId: request.debitAccountId,
        creditAccountId: request.creditAccountId,
        amount: request.amount,
        code: request.code,
        referenceType: request.reference?.type ?? null,
        referenceId: request.reference?.id ?? null,
        at: clock.now(),
      });
    },
    /** Completes a hold: the held amount moves from debit to credit. */
    async post(executor: Executor, request: ResolveRequest): Promise<TransferOutcome> {
      return ledgerRepo.transfer(executor, {
        id: request.id,
        kind: 'post',
        pendingId: request.pendingId,
        debitAccountId: null,
        creditAccountId: null,
        amount: null,
        code: request.code,
        referenceType: request.reference?.type ?? null,
        referenceId: request.reference?.id ?? null,
        at: clock.now(),
      });
    },
    /** Releases a hold: nothing moves. */
    async void(executor: Executor, request: ResolveRequest): Promise<TransferOutcome> {
      return ledgerRepo.transfer(executor, {
        id: request.id,
        kind: 'void',
        pendingId: request.pendingId,
        debitAccountId: null,
        creditAccountId: null,
        amount: null,
        code: request.code,
        referenceType: request.reference?.type ?? null,
        referenceId: request.reference?.id ?? null,
        at: clock.now(),
      });
    },
    holdState: (executor: Executor, pendingId: string) => ledgerRepo.holdState(executor, pendingId),
    balance: (executor: Executor, accountId: bigint): Promise<AccountBalance> =>
      ledgerRepo.balance(executor, accountId),
    history: (executor: Executor, accountId: bigint, limit: number, offset: number) =>
      ledgerRepo.history(executor, accountId, limit, offset),
    /**
     * The posted balance of each of these user accounts, in the order asked; null where the account
     * does not exist yet (reads never create accounts). For reports over many owners at once.
     */
    async userBalances(
      executor: Executor,
      keys: ReadonlyArray<{ projectId: number; currency: Currency; kind: AccountKind; ownerId: number }>,
    ): Promise<Array<bigint | null>> {
      const addresses = keys.map((key) => specOfKind(key).address);
      const found = new Map(
        (await ledgerRepo.balancesAt(executor, addresses)).map((row) => [row.address, row.balance]),
      );
      return addresses.map((address) => found.get(address) ?? null);
    },
    /** Sums of an account's entries by transfer code, all time and since an instant (earnings, payouts). */
    codeSums: (executor: Executor, accountId: bigint, since: Date) =>
      ledgerRepo.codeSums(executor, accountId, since),
    // Reads for other modules' pages and reports (ledger-reads.repo.ts): their SQL never names the
    // ledger's tables.
    /** An owner's user accounts of one kind in a project, every asset (the wallet's balances). */
    ownedAccounts: ledgerReadsRepo.ownedAccounts,
    /** A keyset page of entries over some accounts, newest first (the wallet's history). */
    entryPage: ledgerReadsRepo.entryPage,
    firstCredits: ledgerReadsRepo.firstCredits,
    /** Credits of some codes over a project's accounts of a kind in a window, keyset (deposit campaigns). */
    creditsBetween: ledgerReadsRepo.creditsBetween,
    /** Entry totals per local day, code and asset over a project's accounts of a kind (console report). */
    entryTotalsByDay: ledgerReadsRepo.entryTotalsByDay,
    systemFlowsByDay: ledgerReadsRepo.systemFlowsByDay,
    /** Posted debits of one code per local month from an owner's accounts (responsible play's statement). */
    debitsByMonth: ledgerReadsRepo.debitsByMonth,
  };
}
export type Ledger = ReturnType<typeof createLedger>;

import type { Asset } from '@payhub/contracts';
import { type AccountSpec, accounts, type Ledger } from '../../ledger/ledger.ts';
import type { BetRow, Executor, RoundsRepo } from './rounds.repo.ts';

/**
 * The ledger accounts round bets move money between, and their ids cached by address: a bet or a
 * cash-out names the player's wallet, the player's round escrow and the house, and most of them
 * exist already. An id is cached only once the statement or transaction that created it committed.
 */
export function createRoundAccounts(deps: { repo: RoundsRepo; ledger: Ledger }) {
  const { repo, ledger } = deps;
  /** Ledger account ids by address. */
  const accountIds = new Map<string, bigint>();

  /** Ids found or created by a statement that committed (or outside any transaction): cached. */
  function remember(ids: ReadonlyMap<string, bigint>): void {
    for (const [address, id] of ids) accountIds.set(address, id);
  }

  /**
   * A player's round escrow of an asset: each player's own, so that bets and settlements of different
   * players never queue on one guarded account row (docs/payments.md "Round games").
   */
  function escrowOf(projectId: number, userId: number, asset: Asset) {
    return accounts.gameEscrow(projectId, `rounds-${projectId}-${asset}-p${userId}`, asset);
  }

  /**
   * The id of an account through `executor`: from the cache, else read, else created. One it read
   * or created goes into `created`, for the caller to `remember` once it committed.
   */
  async function idOf(executor: Executor, spec: AccountSpec, created: Map<string, bigint>): Promise<bigint> {
    const cached = accountIds.get(spec.address);
    if (cached !== undefined) return cached;
    // Most accounts exist (a funded wallet, a returning player's escrow): one read, else create.
    const { id } =
      (await ledger.findAccount(executor, spec.address)) ?? (await ledger.account(executor, spec));
    created.set(spec.address, id);
    return id;
  }

  /**
   * The ids of accounts a bet needs, from the cache or else all read (the missing ones created) in
   * one statement outside any transaction (idempotent by address): cached at once.
   */
  async function idsOf(specs: readonly AccountSpec[]): Promise<bigint[]> {
    const cached = specs.map((spec) => accountIds.get(spec.address));
    if (cached.every((id) => id !== undefined)) return cached as bigint[];
    const found = await ledger.accountsAt(repo.db, specs);
    for (const account of found) accountIds.set(account.address, account.id);
    return found.map((account) => account.id);
  }

  /** The escrow a bet's hold credited: its own (0740 on), or the game's shared one of earlier bets. */
  async function escrowIdOf(
    executor: Executor,
    bet: BetRow,
    created: Map<string, bigint> = new Map(),
  ): Promise<bigint> {
    if (bet.escrowAccountId !== null) return bet.escrowAccountId;
    const shared = accounts.gameEscrow(
      bet.projectId,
      `rounds-${bet.projectId}-${bet.game}-${bet.asset}`,
      bet.asset,
    );
    return idOf(executor, shared, created);
  }

  /** A bet's or cash-out's transaction; the accounts it created are cached after the commit. */
  async function moneyTransaction<T>(action: (tx: Executor, created: Map<string, bigint>) => Promise<T>) {
    const created = new Map<string, bigint>();
    const result = await repo.betTransaction((tx) => {
      created.clear();
      return action(tx, created);
    });
    remember(created);
    return result;
  }

  return { escrowOf, escrowIdOf, idOf, idsOf, remember, moneyTransaction };
}

export type RoundAccounts = ReturnType<typeof createRoundAccounts>;

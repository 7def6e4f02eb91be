import { accounts, type Ledger, type SettledHold } from '../../ledger/ledger.ts';
import type { PlayGate } from '../../money/play-gate.ts';
import type { RoundAccounts } from './rounds.accounts.ts';
import { SETTLEMENT, settledHold, settlementOperation, voidOperation } from './rounds.postings.ts';
import type { BetRow, BetSettlement, Executor, RoundsRepo } from './rounds.repo.ts';

/** A bet's outcome as it settles: at its round's end, at the 200× cap, or at a manual cash-out. */
export type SettlementOutcome = BetSettlement & { bet: BetRow };

/** What the play gate records of a settled bet (its wager and win). */
export function gateContextOf(bet: BetRow, payout: bigint) {
  return { userId: bet.userId, projectId: bet.projectId, asset: bet.asset, stake: bet.stake, payout };
}

/**
 * Round bets settled and voided: the bet's row (only while open: never twice), its money in the
 * ledger and the play gate's record — in one statement for bets of distinct players when the gate
 * has a batch form, else bet by bet in the caller's transaction.
 */
export function createRoundSettlement(deps: {
  repo: RoundsRepo;
  ledger: Ledger;
  playGate: PlayGate;
  accounts: RoundAccounts;
  onError: (error: unknown, where: string) => void;
}) {
  const { repo, ledger, playGate } = deps;

  /** A bet's settlement (the accounts it names looked up through `executor`, created ones in `created`). */
  async function settlementOf(
    executor: Executor,
    bet: BetRow,
    payout: bigint,
    created: Map<string, bigint>,
  ): Promise<SettledHold> {
    const player = await deps.accounts.idOf(
      executor,
      accounts.player(bet.projectId, bet.userId, bet.asset),
      created,
    );
    const escrow = await deps.accounts.escrowIdOf(executor, bet, created);
    const house = await ledger.systemAccount(executor, {
      projectId: bet.projectId,
      currency: bet.asset,
      kind: 'house',
    });
    return settledHold(bet, { escrow, house: house.id, player }, payout);
  }

  /**
   * The clock's settlement of bets, in its transaction: in groups with each player once (a wingo
   * player may hold several bets of a round; a batch settles distinct accounts), each group in one
   * statement (the cash-outs' `settleOpenBets`, with each bet's outcome); a group whose statement
   * fails is undone to its savepoint and settled bet by bet, which says which bet failed and why.
   */
  async function settleBets(tx: Executor, outcomes: readonly SettlementOutcome[]): Promise<BetRow[]> {
    const settled: BetRow[] = [];
    const gateCalls = playGate.settleCalls?.bind(playGate);
    for (const group of onePerPlayer(outcomes)) {
      if (group.length > 1 && gateCalls) {
        try {
          const together = await repo.inSavepoint(tx, () => settleGroup(tx, group, gateCalls));
          if (together) {
            settled.push(...together);
            continue;
          }
        } catch (error) {
          deps.onError(error, 'round settlement batch');
        }
      }
      settled.push(...(await settleOneByOne(tx, group)));
    }
    return settled;
  }

  /** Outcomes split into groups in which each player appears once, in order. */
  function onePerPlayer(outcomes: readonly SettlementOutcome[]): SettlementOutcome[][] {
    const groups: SettlementOutcome[][] = [];
    const seen = new Map<number, number>();
    for (const outcome of outcomes) {
      const nth = seen.get(outcome.bet.userId) ?? 0;
      seen.set(outcome.bet.userId, nth + 1);
      const group = groups[nth];
      if (group) group.push(outcome);
      else groups.push([outcome]);
    }
    return groups;
  }

  /** One statement for a group of distinct players' bets; null when the gate has no batch form. */
  async function settleGroup(
    tx: Executor,
    group: readonly SettlementOutcome[],
    gateCalls: NonNullable<PlayGate['settleCalls']>,
  ): Promise<BetRow[] | null> {
    // Accounts this transaction creates are not cached: they exist only if it commits.
    const rows = await settleOpen(tx, group, gateCalls, new Map());
    return rows
      ? group.flatMap(({ bet }) => {
          const row = rows.get(bet.id);
          return row ? [row] : [];
        })
      : null;
  }

  /**
   * Bets of distinct players settled in one statement (`repo.settleOpenBets`) with the gate's record
   * and their money, those still open; null when the gate has no batch form for them (nothing
   * happened). `created` gathers the accounts created on the way.
   */
  async function settleOpen(
    executor: Executor,
    outcomes: readonly SettlementOutcome[],
    gateCalls: NonNullable<PlayGate['settleCalls']>,
    created: Map<string, bigint>,
  ): Promise<Map<string, BetRow> | null> {
    const holds: SettledHold[] = [];
    for (const { bet, payout } of outcomes) holds.push(await settlementOf(executor, bet, payout, created));
    const gateCall = gateCalls(
      outcomes.map(({ bet, payout }) => gateContextOf(bet, payout)),
      repo.settlementsOffset,
      repo.settlementsPosted,
    );
    if (!gateCall) return null;
    const ledgerCall = ledger.holdSettlementsCall(
      { ...SETTLEMENT, holds },
      repo.settlementsOffset + gateCall.values.length,
      repo.settlementsPosted,
    );
    return repo.settleOpenBets(
      executor,
      outcomes.map((outcome) => ({ ...outcome, betId: outcome.bet.id })),
      gateCall,
      ledgerCall,
    );
  }

  /** Settles bets one by one in the transaction: post each hold, stake to the house, payout back. */
  async function settleOneByOne(tx: Executor, outcomes: readonly SettlementOutcome[]): Promise<BetRow[]> {
    if (outcomes.length === 0) return [];
    const players = new Map<string, bigint>();
    for (const { bet } of outcomes) {
      const key = `${bet.userId}:${bet.asset}`;
      if (!players.has(key))
        players.set(
          key,
          (await ledger.account(tx, accounts.player(bet.projectId, bet.userId, bet.asset))).id,
        );
    }
    await ledger.lockAccounts(tx, [...players.values()]);
    const settled: BetRow[] = [];
    for (const outcome of outcomes) {
      const { bet } = outcome;
      const row = await repo.settleBet(tx, bet.id, outcome);
      if (!row) continue;
      const escrow = await deps.accounts.escrowIdOf(tx, bet);
      const house = await ledger.systemAccount(tx, {
        projectId: bet.projectId,
        currency: bet.asset,
        kind: 'house',
      });
      const player = players.get(`${bet.userId}:${bet.asset}`)!;
      await ledger.linked(
        tx,
        settlementOperation(settledHold(bet, { escrow, house: house.id, player }, outcome.payout)),
      );
      const gateContext = gateContextOf(bet, outcome.payout);
      // The gate's record of the settlement in one statement when it has one (`responsible_settle`).
      const gateCall = await playGate.settleCall?.(tx, gateContext, 0);
      if (gateCall) await repo.selectCall(tx, { ...gateCall, text: `SELECT ${gateCall.text}` });
      else await playGate.afterSettle(tx, gateContext);
      settled.push(row);
    }
    return settled;
  }

  /** Voids bets in the transaction (a round that could not finish): each stake back to its player. */
  async function voidBets(tx: Executor, bets: readonly BetRow[]): Promise<BetRow[]> {
    const settled: BetRow[] = [];
    for (const bet of bets) {
      const row = await repo.settleBet(tx, bet.id, {
        state: 'voided',
        cashOut: null,
        payout: null,
        cashedAt: null,
      });
      if (!row) continue;
      await ledger.void(tx, voidOperation(bet.id));
      settled.push(row);
    }
    return settled;
  }

  return { settlementOf, settleBets, settleOpen, voidBets };
}

export type RoundSettlement = ReturnType<typeof createRoundSettlement>;

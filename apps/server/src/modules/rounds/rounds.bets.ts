import {
  type Asset,
  ErrorCode,
  type ProjectConfig,
  type RoundBetWire,
  type RoundGame,
} from '@payhub/contracts';
import { accounts, asLedgerError, type Ledger } from '../../ledger/ledger.ts';
import { isInsufficientFunds } from '../../money/ledger-refusal.ts';
import type { PlayGate } from '../../money/play-gate.ts';
import { createBatcher } from '../../platform/batcher.ts';
import { AppError, asError, badParameter } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { walletAssets } from '../wallet/wallet.service.ts';
import type { RoundAccounts } from './rounds.accounts.ts';
import type { RoundsBroadcast } from './rounds.broadcast.ts';
import { HOLD, heldStake, holdOperation } from './rounds.postings.ts';
import type { BetRow, RoundsRepo } from './rounds.repo.ts';
import type { RoundStakes } from './rounds.stakes.ts';
import { maskedPlayer, toBetWire } from './rounds.wire.ts';

/** Beside a running batch of bets, another starts only for this many waiting (as the games' bets). */
const BET_BATCH_OVERLAP_AT = 8;
/** SQLSTATEs of one bet's refusal inside a batch: the ledger's (funds, a taken id) and RB001 (too late, a bet exists). */
const BET_BATCH_REFUSALS: ReadonlySet<string> = new Set(['LD001', 'LD005', 'RB001']);

/** A round bet as the service places it. */
export interface RoundBetInput {
  betId: string;
  game: RoundGame;
  asset: Asset;
  amount: bigint;
  pick: string | null;
  autoCashOut: number | null;
}

/** A round bet on its way to the one-statement path, its accounts known. */
interface QuickRoundBet {
  session: Session;
  input: RoundBetInput;
  player: bigint;
  escrow: bigint;
}

/** A bet placed: its row and its round's period. */
interface Placed {
  bet: BetRow;
  period: string;
}

/** The refusal of a bet that was not placed: a replay of an existing bet answers that bet. */
class NotPlaced extends Error {
  constructor(readonly outcome: { liveRound: bigint | null; takingBets: boolean }) {
    super('bet not placed');
  }
}

function shortOf(asset: Asset): AppError {
  return new AppError(asset === 'YEC' ? ErrorCode.YecInsufficient : ErrorCode.InsufficientBalance);
}

function newBet(session: Session, input: RoundBetInput, escrow: bigint) {
  return {
    id: input.betId,
    projectId: session.projectId,
    game: input.game,
    userId: session.userId,
    playerLabel: maskedPlayer(session.userId),
    asset: input.asset,
    stake: input.amount,
    pick: input.pick,
    autoCashOut: input.autoCashOut,
    escrowAccountId: escrow,
  };
}

function quickHoldContext(item: QuickRoundBet) {
  return {
    userId: item.session.userId,
    projectId: item.session.projectId,
    asset: item.input.asset,
    stake: item.input.amount,
  };
}

/**
 * Round bets (crash and wingo), idempotent by bet id: the stake range checked, then the cut-off,
 * the bet's row and its stake's hold in one statement where the database's time decides — several
 * players' bets in one under load (group commit) — or, when the play gate has checks to run, in a
 * transaction behind them.
 */
export function createRoundBets(deps: {
  repo: RoundsRepo;
  ledger: Ledger;
  playGate: PlayGate;
  accounts: RoundAccounts;
  broadcast: RoundsBroadcast;
  stakes: RoundStakes;
  projectById: (id: number) => ProjectConfig | undefined;
  /** Group commit of round bets (ROUNDS_BET_BATCHES_IN_FLIGHT, ROUNDS_BET_BATCH_MAX). */
  batches: { inFlight: number; maxSize: number };
  onError: (error: unknown, where: string) => void;
}) {
  const { repo, ledger, playGate } = deps;

  function checkAsset(session: Session, asset: Asset): void {
    const project = deps.projectById(session.projectId);
    const held = project ? walletAssets(project) : [];
    if (!held.includes(asset)) throw badParameter(`asset: one of ${held.join(', ')}`);
  }

  /** The stake's hold, player → the player's round escrow, as a call in the bet's statement. */
  function holdCall(
    input: { betId: string; amount: bigint },
    player: bigint,
    escrow: bigint,
    offset: number,
  ) {
    return ledger.linkedCall(holdOperation(input, player, escrow), offset);
  }

  /**
   * A bet of a player with nothing for the play gate to check, in one autocommit statement (the
   * gate's `quickHold`, the cut-off, bet row and stake hold; docs/games.md §5), several players'
   * bets in one under load (`quickBets`). Null when the gate wants its locked path, or when no bet
   * was placed (RB001: nothing changed; the locked path answers why). A ledger refusal is thrown as
   * it is.
   */
  async function placeQuick(session: Session, input: RoundBetInput): Promise<Placed | null> {
    if (!playGate.quickHold) return null;
    const [player, escrow] = await deps.accounts.idsOf([
      accounts.player(session.projectId, session.userId, input.asset),
      deps.accounts.escrowOf(session.projectId, session.userId, input.asset),
    ]);
    return quickBets.submit({ session, input, player: player!, escrow: escrow! });
  }

  /** `placeQuick` of one bet in its own statement: the gate's one-call path, then the bet's. */
  function placeQuickAlone(item: QuickRoundBet): Promise<Placed | null> {
    const { session, input, player, escrow } = item;
    // One connection for the gate's valuation and the statement (no transaction).
    return repo.onConnection(async (connection) => {
      const gateCall = await playGate.quickHold?.(
        connection,
        quickHoldContext(item),
        repo.quickBetGateOffset,
      );
      if (!gateCall) return null;
      try {
        const placed = await repo.quickPlaceBet(
          connection,
          newBet(session, input, escrow),
          gateCall,
          holdCall(input, player, escrow, repo.quickBetGateOffset + gateCall.values.length),
        );
        return placed.gated && placed.bet ? { bet: placed.bet, period: placed.period } : null;
      } catch (error) {
        if ((error as { code?: string }).code === 'RB001') return null;
        throw error;
      }
    });
  }

  /**
   * Bets of several players in one statement (`repo.quickPlaceBets`: the gate's batch form, one
   * ledger call for every hold). A player or bet id named twice leaves its later bets to go alone
   * after it (the gate and the ledger take one stake per player in a batch). When the statement
   * fails — one bet refused or too late, a deadlock with another node — nothing of it happened, and
   * each bet is placed on its own, which answers each its own outcome.
   */
  async function placeQuickBatch(items: readonly QuickRoundBet[]): Promise<Array<Placed | null | Error>> {
    const outcomes: Array<Placed | null | Error | undefined> = items.map(() => undefined);
    const players = new Set<number>();
    const ids = new Set<string>();
    const together: number[] = [];
    for (const [index, item] of items.entries()) {
      if (players.has(item.session.userId) || ids.has(item.input.betId)) continue;
      players.add(item.session.userId);
      ids.add(item.input.betId);
      together.push(index);
    }
    const batch = together.map((index) => items[index]!);
    const gate =
      batch.length > 1 ? playGate.quickHolds?.(batch.map(quickHoldContext), repo.quickBetsGateOffset) : null;
    if (gate) {
      try {
        const placed = await repo.onConnection((connection) =>
          repo.quickPlaceBets(
            connection,
            batch.map((item) => newBet(item.session, item.input, item.escrow)),
            gate,
            (offset, postSql) =>
              ledger.pendingHoldsCall(
                { ...HOLD, holds: batch.map((item) => heldStake(item.input, item.player, item.escrow)) },
                offset,
                postSql,
              ),
          ),
        );
        for (const [position, index] of together.entries()) {
          const row = placed[position]!;
          outcomes[index] = row.bet ? { bet: row.bet, period: row.period } : null;
        }
      } catch (error) {
        // A refusal of one bet (funds, a taken id, too late) is business as usual; anything else (a
        // deadlock with another node, a fault) is logged, since every batch then costs a statement per bet.
        if (!BET_BATCH_REFUSALS.has((error as { code?: string }).code ?? ''))
          deps.onError(error, 'round bet batch');
      }
    }
    // The rest (all of them when the statement failed or did not run) each on its own, after it.
    return Promise.all(
      items.map((item, index) => {
        const known = outcomes[index];
        return known === undefined ? placeQuickAlone(item).catch(asError) : known;
      }),
    );
  }

  /**
   * Group commit of round bets (docs/decisions.md "Rounds: bets placed in batches"): while a
   * statement of bets runs, the bets arriving meanwhile leave together in the next; an idle node
   * places each at once, alone.
   */
  const quickBets = createBatcher<QuickRoundBet, Placed | null>({
    inFlight: deps.batches.inFlight,
    maxSize: deps.batches.maxSize,
    overlapAt: BET_BATCH_OVERLAP_AT,
    run: placeQuickBatch,
  });

  /**
   * A bet, idempotent by bet id: in one statement when the gate has nothing to check
   * (`placeQuick`); otherwise the play gate in a transaction, then the cut-off, bet row and stake
   * hold in one statement (the database's time decides).
   */
  async function placeBet(session: Session, input: RoundBetInput): Promise<RoundBetWire> {
    checkAsset(session, input.asset);
    await deps.stakes.check(session.projectId, input.game, input.asset, input.amount);
    try {
      const placed =
        (await placeQuick(session, input)) ??
        (await deps.accounts.moneyTransaction(async (tx, created) => {
          await playGate.beforeStake(tx, {
            userId: session.userId,
            projectId: session.projectId,
            asset: input.asset,
            stake: input.amount,
            source: 'round',
          });
          const player = await deps.accounts.idOf(
            tx,
            accounts.player(session.projectId, session.userId, input.asset),
            created,
          );
          const escrow = await deps.accounts.idOf(
            tx,
            deps.accounts.escrowOf(session.projectId, session.userId, input.asset),
            created,
          );
          const outcome = await repo.placeBet(
            tx,
            newBet(session, input, escrow),
            holdCall(input, player, escrow, repo.placeBetLedgerOffset),
          );
          // Not placed: roll the gate's records back, then tell why (below).
          if (!outcome.bet) throw new NotPlaced(outcome);
          return { bet: outcome.bet, period: outcome.period };
        }));
      deps.broadcast.queueBets(
        { id: placed.bet.roundId, projectId: placed.bet.projectId, game: placed.bet.game },
        [placed.bet],
      );
      return toBetWire(placed.bet, placed.period);
    } catch (error) {
      const refusal = asLedgerError(error);
      if (!(error instanceof NotPlaced) && !(error instanceof AppError) && !isInsufficientFunds(refusal))
        throw error;
      // A replay of a placed bet answers that bet, whatever the gate or the round says now.
      const existing = await repo.bet(repo.db, input.betId);
      if (existing) {
        if (existing.userId !== session.userId || existing.game !== input.game)
          throw badParameter('betId: already used');
        const periods = await repo.periodsOf(repo.db, [existing.roundId]);
        return toBetWire(existing, periods.get(existing.roundId.toString()) ?? '');
      }
      if (isInsufficientFunds(refusal)) throw shortOf(input.asset);
      if (!(error instanceof NotPlaced)) throw error;
      const { liveRound, takingBets } = error.outcome;
      if (liveRound === null) {
        const chain = await repo.activeChain(repo.db, session.projectId, input.game);
        throw new AppError(
          chain && chain.salt === null ? ErrorCode.RoundNotReady : ErrorCode.RoundBettingClosed,
        );
      }
      if (!takingBets) throw new AppError(ErrorCode.RoundBettingClosed);
      // The round takes bets and the id is new: the player's crash bet of this round exists.
      throw new AppError(ErrorCode.RoundAlreadyBet);
    }
  }

  return { placeBet };
}

import { ErrorCode, type RoundBetState, type RoundBetWire } from '@payhub/contracts';
import { crashManualCashOut, crashPayout } from '@payhub/games';
import type { Ledger } from '../../ledger/ledger.ts';
import type { PlayGate } from '../../money/play-gate.ts';
import { createBatcher } from '../../platform/batcher.ts';
import { AppError, asError, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import type { RoundAccounts } from './rounds.accounts.ts';
import type { RoundsBroadcast } from './rounds.broadcast.ts';
import { CRASH_SETTLE_WAIT_MAX_MS, createCashOutsInFlight } from './rounds.cash-outs-in-flight.ts';
import { settlementOperation } from './rounds.postings.ts';
import type { BetRow, Executor, RoundRow, RoundsRepo } from './rounds.repo.ts';
import { gateContextOf, type RoundSettlement } from './rounds.settlement.ts';
import { toBetWire } from './rounds.wire.ts';

/** A manual cash-out as it arrived: `arrivedAt` is this node's `performance.now()` at its arrival. */
interface CashOutRequest {
  session: Session;
  betId: string;
  arrivedAt: number;
}

interface CashedOut {
  settled: BetRow;
  round: RoundRow;
}

/** Beside a running batch of cash-outs, another starts only for this many waiting (as the games' bets). */
const CASH_OUT_BATCH_OVERLAP_AT = 8;
/** A node's cash-outs of a project back at zero this long are announced as settled (rounds flap). */
const CASH_OUTS_IDLE_MS = 200;
/** While a node's cash-outs keep coming, "in flight" is said again at most this often. */
const CASH_OUTS_HEARTBEAT_MS = 1_000;

/**
 * The time of receipt of a request that waited `waitedMs` in this node before the read whose
 * database time is `readAt`. Only the node's own monotonic clock measures the wait (no clock is
 * compared with the database's), and the read's one-way trip is not subtracted, so the receipt is
 * never earlier than the request's arrival.
 */
function receiptOf(readAt: Date, waitedMs: number): Date {
  return new Date(readAt.getTime() - Math.max(0, Math.floor(waitedMs)));
}

/**
 * The refusal of a cash-out whose bet is no longer open: a bet the bust settled was lost to it, so
 * the player was too late (10031) whenever the request came; "already settled" (10034) is for a bet
 * cashed out or voided before.
 */
function settledRefusal(state: RoundBetState | undefined): AppError {
  return new AppError(state === 'lost' ? ErrorCode.RoundCashOutTooLate : ErrorCode.RoundBetSettled);
}

/**
 * What a manual cash-out of `seen` (the bet and its round as read), received at `receivedAt`,
 * settles at: the curve's value then (an auto cash-out the curve already passed pays its target,
 * as if the clock had settled it first), or the refusal thrown.
 */
function cashOutTerms(
  seen: { bet: BetRow; round: RoundRow },
  session: Session,
  receivedAt: Date,
  growthPerMs: number,
): { bet: BetRow; round: RoundRow; cents: number; payout: bigint; receivedAt: Date } {
  if (seen.bet.userId !== session.userId || seen.bet.game !== 'crash') throw notFound();
  const { bet, round } = seen;
  if (bet.state !== 'open') throw settledRefusal(bet.state);
  if (round.state === 'betting' || !round.startedAt || receivedAt < round.startedAt)
    throw new AppError(ErrorCode.RoundBettingClosed, 'not running yet');
  if (round.state !== 'running') throw new AppError(ErrorCode.RoundCashOutTooLate);
  const elapsed = Math.floor(receivedAt.getTime() - round.startedAt.getTime());
  const verdict = crashManualCashOut(round.result, elapsed, growthPerMs);
  if (verdict.kind === 'refused') throw new AppError(ErrorCode.RoundCashOutTooLate);
  const cents = bet.autoCashOut !== null ? Math.min(verdict.cents, bet.autoCashOut) : verdict.cents;
  return { bet, round, cents, payout: crashPayout(bet.stake, cents), receivedAt };
}

/**
 * Crash's manual cash-outs: each at the curve's value at its time of receipt, refused at or after
 * the bust instant, paid at most once; settled in batches under load (group commit), and counted
 * while in flight so that the clock holds a round's end for those received before its bust.
 */
export function createRoundCashOuts(deps: {
  repo: RoundsRepo;
  ledger: Ledger;
  playGate: PlayGate;
  crashGrowthPerMs: number;
  accounts: RoundAccounts;
  settlement: RoundSettlement;
  broadcast: RoundsBroadcast;
  /** Group commit of manual cash-outs (ROUNDS_CASH_OUT_BATCHES_IN_FLIGHT, ROUNDS_CASH_OUT_BATCH_MAX). */
  batches: { inFlight: number; maxSize: number };
  /** Tells the other nodes whether this node has crash cash-outs of the project settling (the bus). */
  announceCashOuts?: ((projectId: number, inFlight: boolean) => void) | undefined;
  onError: (error: unknown, where: string) => void;
}) {
  const { repo, ledger, playGate } = deps;

  /**
   * One manual cash-out on `executor`. `created` null: the quick path on a bare connection — null
   * when the play gate has no one-statement record of the settlement (nothing happened; the caller
   * runs the locked path). Otherwise `executor` is a transaction: the round is read FOR SHARE (as
   * the clock locks it: round, then bet) and the gate's `afterSettle` runs in it when needed.
   * `waitedMs`: how long the request had waited in this node (event loop, pool) when the read was
   * sent; the time of receipt is the read's database `now()` less that wait.
   */
  async function cashOutOn(
    executor: Executor,
    session: Session,
    betId: string,
    created: Map<string, bigint> | null,
    waitedMs: number,
  ): Promise<CashedOut | null> {
    const ids = created ?? new Map<string, bigint>();
    const seen = await repo.betForCashOut(executor, betId, created !== null);
    if (!seen) throw notFound();
    const { bet, round, cents, payout, receivedAt } = cashOutTerms(
      seen,
      session,
      receiptOf(seen.receivedAt, waitedMs),
      deps.crashGrowthPerMs,
    );
    const hold = await deps.settlement.settlementOf(executor, bet, payout, ids);
    if (created === null) deps.accounts.remember(ids);
    const ledgerCall = ledger.linkedCall(settlementOperation(hold), repo.cashOutLedgerOffset);
    const gateContext = gateContextOf(bet, payout);
    // The play gate's record of the settlement in the same statement when it has one.
    const gateCall =
      (await playGate.settleCall?.(
        executor,
        gateContext,
        repo.cashOutLedgerOffset + ledgerCall.values.length,
      )) ?? null;
    if (!gateCall && created === null) return null;
    // The bet's row settles only while open (never twice) and its money moves in the same statement.
    const settled = await repo.cashOutBet(
      executor,
      { betId, cashOut: cents, payout, cashedAt: receivedAt },
      ledgerCall,
      gateCall,
    );
    // Open when read, settled before this statement ran (the bust, or another cash-out of it).
    if (!settled) throw settledRefusal((await repo.bet(executor, betId))?.state);
    if (!gateCall) await playGate.afterSettle(executor, gateContext);
    return { settled, round };
  }

  /**
   * The cash-out in a transaction. Its read follows the BEGIN, so the wait is taken before the
   * transaction (the pool's wait not counted): the receipt is never earlier than the arrival.
   */
  function lockedCashOut(session: Session, betId: string, waitedMs: number) {
    return deps.accounts.moneyTransaction((tx, created) => cashOutOn(tx, session, betId, created, waitedMs));
  }

  /** A manual cash-out on its own: the quick path when the play gate allows it, else locked. */
  async function settleCashOut({ session, betId, arrivedAt }: CashOutRequest): Promise<CashedOut> {
    // A gate without settleCall never takes the quick path: no read to throw away first.
    const quick = playGate.settleCall
      ? await repo.onConnection((connection) =>
          cashOutOn(connection, session, betId, null, performance.now() - arrivedAt),
        )
      : null;
    const outcome = quick ?? (await lockedCashOut(session, betId, performance.now() - arrivedAt));
    if (!outcome) throw new Error('a locked cash-out always settles or refuses');
    return outcome;
  }

  function settleEach(items: readonly CashOutRequest[]): Promise<Array<CashedOut | Error>> {
    return Promise.all(items.map((item) => settleCashOut(item).catch(asError)));
  }

  /**
   * Cash-outs of several players in two statements on one connection, no transaction (as one
   * cash-out's quick path): the bets read with the database's time (each one's receipt is that time
   * less its own wait in this node), then `repo.settleOpenBets` settles the open ones with the gate's
   * record and their money. Null for an item to settle on its own (the same bet twice in the batch,
   * or a gate with no batch form for these players).
   */
  async function settleTogether(
    connection: Executor,
    items: readonly CashOutRequest[],
  ): Promise<Array<CashedOut | Error | null>> {
    const outcomes: Array<CashedOut | Error | null> = items.map(() => null);
    const sentAt = performance.now();
    const { found, receivedAt } = await repo.betsForCashOut(connection, [
      ...new Set(items.map((item) => item.betId)),
    ]);
    const taken = new Set<string>();
    const terms: Array<ReturnType<typeof cashOutTerms> & { index: number }> = [];
    for (const [index, item] of items.entries()) {
      if (taken.has(item.betId)) continue;
      taken.add(item.betId);
      const seen = found.get(item.betId);
      try {
        if (!seen) throw notFound();
        terms.push({
          index,
          ...cashOutTerms(
            seen,
            item.session,
            receiptOf(receivedAt, sentAt - item.arrivedAt),
            deps.crashGrowthPerMs,
          ),
        });
      } catch (error) {
        outcomes[index] = asError(error);
      }
    }
    const gateCalls = playGate.settleCalls?.bind(playGate);
    if (terms.length === 0 || !gateCalls) return outcomes;
    // Accounts created here (outside any transaction) exist at once: cached at once.
    const ids = new Map<string, bigint>();
    const settled = await deps.settlement.settleOpen(
      connection,
      terms.map((term) => ({
        bet: term.bet,
        state: 'won' as const,
        cashOut: term.cents,
        payout: term.payout,
        cashedAt: term.receivedAt,
      })),
      gateCalls,
      ids,
    );
    deps.accounts.remember(ids);
    if (!settled) return outcomes;
    // Bets open when read but settled before the statement ran (the bust, or another cash-out of
    // the same bet): read again together, once, to say which.
    const missed = terms.filter((term) => !settled.has(term.bet.id)).map((term) => term.bet.id);
    const current = missed.length > 0 ? (await repo.betsForCashOut(connection, missed)).found : null;
    for (const term of terms) {
      const row = settled.get(term.bet.id);
      outcomes[term.index] = row
        ? { settled: row, round: term.round }
        : settledRefusal(current?.get(term.bet.id)?.bet.state);
    }
    return outcomes;
  }

  /**
   * A batch of cash-outs (`cashOuts`): together when there are several, else (and when the batch's
   * statement fails: nothing of it happened) each on its own path, which says which was refused.
   */
  async function settleBatch(items: readonly CashOutRequest[]): Promise<Array<CashedOut | Error>> {
    if (items.length === 1 || !playGate.settleCalls) return settleEach(items);
    let together: Array<CashedOut | Error | null>;
    try {
      together = await repo.onConnection((connection) => settleTogether(connection, items));
    } catch (error) {
      deps.onError(error, 'cash-out batch');
      return settleEach(items);
    }
    const alone = items.filter((_, index) => together[index] === null);
    const answers = await settleEach(alone);
    return together.map((outcome) => outcome ?? answers.shift()!);
  }

  /**
   * Group commit of manual cash-outs (docs/decisions.md "Rounds: cash-outs settled in batches"):
   * while a batch is being settled, the cash-outs arriving meanwhile leave together in the next; an
   * idle node settles each at once, alone.
   */
  const cashOuts = createBatcher<CashOutRequest, CashedOut>({
    inFlight: deps.batches.inFlight,
    maxSize: deps.batches.maxSize,
    overlapAt: CASH_OUT_BATCH_OVERLAP_AT,
    run: settleBatch,
  });

  /** Each player's manual cash-out of a bet while it settles on this node, by `userId:betId`. */
  const cashOutsSettling = new Map<string, Promise<CashedOut>>();

  /** The cash-outs still settling here and, as other nodes announce them, elsewhere. */
  const inFlight = createCashOutsInFlight({
    announce: (projectId, busy) => deps.announceCashOuts?.(projectId, busy),
    idleMs: CASH_OUTS_IDLE_MS,
    heartbeatMs: CASH_OUTS_HEARTBEAT_MS,
    staleMs: CRASH_SETTLE_WAIT_MAX_MS,
  });

  /**
   * A manual cash-out at the curve's value at its time of receipt, refused at or after the bust
   * instant; it pays at most once (the settling statement changes only an open bet). `arrivedAt`
   * is this node's `performance.now()` when the request arrived (the route's): the receipt is the
   * database's `now()` at the read less the time the request waited in the node before it, so a
   * busy node's queue does not turn a cash-out made in time into a late one (docs/games.md §5).
   * Without a transaction when the play gate records the settlement in that statement: the read
   * (its `now()` less the wait is the receipt), the gate's valuation, then the one autocommit statement —
   * every round trip is a turn of a busy node's event loop, and a transaction held open across
   * them held a pooled connection and the round's lock for each (docs/games.md §5).
   */
  async function crashCashOut(
    session: Session,
    betId: string,
    arrivedAt: number = performance.now(),
  ): Promise<RoundBetWire> {
    const done = inFlight.add(session.projectId, arrivedAt);
    const key = `${session.userId}:${betId}`;
    try {
      const earlier = cashOutsSettling.get(key);
      if (earlier) {
        // The player's cash-out of this bet is settling here already: this one repeats it and is
        // answered by its outcome — its refusal, or "already settled" once it paid. Raced against
        // it, the repeat could read the bet still open and, arriving after the bust, be told "too
        // late" about a bet the first one paid.
        await earlier;
        throw new AppError(ErrorCode.RoundBetSettled);
      }
      const settling = cashOuts.submit({ session, betId, arrivedAt });
      cashOutsSettling.set(key, settling);
      try {
        const outcome = await settling;
        deps.broadcast.queueBets(outcome.round, [outcome.settled]);
        return toBetWire(outcome.settled, outcome.round.period);
      } finally {
        cashOutsSettling.delete(key);
      }
    } finally {
      done();
    }
  }

  return { crashCashOut, inFlight };
}

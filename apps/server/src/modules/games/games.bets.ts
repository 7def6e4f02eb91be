import { isDeepStrictEqual } from 'node:util';
import {
  type Asset,
  type BetWire,
  ErrorCode,
  formatAmount,
  type GameIdWire,
  type GameMoveInput,
  type GameParamsInput,
  GamesRealtimeRoute,
  tryParseAmount,
} from '@payhub/contracts';
import { payoutOf, type RouletteBet } from '@payhub/games';
import {
  accounts,
  asLedgerError,
  type Ledger,
  type LedgerAccount,
  type Posting,
  type SettledStake,
} from '../../ledger/ledger.ts';
import { isInsufficientFunds } from '../../money/ledger-refusal.ts';
import type { PlayGate, SqlCall } from '../../money/play-gate.ts';
import { createBatcher } from '../../platform/batcher.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, asError, badParameter, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { afterCommit, createOutbox, type Outbox, type OutboxLog } from '../../platform/outbox.ts';
import type { GamesConfig } from './games.config.ts';
import {
  bestPayout,
  capState,
  cashOutPlay,
  checkParams,
  movePlay,
  type PlayParams,
  PlayRefusal,
  type PlayState,
  type PlayStep,
  startPlay,
} from './games.play.ts';
import {
  BET_REFERENCE_TYPE,
  type BetAccountIds,
  betLedgerIds,
  GAME_CODES,
  heldSettlementPostings,
  openingHoldPosting,
  settledPostings,
} from './games.postings.ts';
import type { BetRow, ConfigRow, Executor, GamesRepo } from './games.repo.ts';
import type { CachedPair, SeedPairs } from './games.seeds.ts';
import { decodeJson, encodeJson } from './games.state.ts';
import { betWire, feedWire } from './games.wire.ts';

/** What the games module pushes after a commit (the realtime gateway's queued pushes). */
export interface GamesPushes {
  notifyUser(userId: number, route: string, payload: unknown): void;
  broadcast(route: string, payload: unknown, scope?: { projectId?: number }): void;
}

/** Draws of one bet when other nodes keep taking the pair's nonce first. */
const PAIR_ATTEMPTS = 8;
/** SQLSTATEs of one bet's refusal inside a batch: the ledger's, the pair's, the bet id's. */
const BATCH_REFUSALS: ReadonlySet<string> = new Set(['LD001', 'LD005', 'GM001', 'GM002']);
/** Bets waiting before a second statement of bets starts beside a running one. */
const BET_BATCH_OVERLAP_AT = 8;

class BetExists extends Error {}
/** The cached seed pair moved on: draw the bet again. */
class StalePair extends Error {}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const record = current as { code?: string; constraint?: string; cause?: unknown };
    if (record.code === '23505' && record.constraint === constraint) return true;
    current = record.cause;
  }
  return false;
}

function refusalError(refusal: PlayRefusal): AppError {
  switch (refusal.kind) {
    case 'bad_params':
      return badParameter(refusal.message);
    case 'not_open':
      return new AppError(ErrorCode.GameFinished);
    case 'nothing_to_cash_out':
      return new AppError(ErrorCode.NothingToCashOut);
    default:
      return new AppError(ErrorCode.MoveNotAllowed, refusal.message);
  }
}

/** Reads a stake (or chip) in its asset's scale: more digits than the asset has, or zero, is 702. */
function stakeOf(text: string, asset: Asset): bigint {
  const value = tryParseAmount(text, asset);
  if (value === null || value <= 0n)
    throw new AppError(ErrorCode.WrongBetAmount, `stake: a positive ${asset} amount`);
  return value;
}

/** The parameters with roulette chips read in the bet's asset; the slip must add up to the stake. */
function playParamsOf(params: GameParamsInput, asset: Asset, stake: bigint): PlayParams {
  if (params.game !== 'roulette') return params as PlayParams;
  const bets: RouletteBet[] = params.bets.map((chip) => ({
    kind: chip.kind,
    numbers: [...(chip.numbers ?? [])],
    amount: stakeOf(chip.amount, asset),
  }));
  const total = bets.reduce((sum, bet) => sum + bet.amount, 0n);
  if (total !== stake) throw badParameter('stake: must equal the sum of the roulette chips');
  return { game: 'roulette', bets };
}

/** Caps a step at the config's max payout: a multi-step game reaching it cashes out there. */
function capped(step: PlayStep, stake: bigint, maxPayout: bigint): PlayStep {
  if (step.settled) return step.payout > maxPayout ? { ...step, payout: maxPayout } : step;
  if (step.multiplierBp > 0n && payoutOf(stake, step.multiplierBp) >= maxPayout)
    return {
      state: capState(step.state),
      settled: true,
      multiplierBp: step.multiplierBp,
      payout: maxPayout,
    };
  return step;
}

function statusOf(step: PlayStep): 'open' | 'won' | 'lost' {
  if (!step.settled) return 'open';
  return step.payout > 0n ? 'won' : 'lost';
}

/** The bet row as placed (what the answer and the pushes show). */
function placedRow(
  session: Session,
  body: { id: string; asset: Asset },
  input: { game: GameIdWire; stake: bigint; encodedParams: string; pair: CachedPair },
  step: PlayStep,
  encodedState: string,
  now: Date,
): BetRow {
  return {
    id: body.id,
    seq: 0n,
    projectId: session.projectId,
    playerId: session.userId,
    game: input.game,
    asset: body.asset,
    stake: input.stake,
    payout: step.payout,
    multiplierBp: step.settled && step.payout === 0n ? 0n : step.multiplierBp,
    status: statusOf(step),
    seedPairId: input.pair.pairId,
    nonce: input.pair.nonce,
    clientSeed: input.pair.clientSeed,
    params: decodeJson(input.encodedParams),
    state: decodeJson(encodedState),
    createdAt: now,
    settledAt: step.settled ? now : null,
    serverSeedHash: input.pair.serverSeedHash,
    serverSeed: null,
  };
}

/**
 * The row to insert for a bet as placed (`placedRow`), its params and state encoded; the repo reads
 * only the bet's own columns from it.
 */
function newBet(row: BetRow, params: string, state: string): Parameters<GamesRepo['quickBet']>[0]['bet'] {
  return { ...row, params, state };
}

/** A bet that settles at once, ready for its one statement: its row, its gate and its money. */
interface QuickBet {
  pairId: bigint;
  nonce: number;
  clientSeed: string;
  bet: Parameters<GamesRepo['quickBet']>[0]['bet'];
  /** The play gate's expression, parameters from `$offset + 1` (null: the locked path). */
  gate: (offset: number) => SqlCall | null;
  /** What the play gate is asked about. */
  context: Parameters<NonNullable<PlayGate['quickStake']>>[0];
  money: SettledStake;
}

/**
 * In-house bets from their placing to their settlement (docs/games.md §5): a bet drawn from the
 * player's cached seed pair and the next nonce, settled at once in one statement where the play
 * gate allows it (several players' bets in one under load), else in a transaction behind the gate;
 * a multi-step game's moves and cash-out, each in a transaction on the bet's row.
 */
export function createGameBets(deps: {
  repo: GamesRepo;
  ledger: Ledger;
  clock: Clock;
  /** Responsible play: called in the bet's transaction before the stake is held and at settlement. */
  gate: PlayGate;
  config: GamesConfig;
  seeds: SeedPairs;
  /** The pushes of a transaction's outbox (the realtime gateway's); null: no realtime. */
  pushesVia: ((outbox: Outbox) => GamesPushes) | null;
  log: OutboxLog;
  /** Group commit of the bets that settle at once (GAMES_BET_BATCHES_IN_FLIGHT, GAMES_BET_BATCH_MAX). */
  batches: { inFlight: number; maxSize: number };
}) {
  const { repo, ledger, clock, gate } = deps;
  const accountCache = new Map<string, LedgerAccount>();

  /**
   * A ledger account by address: from this process's cache, or looked up/created in the caller's
   * transaction and remembered only once that transaction commits (`remember`).
   */
  async function accountOf(
    tx: Executor,
    spec: ReturnType<typeof accounts.player>,
    remember: Map<string, LedgerAccount>,
  ): Promise<LedgerAccount> {
    const cached = accountCache.get(spec.address);
    if (cached) return cached;
    const account = await ledger.account(tx, spec);
    remember.set(spec.address, account);
    return account;
  }

  function escrowSpec(projectId: number, playerId: number, asset: Asset) {
    // One escrow per player and asset: bets of different players never queue on one account row.
    return accounts.gameEscrow(projectId, `inhouse:${playerId}:${asset}`, asset);
  }

  /** The accounts of a bet: the player's wallet, the player's game escrow, the house. */
  async function betAccounts(
    tx: Executor,
    bet: { projectId: number; playerId: number; asset: Asset },
    remember: Map<string, LedgerAccount>,
  ): Promise<BetAccountIds> {
    const player = await accountOf(tx, accounts.player(bet.projectId, bet.playerId, bet.asset), remember);
    const escrow = await accountOf(tx, escrowSpec(bet.projectId, bet.playerId, bet.asset), remember);
    const house = await ledger.systemAccount(tx, {
      projectId: bet.projectId,
      currency: bet.asset,
      kind: 'house',
    });
    return { player: player.id, escrow: escrow.id, house: house.id };
  }

  /** Runs a transaction with an outbox; accounts it created are cached after the commit. */
  async function inTransaction<T>(
    action: (tx: Executor, pushes: GamesPushes | null, remember: Map<string, LedgerAccount>) => Promise<T>,
  ): Promise<T> {
    const remember = new Map<string, LedgerAccount>();
    const result = await afterCommit(
      { transaction: repo.betTransaction },
      (tx, outbox) => {
        remember.clear();
        return action(tx, deps.pushesVia ? deps.pushesVia(outbox) : null, remember);
      },
      deps.log,
    );
    for (const [address, account] of remember) accountCache.set(address, account);
    return result;
  }

  /** Pushes a settled bet (its wire form: the answer's, built once) to the player and the feed. */
  function pushSettled(pushes: GamesPushes | null, row: BetRow, wire: BetWire): BetWire {
    if (!pushes) return wire;
    pushes.notifyUser(row.playerId, GamesRealtimeRoute.bet, wire);
    pushes.broadcast(GamesRealtimeRoute.feed, feedWire(row), { projectId: row.projectId });
    return wire;
  }

  /** A settlement inside the bet's transaction: one linked post of stake and payout, then the gate. */
  async function settle(
    tx: Executor,
    bet: { id: string; projectId: number; playerId: number; asset: Asset; stake: bigint },
    payout: bigint,
    remember: Map<string, LedgerAccount>,
  ): Promise<void> {
    const ids = await betAccounts(tx, bet, remember);
    await ledger.linked(tx, {
      id: betLedgerIds(bet.id).settle,
      code: GAME_CODES.operation,
      reference: { type: BET_REFERENCE_TYPE, id: bet.id },
      postings: heldSettlementPostings(bet.id, ids, bet.stake, payout),
    });
    await gate.afterSettle(tx, {
      userId: bet.playerId,
      projectId: bet.projectId,
      asset: bet.asset,
      stake: bet.stake,
      payout,
    });
  }

  async function existingBet(
    session: Session,
    id: string,
    input: { game: GameIdWire; asset: Asset; stake: bigint; params: PlayParams },
  ) {
    const row = await repo.bet(repo.db, id, session.userId);
    if (
      !row ||
      row.projectId !== session.projectId ||
      row.game !== input.game ||
      row.asset !== input.asset ||
      row.stake !== input.stake ||
      !isDeepStrictEqual(decodeJson(row.params), decodeJson(encodeJson(input.params)))
    )
      throw new AppError(ErrorCode.BetIdConflict);
    return betWire(row);
  }

  async function moveOrCashOut(
    session: Session,
    betId: string,
    play: (state: PlayState, stake: bigint) => PlayStep,
  ): Promise<BetWire> {
    try {
      return await inTransaction(async (tx, pushes, remember) => {
        const row = await repo.bet(tx, betId, session.userId, true);
        if (!row || row.projectId !== session.projectId) throw notFound('bet');
        if (row.status !== 'open') throw new AppError(ErrorCode.GameFinished);
        const config = (await deps.config.configsOf(row.projectId)).find(
          (candidate) => candidate.game === row.game && candidate.asset === row.asset,
        );
        const step0 = play(decodeJson<PlayState>(row.state), row.stake);
        const step = config ? capped(step0, row.stake, config.maxPayout) : step0;
        const now = clock.now();
        const status = statusOf(step);
        if (step.settled) await settle(tx, row, step.payout, remember);
        await repo.updateBet(tx, row.id, {
          state: encodeJson(step.state),
          status,
          payout: step.payout,
          multiplierBp: step.settled && step.payout === 0n ? 0n : step.multiplierBp,
          settledAt: step.settled ? now : null,
        });
        const updated: BetRow = {
          ...row,
          state: decodeJson(encodeJson(step.state)),
          status,
          payout: step.payout,
          multiplierBp: step.settled && step.payout === 0n ? 0n : step.multiplierBp,
          settledAt: step.settled ? now : null,
        };
        const wire = betWire(updated);
        return step.settled ? pushSettled(pushes, updated, wire) : wire;
      });
    } catch (error) {
      if (error instanceof PlayRefusal) throw refusalError(error);
      throw error;
    }
  }

  const queues = new Map<number, Promise<unknown>>();

  /** Runs a player's tasks one after another on this node. */
  function serialized<T>(key: number, task: () => Promise<T>): Promise<T> {
    const previous = queues.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    queues.set(key, tail);
    void tail.then(() => {
      if (queues.get(key) === tail) queues.delete(key);
    });
    return run;
  }

  /** One bet in its own statement: whether the gate took it; StalePair, BetExists or the ledger's refusal. */
  async function placeQuickAlone(item: QuickBet): Promise<boolean> {
    const gateCall = item.gate(repo.quickBetOffset);
    if (!gateCall) return false;
    const { money } = item;
    try {
      const placed = await repo.quickBet({
        pairId: item.pairId,
        nonce: item.nonce,
        clientSeed: item.clientSeed,
        bet: item.bet,
        gate: gateCall,
        ledgerCall: ledger.linkedCall(
          {
            id: money.id,
            code: GAME_CODES.operation,
            reference: { type: BET_REFERENCE_TYPE, id: money.referenceId },
            postings: settledPostings(
              item.bet.id,
              { player: money.userAccountId, house: money.systemAccountId },
              money.stake,
              money.payout,
            ),
          },
          repo.quickBetOffset + gateCall.values.length,
        ),
      });
      return placed.gated;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'GM001') throw new StalePair();
      if (code === 'GM002') throw new BetExists();
      throw error;
    }
  }

  /**
   * The play gate's answers for a batch (an SQL boolean[]): its own batch form when it has one, else
   * each bet's one-call expression (a bet without one answers false: the locked path).
   */
  function gatesOf(items: readonly QuickBet[], offset: number): SqlCall {
    const together = gate.quickStakes?.(
      items.map((item) => item.context),
      offset,
    );
    if (together) return together;
    const values: unknown[] = [];
    const texts = items.map((item) => {
      const call = item.gate(offset + values.length);
      if (!call) return 'false';
      values.push(...call.values);
      return call.text;
    });
    return { text: `ARRAY[${texts.join(', ')}]::boolean[]`, values };
  }

  /**
   * Bets of several players in one statement (`repo.quickBets`, one ledger call for all). When it
   * fails — one of them refused, a deadlock with another node — nothing of it happened, and each bet
   * is placed on its own, which answers each its own outcome.
   */
  async function placeQuickBatch(items: readonly QuickBet[]): Promise<Array<boolean | Error>> {
    if (items.length > 1) {
      try {
        return await repo.quickBets(
          items,
          (offset) => gatesOf(items, offset),
          (offset, postSql) =>
            ledger.stakesCall(
              {
                code: GAME_CODES.operation,
                referenceType: BET_REFERENCE_TYPE,
                stakeCode: GAME_CODES.stake,
                payoutCode: GAME_CODES.payout,
                stakes: items.map((item) => item.money),
              },
              offset,
              postSql,
            ),
        );
      } catch (error) {
        // A refusal of one bet is business as usual; anything else (a deadlock with another node, a
        // fault) is logged, since every batch then costs one statement per bet.
        if (!BATCH_REFUSALS.has((error as { code?: string }).code ?? ''))
          deps.log(error, 'a batch of bets failed');
      }
    }
    return Promise.all(items.map((item) => placeQuickAlone(item).catch(asError)));
  }

  /**
   * Group commit of the bets that settle at once: while a statement of bets runs, the bets
   * arriving meanwhile (one per player: a player's bets on this node run one after another) leave
   * together in the next. Idle, a bet leaves at once, alone, in the one-bet statement.
   */
  const quickBets = createBatcher<QuickBet, boolean>({
    inFlight: deps.batches.inFlight,
    maxSize: deps.batches.maxSize,
    // Beside a running statement, another only for a batch worth it (measured: docs/decisions.md).
    overlapAt: BET_BATCH_OVERLAP_AT,
    run: placeQuickBatch,
  });

  /**
   * A bet that settles at once, in one autocommit statement (one round trip, several players' bets
   * in it under load: `quickBets`): the gate's one-call path, nonce, bet row and money
   * (docs/games.md "One round trip"). Null when the gate has something to check (nothing happened):
   * the caller runs the locked path. The pushes leave after the answer, off the bet's path.
   */
  async function placeQuick(
    session: Session,
    body: { id: string; asset: Asset },
    input: { game: GameIdWire; stake: bigint; encodedParams: string; pair: CachedPair },
    step: PlayStep,
  ): Promise<BetWire | null> {
    const { stake, pair } = input;
    if (!gate.quickStake) return null;
    const context = { userId: session.userId, projectId: session.projectId, asset: body.asset };
    const gateContext = { ...context, stake, payout: step.payout };
    // A gate with a batch form answers in the statement (false: the locked path); else ask it first.
    if (!gate.quickStakes && !gate.quickStake(gateContext, 0)) return null;
    const remember = new Map<string, LedgerAccount>();
    const ids = await betAccounts(
      repo.db,
      { projectId: session.projectId, playerId: session.userId, asset: body.asset },
      remember,
    );
    // Created outside any transaction (idempotent by address): cached at once.
    for (const [address, account] of remember) accountCache.set(address, account);
    const now = clock.now();
    const encodedState = encodeJson(step.state);
    const row = placedRow(session, body, input, step, encodedState, now);
    const ledgerIds = betLedgerIds(body.id);
    const gated = await quickBets.submit({
      pairId: pair.pairId,
      nonce: pair.nonce,
      clientSeed: pair.clientSeed,
      bet: newBet(row, input.encodedParams, encodedState),
      gate: (offset) => gate.quickStake?.(gateContext, offset) ?? null,
      context: gateContext,
      money: {
        id: ledgerIds.settle,
        referenceId: body.id,
        stakeId: ledgerIds.stake,
        payoutId: ledgerIds.payout,
        userAccountId: ids.player,
        systemAccountId: ids.house,
        stake,
        payout: step.payout,
      },
    });
    if (!gated) return null;
    const wire = betWire(row);
    if (deps.pushesVia) {
      const outbox = createOutbox(deps.log);
      pushSettled(deps.pushesVia(outbox), row, wire);
      void outbox.flush();
    }
    return wire;
  }

  /**
   * One attempt at a bet: a bet that settles at once goes in one statement when the gate allows it
   * (`placeQuick`); otherwise, in a transaction, the gate, then nonce, bet row and money in one
   * statement, then the gate's settlement record.
   */
  async function placeOnce(
    session: Session,
    body: { id: string; asset: Asset },
    input: {
      game: GameIdWire;
      stake: bigint;
      params: PlayParams;
      encodedParams: string;
      config: ConfigRow;
      pair: CachedPair;
    },
  ): Promise<BetWire> {
    const { stake, params, config, pair } = input;
    const seed = { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce };
    const step = capped(startPlay(seed, params, stake, config), stake, config.maxPayout);
    if (step.settled) {
      const quick = await placeQuick(session, body, input, step);
      if (quick) return quick;
    }
    return inTransaction(async (tx, pushes, remember) => {
      const context = { userId: session.userId, projectId: session.projectId, asset: body.asset };
      await gate.beforeStake(tx, { ...context, stake, source: 'game' });
      const now = clock.now();
      const encodedState = encodeJson(step.state);
      const row = placedRow(session, body, input, step, encodedState, now);
      const ids = await betAccounts(
        tx,
        { projectId: session.projectId, playerId: session.userId, asset: body.asset },
        remember,
      );
      const ledgerIds = betLedgerIds(body.id);
      // A single-step bet has nothing open: its stake goes to the house and its payout comes back in
      // one linked operation. A multi-step game holds its stake into the player's game escrow until
      // cash-out or loss.
      const postings: Posting[] = step.settled
        ? settledPostings(body.id, ids, stake, step.payout)
        : [openingHoldPosting(body.id, ids, stake)];
      const ledgerCall = ledger.linkedCall(
        {
          id: step.settled ? ledgerIds.settle : ledgerIds.open,
          code: GAME_CODES.operation,
          reference: { type: BET_REFERENCE_TYPE, id: body.id },
          postings,
        },
        repo.ledgerCallOffset,
      );
      const placed = await repo.placeBet(tx, {
        pairId: pair.pairId,
        nonce: pair.nonce,
        clientSeed: pair.clientSeed,
        bet: newBet(row, input.encodedParams, encodedState),
        ledgerCall,
      });
      if (!placed.took) throw new StalePair();
      if (!placed.inserted) throw new BetExists();
      if (step.settled) await gate.afterSettle(tx, { ...context, stake, payout: step.payout });
      const wire = betWire(row);
      return step.settled ? pushSettled(pushes, row, wire) : wire;
    });
  }

  return {
    async bet(
      session: Session,
      body: { id: string; asset: Asset; stake: string; params: GameParamsInput },
    ): Promise<BetWire> {
      const game = body.params.game;
      const config = await deps.config.configOf(session.projectId, game, body.asset);
      const stake = stakeOf(body.stake, body.asset);
      if (stake < config.minBet || stake > config.maxBet)
        throw new AppError(
          ErrorCode.WrongBetAmount,
          `stake: ${formatAmount(config.minBet, body.asset)} to ${formatAmount(config.maxBet, body.asset)}`,
        );
      const params = playParamsOf(body.params, body.asset, stake);
      try {
        checkParams(params);
      } catch (error) {
        if (error instanceof PlayRefusal) throw refusalError(error);
        throw error;
      }
      const best = bestPayout(params, stake);
      if (best !== null && best > config.maxPayout)
        throw new AppError(
          ErrorCode.BetOverLimit,
          `payout: at most ${formatAmount(config.maxPayout, body.asset)}`,
        );
      const encodedParams = encodeJson(params);
      // A player's bets on this node run one after another (they queue on the pair's row anyway), so
      // the cached pair's nonce is exact; another node's bet or a rotation makes the compare-and-set
      // take nothing, and the bet is drawn again from the pair as the database has it.
      return serialized(session.userId, async () => {
        for (let attempt = 0; attempt < PAIR_ATTEMPTS; attempt += 1) {
          const pair = await deps.seeds.cachedPair(session);
          try {
            const wire = await placeOnce(session, body, { game, stake, params, encodedParams, config, pair });
            pair.nonce += 1;
            return wire;
          } catch (error) {
            if (error instanceof StalePair) {
              deps.seeds.forget(session.userId);
              continue;
            }
            if (error instanceof BetExists)
              return existingBet(session, body.id, { game, asset: body.asset, stake, params });
            const ledgerError = asLedgerError(error);
            if (isInsufficientFunds(ledgerError)) throw new AppError(ErrorCode.GameInsufficientBalance);
            if (isUniqueViolation(error, 'game_bets_one_open'))
              throw new AppError(ErrorCode.GameAlreadyOpen, game);
            if (isUniqueViolation(error, 'game_bets_pkey'))
              return existingBet(session, body.id, { game, asset: body.asset, stake, params });
            if (error instanceof PlayRefusal) throw refusalError(error);
            throw error;
          }
        }
        throw new AppError(ErrorCode.TryAgain, 'seed pair changed during the bet');
      });
    },

    move: (session: Session, betId: string, move: GameMoveInput) =>
      moveOrCashOut(session, betId, (state, stake) => movePlay(state, move, stake)),

    cashOut: (session: Session, betId: string) => moveOrCashOut(session, betId, cashOutPlay),
  };
}

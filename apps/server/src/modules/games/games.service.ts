import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  type Asset,
  type BetWire,
  ErrorCode,
  type FeedBetWire,
  formatAmount,
  GAME_EDGE_BOUNDS,
  GAME_IDS,
  GAMES_FEED_SIZE,
  type GameConfigWire,
  type GameIdWire,
  type GameInfoWire,
  type GameMoveInput,
  type GameParamsInput,
  GamesRealtimeRoute,
  type ProjectConfig,
  type RevealedSeedPairWire,
  type SeedPairWire,
  tryParseAmount,
} from '@payhub/contracts';
import { commitServerSeed, GAMES, type GameId, payoutOf, type RouletteBet } from '@payhub/games';
import {
  accounts,
  asLedgerError,
  type Ledger,
  type LedgerAccount,
  type Posting,
  type SettledStake,
  settledHoldPostings,
} from '../../ledger/ledger.ts';
import { isInsufficientFunds } from '../../money/ledger-refusal.ts';
import type { PlayGate, SqlCall } from '../../money/play-gate.ts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import { createBatcher } from '../../platform/batcher.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, asError, badParameter, noPermission, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { afterCommit, createOutbox, type Outbox, type OutboxLog } from '../../platform/outbox.ts';
import { createProjectCache } from '../../platform/project-cache.ts';
import {
  bestPayout,
  capState,
  cashOutPlay,
  checkParams,
  movePlay,
  outcomeView,
  type PlayParams,
  PlayRefusal,
  type PlayState,
  type PlayStep,
  paramsView,
  startPlay,
} from './games.play.ts';
import type { BetRow, ConfigRow, Executor, GamesRepo, SeedPairRow } from './games.repo.ts';
import { decodeJson, encodeJson } from './games.state.ts';

// The contracts' list and the rules' list are one list (a compile error here means they drifted).
const sameGames: Record<GameId, true> & Record<GameIdWire, true> = {
  dice: true,
  coinflip: true,
  roulette: true,
  mines: true,
  hilo: true,
  roller: true,
  'fruit-bomb': true,
};
void sameGames;

/** What the games module pushes after a commit (the realtime gateway's queued pushes). */
export interface GamesPushes {
  notifyUser(userId: number, route: string, payload: unknown): void;
  broadcast(route: string, payload: unknown, scope?: { projectId?: number }): void;
}

/** The realtime gateway as far as the games use it. */
export interface GamesRealtime {
  pushesVia(outbox: Outbox): GamesPushes;
  onStream(
    route: string,
    opener: (connection: { session: Session | null }) => Promise<readonly unknown[]>,
  ): void;
}

export interface GamesDeps {
  repo: GamesRepo;
  ledger: Ledger;
  clock: Clock;
  /** Responsible play: called in the bet's transaction before the stake is held and at settlement. */
  gate: PlayGate;
  realtime: GamesRealtime | null;
  projectById: (id: number) => ProjectConfig | undefined;
  /** The project's default game asset (wallet settings). */
  gameAsset: (session: Session) => Promise<Asset>;
  log: OutboxLog;
  /** Group commit of the bets that settle at once (GAMES_BET_BATCHES_IN_FLIGHT, GAMES_BET_BATCH_MAX). */
  batches: { inFlight: number; maxSize: number };
  /** The nodes' bus: a game's settings saved on one node evict every node's copy. Absent: one node. */
  bus?: Bus;
}

/** Ledger transfer codes of a bet; the wallet's history shows `bet` and `bet_payout` (as win). */
export const GAME_CODES = {
  operation: 'game_bet',
  stake: 'bet',
  toHouse: 'bet_stake',
  payout: 'bet_payout',
} as const;

/** The reference every transfer of a bet carries: the wallet's history links its rows to the bet. */
export const BET_REFERENCE_TYPE = 'game_bet';

/** Ledger ids of a bet (the games invariant reads them). */
export const betLedgerIds = (betId: string) => ({
  open: `gb:${betId}:open`,
  stake: `gb:${betId}:stake`,
  hold: `gb:${betId}:hold`,
  settle: `gb:${betId}:settle`,
  post: `gb:${betId}:post`,
  toHouse: `gb:${betId}:house`,
  payout: `gb:${betId}:payout`,
});

const MULTI_STEP: ReadonlySet<GameIdWire> = new Set(['mines', 'hilo', 'fruit-bomb']);
/** How long a node bets against its copy of a project's game settings if a change's bus message is lost. */
const CONFIG_TTL_MS = 5_000;
/** Bus channel on which the node that saved a project's game settings tells every node (message: project id). */
export const GAMES_CONFIG_CHANNEL = 'games.config';
/** Draws of one bet when other nodes keep taking the pair's nonce first. */
const PAIR_ATTEMPTS = 8;
const REVEALED_SHOWN = 10;
/** SQLSTATEs of one bet's refusal inside a batch: the ledger's, the pair's, the bet id's. */
const BATCH_REFUSALS: ReadonlySet<string> = new Set(['LD001', 'LD005', 'GM001', 'GM002']);
/** Bets waiting before a second statement of bets starts beside a running one. */
const BET_BATCH_OVERLAP_AT = 8;

class BetExists extends Error {}
/** The cached seed pair moved on: draw the bet again. */
class StalePair extends Error {}

function newSeed(): { serverSeed: string; serverSeedHash: string; clientSeed: string } {
  const serverSeed = randomBytes(32).toString('hex');
  return {
    serverSeed,
    serverSeedHash: commitServerSeed(serverSeed),
    clientSeed: randomBytes(8).toString('hex'),
  };
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const record = current as { code?: string; constraint?: string; cause?: unknown };
    if (record.code === '23505' && record.constraint === constraint) return true;
    current = record.cause;
  }
  return false;
}

function pairWire(pair: SeedPairRow, next: SeedPairRow): SeedPairWire {
  return {
    serverSeedHash: pair.serverSeedHash,
    nextServerSeedHash: next.serverSeedHash,
    clientSeed: pair.clientSeed,
    nonce: pair.nonce,
    bets: pair.nonce,
    createdAt: pair.createdAt.toISOString(),
  };
}

function revealedWire(pair: SeedPairRow): RevealedSeedPairWire {
  return {
    serverSeed: pair.serverSeed,
    serverSeedHash: pair.serverSeedHash,
    clientSeed: pair.clientSeed,
    bets: pair.nonce,
    createdAt: pair.createdAt.toISOString(),
    revealedAt: (pair.revealedAt ?? pair.createdAt).toISOString(),
  };
}

/** A player as the feed names them: never the phone or the whole id. */
function maskPlayer(playerId: number): string {
  const text = String(playerId);
  return `P•••${text.slice(-2).padStart(2, '0')}`;
}

function configWire(row: ConfigRow): GameConfigWire {
  return {
    game: row.game,
    asset: row.asset,
    enabled: row.enabled,
    minBet: formatAmount(row.minBet, row.asset),
    maxBet: formatAmount(row.maxBet, row.asset),
    maxPayout: formatAmount(row.maxPayout, row.asset),
    edgeBp: row.edgeBp,
  };
}

function returnBpOf(game: GameIdWire, config: ConfigRow | undefined): number {
  if (game === 'mines') return 10_000 - (config?.edgeBp ?? GAME_EDGE_BOUNDS.mines.default);
  if (game === 'fruit-bomb') return 10_000 - (config?.edgeBp ?? GAME_EDGE_BOUNDS['fruit-bomb'].default);
  return GAMES[game].returnBp;
}

export function betWire(row: BetRow): BetWire {
  const params = decodeJson<PlayParams>(row.params);
  const state = decodeJson<PlayState>(row.state);
  const open = row.status === 'open';
  return {
    id: row.id,
    game: row.game,
    asset: row.asset,
    stake: formatAmount(row.stake, row.asset),
    payout: formatAmount(row.payout, row.asset),
    multiplierBp: row.multiplierBp.toString(),
    status: row.status,
    serverSeedHash: row.serverSeedHash,
    clientSeed: row.clientSeed,
    nonce: row.nonce,
    serverSeed: row.serverSeed,
    params: paramsView(params, row.asset),
    outcome: outcomeView(state, open, row.asset),
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

function feedWire(row: BetRow): FeedBetWire {
  return {
    id: row.id,
    game: row.game,
    asset: row.asset,
    player: maskPlayer(row.playerId),
    stake: formatAmount(row.stake, row.asset),
    payout: formatAmount(row.payout, row.asset),
    multiplierBp: row.multiplierBp.toString(),
    status: row.status,
    settledAt: (row.settledAt ?? row.createdAt).toISOString(),
  };
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

export function createGamesService(deps: GamesDeps) {
  const { repo, ledger, clock, gate } = deps;
  const accountCache = new Map<string, LedgerAccount>();
  /** A project's game settings as its bets see them (platform/project-cache.ts). */
  const configs = createProjectCache({
    read: (projectId) => repo.configs(repo.db, projectId),
    ttlMs: CONFIG_TTL_MS,
    ...(deps.bus ? { bus: { bus: deps.bus, channel: GAMES_CONFIG_CHANNEL } } : {}),
    log: deps.log,
  });
  const configsOf = (projectId: number): Promise<ConfigRow[]> => configs.get(projectId);

  async function configOf(projectId: number, game: GameIdWire, asset: Asset): Promise<ConfigRow> {
    const config = (await configsOf(projectId)).find((row) => row.game === game && row.asset === asset);
    if (!config?.enabled) throw new AppError(ErrorCode.GameUnavailable, `${game} in ${asset}`);
    return config;
  }

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

  /** Runs a transaction with an outbox; accounts it created are cached after the commit. */
  async function inTransaction<T>(
    action: (tx: Executor, pushes: GamesPushes | null, remember: Map<string, LedgerAccount>) => Promise<T>,
  ): Promise<T> {
    const remember = new Map<string, LedgerAccount>();
    const result = await afterCommit(
      { transaction: repo.betTransaction },
      (tx, outbox) => {
        remember.clear();
        return action(tx, deps.realtime ? deps.realtime.pushesVia(outbox) : null, remember);
      },
      deps.log,
    );
    for (const [address, account] of remember) accountCache.set(address, account);
    return result;
  }

  async function ensurePairs(executor: Executor, session: Session): Promise<void> {
    await repo.ensurePairs(executor, {
      projectId: session.projectId,
      playerId: session.userId,
      active: newSeed(),
      next: newSeed(),
      at: clock.now(),
    });
  }

  async function livePairs(executor: Executor, session: Session, lock: boolean) {
    let pairs = await repo.livePairs(executor, session.userId, lock);
    if (!pairs.active || !pairs.next) {
      await ensurePairs(executor, session);
      pairs = await repo.livePairs(executor, session.userId, lock);
    }
    if (!pairs.active || !pairs.next) throw new Error('seed pairs missing after creation');
    return { active: pairs.active, next: pairs.next };
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

  /** A held bet's settlement: the hold posted, the stake on to the house, the payout (if any) back. */
  function postingsOfSettlement(
    betId: string,
    ids: { player: bigint; escrow: bigint; house: bigint },
    stake: bigint,
    payout: bigint,
  ): Posting[] {
    const ledgerIds = betLedgerIds(betId);
    return settledHoldPostings(
      {
        pendingId: ledgerIds.hold,
        postId: ledgerIds.post,
        stakeId: ledgerIds.toHouse,
        payoutId: ledgerIds.payout,
        userAccountId: ids.player,
        escrowAccountId: ids.escrow,
        systemAccountId: ids.house,
        stake,
        payout,
      },
      { postCode: GAME_CODES.stake, stakeCode: GAME_CODES.toHouse, payoutCode: GAME_CODES.payout },
    );
  }

  /** The accounts of a bet: the player's wallet, the player's game escrow, the house. */
  async function betAccounts(
    tx: Executor,
    bet: { projectId: number; playerId: number; asset: Asset },
    remember: Map<string, LedgerAccount>,
  ) {
    const player = await accountOf(tx, accounts.player(bet.projectId, bet.playerId, bet.asset), remember);
    const escrow = await accountOf(tx, escrowSpec(bet.projectId, bet.playerId, bet.asset), remember);
    const house = await ledger.systemAccount(tx, {
      projectId: bet.projectId,
      currency: bet.asset,
      kind: 'house',
    });
    return { player: player.id, escrow: escrow.id, house: house.id };
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
      postings: postingsOfSettlement(bet.id, ids, bet.stake, payout),
    });
    await gate.afterSettle(tx, {
      userId: bet.playerId,
      projectId: bet.projectId,
      asset: bet.asset,
      stake: bet.stake,
      payout,
    });
  }

  function statusOf(step: PlayStep): 'open' | 'won' | 'lost' {
    if (!step.settled) return 'open';
    return step.payout > 0n ? 'won' : 'lost';
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
        const config = (await configsOf(row.projectId)).find(
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

  function requireAdmin(session: Session): void {
    if (session.staffRole !== 'admin') throw noPermission();
  }

  interface CachedPair {
    pairId: bigint;
    serverSeed: string;
    serverSeedHash: string;
    clientSeed: string;
    nonce: number;
  }
  const seedCache = new Map<number, CachedPair>();
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

  async function cachedPair(session: Session): Promise<CachedPair> {
    const cached = seedCache.get(session.userId);
    if (cached) return cached;
    const { active } = await livePairs(repo.db, session, false);
    const pair: CachedPair = {
      pairId: active.id,
      serverSeed: active.serverSeed,
      serverSeedHash: active.serverSeedHash,
      clientSeed: active.clientSeed,
      nonce: active.nonce,
    };
    seedCache.set(session.userId, pair);
    return pair;
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

  /** The linked operation of a bet that settles at once: stake to the house, payout back. */
  function settledPostings(
    betId: string,
    ids: { player: bigint; house: bigint },
    stake: bigint,
    payout: bigint,
  ): Posting[] {
    const ledgerIds = betLedgerIds(betId);
    const postings: Posting[] = [
      {
        id: ledgerIds.stake,
        kind: 'single',
        debitAccountId: ids.player,
        creditAccountId: ids.house,
        amount: stake,
        code: GAME_CODES.stake,
      },
    ];
    if (payout > 0n)
      postings.push({
        id: ledgerIds.payout,
        kind: 'single',
        debitAccountId: ids.house,
        creditAccountId: ids.player,
        amount: payout,
        code: GAME_CODES.payout,
      });
    return postings;
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
    if (deps.realtime) {
      const outbox = createOutbox(deps.log);
      pushSettled(deps.realtime.pushesVia(outbox), row, wire);
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
        : [
            {
              id: ledgerIds.hold,
              kind: 'pending',
              debitAccountId: ids.player,
              creditAccountId: ids.escrow,
              amount: stake,
              code: GAME_CODES.stake,
            },
          ];
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

  const service = {
    async lobby(session: Session): Promise<{ gameAsset: Asset; assets: Asset[]; games: GameInfoWire[] }> {
      const configs = await configsOf(session.projectId);
      const assets = [...new Set(configs.map((row) => row.asset))];
      return {
        gameAsset: await deps.gameAsset(session),
        assets,
        games: GAME_IDS.map((game) => {
          const own = configs.filter((row) => row.game === game);
          return {
            game,
            multiStep: game === 'coinflip' ? true : MULTI_STEP.has(game),
            returnBp: returnBpOf(game, own[0]),
            configs: own.map(configWire),
          };
        }),
      };
    },

    async seeds(session: Session): Promise<{ active: SeedPairWire; revealed: RevealedSeedPairWire[] }> {
      const { active, next } = await livePairs(repo.db, session, false);
      const revealed = await repo.revealedPairs(repo.db, session.userId, REVEALED_SHOWN);
      return { active: pairWire(active, next), revealed: revealed.map(revealedWire) };
    },

    async setClientSeed(session: Session, clientSeed: string): Promise<SeedPairWire> {
      await ensurePairs(repo.db, session);
      return repo
        .transaction(async (tx) => {
          const { active, next } = await livePairs(tx, session, true);
          if (await repo.hasOpenBet(tx, session.userId)) throw new AppError(ErrorCode.GameAlreadyOpen);
          await repo.setClientSeed(tx, active.id, clientSeed);
          return pairWire({ ...active, clientSeed }, next);
        })
        .finally(() => seedCache.delete(session.userId));
    },

    async rotateSeed(
      session: Session,
      clientSeed: string | undefined,
    ): Promise<{ revealed: RevealedSeedPairWire; active: SeedPairWire }> {
      await ensurePairs(repo.db, session);
      return repo
        .transaction(async (tx) => {
          const { active, next } = await livePairs(tx, session, true);
          // Rotating reveals the server seed: never while a game it drew is still open.
          if (await repo.hasOpenBet(tx, session.userId)) throw new AppError(ErrorCode.GameAlreadyOpen);
          const at = clock.now();
          const newNext = newSeed();
          const chosen = clientSeed ?? active.clientSeed;
          await repo.rotate(tx, {
            activeId: active.id,
            nextId: next.id,
            clientSeed: chosen,
            newNext,
            projectId: session.projectId,
            playerId: session.userId,
            at,
          });
          return {
            revealed: revealedWire({ ...active, status: 'revealed', revealedAt: at }),
            active: {
              serverSeedHash: next.serverSeedHash,
              nextServerSeedHash: newNext.serverSeedHash,
              clientSeed: chosen,
              nonce: 0,
              bets: 0,
              createdAt: at.toISOString(),
            },
          };
        })
        .finally(() => seedCache.delete(session.userId));
    },

    async bet(
      session: Session,
      body: { id: string; asset: Asset; stake: string; params: GameParamsInput },
    ): Promise<BetWire> {
      const game = body.params.game;
      const config = await configOf(session.projectId, game, body.asset);
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
          const pair = await cachedPair(session);
          try {
            const wire = await placeOnce(session, body, { game, stake, params, encodedParams, config, pair });
            pair.nonce += 1;
            return wire;
          } catch (error) {
            if (error instanceof StalePair) {
              seedCache.delete(session.userId);
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

    async open(session: Session, game: GameIdWire): Promise<{ bet: BetWire | null }> {
      const row = await repo.openBet(repo.db, session.userId, game);
      return { bet: row && row.projectId === session.projectId ? betWire(row) : null };
    },

    async myBets(
      session: Session,
      query: { game?: GameIdWire | undefined; cursor?: string | undefined; count: number },
    ): Promise<{ items: BetWire[]; nextCursor: string | null }> {
      const rows = await repo.bets(repo.db, {
        playerId: session.userId,
        game: query.game,
        before: query.cursor === undefined ? undefined : BigInt(query.cursor),
        limit: query.count + 1,
      });
      const page = rows.filter((row) => row.projectId === session.projectId).slice(0, query.count);
      return {
        items: page.map(betWire),
        nextCursor: rows.length > query.count ? (page.at(-1)?.seq.toString() ?? null) : null,
      };
    },

    async betDetail(session: Session, betId: string): Promise<BetWire> {
      const row = await repo.bet(repo.db, betId, session.userId);
      if (!row || row.projectId !== session.projectId) throw notFound('bet');
      return betWire(row);
    },

    async feed(session: Session, game: GameIdWire | undefined): Promise<{ items: FeedBetWire[] }> {
      const rows = await repo.feed(repo.db, session.projectId, game, GAMES_FEED_SIZE);
      return { items: rows.map(feedWire) };
    },

    /** Settled bets per local day, game and asset of a project (the console's GGR report reads this). */
    dailyTotals: (query: { projectId: number; timeZone: string; from: string; to: string }) =>
      deps.repo.dailyTotals(deps.repo.db, query),

    async config(session: Session): Promise<{ items: GameConfigWire[] }> {
      requireAdmin(session);
      return { items: (await repo.configs(repo.db, session.projectId)).map(configWire) };
    },

    async updateConfig(
      session: Session,
      input: {
        game: GameIdWire;
        asset: Asset;
        enabled: boolean;
        minBet: string;
        maxBet: string;
        maxPayout: string;
        edgeBp: number | null;
      },
      ip: string | null,
    ): Promise<GameConfigWire> {
      requireAdmin(session);
      const local = deps.projectById(session.projectId)?.currency;
      // Games are played in the project's own currency or in YEC (spec §1 Reading B).
      if (input.asset !== local && input.asset !== 'YEC') throw badParameter(`asset: ${local} or YEC`);
      const amount = (field: string, text: string) => {
        const value = tryParseAmount(text, input.asset);
        if (value === null || value <= 0n) throw badParameter(`${field}: a positive ${input.asset} amount`);
        return value;
      };
      const row: ConfigRow = {
        projectId: session.projectId,
        game: input.game,
        asset: input.asset,
        enabled: input.enabled,
        minBet: amount('minBet', input.minBet),
        maxBet: amount('maxBet', input.maxBet),
        maxPayout: amount('maxPayout', input.maxPayout),
        edgeBp: input.edgeBp,
      };
      if (row.maxBet < row.minBet) throw badParameter('maxBet: at least minBet');
      if (row.maxPayout < row.maxBet) throw badParameter('maxPayout: at least maxBet');
      if (input.game === 'mines' || input.game === 'fruit-bomb') {
        const bounds = GAME_EDGE_BOUNDS[input.game];
        if (input.edgeBp === null || input.edgeBp < bounds.min || input.edgeBp > bounds.max)
          throw badParameter(`edgeBp: ${bounds.min} to ${bounds.max}`);
      } else if (input.edgeBp !== null) throw badParameter(`edgeBp: ${input.game} has a fixed edge (null)`);
      await repo.transaction(async (tx) => {
        await repo.saveConfig(tx, row, clock.now());
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'games.config',
          objectType: 'game_config',
          objectId: `${input.game}:${input.asset}`,
          after: { ...input },
          ip,
        });
      });
      await configs.changed(session.projectId);
      return configWire(row);
    },

    /** Settled wager per player and asset in [from, to) (read by the rewards module's rebate job). */
    wagerTotals: (projectId: number, from: Date, to: Date) =>
      deps.repo.wagerTotals(deps.repo.db, projectId, from, to),

    /** Stops listening for other nodes' settings changes. */
    close: () => configs.close(),

    /** The live feed's stream: a new subscriber first receives the project's latest settled bets. */
    attach(): void {
      deps.realtime?.onStream(GamesRealtimeRoute.feed, async (connection) =>
        connection.session ? (await service.feed(connection.session, undefined)).items : [],
      );
    },
  };
  return service;
}
export type GamesService = ReturnType<typeof createGamesService>;

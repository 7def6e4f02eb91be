import { randomBytes } from 'node:crypto';
import {
  type Asset,
  ErrorCode,
  formatAmount,
  NO_BETS_TALLY,
  type ProjectConfig,
  RECENT_ROUNDS,
  ROUND_DEV_SALT_SOURCE,
  ROUND_GAMES,
  type RoundBetChange,
  type RoundBetState,
  type RoundBetWire,
  type RoundEvent,
  type RoundFairness,
  type RoundGame,
  type RoundStateResponse,
  type RoundTally,
  type RoundWire,
  type WingoGame,
} from '@payhub/contracts';
import {
  CRASH_MAX_PAYOUT_CENTS,
  chainCheckpoints,
  chainIndexOfRound,
  crashAutoSettlement,
  crashElapsedFor,
  crashManualCashOut,
  crashMultiplierAt,
  crashPayout,
  crashPointCents,
  parseWingoPick,
  wingoMultiplierBp,
  wingoNumber,
} from '@payhub/games';
import { nativeChainStep, nativeRoundHashFrom } from '@payhub/games/node';
import {
  accounts,
  asLedgerError,
  type Ledger,
  type LinkedTransferRequest,
  type PendingHold,
  pendingHoldPostings,
  type SettledHold,
  settledHoldPostings,
} from '../../ledger/ledger.ts';
import { isInsufficientFunds } from '../../money/ledger-refusal.ts';
import type { PlayGate } from '../../money/play-gate.ts';
import { createBatcher } from '../../platform/batcher.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import { AppError, asError, badParameter, noPermission, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { walletAssets } from '../wallet/wallet.service.ts';
import { broadcastRank, framed, type QueuedChange } from './rounds.broadcast.ts';
import { type CashOutsInFlightMessage, createCashOutsInFlight } from './rounds.cash-outs-in-flight.ts';
import type { BetRow, BetSettlement, ChainRow, Executor, RoundRow, RoundsRepo } from './rounds.repo.ts';
import { createRoundStakes, DEFAULT_ROUND_MAX_STAKE, DEFAULT_ROUND_MIN_STAKE } from './rounds.stakes.ts';

/** Timings and sizes of the round games (config ROUNDS_*; small in tests, docs/games.md §5). */
export interface RoundsSettings {
  chainLength: number;
  checkpointEvery: number;
  tickMs: number;
  /**
   * How often a running crash round's `tick` is broadcast (the clock turns every `tickMs` for the
   * bust and auto cash-outs). The player app draws the curve from the round's start and its clock
   * offset, so the tick only corrects that offset: at 5,000 sockets each broadcast is 5,000 writes.
   */
  tickBroadcastMs: number;
  /**
   * How long a round's bet changes (placed, cashed out, settled) gather before they leave as one
   * `bets` event: every event is one frame to every socket of the project, so at 5,000 sockets the
   * batch, not the bet, is the cost.
   */
  betsFlushMs: number;
  /**
   * At most this many changes in one `bets` event (ranked by `broadcastRank`); the rest are not
   * broadcast. A round of 2,000 bettors would otherwise send every socket ~6,000 changes; a player's
   * own bet reaches them in their answers and in their bets (the app reads them at the round's end).
   */
  betsPerFrame: number;
  crashBettingMs: number;
  crashGrowthPerMs: number;
  /** How long after the bust instant the clock settles the round (in-flight cash-outs finish first). */
  crashSettleGraceMs: number;
  /** Round length of each wingo mode, ms (30 000, 60 000, 120 000 in production). */
  wingoDurationsMs: Record<WingoGame, number>;
  /** Betting closes this long before the draw. */
  wingoCloseMs: number;
  /** Outside production a chain's salt is derived at once (never in production: an admin fixes it). */
  devSalt: boolean;
  /** A live round whose end passed longer ago than this is voided and its stakes returned. */
  voidAfterMs: number;
  /**
   * The stake range of one round bet per asset, minor units, for a project whose console set none
   * (ROUNDS_MIN_STAKE, ROUNDS_MAX_STAKE): crash pays up to 200× the largest, wingo 9.5×, so it
   * bounds what one bet can cost the house; the smallest keeps dust bets out of the ledger.
   */
  minStake: Record<Asset, bigint>;
  maxStake: Record<Asset, bigint>;
}

export const PRODUCTION_ROUNDS_SETTINGS: RoundsSettings = {
  chainLength: 1_000_000,
  checkpointEvery: 1_000,
  tickMs: 100,
  tickBroadcastMs: 500,
  betsFlushMs: 500,
  betsPerFrame: 10,
  crashBettingMs: 6_000,
  crashGrowthPerMs: 0.000_06,
  crashSettleGraceMs: 300,
  wingoDurationsMs: { wingo30: 30_000, wingo60: 60_000, wingo120: 120_000 },
  wingoCloseMs: 5_000,
  devSalt: false,
  voidAfterMs: 10 * 60_000,
  minStake: DEFAULT_ROUND_MIN_STAKE,
  maxStake: DEFAULT_ROUND_MAX_STAKE,
};

export interface RoundsDeps {
  /** Players' bets, cash-outs and reads (the main pool). */
  repo: RoundsRepo;
  /**
   * The round clock's statements (ticks, opening, starting and settling rounds) on a pool of their
   * own, so that they never queue behind players' requests (docs/games.md §5). Absent: `repo`.
   */
  clockRepo?: RoundsRepo;
  ledger: Ledger;
  playGate: PlayGate;
  settings: RoundsSettings;
  projects: () => ProjectConfig[];
  projectById: (id: number) => ProjectConfig | undefined;
  /** Sends a round event to every subscriber of the project on every node (the bus). */
  publish: (projectId: number, event: RoundEvent) => Promise<void>;
  /**
   * Tells the other nodes whether this node has crash cash-outs of the project settling (the bus),
   * so that the clock's node, wherever it is, holds a round's end for them. Absent: one node.
   */
  announceCashOuts?: (projectId: number, inFlight: boolean) => void;
  /** The nodes' bus: a stake range saved on one node evicts every node's copy. Absent: one node. */
  bus?: Bus;
  onError: (error: unknown, where: string) => void;
  /** Group commit of manual cash-outs (ROUNDS_CASH_OUT_BATCHES_IN_FLIGHT, ROUNDS_CASH_OUT_BATCH_MAX). */
  cashOutBatches: { inFlight: number; maxSize: number };
  /** Group commit of round bets (ROUNDS_BET_BATCHES_IN_FLIGHT, ROUNDS_BET_BATCH_MAX). */
  betBatches: { inFlight: number; maxSize: number };
}

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
/** Beside a running batch of bets, another starts only for this many waiting (as the games' bets). */
const BET_BATCH_OVERLAP_AT = 8;
/** SQLSTATEs of one bet's refusal inside a batch: the ledger's (funds, a taken id) and RB001 (too late, a bet exists). */
const BET_BATCH_REFUSALS: ReadonlySet<string> = new Set(['LD001', 'LD005', 'RB001']);

/** A round bet as the service places it. */
interface RoundBetInput {
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

const WINGO_MODE_CODE: Record<WingoGame, string> = { wingo30: '1', wingo60: '2', wingo120: '3' };
const SETTLE_BATCH = 100;
/**
 * The longest a crash round's end waits past its grace for cash-outs this node received before the
 * bust and is still settling (a queue in a busy node); past it the round ends regardless.
 */
const CRASH_SETTLE_WAIT_MAX_MS = 5_000;
/** A node's cash-outs of a project back at zero this long are announced as settled (rounds flap). */
const CASH_OUTS_IDLE_MS = 200;
/** While a node's cash-outs keep coming, "in flight" is said again at most this often. */
const CASH_OUTS_HEARTBEAT_MS = 1_000;
/** About this many chain hashes are computed between two yields to the event loop. */
const CHAIN_YIELD_EVERY = 5_000;
/** A chain found without its salt is read again after this long: its first round opens that much after the salt is fixed on another node. */
const SALT_RECHECK_MS = 5_000;

/** Posting codes (history maps them to game play). */
export const ROUND_CODES = { bet: 'round_bet', settle: 'round_settle', void: 'round_void' } as const;
/** The reference type of a round bet's ledger operations. */
const ROUND_BET_REFERENCE = 'round_bet';
/** A bet's stake held in the ledger: one linked operation of one pending posting, both the bet's code. */
const HOLD = { code: ROUND_CODES.bet, referenceType: ROUND_BET_REFERENCE, pendingCode: ROUND_CODES.bet };
/** The pending posting that holds a round bet's stake (its settlement posts it, its void voids it). */
const holdPostingId = (betId: string) => `round-bet:${betId}`;

/** A bet's stake held from the player's wallet for their round escrow: the one-bet and the batch path alike. */
function heldStake(input: { betId: string; amount: bigint }, player: bigint, escrow: bigint): PendingHold {
  return {
    id: `round-bet-hold:${input.betId}`,
    referenceId: input.betId,
    pendingId: holdPostingId(input.betId),
    userAccountId: player,
    escrowAccountId: escrow,
    amount: input.amount,
  };
}

/** A bet's settlement in the ledger: its hold posted (as the bet's code), stake and payout as the settlement's. */
const SETTLEMENT = {
  code: ROUND_CODES.settle,
  referenceType: ROUND_BET_REFERENCE,
  postCode: ROUND_CODES.bet,
  stakeCode: ROUND_CODES.settle,
  payoutCode: ROUND_CODES.settle,
} as const;

function isWingo(game: RoundGame): game is WingoGame {
  return game !== 'crash';
}

function maskedPlayer(userId: number): string {
  const text = String(userId);
  return `***${text.slice(-3)}`;
}

function shortOf(asset: Asset): AppError {
  return new AppError(asset === 'YEC' ? ErrorCode.YecInsufficient : ErrorCode.InsufficientBalance);
}

export function createRoundsService(deps: RoundsDeps) {
  const { repo, ledger, settings } = deps;
  const clockRepo = deps.clockRepo ?? repo;

  /**
   * A player's round escrow of an asset: each player's own, so that bets and settlements of different
   * players never queue on one guarded account row (docs/payments.md "Round games").
   */
  function escrowOf(projectId: number, userId: number, asset: Asset) {
    return accounts.gameEscrow(projectId, `rounds-${projectId}-${asset}-p${userId}`, asset);
  }

  /** The escrow a bet's hold credited: its own (0740 on), or the game's shared one of earlier bets. */
  async function escrowIdOf(
    tx: Executor,
    bet: BetRow,
    remember: Map<string, bigint> = new Map(),
  ): Promise<bigint> {
    if (bet.escrowAccountId !== null) return bet.escrowAccountId;
    const shared = accounts.gameEscrow(
      bet.projectId,
      `rounds-${bet.projectId}-${bet.game}-${bet.asset}`,
      bet.asset,
    );
    return accountIdOf(tx, shared, remember);
  }

  function toRoundWire(row: RoundRow, now: Date): RoundWire {
    const revealed = row.state === 'ended' || row.state === 'voided';
    return {
      id: row.id.toString(),
      game: row.game,
      period: row.period,
      chainId: row.chainId.toString(),
      chainRound: row.chainRound,
      state: row.state,
      serverTime: now.toISOString(),
      bettingEndsAt: row.bettingEndsAt.toISOString(),
      startedAt: row.startedAt?.toISOString() ?? null,
      drawAt: row.drawAt?.toISOString() ?? null,
      endedAt: row.endedAt?.toISOString() ?? null,
      hash: revealed ? row.hash : null,
      result: revealed ? row.result : null,
      growthPerMs: row.game === 'crash' ? settings.crashGrowthPerMs : null,
    };
  }

  function toBetWire(row: BetRow, period: string): RoundBetWire {
    return {
      id: row.id,
      roundId: row.roundId.toString(),
      game: row.game,
      period,
      player: row.playerLabel,
      asset: row.asset,
      stake: formatAmount(row.stake, row.asset),
      pick: row.pick,
      autoCashOut: row.autoCashOut,
      cashOut: row.cashOut,
      payout: row.payout === null ? null : formatAmount(row.payout, row.asset),
      state: row.state,
      createdAt: row.createdAt.toISOString(),
      settledAt: row.settledAt?.toISOString() ?? null,
    };
  }

  function fairnessOf(chain: ChainRow): RoundFairness {
    return {
      chainId: chain.id.toString(),
      game: chain.game,
      chainLength: chain.length,
      terminatingHash: chain.terminatingHash,
      salt: chain.salt,
      saltSource: chain.saltSource,
    };
  }

  async function publish(projectId: number, event: RoundEvent): Promise<void> {
    try {
      await deps.publish(projectId, event);
    } catch (error) {
      deps.onError(error, 'publish');
    }
  }

  // ---- The broadcast: one bets frame per round and flush (not one per bet), ticks as a sync ------

  /**
   * Bet changes this node has not sent yet, per round: each bet once, in its latest state, and when
   * they are due (ms since the epoch, this node's clock).
   */
  const pendingBets = new Map<
    string,
    { projectId: number; game: RoundGame; roundId: string; bets: Map<string, QueuedChange>; due: number }
  >();
  /** When this node last broadcast a running round's tick (database time, ms), per round. */
  const tickSentAt = new Map<string, number>();
  let flushTimer: NodeJS.Timeout | null = null;
  /** When the flush timer fires (ms since the epoch, this node's clock). */
  let flushAt = 0;

  function toBetChange(row: BetRow): RoundBetChange {
    return [
      row.id,
      row.playerLabel,
      row.asset,
      formatAmount(row.stake, row.asset),
      row.state,
      row.cashOut,
      row.payout === null ? null : formatAmount(row.payout, row.asset),
    ];
  }

  /**
   * Queues bets (placed, cashed out, settled) for the round's next `bets` event: it leaves at most
   * `betsFlushMs` after the first of them, or at once before the round's next state change. A round
   * this node ticks sends its changes with the next tick instead (one fan-out pass for both); its
   * timer waits twice as long, only in case the ticks stop. Nothing waits for it: a player's own
   * answer never queues behind the broadcast.
   */
  function queueBets(round: Pick<RoundRow, 'id' | 'projectId' | 'game'>, bets: readonly BetRow[]): void {
    if (bets.length === 0) return;
    const roundId = round.id.toString();
    let batch = pendingBets.get(roundId);
    if (!batch) {
      const wait = tickSentAt.has(roundId) ? 2 * settings.betsFlushMs : settings.betsFlushMs;
      batch = {
        projectId: round.projectId,
        game: round.game,
        roundId,
        bets: new Map(),
        due: Date.now() + wait,
      };
      pendingBets.set(roundId, batch);
      armFlushTimer(batch.due);
    }
    for (const bet of bets) batch.bets.set(bet.id, { change: toBetChange(bet), rank: broadcastRank(bet) });
  }

  function armFlushTimer(due: number): void {
    if (flushTimer && flushAt <= due) return;
    if (flushTimer) clearTimeout(flushTimer);
    flushAt = due;
    flushTimer = setTimeout(flushDue, Math.max(0, due - Date.now()));
    flushTimer.unref();
  }

  /** The timer: sends the batches that are due, and waits for the next one. */
  function flushDue(): void {
    flushTimer = null;
    const now = Date.now();
    let next = Number.POSITIVE_INFINITY;
    const due: string[] = [];
    for (const [key, batch] of pendingBets)
      if (batch.due <= now) due.push(key);
      else next = Math.min(next, batch.due);
    void flushBets((key) => due.includes(key));
    if (next !== Number.POSITIVE_INFINITY) armFlushTimer(next);
  }

  /**
   * Each round's flush still reading its tally: a later flush or `round` event of that round waits
   * for it, so a round's events keep their order (an older state of a bet never follows a newer one).
   */
  const flushesInFlight = new Map<string, Promise<void>>();

  /**
   * Sends the queued bets (of the rounds `which` picks, or all) as one `bets` event per round, with
   * the round's tally read first (one statement for all of them). `tallies` given (the clock's turn
   * read them): no read, and the events are published in this turn — the tick path's, so the tick
   * and its bets share one fan-out pass.
   */
  function flushBets(
    which: (roundId: string) => boolean = () => true,
    tallies?: ReadonlyMap<string, RoundTally>,
  ): Promise<void> {
    const batches: Array<NonNullable<ReturnType<typeof pendingBets.get>>> = [];
    for (const [key, batch] of [...pendingBets]) {
      if (!which(key)) continue;
      pendingBets.delete(key);
      batches.push(batch);
    }
    const earlier = [...flushesInFlight].filter(([key]) => which(key)).map(([, flush]) => flush);
    if (batches.length === 0) return Promise.all(earlier).then(() => undefined);
    const send = (known: ReadonlyMap<string, RoundTally> | null) =>
      Promise.all(
        batches.map((batch) => {
          const tally = known?.get(batch.roundId) ?? (known ? NO_BETS_TALLY : undefined);
          return publish(batch.projectId, {
            type: 'bets',
            game: batch.game,
            roundId: batch.roundId,
            bets: framed([...batch.bets.values()], settings.betsPerFrame),
            ...(tally ? { tally } : {}),
          });
        }),
      ).then(() => undefined);
    if (tallies && earlier.length === 0) return send(tallies);
    const flush = (async () => {
      await Promise.all(earlier);
      const read =
        tallies ??
        (await repo
          .tallies(
            repo.db,
            batches.map((batch) => batch.roundId),
          )
          .catch((error: unknown) => {
            // The changes still leave, without a tally (the apps keep the one they have).
            deps.onError(error, 'round tallies');
            return null;
          }));
      await send(read);
    })();
    for (const batch of batches) flushesInFlight.set(batch.roundId, flush);
    return flush.finally(() => {
      for (const batch of batches)
        if (flushesInFlight.get(batch.roundId) === flush) flushesInFlight.delete(batch.roundId);
    });
  }

  /** A round's state change, after the bets queued for it (clients see them in that order). */
  async function publishRound(row: RoundRow, now: Date): Promise<void> {
    const roundId = row.id.toString();
    await flushBets((key) => key === roundId);
    await publish(row.projectId, { type: 'round', round: toRoundWire(row, now) });
  }

  // ---- Chains -------------------------------------------------------------------------------

  /** The game's chain in play, created (secret, checkpoints, terminating hash) when there is none. */
  async function ensureChain(projectId: number, game: RoundGame): Promise<ChainRow> {
    const existing = await repo.activeChain(clockRepo.db, projectId, game);
    if (existing) return existing;
    const secret = randomBytes(32).toString('hex');
    const checkpoints: [number, string][] = [];
    // A 10⁶ chain is ~0.3 s of CPU (nativeChainStep): yield every ~CHAIN_YIELD_EVERY steps (~1.5 ms)
    // so requests on this node are never held up.
    const yieldEvery = Math.max(1, Math.floor(CHAIN_YIELD_EVERY / settings.checkpointEvery));
    for (const checkpoint of chainCheckpoints(
      secret,
      settings.chainLength,
      settings.checkpointEvery,
      nativeChainStep,
    )) {
      checkpoints.push(checkpoint);
      if (checkpoints.length % yieldEvery === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    // The last checkpoint is the chain's end.
    const terminatingHash = checkpoints.at(-1)![1];
    const salt = settings.devSalt ? nativeChainStep(`payhub development salt:${terminatingHash}`) : null;
    const inserted = await clockRepo.transaction((tx) =>
      repo.insertChain(
        tx,
        {
          projectId,
          game,
          length: settings.chainLength,
          secret,
          terminatingHash,
          checkpointEvery: settings.checkpointEvery,
          salt,
          saltSource: salt === null ? null : ROUND_DEV_SALT_SOURCE,
        },
        checkpoints,
      ),
    );
    return inserted ?? (await repo.activeChain(clockRepo.db, projectId, game))!;
  }

  function resultOf(game: RoundGame, hash: string, salt: string): number {
    return game === 'crash' ? crashPointCents(hash, salt) : wingoNumber(hash, salt);
  }

  function wingoPeriod(game: WingoGame, drawAt: Date): string {
    const day = drawAt.toISOString().slice(0, 10).replaceAll('-', '');
    const midnight = Date.UTC(drawAt.getUTCFullYear(), drawAt.getUTCMonth(), drawAt.getUTCDate());
    const sequence = Math.floor((drawAt.getTime() - midnight) / settings.wingoDurationsMs[game]) + 1;
    return `${day}${WINGO_MODE_CODE[game]}${String(sequence).padStart(5, '0')}`;
  }

  /**
   * When each game's chain was last found without its salt (in production until an admin fixes it,
   * on any node), by project and game: the clock reads it again after SALT_RECHECK_MS, not at every
   * turn (ten reads a second of each such chain otherwise). A salt fixed on this node clears it.
   */
  const saltlessAt = new Map<string, number>();

  /** Opens the next round of a game from its chain (the clock node only). */
  async function openRound(projectId: number, game: RoundGame, now: Date): Promise<RoundRow | null> {
    const key = `${projectId}:${game}`;
    const saltless = saltlessAt.get(key);
    if (saltless !== undefined && now.getTime() - saltless < SALT_RECHECK_MS) return null;
    const chain = await ensureChain(projectId, game);
    if (chain.salt === null) {
      saltlessAt.set(key, now.getTime());
      return null;
    }
    saltlessAt.delete(key);
    const round = await clockRepo.transaction(async (tx) => {
      const locked = await repo.activeChain(tx, projectId, game, true);
      if (!locked || locked.salt === null) return null;
      if (await repo.liveRound(tx, projectId, game)) return null;
      const index = chainIndexOfRound(locked.length, locked.nextRound);
      const checkpoint = await repo.checkpointAtOrBefore(tx, locked.id, index);
      const hash = nativeRoundHashFrom(checkpoint, locked.length, locked.nextRound);
      const result = resultOf(game, hash, locked.salt);
      let bettingEndsAt: Date;
      let drawAt: Date | null = null;
      let period: string;
      if (isWingo(game)) {
        const duration = settings.wingoDurationsMs[game];
        let draw = Math.ceil(now.getTime() / duration) * duration;
        while (draw - settings.wingoCloseMs <= now.getTime()) draw += duration;
        drawAt = new Date(draw);
        bettingEndsAt = new Date(draw - settings.wingoCloseMs);
        period = wingoPeriod(game, drawAt);
      } else {
        bettingEndsAt = new Date(now.getTime() + settings.crashBettingMs);
        period = `${locked.id}-${locked.nextRound}`;
      }
      await repo.takeNextRound(tx, locked.id);
      return repo.insertRound(tx, {
        chainId: locked.id,
        projectId,
        game,
        chainRound: locked.nextRound,
        period,
        hash,
        result,
        state: 'betting',
        bettingEndsAt,
        startedAt: null,
        bustAt: null,
        drawAt,
      });
    });
    if (round) await publishRound(round, now);
    return round;
  }

  // ---- Money --------------------------------------------------------------------------------

  /** A bet's settlement: its hold posted, the stake on to the house, the payout (if any) back. */
  function settledHold(
    bet: BetRow,
    ids: { escrow: bigint; house: bigint; player: bigint },
    payout: bigint,
  ): SettledHold {
    return {
      id: `round-settle:${bet.id}`,
      referenceId: bet.id,
      pendingId: holdPostingId(bet.id),
      postId: `${bet.id}:post`,
      stakeId: `${bet.id}:stake`,
      payoutId: `${bet.id}:payout`,
      userAccountId: ids.player,
      escrowAccountId: ids.escrow,
      systemAccountId: ids.house,
      stake: bet.stake,
      payout,
    };
  }

  /** A bet's settlement as the ledger's linked operation. */
  function settlementOperation(hold: SettledHold): LinkedTransferRequest {
    return {
      id: hold.id,
      code: SETTLEMENT.code,
      reference: { type: SETTLEMENT.referenceType, id: hold.referenceId },
      postings: settledHoldPostings(hold, SETTLEMENT),
    };
  }

  /** A bet's outcome as the clock settles it at its round's end (or at the 200× cap). */
  type ClockOutcome = BetSettlement & { bet: BetRow };

  /**
   * The clock's settlement of bets, in its transaction: in groups with each player once (a wingo
   * player may hold several bets of a round; a batch settles distinct accounts), each group in one
   * statement (the cash-outs' `settleOpenBets`, with each bet's outcome); a group whose statement
   * fails is undone to its savepoint and settled bet by bet, which says which bet failed and why.
   */
  async function settleBets(tx: Executor, outcomes: readonly ClockOutcome[]): Promise<BetRow[]> {
    const settled: BetRow[] = [];
    const gateCalls = deps.playGate.settleCalls?.bind(deps.playGate);
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
  function onePerPlayer(outcomes: readonly ClockOutcome[]): ClockOutcome[][] {
    const groups: ClockOutcome[][] = [];
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
    group: readonly ClockOutcome[],
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
    outcomes: readonly ClockOutcome[],
    gateCalls: NonNullable<PlayGate['settleCalls']>,
    created: Map<string, bigint>,
  ): Promise<Map<string, BetRow> | null> {
    const holds: SettledHold[] = [];
    for (const { bet, payout } of outcomes)
      holds.push(await cashOutSettlement(executor, bet, payout, created));
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
  async function settleOneByOne(tx: Executor, outcomes: readonly ClockOutcome[]): Promise<BetRow[]> {
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
      const escrow = { id: await escrowIdOf(tx, bet) };
      const house = await ledger.systemAccount(tx, {
        projectId: bet.projectId,
        currency: bet.asset,
        kind: 'house',
      });
      const player = players.get(`${bet.userId}:${bet.asset}`)!;
      await ledger.linked(
        tx,
        settlementOperation(settledHold(bet, { escrow: escrow.id, house: house.id, player }, outcome.payout)),
      );
      const gateContext = gateContextOf(bet, outcome.payout);
      // The gate's record of the settlement in one statement when it has one (`responsible_settle`).
      const gateCall = await deps.playGate.settleCall?.(tx, gateContext, 0);
      if (gateCall) await repo.selectCall(tx, { ...gateCall, text: `SELECT ${gateCall.text}` });
      else await deps.playGate.afterSettle(tx, gateContext);
      settled.push(row);
    }
    return settled;
  }

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
      await ledger.void(tx, {
        id: `round-void:${bet.id}`,
        pendingId: holdPostingId(bet.id),
        code: ROUND_CODES.void,
        reference: { type: ROUND_BET_REFERENCE, id: bet.id },
      });
      settled.push(row);
    }
    return settled;
  }

  // ---- The clock (runs on the node holding the advisory lock) ----------------------------------

  async function finishRound(round: RoundRow, now: Date, voided: boolean): Promise<void> {
    let ended: RoundRow | null = null;
    for (;;) {
      const batch = await clockRepo.transaction(async (tx) => {
        const locked = await repo.round(tx, round.id, 'update');
        if (!locked || (locked.state !== 'betting' && locked.state !== 'running')) return null;
        const open = await repo.openBets(tx, round.id, SETTLE_BATCH);
        let settled: BetRow[];
        if (voided) settled = await voidBets(tx, open);
        else
          settled = await settleBets(
            tx,
            open.map((bet) => {
              if (locked.game === 'crash') {
                const cents = crashAutoSettlement(locked.result, bet.autoCashOut);
                return cents === null
                  ? { bet, state: 'lost' as const, cashOut: null, payout: 0n, cashedAt: null }
                  : {
                      bet,
                      state: 'won' as const,
                      cashOut: cents,
                      payout: crashPayout(bet.stake, cents),
                      cashedAt: null,
                    };
              }
              const pick = parseWingoPick(bet.pick ?? '');
              const bp = pick ? wingoMultiplierBp(pick, locked.result) : 0n;
              const payout = (bet.stake * bp) / 10_000n;
              return payout > 0n
                ? { bet, state: 'won' as const, cashOut: Number(bp / 100n), payout, cashedAt: null }
                : { bet, state: 'lost' as const, cashOut: null, payout: 0n, cashedAt: null };
            }),
          );
        if (open.length === SETTLE_BATCH) return { settled, done: false, locked };
        const endedAt = locked.game === 'crash' ? (locked.bustAt ?? now) : (locked.drawAt ?? now);
        ended = await repo.endRound(tx, round.id, voided ? 'voided' : 'ended', voided ? now : endedAt);
        tickSentAt.delete(round.id.toString());
        return { settled, done: true, locked };
      });
      if (!batch) return;
      queueBets(batch.locked, batch.settled);
      if (batch.done) break;
    }
    if (ended) await publishRound(ended, now);
  }

  /** Pays the auto cash-outs the running curve has reached (and every bet at the 200× cap). */
  async function settleReachedAutoCashOuts(round: RoundRow, now: Date): Promise<void> {
    if (!round.startedAt || !round.bustAt) return;
    const elapsed = now.getTime() - round.startedAt.getTime();
    const reached = Math.min(
      crashMultiplierAt(
        Math.min(elapsed, round.bustAt.getTime() - round.startedAt.getTime()),
        settings.crashGrowthPerMs,
      ),
      round.result,
    );
    if (reached < 201) return;
    const settled = await clockRepo.transaction(async (tx) => {
      const locked = await repo.round(tx, round.id, 'share');
      if (locked?.state !== 'running') return [];
      const open = await repo.openBets(
        tx,
        round.id,
        SETTLE_BATCH,
        reached >= CRASH_MAX_PAYOUT_CENTS ? undefined : reached,
      );
      return settleBets(
        tx,
        open.flatMap((bet) => {
          const cents = Math.min(bet.autoCashOut ?? CRASH_MAX_PAYOUT_CENTS, CRASH_MAX_PAYOUT_CENTS);
          if (cents > reached) return [];
          return [
            {
              bet,
              state: 'won' as const,
              cashOut: cents,
              payout: crashPayout(bet.stake, cents),
              cashedAt: null,
            },
          ];
        }),
      );
    });
    queueBets(round, settled);
  }

  async function advance(
    round: RoundRow,
    now: Date,
    tallies: ReadonlyMap<string, RoundTally> = new Map(),
  ): Promise<void> {
    const t = now.getTime();
    // A round stranded far past its end (every node down for long) is voided, stakes returned.
    const due =
      round.game === 'crash' ? (round.bustAt ?? round.bettingEndsAt) : (round.drawAt ?? round.bettingEndsAt);
    if (t - due.getTime() > settings.voidAfterMs) {
      await finishRound(round, now, true);
      return;
    }
    if (round.game === 'crash') {
      if (round.state === 'betting' && t >= round.bettingEndsAt.getTime()) {
        // The start is the stored cut-off, not this node's moment: a takeover draws the same curve.
        const startedAt = round.bettingEndsAt;
        const bustAt = new Date(
          startedAt.getTime() + crashElapsedFor(round.result, settings.crashGrowthPerMs),
        );
        const started = await clockRepo.transaction((tx) => repo.startRound(tx, round.id, startedAt, bustAt));
        if (started) {
          // The `running` event carries the server's time, so it is the round's first sync: the first
          // tick follows it a broadcast interval later, not at the next turn, when it would only queue
          // behind the event's own fan-out pass (docs/decisions.md "Rounds: the first tick a sync later").
          tickSentAt.set(round.id.toString(), t);
          await publishRound(started, now);
        }
        return;
      }
      if (round.state === 'running' && round.startedAt && round.bustAt) {
        const graceEnds = round.bustAt.getTime() + settings.crashSettleGraceMs;
        if (t >= graceEnds) {
          // A cash-out this node received in time and is still settling holds the end back: the
          // clock would otherwise settle its bet as lost first and the in-time cash-out be refused.
          // Another node's are known only as "some in flight" (no two nodes' clocks compared), so
          // they hold it too, even one received after the bust (it is refused in a moment anyway).
          const held =
            cashOutsInFlight.receivedBefore(round.projectId, graceEnds) ||
            cashOutsInFlight.elsewhere(round.projectId);
          if (t < graceEnds + CRASH_SETTLE_WAIT_MAX_MS && held) return;
          await finishRound(round, now, false);
          return;
        }
        const roundKey = round.id.toString();
        if (t - (tickSentAt.get(roundKey) ?? 0) >= settings.tickBroadcastMs) {
          tickSentAt.set(roundKey, t);
          const elapsedMs = Math.min(t, round.bustAt.getTime()) - round.startedAt.getTime();
          // The round's queued bet changes leave with the tick, in the same fan-out pass (one write
          // per socket for both; the tick first, the frame a client's curve waits on). Both carry
          // the tally the clock's turn read.
          const tally = tallies.get(roundKey) ?? NO_BETS_TALLY;
          await Promise.all([
            publish(round.projectId, {
              type: 'tick',
              roundId: roundKey,
              elapsedMs,
              multiplier: Math.min(crashMultiplierAt(elapsedMs, settings.crashGrowthPerMs), round.result),
              serverTime: now.toISOString(),
              tally,
            }),
            flushBets((key) => key === roundKey, new Map([[roundKey, tally]])),
          ]);
        }
        await settleReachedAutoCashOuts(round, now);
      }
      return;
    }
    if (round.drawAt && t >= round.drawAt.getTime()) await finishRound(round, now, false);
  }

  /** One turn of the clock: advance every live round, open the next round of every game. */
  async function tick(): Promise<void> {
    const { now, rounds, tallies } = await repo.liveRounds(clockRepo.db);
    const live = new Set<string>();
    for (const round of rounds) {
      live.add(`${round.projectId}:${round.game}`);
      try {
        await advance(round, now, tallies);
      } catch (error) {
        deps.onError(error, `advance round ${round.id}`);
      }
    }
    for (const project of deps.projects()) {
      for (const game of ROUND_GAMES) {
        if (live.has(`${project.projectId}:${game}`)) continue;
        try {
          await openRound(project.projectId, game, now);
        } catch (error) {
          deps.onError(error, `open ${game} of project ${project.projectId}`);
        }
      }
    }
  }

  // ---- Players --------------------------------------------------------------------------------

  function checkAsset(session: Session, asset: Asset): void {
    const project = deps.projectById(session.projectId);
    const held = project ? walletAssets(project) : [];
    if (!held.includes(asset)) throw badParameter(`asset: one of ${held.join(', ')}`);
  }

  /** The project's stake ranges: a bet outside its range is refused (702) before anything is held. */
  const stakes = createRoundStakes({
    repo,
    defaults: { min: deps.settings.minStake, max: deps.settings.maxStake },
    assetsOf: (projectId) => {
      const project = deps.projectById(projectId);
      return project ? walletAssets(project) : [];
    },
    ...(deps.bus ? { bus: deps.bus } : {}),
    log: (error, message) => deps.onError(error, message),
  });

  /** Ledger account ids by address, cached once the transaction that created them committed. */
  const accountIds = new Map<string, bigint>();

  /**
   * The ids of accounts a bet needs, from the cache or else all read (the missing ones created) in
   * one statement outside any transaction (idempotent by address): cached at once.
   */
  async function accountIdsOf(specs: ReadonlyArray<ReturnType<typeof accounts.player>>): Promise<bigint[]> {
    const cached = specs.map((spec) => accountIds.get(spec.address));
    if (cached.every((id) => id !== undefined)) return cached as bigint[];
    const found = await ledger.accountsAt(repo.db, specs);
    for (const account of found) accountIds.set(account.address, account.id);
    return found.map((account) => account.id);
  }

  async function accountIdOf(
    tx: Executor,
    spec: ReturnType<typeof accounts.player>,
    remember: Map<string, bigint>,
  ): Promise<bigint> {
    const cached = accountIds.get(spec.address);
    if (cached !== undefined) return cached;
    // Most accounts exist (a funded wallet, a returning player's escrow): one read, else create.
    const { id } = (await ledger.findAccount(tx, spec.address)) ?? (await ledger.account(tx, spec));
    remember.set(spec.address, id);
    return id;
  }

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
  ): { bet: BetRow; round: RoundRow; cents: number; payout: bigint; receivedAt: Date } {
    if (seen.bet.userId !== session.userId || seen.bet.game !== 'crash') throw notFound();
    const { bet, round } = seen;
    if (bet.state !== 'open') throw settledRefusal(bet.state);
    if (round.state === 'betting' || !round.startedAt || receivedAt < round.startedAt)
      throw new AppError(ErrorCode.RoundBettingClosed, 'not running yet');
    if (round.state !== 'running') throw new AppError(ErrorCode.RoundCashOutTooLate);
    const elapsed = Math.floor(receivedAt.getTime() - round.startedAt.getTime());
    const verdict = crashManualCashOut(round.result, elapsed, settings.crashGrowthPerMs);
    if (verdict.kind === 'refused') throw new AppError(ErrorCode.RoundCashOutTooLate);
    const cents = bet.autoCashOut !== null ? Math.min(verdict.cents, bet.autoCashOut) : verdict.cents;
    return { bet, round, cents, payout: crashPayout(bet.stake, cents), receivedAt };
  }

  /** A cash-out's settlement (the accounts it names looked up through `executor`, created ones in `ids`). */
  async function cashOutSettlement(
    executor: Executor,
    bet: BetRow,
    payout: bigint,
    ids: Map<string, bigint>,
  ): Promise<SettledHold> {
    const player = await accountIdOf(executor, accounts.player(bet.projectId, bet.userId, bet.asset), ids);
    const escrow = await escrowIdOf(executor, bet, ids);
    const house = await ledger.systemAccount(executor, {
      projectId: bet.projectId,
      currency: bet.asset,
      kind: 'house',
    });
    return settledHold(bet, { escrow, house: house.id, player }, payout);
  }

  function gateContextOf(bet: BetRow, payout: bigint) {
    return { userId: bet.userId, projectId: bet.projectId, asset: bet.asset, stake: bet.stake, payout };
  }

  /**
   * One manual cash-out on `executor`. `remember` null: the quick path on a bare connection — null
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
    remember: Map<string, bigint> | null,
    waitedMs: number,
  ): Promise<{ settled: BetRow; round: RoundRow } | null> {
    const ids = remember ?? new Map<string, bigint>();
    const seen = await repo.betForCashOut(executor, betId, remember !== null);
    if (!seen) throw notFound();
    const { bet, round, cents, payout, receivedAt } = cashOutTerms(
      seen,
      session,
      receiptOf(seen.receivedAt, waitedMs),
    );
    const hold = await cashOutSettlement(executor, bet, payout, ids);
    if (remember === null) for (const [address, id] of ids) accountIds.set(address, id);
    const ledgerCall = ledger.linkedCall(settlementOperation(hold), repo.cashOutLedgerOffset);
    const gateContext = gateContextOf(bet, payout);
    // The play gate's record of the settlement in the same statement when it has one.
    const gateCall =
      (await deps.playGate.settleCall?.(
        executor,
        gateContext,
        repo.cashOutLedgerOffset + ledgerCall.values.length,
      )) ?? null;
    if (!gateCall && remember === null) return null;
    // The bet's row settles only while open (never twice) and its money moves in the same statement.
    const settled = await repo.cashOutBet(
      executor,
      { betId, cashOut: cents, payout, cashedAt: receivedAt },
      ledgerCall,
      gateCall,
    );
    // Open when read, settled before this statement ran (the bust, or another cash-out of it).
    if (!settled) throw settledRefusal((await repo.bet(executor, betId))?.state);
    if (!gateCall) await deps.playGate.afterSettle(executor, gateContext);
    return { settled, round };
  }

  /**
   * The cash-out in a transaction. Its read follows the BEGIN, so the wait is taken before the
   * transaction (the pool's wait not counted): the receipt is never earlier than the arrival.
   */
  function lockedCashOut(session: Session, betId: string, waitedMs: number) {
    return moneyTransaction((tx, remember) => cashOutOn(tx, session, betId, remember, waitedMs));
  }

  /** A manual cash-out on its own: the quick path when the play gate allows it, else locked. */
  async function settleCashOut({ session, betId, arrivedAt }: CashOutRequest): Promise<CashedOut> {
    // A gate without settleCall never takes the quick path: no read to throw away first.
    const quick = deps.playGate.settleCall
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
          ...cashOutTerms(seen, item.session, receiptOf(receivedAt, sentAt - item.arrivedAt)),
        });
      } catch (error) {
        outcomes[index] = asError(error);
      }
    }
    const gateCalls = deps.playGate.settleCalls?.bind(deps.playGate);
    if (terms.length === 0 || !gateCalls) return outcomes;
    // Accounts created here (outside any transaction) exist at once: cached at once.
    const ids = new Map<string, bigint>();
    const settled = await settleOpen(
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
    for (const [address, id] of ids) accountIds.set(address, id);
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
    if (items.length === 1 || !deps.playGate.settleCalls) return settleEach(items);
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
    inFlight: deps.cashOutBatches.inFlight,
    maxSize: deps.cashOutBatches.maxSize,
    overlapAt: CASH_OUT_BATCH_OVERLAP_AT,
    run: settleBatch,
  });

  /** Each player's manual cash-out of a bet while it settles on this node, by `userId:betId`. */
  const cashOutsSettling = new Map<string, Promise<CashedOut>>();

  /** The cash-outs still settling here and, as other nodes announce them, elsewhere. */
  const cashOutsInFlight = createCashOutsInFlight({
    announce: (projectId, inFlight) => deps.announceCashOuts?.(projectId, inFlight),
    idleMs: CASH_OUTS_IDLE_MS,
    heartbeatMs: CASH_OUTS_HEARTBEAT_MS,
    staleMs: CRASH_SETTLE_WAIT_MAX_MS,
  });

  /** A bet's or cash-out's transaction; the accounts it created are cached after the commit. */
  async function moneyTransaction<T>(action: (tx: Executor, remember: Map<string, bigint>) => Promise<T>) {
    const remember = new Map<string, bigint>();
    const result = await repo.betTransaction((tx) => {
      remember.clear();
      return action(tx, remember);
    });
    for (const [address, id] of remember) accountIds.set(address, id);
    return result;
  }

  /** The refusal of a bet that was not placed: a replay of an existing bet answers that bet. */
  class NotPlaced extends Error {
    constructor(readonly outcome: { liveRound: bigint | null; takingBets: boolean }) {
      super('bet not placed');
    }
  }

  /**
   * A bet of a player with nothing for the play gate to check, in one autocommit statement (the
   * gate's `quickHold`, the cut-off, bet row and stake hold; docs/games.md §5), several players'
   * bets in one under load (`quickBets`). Null when the gate wants its locked path, or when no bet
   * was placed (RB001: nothing changed; the locked path answers why). A ledger refusal is thrown as
   * it is.
   */
  async function placeQuick(session: Session, input: RoundBetInput): Promise<Placed | null> {
    if (!deps.playGate.quickHold) return null;
    const [player, escrow] = await accountIdsOf([
      accounts.player(session.projectId, session.userId, input.asset),
      escrowOf(session.projectId, session.userId, input.asset),
    ]);
    return quickBets.submit({ session, input, player: player!, escrow: escrow! });
  }

  /** `placeQuick` of one bet in its own statement: the gate's one-call path, then the bet's. */
  function placeQuickAlone(item: QuickRoundBet): Promise<Placed | null> {
    const { session, input, player, escrow } = item;
    // One connection for the gate's valuation and the statement (no transaction).
    return repo.onConnection(async (connection) => {
      const gateCall = await deps.playGate.quickHold?.(
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

  function quickHoldContext(item: QuickRoundBet) {
    return {
      userId: item.session.userId,
      projectId: item.session.projectId,
      asset: item.input.asset,
      stake: item.input.amount,
    };
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
      batch.length > 1
        ? deps.playGate.quickHolds?.(batch.map(quickHoldContext), repo.quickBetsGateOffset)
        : null;
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
    inFlight: deps.betBatches.inFlight,
    maxSize: deps.betBatches.maxSize,
    overlapAt: BET_BATCH_OVERLAP_AT,
    run: placeQuickBatch,
  });

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

  /** The stake's hold, player → the player's round escrow, as a call in the bet's statement. */
  function holdCall(
    input: { betId: string; amount: bigint },
    player: bigint,
    escrow: bigint,
    offset: number,
  ) {
    const hold = heldStake(input, player, escrow);
    return ledger.linkedCall(
      {
        id: hold.id,
        code: HOLD.code,
        reference: { type: HOLD.referenceType, id: hold.referenceId },
        postings: pendingHoldPostings(hold, HOLD),
      },
      offset,
    );
  }

  /**
   * A bet, idempotent by bet id: in one statement when the gate has nothing to check
   * (`placeQuick`); otherwise the play gate in a transaction, then the cut-off, bet row and stake
   * hold in one statement (the database's time decides).
   */
  async function placeBet(session: Session, input: RoundBetInput): Promise<RoundBetWire> {
    checkAsset(session, input.asset);
    await stakes.check(session.projectId, input.game, input.asset, input.amount);
    try {
      const placed =
        (await placeQuick(session, input)) ??
        (await moneyTransaction(async (tx, remember) => {
          await deps.playGate.beforeStake(tx, {
            userId: session.userId,
            projectId: session.projectId,
            asset: input.asset,
            stake: input.amount,
            source: 'round',
          });
          const player = await accountIdOf(
            tx,
            accounts.player(session.projectId, session.userId, input.asset),
            remember,
          );
          const escrow = await accountIdOf(
            tx,
            escrowOf(session.projectId, session.userId, input.asset),
            remember,
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
      queueBets({ id: placed.bet.roundId, projectId: placed.bet.projectId, game: placed.bet.game }, [
        placed.bet,
      ]);
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

  return {
    /** Settled wager per player and asset in [from, to) (read by the rewards module's rebate job). */
    wagerTotals: (projectId: number, from: Date, to: Date) =>
      deps.repo.wagerTotals(deps.repo.db, projectId, from, to),
    tick,
    openRound,
    finishRound,
    /** Sends the bets queued for the broadcast now (at shutdown; otherwise within ROUNDS_BETS_FLUSH_MS). */
    flushBets: () => flushBets(),
    /** Another node's announcement of its cash-outs in flight (the bus; not this node's own). */
    noteRemoteCashOuts: (message: CashOutsInFlightMessage) => cashOutsInFlight.noteRemote(message),
    /** At shutdown: this node's busy projects announced settled, its pending announcements dropped. */
    closeCashOuts: () => cashOutsInFlight.close(),

    async crashBet(
      session: Session,
      input: { betId: string; asset: Asset; amount: bigint; autoCashOut?: number | undefined },
    ) {
      return placeBet(session, {
        ...input,
        game: 'crash',
        pick: null,
        autoCashOut: input.autoCashOut ?? null,
      });
    },

    async wingoBet(
      session: Session,
      input: { betId: string; game: WingoGame; asset: Asset; amount: bigint; pick: string },
    ) {
      if (!parseWingoPick(input.pick)) throw badParameter('pick: unknown');
      return placeBet(session, { ...input, autoCashOut: null });
    },

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
    async crashCashOut(
      session: Session,
      betId: string,
      arrivedAt: number = performance.now(),
    ): Promise<RoundBetWire> {
      const done = cashOutsInFlight.add(session.projectId, arrivedAt);
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
          queueBets(outcome.round, [outcome.settled]);
          return toBetWire(outcome.settled, outcome.round.period);
        } finally {
          cashOutsSettling.delete(key);
        }
      } finally {
        done();
      }
    },
    async state(session: Session, game: RoundGame): Promise<RoundStateResponse> {
      // Two steps of reads side by side (the page waits for this on opening): what does not depend
      // on the live round, then what does.
      const [now, round, recent, limits] = await Promise.all([
        repo.now(repo.db),
        repo.liveRound(repo.db, session.projectId, game),
        repo.recentRounds(repo.db, session.projectId, game, RECENT_ROUNDS),
        stakes.limits(session.projectId, game),
      ]);
      const roundKey = round?.id.toString();
      const [bets, tallies, chain] = await Promise.all([
        round ? repo.roundBets(repo.db, round.id, 200) : [],
        roundKey ? repo.tallies(repo.db, [roundKey]) : null,
        round ? repo.chainById(repo.db, round.chainId) : repo.activeChain(repo.db, session.projectId, game),
      ]);
      return {
        round: round ? toRoundWire(round, now) : null,
        bets: round ? bets.map((bet) => toBetWire(bet, round.period)) : [],
        tally: (roundKey && tallies?.get(roundKey)) || NO_BETS_TALLY,
        recent: recent.map((row) => toRoundWire(row, now)),
        fairness: chain ? fairnessOf(chain) : null,
        stakes: limits,
      };
    },

    /** Crash's and wingo's stake ranges in every asset of a project (the console). */
    stakeRanges: (projectId: number) => stakes.list(projectId),
    /** An admin sets a round game's stake range in an asset of the project (audited). */
    setStakeRange: stakes.set,
    /** An admin puts a round game's stake range in an asset back to the server's defaults (audited). */
    resetStakeRange: stakes.reset,
    /** Stops listening for other nodes' stake range changes. */
    closeStakes: () => stakes.close(),

    async history(session: Session, game: RoundGame, limit: number) {
      const [now, rows] = await Promise.all([
        repo.now(repo.db),
        repo.recentRounds(repo.db, session.projectId, game, limit),
      ]);
      // The rounds' chains, so that a page spanning a used-up chain and its successor verifies each
      // round against its own terminating hash and salt.
      const chainIds = [...new Set(rows.map((row) => row.chainId))];
      const chains = await Promise.all(chainIds.map((id) => repo.chainById(repo.db, id)));
      return {
        items: rows.map((row) => toRoundWire(row, now)),
        chains: chains.flatMap((chain) => (chain ? [fairnessOf(chain)] : [])),
      };
    },

    async myBets(session: Session, game: RoundGame, limit: number) {
      const rows = await repo.userBets(repo.db, session.userId, game, limit);
      return {
        items: rows
          .filter((row) => row.projectId === session.projectId)
          .map((row) => toBetWire(row, row.period)),
      };
    },

    /** Each round game's current chain of a project: fairness data and rounds played (the console). */
    async chainStatus(projectId: number) {
      return Promise.all(
        ROUND_GAMES.map(async (game) => {
          const chain = await repo.activeChain(repo.db, projectId, game);
          return {
            game,
            fairness: chain ? fairnessOf(chain) : null,
            roundsPlayed: chain ? chain.nextRound - 1 : 0,
          };
        }),
      );
    },

    /** Settled round bets per local day, game and asset of a project (the console's GGR report). */
    dailyTotals: (query: { projectId: number; timeZone: string; from: string; to: string }) =>
      deps.repo.dailyTotals(deps.repo.db, query),

    async setSalt(
      session: Session,
      input: { game: RoundGame; terminatingHash: string; salt: string; source: string },
    ) {
      if (session.staffRole !== 'admin') throw noPermission();
      return repo.transaction(async (tx) => {
        const chain = await repo.chainByTerminating(tx, session.projectId, input.game, input.terminatingHash);
        if (!chain) throw notFound();
        if (!(await repo.setSalt(tx, chain.id, input.salt, input.source)))
          throw new AppError(ErrorCode.RoundSaltFixed);
        saltlessAt.delete(`${session.projectId}:${input.game}`);
        return fairnessOf({ ...chain, salt: input.salt, saltSource: input.source });
      });
    },
  };
}
export type RoundsService = ReturnType<typeof createRoundsService>;

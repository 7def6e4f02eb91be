import { createHash, randomBytes } from 'node:crypto';
import {
  type Asset,
  ErrorCode,
  formatAmount,
  type ProjectConfig,
  ROUND_GAMES,
  type RoundBetWire,
  type RoundEvent,
  type RoundFairness,
  type RoundGame,
  type RoundStateResponse,
  type RoundWire,
  type WingoGame,
} from '@payhub/contracts';
import {
  CRASH_MAX_PAYOUT_CENTS,
  chainIndexOfRound,
  crashAutoSettlement,
  crashElapsedFor,
  crashManualCashOut,
  crashMultiplierAt,
  crashPayout,
  crashPointCents,
  parseWingoPick,
  roundHashFrom,
  wingoMultiplierBp,
  wingoNumber,
} from '@payhub/games';
import { accounts, type Ledger, type Posting } from '../../ledger/ledger.ts';
import { isInsufficientFunds } from '../../money/ledger-refusal.ts';
import type { PlayGate } from '../../money/play-gate.ts';
import { AppError, badParameter, noPermission, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { walletAssets } from '../wallet/wallet.service.ts';
import type { BetRow, ChainRow, Executor, RoundRow, RoundsRepo } from './rounds.repo.ts';

/** Timings and sizes of the round games (config ROUNDS_*; small in tests, docs/games.md §5). */
export interface RoundsSettings {
  chainLength: number;
  checkpointEvery: number;
  tickMs: number;
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
}

export const PRODUCTION_ROUNDS_SETTINGS: RoundsSettings = {
  chainLength: 1_000_000,
  checkpointEvery: 1_000,
  tickMs: 100,
  crashBettingMs: 6_000,
  crashGrowthPerMs: 0.000_06,
  crashSettleGraceMs: 300,
  wingoDurationsMs: { wingo30: 30_000, wingo60: 60_000, wingo120: 120_000 },
  wingoCloseMs: 5_000,
  devSalt: false,
  voidAfterMs: 10 * 60_000,
};

export interface RoundsDeps {
  repo: RoundsRepo;
  ledger: Ledger;
  playGate: PlayGate;
  settings: RoundsSettings;
  projects: () => ProjectConfig[];
  projectById: (id: number) => ProjectConfig | undefined;
  /** Sends a round event to every subscriber of the project on every node (the bus). */
  publish: (projectId: number, event: RoundEvent) => Promise<void>;
  onError: (error: unknown, where: string) => void;
}

const WINGO_MODE_CODE: Record<WingoGame, string> = { wingo30: '1', wingo60: '2', wingo120: '3' };
const SETTLE_BATCH = 100;
/** Chain hashes computed between two yields to the event loop. */
const CHAIN_YIELD_EVERY = 5_000;
const RECENT = 20;

/** Posting codes (history maps them to game play). */
export const ROUND_CODES = { bet: 'round_bet', settle: 'round_settle', void: 'round_void' } as const;

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

/** SHA-256 of the hex text, on node:crypto (fast for long chains; equal to @payhub/games chainStep). */
function step(hash: string): string {
  return createHash('sha256').update(hash, 'utf8').digest('hex');
}

export function createRoundsService(deps: RoundsDeps) {
  const { repo, ledger, settings } = deps;

  function escrowOf(projectId: number, game: RoundGame, asset: Asset) {
    return accounts.gameEscrow(projectId, `rounds-${projectId}-${game}-${asset}`, asset);
  }

  function toRoundWire(row: RoundRow, now: Date): RoundWire {
    const revealed = row.state === 'ended' || row.state === 'voided';
    return {
      id: row.id.toString(),
      game: row.game,
      period: row.period,
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

  // ---- Chains -------------------------------------------------------------------------------

  /** The game's chain in play, created (secret, checkpoints, terminating hash) when there is none. */
  async function ensureChain(projectId: number, game: RoundGame): Promise<ChainRow> {
    const existing = await repo.activeChain(repo.db, projectId, game);
    if (existing) return existing;
    const secret = randomBytes(32).toString('hex');
    const checkpoints: [number, string][] = [];
    let hash = secret;
    for (let index = 0; index <= settings.chainLength; index += 1) {
      if (index % settings.checkpointEvery === 0 || index === settings.chainLength)
        checkpoints.push([index, hash]);
      if (index < settings.chainLength) hash = step(hash);
      // A 10⁶ chain takes seconds of CPU: yield often so requests on this node are never held up.
      if (index % CHAIN_YIELD_EVERY === CHAIN_YIELD_EVERY - 1)
        await new Promise((resolve) => setImmediate(resolve));
    }
    const terminatingHash = hash;
    const salt = settings.devSalt ? step(`payhub development salt:${terminatingHash}`) : null;
    const inserted = await repo.transaction((tx) =>
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
          saltSource:
            salt === null ? null : 'development: SHA-256 of the terminating hash (not for production)',
        },
        checkpoints,
      ),
    );
    return inserted ?? (await repo.activeChain(repo.db, projectId, game))!;
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

  /** Opens the next round of a game from its chain (the clock node only). */
  async function openRound(projectId: number, game: RoundGame, now: Date): Promise<RoundRow | null> {
    const chain = await ensureChain(projectId, game);
    if (chain.salt === null) return null;
    const round = await repo.transaction(async (tx) => {
      const locked = await repo.activeChain(tx, projectId, game, true);
      if (!locked || locked.salt === null) return null;
      if (await repo.liveRound(tx, projectId, game)) return null;
      const index = chainIndexOfRound(locked.length, locked.nextRound);
      const checkpoint = await repo.checkpointAtOrBefore(tx, locked.id, index);
      const hash = roundHashFrom(checkpoint, locked.length, locked.nextRound);
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
    if (round) await publish(projectId, { type: 'round', round: toRoundWire(round, now) });
    return round;
  }

  // ---- Money --------------------------------------------------------------------------------

  /** Settles bets in one transaction: post each hold, stake to the house, payout from the house. */
  async function settleBets(
    tx: Executor,
    round: RoundRow,
    outcomes: ReadonlyArray<{
      bet: BetRow;
      state: 'won' | 'lost';
      cashOut: number | null;
      payout: bigint;
      cashedAt: Date | null;
    }>,
  ): Promise<BetRow[]> {
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
      const escrow = await ledger.account(tx, escrowOf(bet.projectId, round.game, bet.asset));
      const house = await ledger.systemAccount(tx, {
        projectId: bet.projectId,
        currency: bet.asset,
        kind: 'house',
      });
      const player = players.get(`${bet.userId}:${bet.asset}`)!;
      const postings: Posting[] = [
        { id: `${bet.id}:post`, kind: 'post', pendingId: `round-bet:${bet.id}`, code: ROUND_CODES.bet },
        {
          id: `${bet.id}:stake`,
          kind: 'single',
          debitAccountId: escrow.id,
          creditAccountId: house.id,
          amount: bet.stake,
          code: ROUND_CODES.settle,
        },
      ];
      if (outcome.payout > 0n)
        postings.push({
          id: `${bet.id}:payout`,
          kind: 'single',
          debitAccountId: house.id,
          creditAccountId: player,
          amount: outcome.payout,
          code: ROUND_CODES.settle,
        });
      await ledger.linked(tx, {
        id: `round-settle:${bet.id}`,
        code: ROUND_CODES.settle,
        reference: { type: 'round_bet', id: bet.id },
        postings,
      });
      await deps.playGate.afterSettle(tx, {
        userId: bet.userId,
        projectId: bet.projectId,
        asset: bet.asset,
        stake: bet.stake,
        payout: outcome.payout,
      });
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
        pendingId: `round-bet:${bet.id}`,
        code: ROUND_CODES.void,
        reference: { type: 'round_bet', id: bet.id },
      });
      settled.push(row);
    }
    return settled;
  }

  async function publishBets(round: RoundRow, bets: readonly BetRow[]) {
    for (const bet of bets)
      await publish(round.projectId, { type: 'bet', bet: toBetWire(bet, round.period) });
  }

  // ---- The clock (runs on the node holding the advisory lock) ----------------------------------

  async function finishRound(round: RoundRow, now: Date, voided: boolean): Promise<void> {
    let ended: RoundRow | null = null;
    for (;;) {
      const batch = await repo.transaction(async (tx) => {
        const locked = await repo.round(tx, round.id, 'update');
        if (!locked || (locked.state !== 'betting' && locked.state !== 'running')) return null;
        const open = await repo.openBets(tx, round.id, SETTLE_BATCH);
        let settled: BetRow[];
        if (voided) settled = await voidBets(tx, open);
        else
          settled = await settleBets(
            tx,
            locked,
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
        return { settled, done: true, locked };
      });
      if (!batch) return;
      await publishBets(batch.locked, batch.settled);
      if (batch.done) break;
    }
    if (ended) await publish(round.projectId, { type: 'round', round: toRoundWire(ended, now) });
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
    const settled = await repo.transaction(async (tx) => {
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
        locked,
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
    await publishBets(round, settled);
  }

  async function advance(round: RoundRow, now: Date): Promise<void> {
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
        const started = await repo.transaction((tx) => repo.startRound(tx, round.id, startedAt, bustAt));
        if (started) await publish(round.projectId, { type: 'round', round: toRoundWire(started, now) });
        return;
      }
      if (round.state === 'running' && round.startedAt && round.bustAt) {
        if (t >= round.bustAt.getTime() + settings.crashSettleGraceMs) {
          await finishRound(round, now, false);
          return;
        }
        const elapsedMs = Math.min(t, round.bustAt.getTime()) - round.startedAt.getTime();
        await publish(round.projectId, {
          type: 'tick',
          roundId: round.id.toString(),
          elapsedMs,
          multiplier: Math.min(crashMultiplierAt(elapsedMs, settings.crashGrowthPerMs), round.result),
          serverTime: now.toISOString(),
        });
        await settleReachedAutoCashOuts(round, now);
      }
      return;
    }
    if (round.drawAt && t >= round.drawAt.getTime()) await finishRound(round, now, false);
  }

  /** One turn of the clock: advance every live round, open the next round of every game. */
  async function tick(): Promise<void> {
    const { now, rounds } = await repo.liveRounds(repo.db);
    const live = new Set<string>();
    for (const round of rounds) {
      live.add(`${round.projectId}:${round.game}`);
      try {
        await advance(round, now);
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

  async function placeBet(
    session: Session,
    input: {
      betId: string;
      game: RoundGame;
      asset: Asset;
      amount: bigint;
      pick: string | null;
      autoCashOut: number | null;
    },
  ): Promise<RoundBetWire> {
    checkAsset(session, input.asset);
    const existing = await repo.bet(repo.db, input.betId);
    if (existing) {
      if (existing.userId !== session.userId || existing.game !== input.game)
        throw badParameter('betId: already used');
      const periods = await repo.periodsOf(repo.db, [existing.roundId]);
      return toBetWire(existing, periods.get(existing.roundId.toString()) ?? '');
    }
    const live = await repo.liveRound(repo.db, session.projectId, input.game);
    if (!live) {
      const chain = await repo.activeChain(repo.db, session.projectId, input.game);
      throw new AppError(
        chain && chain.salt === null ? ErrorCode.RoundNotReady : ErrorCode.RoundBettingClosed,
      );
    }
    const result = await repo.transaction(async (tx) => {
      const round = await repo.round(tx, live.id, 'share');
      const now = await repo.now(tx);
      if (round?.state !== 'betting' || now.getTime() >= round.bettingEndsAt.getTime())
        throw new AppError(ErrorCode.RoundBettingClosed);
      if (round.game === 'crash' && (await repo.userCrashBet(tx, round.id, session.userId)))
        throw new AppError(ErrorCode.RoundAlreadyBet);
      await deps.playGate.beforeStake(tx, {
        userId: session.userId,
        projectId: session.projectId,
        asset: input.asset,
        stake: input.amount,
        source: 'round',
      });
      const bet = await repo.insertBet(tx, {
        id: input.betId,
        roundId: round.id,
        projectId: session.projectId,
        game: input.game,
        userId: session.userId,
        playerLabel: maskedPlayer(session.userId),
        asset: input.asset,
        stake: input.amount,
        pick: input.pick,
        autoCashOut: input.autoCashOut,
      });
      if (!bet) throw badParameter('betId: already used');
      const player = await ledger.account(
        tx,
        accounts.player(session.projectId, session.userId, input.asset),
      );
      const escrow = await ledger.account(tx, escrowOf(session.projectId, input.game, input.asset));
      await ledger.lockAccounts(tx, [player.id]);
      try {
        await ledger.hold(tx, {
          id: `round-bet:${bet.id}`,
          debitAccountId: player.id,
          creditAccountId: escrow.id,
          amount: input.amount,
          code: ROUND_CODES.bet,
          reference: { type: 'round_bet', id: bet.id },
        });
      } catch (error) {
        if (isInsufficientFunds(error)) throw shortOf(input.asset);
        throw error;
      }
      return { bet, round };
    });
    await publishBets(result.round, [result.bet]);
    return toBetWire(result.bet, result.round.period);
  }

  return {
    /** Settled wager per player and asset in [from, to) (read by the rewards module's rebate job). */
    wagerTotals: (projectId: number, from: Date, to: Date) =>
      deps.repo.wagerTotals(deps.repo.db, projectId, from, to),
    tick,
    openRound,
    finishRound,

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
     * A manual cash-out at the curve's value of the database's time of receipt (the transaction's
     * start), refused at or after the bust instant; the bet row lock makes it pay at most once.
     */
    async crashCashOut(session: Session, betId: string): Promise<RoundBetWire> {
      const outcome = await repo.transaction(async (tx) => {
        const receivedAt = await repo.now(tx);
        const seen = await repo.bet(tx, betId);
        if (!seen || seen.userId !== session.userId || seen.game !== 'crash') throw notFound();
        // Locks in the clock's order (round, then bet), so a cash-out and a settlement never deadlock.
        const round = await repo.round(tx, seen.roundId, 'share');
        const bet = await repo.bet(tx, betId, true);
        if (!round || !bet) throw notFound();
        if (bet.state !== 'open') throw new AppError(ErrorCode.RoundBetSettled);
        if (round.state === 'betting' || !round.startedAt)
          throw new AppError(ErrorCode.RoundBettingClosed, 'not running yet');
        if (round.state !== 'running') throw new AppError(ErrorCode.RoundCashOutTooLate);
        const elapsed = Math.floor(receivedAt.getTime() - round.startedAt.getTime());
        const verdict = crashManualCashOut(round.result, elapsed, settings.crashGrowthPerMs);
        if (verdict.kind === 'refused') throw new AppError(ErrorCode.RoundCashOutTooLate);
        // An auto cash-out the curve already passed pays its target, as if the clock had settled it first.
        const cents = bet.autoCashOut !== null ? Math.min(verdict.cents, bet.autoCashOut) : verdict.cents;
        const [settled] = await settleBets(tx, round, [
          {
            bet,
            state: 'won',
            cashOut: cents,
            payout: crashPayout(bet.stake, cents),
            cashedAt: receivedAt,
          },
        ]);
        if (!settled) throw new AppError(ErrorCode.RoundBetSettled);
        return { settled, round };
      });
      await publishBets(outcome.round, [outcome.settled]);
      return toBetWire(outcome.settled, outcome.round.period);
    },

    async state(session: Session, game: RoundGame): Promise<RoundStateResponse> {
      const now = await repo.now(repo.db);
      const round = await repo.liveRound(repo.db, session.projectId, game);
      const bets = round ? await repo.roundBets(repo.db, round.id, 200) : [];
      const recent = await repo.recentRounds(repo.db, session.projectId, game, RECENT);
      const chain = round
        ? await repo.chainById(repo.db, round.chainId)
        : await repo.activeChain(repo.db, session.projectId, game);
      return {
        round: round ? toRoundWire(round, now) : null,
        bets: round ? bets.map((bet) => toBetWire(bet, round.period)) : [],
        recent: recent.map((row) => toRoundWire(row, now)),
        fairness: chain ? fairnessOf(chain) : null,
      };
    },

    async history(session: Session, game: RoundGame, limit: number) {
      const now = await repo.now(repo.db);
      const rows = await repo.recentRounds(repo.db, session.projectId, game, limit);
      return { items: rows.map((row) => toRoundWire(row, now)) };
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
        return fairnessOf({ ...chain, salt: input.salt, saltSource: input.source });
      });
    },
  };
}
export type RoundsService = ReturnType<typeof createRoundsService>;

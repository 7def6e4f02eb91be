import {
  NO_BETS_TALLY,
  type ProjectConfig,
  ROUND_GAMES,
  type RoundGame,
  type RoundTally,
  type WingoGame,
} from '@payhub/contracts';
import {
  CRASH_MAX_PAYOUT_CENTS,
  chainIndexOfRound,
  crashAutoSettlement,
  crashElapsedFor,
  crashMultiplierAt,
  crashPayout,
  parseWingoPick,
  wingoMultiplierBp,
} from '@payhub/games';
import { nativeRoundHashFrom } from '@payhub/games/node';
import type { RoundsBroadcast } from './rounds.broadcast.ts';
import { CRASH_SETTLE_WAIT_MAX_MS, type createCashOutsInFlight } from './rounds.cash-outs-in-flight.ts';
import { createRoundChains, resultOf } from './rounds.chains.ts';
import type { BetRow, RoundRow, RoundsRepo } from './rounds.repo.ts';
import type { RoundsSettings } from './rounds.settings.ts';
import type { RoundSettlement, SettlementOutcome } from './rounds.settlement.ts';

const WINGO_MODE_CODE: Record<WingoGame, string> = { wingo30: '1', wingo60: '2', wingo120: '3' };
/** A round's open bets are settled this many a transaction. */
const SETTLE_BATCH = 100;
/** A chain found without its salt is read again after this long: its first round opens that much after the salt is fixed on another node. */
const SALT_RECHECK_MS = 5_000;

function isWingo(game: RoundGame): game is WingoGame {
  return game !== 'crash';
}

/** A bet's outcome at its round's end: crash's auto cash-out against the point, wingo's pick against the number. */
function outcomeAtEnd(round: RoundRow, bet: BetRow): SettlementOutcome {
  if (round.game === 'crash') {
    const cents = crashAutoSettlement(round.result, bet.autoCashOut);
    return cents === null
      ? { bet, state: 'lost', cashOut: null, payout: 0n, cashedAt: null }
      : { bet, state: 'won', cashOut: cents, payout: crashPayout(bet.stake, cents), cashedAt: null };
  }
  const pick = parseWingoPick(bet.pick ?? '');
  const bp = pick ? wingoMultiplierBp(pick, round.result) : 0n;
  const payout = (bet.stake * bp) / 10_000n;
  return payout > 0n
    ? { bet, state: 'won', cashOut: Number(bp / 100n), payout, cashedAt: null }
    : { bet, state: 'lost', cashOut: null, payout: 0n, cashedAt: null };
}

/**
 * The round clock (it turns on the node holding the advisory lock, every `tickMs`, on the clock's
 * own pool): opens each game's next round from its chain, starts crash rounds at their cut-off,
 * broadcasts the running curve's ticks, pays the auto cash-outs the curve reached, and settles a
 * round at its bust or draw — or voids it, stakes returned, when it is stranded far past its end.
 * Every time is the database's (`liveRounds` reads it), so a takeover by another node continues
 * the same round.
 */
export function createRoundClock(deps: {
  repo: RoundsRepo;
  clockRepo: RoundsRepo;
  settings: RoundsSettings;
  projects: () => ProjectConfig[];
  broadcast: RoundsBroadcast;
  settlement: RoundSettlement;
  cashOutsInFlight: Pick<ReturnType<typeof createCashOutsInFlight>, 'receivedBefore' | 'elsewhere'>;
  onError: (error: unknown, where: string) => void;
}) {
  const { repo, clockRepo, settings, broadcast, settlement } = deps;
  const chains = createRoundChains({ repo, clockRepo, settings });

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
    const chain = await chains.ensureChain(projectId, game);
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
    if (round) await broadcast.publishRound(round, now);
    return round;
  }

  /** Settles (or voids) a round's open bets a batch a transaction, then ends the round. */
  async function finishRound(round: RoundRow, now: Date, voided: boolean): Promise<void> {
    let ended: RoundRow | null = null;
    for (;;) {
      const batch = await clockRepo.transaction(async (tx) => {
        const locked = await repo.round(tx, round.id, 'update');
        if (!locked || (locked.state !== 'betting' && locked.state !== 'running')) return null;
        const open = await repo.openBets(tx, round.id, SETTLE_BATCH);
        const settled = voided
          ? await settlement.voidBets(tx, open)
          : await settlement.settleBets(
              tx,
              open.map((bet) => outcomeAtEnd(locked, bet)),
            );
        if (open.length === SETTLE_BATCH) return { settled, done: false, locked };
        const endedAt = locked.game === 'crash' ? (locked.bustAt ?? now) : (locked.drawAt ?? now);
        ended = await repo.endRound(tx, round.id, voided ? 'voided' : 'ended', voided ? now : endedAt);
        broadcast.forgetTicks(round.id.toString());
        return { settled, done: true, locked };
      });
      if (!batch) return;
      broadcast.queueBets(batch.locked, batch.settled);
      if (batch.done) break;
    }
    if (ended) await broadcast.publishRound(ended, now);
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
      return settlement.settleBets(
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
    broadcast.queueBets(round, settled);
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
          broadcast.noteTickSent(round.id.toString(), t);
          await broadcast.publishRound(started, now);
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
            deps.cashOutsInFlight.receivedBefore(round.projectId, graceEnds) ||
            deps.cashOutsInFlight.elsewhere(round.projectId);
          if (t < graceEnds + CRASH_SETTLE_WAIT_MAX_MS && held) return;
          await finishRound(round, now, false);
          return;
        }
        const roundKey = round.id.toString();
        if (t - (broadcast.tickSentAt(roundKey) ?? 0) >= settings.tickBroadcastMs) {
          broadcast.noteTickSent(roundKey, t);
          const elapsedMs = Math.min(t, round.bustAt.getTime()) - round.startedAt.getTime();
          // The round's queued bet changes leave with the tick, in the same fan-out pass (one write
          // per socket for both; the tick first, the frame a client's curve waits on). Both carry
          // the tally the clock's turn read.
          const tally = tallies.get(roundKey) ?? NO_BETS_TALLY;
          await Promise.all([
            broadcast.publish(round.projectId, {
              type: 'tick',
              roundId: roundKey,
              elapsedMs,
              multiplier: Math.min(crashMultiplierAt(elapsedMs, settings.crashGrowthPerMs), round.result),
              serverTime: now.toISOString(),
              tally,
            }),
            broadcast.flushBets((key) => key === roundKey, new Map([[roundKey, tally]])),
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

  return {
    tick,
    openRound,
    finishRound,
    /** A salt fixed on this node: the game's next round opens at the clock's next turn. */
    saltFixed: (projectId: number, game: RoundGame) => saltlessAt.delete(`${projectId}:${game}`),
  };
}

import {
  NO_BETS_TALLY,
  type RoundBetChange,
  type RoundBetState,
  type RoundEvent,
  type RoundGame,
  type RoundTally,
} from '@payhub/contracts';
import type { BetRow, RoundRow, RoundsRepo } from './rounds.repo.ts';
import type { RoundsSettings } from './rounds.settings.ts';
import { toBetChange, toRoundWire } from './rounds.wire.ts';

/**
 * What one `bets` event of the rounds broadcast carries when a round changes faster than a frame
 * can show (docs/games.md §5 "Broadcast"). Every event is one frame to every socket of the
 * project, so its size is multiplied by the sockets: a round of 2,000 bettors would send each of
 * 5,000 sockets ~6,000 changes (bet, cash-out, settlement). A frame carries at most `limit` of them.
 */
export interface QueuedChange {
  change: RoundBetChange;
  rank: BroadcastRank;
}

/** Ranks a change for a full frame: wins (cash-outs) first, then open bets, then the rest; larger stakes first. */
export interface BroadcastRank {
  /** 0 won, 1 open, 2 lost or voided. */
  kind: 0 | 1 | 2;
  /** The stake in the asset's minor units. */
  stake: bigint;
}

const KIND: Record<RoundBetState, 0 | 1 | 2> = { won: 0, open: 1, lost: 2, voided: 2 };

export function broadcastRank(bet: { state: RoundBetState; stake: bigint }): BroadcastRank {
  return { kind: KIND[bet.state], stake: bet.stake };
}

/**
 * The changes one frame carries: all of them when they fit, else the `limit` best ranked, in the
 * order they were queued (a stable pick: equal ranks keep their queue order). A player never
 * depends on the frame for their own bet: its answer carries it, and the app reads the player's
 * bets when the round ends.
 */
export function framed(queued: readonly QueuedChange[], limit: number): RoundBetChange[] {
  if (queued.length <= limit) return queued.map((item) => item.change);
  const picked = queued
    .map((item, index) => ({ item, index }))
    .sort(
      (left, right) =>
        left.item.rank.kind - right.item.rank.kind ||
        (right.item.rank.stake > left.item.rank.stake
          ? 1
          : right.item.rank.stake < left.item.rank.stake
            ? -1
            : 0) ||
        left.index - right.index,
    )
    .slice(0, limit)
    .sort((left, right) => left.index - right.index);
  return picked.map(({ item }) => item.change);
}

/**
 * The rounds' broadcast on this node: one `bets` frame per round and flush (not one per bet), a
 * round's state changes after the bets queued before them, and the crash ticks as a sync.
 */
export function createRoundsBroadcast(deps: {
  repo: RoundsRepo;
  settings: Pick<RoundsSettings, 'betsFlushMs' | 'betsPerFrame' | 'crashGrowthPerMs'>;
  /** Sends a round event to every subscriber of the project on every node (the bus). */
  publish: (projectId: number, event: RoundEvent) => Promise<void>;
  onError: (error: unknown, where: string) => void;
}) {
  const { repo, settings } = deps;

  /** An event sent, or its failure logged: a broadcast never fails the bet or the turn that sent it. */
  async function publish(projectId: number, event: RoundEvent): Promise<void> {
    try {
      await deps.publish(projectId, event);
    } catch (error) {
      deps.onError(error, 'publish');
    }
  }

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
    await publish(row.projectId, { type: 'round', round: toRoundWire(row, now, settings.crashGrowthPerMs) });
  }

  return {
    publish,
    queueBets,
    flushBets,
    publishRound,
    /** When this node last broadcast the running round's tick (database time, ms); undefined: never. */
    tickSentAt: (roundKey: string) => tickSentAt.get(roundKey),
    /** Notes the round's tick (or its `running` event, the first sync) broadcast at `at`. */
    noteTickSent: (roundKey: string, at: number) => tickSentAt.set(roundKey, at),
    /** The round ended: no more ticks of it. */
    forgetTicks: (roundKey: string) => tickSentAt.delete(roundKey),
  };
}

export type RoundsBroadcast = ReturnType<typeof createRoundsBroadcast>;

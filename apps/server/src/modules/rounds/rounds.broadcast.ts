import type { RoundBetChange, RoundBetState } from '@payhub/contracts';

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

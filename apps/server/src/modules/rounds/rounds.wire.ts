import {
  formatAmount,
  type RoundBetChange,
  type RoundBetWire,
  type RoundFairness,
  type RoundWire,
} from '@payhub/contracts';
import type { BetRow, ChainRow, RoundRow } from './rounds.repo.ts';

// The rounds' rows as the wire carries them (contracts' shapes): a round's hash and result only
// once it ended, a player by the last digits of their id.

/** A round as of `now` (the server's time, the apps' clock offset); crash's curve speed with it. */
export function toRoundWire(row: RoundRow, now: Date, crashGrowthPerMs: number): RoundWire {
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
    growthPerMs: row.game === 'crash' ? crashGrowthPerMs : null,
  };
}

export function toBetWire(row: BetRow, period: string): RoundBetWire {
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

/** A bet as one change of a `bets` event: a tuple, since every byte goes to every socket. */
export function toBetChange(row: BetRow): RoundBetChange {
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

export function fairnessOf(chain: ChainRow): RoundFairness {
  return {
    chainId: chain.id.toString(),
    game: chain.game,
    chainLength: chain.length,
    terminatingHash: chain.terminatingHash,
    salt: chain.salt,
    saltSource: chain.saltSource,
  };
}

/** A player as the other players see them in a round's bets. */
export function maskedPlayer(userId: number): string {
  const text = String(userId);
  return `***${text.slice(-3)}`;
}

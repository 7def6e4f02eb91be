import type { Asset, WingoGame } from '@payhub/contracts';
import { DEFAULT_ROUND_MAX_STAKE, DEFAULT_ROUND_MIN_STAKE } from './rounds.stakes.ts';

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

import { ErrorCode, parseAmount, type RoundBetWire, type RoundLiveBet } from '@payhub/contracts';
import { AutoBetCancelled, type AutoBetResult } from '../../lib/auto-bet.ts';
import type { CrashBetInput } from './crash-bet-input.ts';

/** An auto run's bet in flight: kept (no id yet), being sent, or placed; answered when its round ends. */
interface AutoWaiting {
  betId: string | null;
  sending: boolean;
  /** The run was stopped while this bet was being sent: a refusal ends it, nothing is kept. */
  stopping: boolean;
  resolve: (result: AutoBetResult) => void;
  reject: (error: unknown) => void;
}

/**
 * The player's crash bets on their way in, without React (use-crash-play.ts renders it): placed at
 * once while a betting window is open, or kept for the next round's window (a tap while a round runs,
 * an auto run's next bet) and sent when the page says the window opened (`windowOpened`); an auto
 * run's bet is answered once the page says its round ended (`settled`). The kept bet lives in the
 * page only: nothing is stored on the server before the window opens (docs/decisions.md "Crash: a
 * bet on the next round, kept by the page").
 */
export function createCrashPlay(deps: {
  /** Places a bet; rejects with the refusal (the API layer has shown it). */
  send: (bet: CrashBetInput) => Promise<RoundBetWire>;
  /** The bet kept for the next window changed (null: none). */
  onQueued: (bet: CrashBetInput | null) => void;
}) {
  let queued: CrashBetInput | null = null;
  let autoWaiting: AutoWaiting | null = null;

  function queue(bet: CrashBetInput | null) {
    queued = bet;
    deps.onQueued(bet);
  }

  /**
   * A tap's bet. Refused because the window closed as it travelled (10030: the server's cut-off
   * decides), it is kept for the next window, as a tap while the round runs is; the player sees the
   * kept bet's line rather than an error (the API layer keeps 10030 of this call quiet). Any other
   * refusal (700, 702, …) is shown by the API layer, and that is all.
   */
  function sendManual(bet: CrashBetInput) {
    deps.send(bet).catch((error: unknown) => {
      if (closedWindow(error) && !queued && !autoWaiting) queue(bet);
    });
  }

  /** An auto run's bet: refused for a closed window it waits for the next; any other refusal ends the run. */
  async function sendAuto(waiting: AutoWaiting, bet: CrashBetInput) {
    waiting.sending = true;
    try {
      waiting.betId = (await deps.send(bet)).id;
    } catch (error) {
      if (autoWaiting === waiting) {
        // Stopped during the send: the run ends as stopped, nothing kept. Otherwise a closed window
        // keeps the bet for the next one.
        if (!waiting.stopping && closedWindow(error)) return queue(bet);
        autoWaiting = null;
        if (waiting.stopping) return waiting.reject(new AutoBetCancelled());
      }
      waiting.reject(error);
    } finally {
      waiting.sending = false;
    }
  }

  return {
    /** A tap: the bet now (`windowOpen`), else kept for the next window. */
    place(bet: CrashBetInput, windowOpen: boolean) {
      if (windowOpen) sendManual(bet);
      else queue(bet);
    },
    /** Drops the bet kept for the next window (a tap's; an auto run's is stopped with the run). */
    cancelQueued() {
      if (!autoWaiting) queue(null);
    },
    /** A round's betting window opened: the kept bet goes in, once. */
    windowOpened() {
      const next = queued;
      if (!next) return;
      queue(null);
      if (autoWaiting) void sendAuto(autoWaiting, next);
      else sendManual(next);
    },
    /** One bet of an auto run (lib/auto-panel.tsx's `play`), answered when its round has ended. */
    playAuto(bet: CrashBetInput, windowOpen: boolean): Promise<AutoBetResult> {
      return new Promise((resolve, reject) => {
        const waiting: AutoWaiting = { betId: null, sending: false, stopping: false, resolve, reject };
        autoWaiting = waiting;
        if (windowOpen) void sendAuto(waiting, bet);
        else queue(bet);
      });
    },
    /**
     * The auto run is stopping: its bet, if only kept for the next window, is given up at once (the
     * run ends as stopped); one sent or placed still rides and settles.
     */
    cancelAuto() {
      const waiting = autoWaiting;
      if (waiting?.sending) waiting.stopping = true;
      if (!waiting || waiting.sending || waiting.betId !== null) return;
      autoWaiting = null;
      queue(null);
      waiting.reject(new AutoBetCancelled());
    },
    /** The player's bet `betId` settled as `outcome`, or could not be followed (`outcome` an error). */
    settled(betId: string, outcome: RoundLiveBet | Error) {
      const waiting = autoWaiting;
      if (!waiting || waiting.betId !== betId) return;
      autoWaiting = null;
      if (outcome instanceof Error) return waiting.reject(outcome);
      waiting.resolve({
        stake: parseAmount(outcome.stake, outcome.asset, 'wire'),
        payout: outcome.payout === null ? 0n : parseAmount(outcome.payout, outcome.asset, 'wire'),
      });
    },
  };
}
export type CrashPlay = ReturnType<typeof createCrashPlay>;

/** The server refused a bet because its round's betting window had closed (its cut-off, not ours). */
function closedWindow(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { errCode?: unknown }).errCode === ErrorCode.RoundBettingClosed
  );
}

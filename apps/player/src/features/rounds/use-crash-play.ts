import type { Asset, RoundBetWire, RoundLiveBet } from '@payhub/contracts';
import { parseAmount } from '@payhub/contracts';
import { useRef, useState } from 'react';
import { api } from '../../lib/api.ts';
import { AutoBetCancelled, type AutoBetResult } from '../../lib/auto-bet.ts';

/** A crash bet as the form sets it: the stake in the API's form and the auto cash-out target. */
export interface CrashBetInput {
  asset: Asset;
  amount: string;
  autoCashOut: number | null;
}

/** An auto run's bet in flight: queued (no id yet), being sent, or placed; answered when its round ends. */
interface AutoWaiting {
  betId: string | null;
  sending: boolean;
  resolve: (result: AutoBetResult) => void;
  reject: (error: unknown) => void;
}

/**
 * The player's crash bets on their way in: placed at once while a betting window is open, or kept
 * for the next round's window (a tap while a round runs, an auto run's next bet) and sent when the
 * page says the window opened (`windowOpened`); an auto run's bet is answered once the page says its
 * round ended (`settled`). The queued bet lives in the page only: leaving it drops the bet, nothing
 * is stored on the server before the window opens (docs/decisions.md "Crash: a bet on the next
 * round, kept by the page"). `onPlaced` receives each bet the server took.
 */
export function useCrashPlay(onPlaced: (bet: RoundBetWire) => void) {
  const [busy, setBusy] = useState(false);
  const [queued, setQueued] = useState<CrashBetInput | null>(null);
  // In refs as well: two events of one turn must not send the queued bet twice.
  const queuedRef = useRef<CrashBetInput | null>(null);
  const autoWaiting = useRef<AutoWaiting | null>(null);
  const placedRef = useRef(onPlaced);
  placedRef.current = onPlaced;

  function queue(bet: CrashBetInput | null) {
    queuedRef.current = bet;
    setQueued(bet);
  }

  /** Places `bet`; the refusal is thrown (the API layer has shown it). */
  async function send(bet: CrashBetInput): Promise<RoundBetWire> {
    setBusy(true);
    try {
      const placed = await api.rounds.crashBet({
        body: {
          betId: crypto.randomUUID(),
          asset: bet.asset,
          amount: bet.amount,
          ...(bet.autoCashOut !== null ? { autoCashOut: bet.autoCashOut } : {}),
        },
      });
      placedRef.current(placed);
      return placed;
    } finally {
      setBusy(false);
    }
  }

  /** A tap's bet: its refusal (10030, 700, …) is shown by the API layer, and that is all. */
  function sendManual(bet: CrashBetInput) {
    send(bet).catch(() => undefined);
  }

  /** An auto run's bet: a refusal ends the run. */
  async function sendAuto(bet: CrashBetInput) {
    if (autoWaiting.current) autoWaiting.current.sending = true;
    try {
      const placed = await send(bet);
      if (autoWaiting.current) autoWaiting.current.betId = placed.id;
    } catch (error) {
      const waiting = autoWaiting.current;
      autoWaiting.current = null;
      waiting?.reject(error);
    }
  }

  return {
    busy,
    /** The bet waiting for the next round's window, if any. */
    queued,
    /** A tap: the bet now (`windowOpen`), else kept for the next window. */
    place(bet: CrashBetInput, windowOpen: boolean) {
      if (windowOpen) sendManual(bet);
      else queue(bet);
    },
    /** Drops the bet kept for the next window (a tap's; an auto run's bet stays). */
    cancelQueued() {
      if (!autoWaiting.current) queue(null);
    },
    /** A round's betting window opened: the kept bet goes in. */
    windowOpened() {
      const next = queuedRef.current;
      if (!next) return;
      queue(null);
      if (autoWaiting.current) void sendAuto(next);
      else sendManual(next);
    },
    /**
     * The auto run is stopping: its bet, if only kept for the next window, is given up at once (the
     * run ends as stopped); one sent or placed still rides and settles.
     */
    cancelAuto() {
      const waiting = autoWaiting.current;
      if (!waiting || waiting.sending || waiting.betId !== null) return;
      autoWaiting.current = null;
      queue(null);
      waiting.reject(new AutoBetCancelled());
    },
    /** One bet of an auto run (lib/auto-panel.tsx's `play`), answered when its round has ended. */
    playAuto(bet: CrashBetInput, windowOpen: boolean): Promise<AutoBetResult> {
      return new Promise((resolve, reject) => {
        autoWaiting.current = { betId: null, sending: false, resolve, reject };
        if (windowOpen) void sendAuto(bet);
        else queue(bet);
      });
    },
    /** The player's bet `betId` settled as `outcome`, or could not be followed (`outcome` an error). */
    settled(betId: string, outcome: RoundLiveBet | Error) {
      const waiting = autoWaiting.current;
      if (!waiting || waiting.betId !== betId) return;
      autoWaiting.current = null;
      if (outcome instanceof Error) return waiting.reject(outcome);
      waiting.resolve({
        stake: parseAmount(outcome.stake, outcome.asset, 'wire'),
        payout: outcome.payout === null ? 0n : parseAmount(outcome.payout, outcome.asset, 'wire'),
      });
    },
  };
}

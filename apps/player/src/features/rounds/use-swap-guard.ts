import { useEffect, useReducer, useState } from 'react';

/**
 * How long a button that took another's place ignores taps. A tap meant for Cash out that lands
 * just after the bust must not queue a bet for the next round in its place (a finger already on
 * its way takes ~300 ms to land); a second tap on "bet next round" must not cancel it at once.
 */
export const SWAP_GUARD_MS = 800;

/** The guard of one place on the page, without React (`useSwapGuard` renders it). */
export interface SwapGuard {
  /** Whether the button `shown`, as this render shows it, takes taps. */
  allows(shown: string): boolean;
  /** The place shows `shown` (after its render): another button than before holds taps for the guard's time. */
  show(shown: string): void;
  /** Drops the pending release (the next swap starts its own, or the page is gone). */
  stop(): void;
}

/**
 * Which button a place shows and whether it takes taps. The first button shown is not guarded; a
 * swap to another holds taps from the render that shows it (before `show`) until `guardMs` after
 * the latest swap, then calls `onArmed` (the page renders again).
 */
export function createSwapGuard(shown: string, onArmed: () => void, guardMs = SWAP_GUARD_MS): SwapGuard {
  let current = shown;
  let armed = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    allows: (next) => armed && current === next,
    show(next) {
      if (current === next) return;
      current = next;
      armed = false;
      timer = setTimeout(() => {
        timer = undefined;
        armed = true;
        onArmed();
      }, guardMs);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * False for SWAP_GUARD_MS after `shown` (which button is in the place) changes, true otherwise: the
 * button in the place is disabled while false. The first button shown is not guarded.
 */
export function useSwapGuard(shown: string): boolean {
  const [, renderAgain] = useReducer((renders: number) => renders + 1, 0);
  const [guard] = useState(() => createSwapGuard(shown, renderAgain));
  useEffect(() => {
    guard.show(shown);
    return () => guard.stop();
  }, [guard, shown]);
  return guard.allows(shown);
}

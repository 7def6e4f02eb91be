import { useEffect, useRef, useState } from 'react';

/**
 * How long a button that took another's place ignores taps. A tap meant for Cash out that lands
 * just after the bust must not queue a bet for the next round in its place (a finger already on
 * its way takes ~300 ms to land); a second tap on "bet next round" must not cancel it at once.
 */
export const SWAP_GUARD_MS = 800;

/**
 * False for SWAP_GUARD_MS after `shown` (which button is in the place) changes, true otherwise: the
 * button in the place is disabled while false. The first button shown is not guarded.
 */
export function useSwapGuard(shown: string): boolean {
  const [armed, setArmed] = useState(true);
  const previous = useRef(shown);
  useEffect(() => {
    if (previous.current === shown) return;
    previous.current = shown;
    setArmed(false);
    const timer = setTimeout(() => setArmed(true), SWAP_GUARD_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  return armed && previous.current === shown;
}

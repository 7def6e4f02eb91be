import { CRASH_AUTO_CASHOUT_MIN_CENTS, CRASH_MAX_PAYOUT_CENTS } from '@payhub/games';

/** A multiplier as typed: "2", "2,5", "2.50", "3×" (a comma or a point: Indonesian keyboards give a comma). */
const TYPED = /^(\d{1,3})(?:[.,](\d{1,2}))?\s*[×x]?$/i;

/**
 * The auto cash-out target a player typed, in cents, or null when it is not a multiplier the server
 * takes: above 2× (spec §5) and at most 200× (the payout cap), two decimals at most.
 */
export function autoTargetCents(text: string): number | null {
  const match = TYPED.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents >= CRASH_AUTO_CASHOUT_MIN_CENTS && cents <= CRASH_MAX_PAYOUT_CENTS ? cents : null;
}

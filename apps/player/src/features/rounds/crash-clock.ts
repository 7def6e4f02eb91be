import type { RoundWire } from '@payhub/contracts';
import { CRASH_CENTS_ONE, CRASH_MAX_PAYOUT_CENTS, crashMultiplierAt, crashPayout } from '@payhub/games';

/**
 * The multiplier (cents) a round shows at `nowMs` of this device's clock, `offsetMs` being the
 * server's clock minus it: the curve of the server-time elapsed while it runs, its crash point once
 * it ended, 1× before it starts.
 */
export function multiplierAt(round: RoundWire | null, offsetMs: number, nowMs: number): number {
  if (!round?.startedAt || round.growthPerMs === null) return CRASH_CENTS_ONE;
  if (round.state === 'ended' && round.result !== null) return round.result;
  return crashMultiplierAt(nowMs + offsetMs - Date.parse(round.startedAt), round.growthPerMs);
}

/**
 * What a cash-out at `cents` pays for `stake` (minor units), by the server's own rule (crashPayout)
 * and its 200× cap. The server counts the multiplier at the request's receipt, so the amount a
 * player sees on the button is what a tap now is worth, give or take the request's way there.
 */
export function cashOutValue(stake: bigint, cents: number): bigint {
  return crashPayout(stake, Math.min(Math.max(cents, CRASH_CENTS_ONE), CRASH_MAX_PAYOUT_CENTS));
}

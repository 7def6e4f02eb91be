/**
 * Crash — a shared round whose crash point is bustabit v2's published algorithm, exactly:
 *
 *   1. m = HMAC_SHA256(key = salt as UTF-8 text, message = the game hash's 32 raw bytes)
 *   2. r = the top 52 bits of m (its first 13 hex digits)
 *   3. X = r / 2⁵²                      (uniform in [0, 1))
 *   4. X = 99 / (1 − X)                 (IEEE-754 double division, as the published JavaScript)
 *   5. crash = max(1, floor(X) / 100)   — floored to cents; 1% of rounds bust at 1.00×
 *
 * Steps 3–4 are computed in doubles on purpose: bustabit's verifier does, and near-integer
 * quotients round differently in exact arithmetic, so only the double path agrees with it always.
 * The result is kept as integer cents (100 = 1.00×); money never touches a float.
 *
 * The round: betting window → the multiplier grows on a curve of elapsed server time → bust.
 * Payout cap: 200× the bet (spec §9) — a bet still riding at 200× is cashed out at 200×.
 *
 * Pure: no clock (elapsed time is an argument), no I/O, no Math.random.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { isChainHash } from '../fair/hash-chain.ts';

/** 1.00× in cents of a multiplier. */
export const CRASH_CENTS_ONE = 100;
/** Spec §9: the largest crash payout is 200 times the bet. */
export const CRASH_MAX_PAYOUT_CENTS = 20_000;
/** Spec §5 "auto cash-out more than double": an auto cash-out target is above 2.00×, i.e. ≥ 2.01×. */
export const CRASH_AUTO_CASHOUT_MIN_CENTS = 201;
/** The house edge of bustabit v2's algorithm: 99 / (1 − X) returns 99 % (RTP 99 %). */
export const CRASH_RTP_PERCENT = 99;
/** bustabit's growth rate: the multiplier is e^(0.00006 · ms) — 2× after 11.55 s, 10× after 38.4 s. */
export const CRASH_GROWTH_PER_MS = 0.000_06;

const TOP_BITS = 52;

/** The HMAC of step 1 as lowercase hex (shown on the fairness page as an intermediate step). */
export function crashHmacHex(gameHash: string, salt: string): string {
  if (!isChainHash(gameHash)) throw new RangeError('game hash must be 64 lowercase hex characters');
  if (typeof salt !== 'string' || salt.length === 0) throw new RangeError('salt must be a non-empty string');
  return bytesToHex(hmac(sha256, utf8ToBytes(salt), hexToBytes(gameHash)));
}

/** The crash point in cents of a multiplier (100 = 1.00×), bustabit v2 exactly. */
export function crashPointCents(gameHash: string, salt: string): number {
  const digest = crashHmacHex(gameHash, salt);
  const r = Number.parseInt(digest.slice(0, TOP_BITS / 4), 16);
  const x = r / 2 ** TOP_BITS;
  const quotient = 99 / (1 - x);
  return Math.max(CRASH_CENTS_ONE, Math.floor(quotient));
}

/** The crash point as bustabit prints it (15.49, 1, 2.5): cents / 100 as a JavaScript number. */
export function crashPointNumber(cents: number): number {
  return cents / 100;
}

/** "15.49×" text; display only. */
export function formatCrashCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}×`;
}

/** A multiplier in cents as basis points of the stake, for payoutOf. */
export function crashCentsToBp(cents: number): bigint {
  return BigInt(cents) * 100n;
}

/** floor(stake × cents / 100): the payout of a cash-out, in minor units. */
export function crashPayout(stake: bigint, cents: number): bigint {
  if (stake < 0n) throw new RangeError('stake must not be negative');
  if (!Number.isSafeInteger(cents) || cents < CRASH_CENTS_ONE)
    throw new RangeError('cents must be an integer ≥ 100');
  return (stake * BigInt(cents)) / 100n;
}

/**
 * The curve: multiplier(t) = floor(100 · e^(growth · t)) cents, t = milliseconds of server time
 * since the round started running. `growth` is configurable so tests run fast curves.
 */
export function crashMultiplierAt(elapsedMs: number, growthPerMs: number = CRASH_GROWTH_PER_MS): number {
  if (!(elapsedMs >= 0)) return CRASH_CENTS_ONE;
  return Math.max(CRASH_CENTS_ONE, Math.floor(100 * Math.exp(growthPerMs * elapsedMs)));
}

/**
 * The first whole millisecond at which the curve reaches `cents` — the bust instant of a round
 * crashing at `cents`, and the instant a bet with that auto cash-out is paid.
 */
export function crashElapsedFor(cents: number, growthPerMs: number = CRASH_GROWTH_PER_MS): number {
  if (cents <= CRASH_CENTS_ONE) return 0;
  let ms = Math.max(0, Math.floor(Math.log(cents / 100) / growthPerMs) - 1);
  while (crashMultiplierAt(ms, growthPerMs) < cents) ms += 1;
  return ms;
}

export type CrashCashOutVerdict =
  | { kind: 'paid'; cents: number }
  | { kind: 'refused'; reason: 'busted' | 'not-running' };

/**
 * A manual cash-out received at `elapsedMs` of the running round: paid at the curve's multiplier
 * of that instant (capped at 200×) when the instant lies before the bust, refused at or after it.
 */
export function crashManualCashOut(
  crashCents: number,
  elapsedMs: number,
  growthPerMs: number = CRASH_GROWTH_PER_MS,
): CrashCashOutVerdict {
  if (!(elapsedMs >= 0)) return { kind: 'refused', reason: 'not-running' };
  if (elapsedMs >= crashElapsedFor(crashCents, growthPerMs)) return { kind: 'refused', reason: 'busted' };
  return { kind: 'paid', cents: Math.min(crashMultiplierAt(elapsedMs, growthPerMs), CRASH_MAX_PAYOUT_CENTS) };
}

/**
 * Where a bet still riding when the round ends is settled: at its auto cash-out target when the
 * round reached it (target ≤ crash point), at 200× when the round reached 200× (the cap), else lost
 * (null).
 */
export function crashAutoSettlement(crashCents: number, autoCashOutCents: number | null): number | null {
  const target = Math.min(autoCashOutCents ?? CRASH_MAX_PAYOUT_CENTS, CRASH_MAX_PAYOUT_CENTS);
  return target <= crashCents ? target : null;
}

/** An auto cash-out target is valid when above 2.00× (spec §5) and at most the 200× cap. */
export function isValidAutoCashOut(cents: number): boolean {
  return (
    Number.isSafeInteger(cents) && cents >= CRASH_AUTO_CASHOUT_MIN_CENTS && cents <= CRASH_MAX_PAYOUT_CENTS
  );
}

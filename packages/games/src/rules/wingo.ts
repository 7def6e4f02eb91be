/**
 * Wingo — a shared draw of a number 0–9 every 30 s, 1 min or 2 min, from the round's chain hash.
 *
 * The number (unbiased, by rejection):
 *   d₀ = HMAC_SHA256(key = salt as UTF-8 text, message = the round hash's 32 raw bytes)
 *   read the bytes of d₀ in order; the first byte b < 250 gives number = b mod 10
 *   (250 = 25 × 10, so each of 0–9 has exactly 25 of the 250 accepted byte values);
 *   if all 32 bytes are ≥ 250 (chance (6/256)³² ≈ 10⁻⁵²), d₁ = HMAC(key = salt, message = d₀) and so on.
 *
 * Colours: green 1 3 7 9 and 5; red 2 4 6 8 and 0; violet 0 and 5. Big 5–9, small 0–4.
 * Payouts (stake included), a uniform 5 % edge — every bet returns 95 %:
 *   colour green/red 2× (1.5× when its violet number — 5 for green, 0 for red — comes):
 *     (4 × 2 + 1.5) / 10 = 0.95;
 *   violet 4.75× on 0 or 5: 2 × 4.75 / 10 = 0.95;   number 9.5×: 9.5 / 10 = 0.95;
 *   big / small 1.9×: 5 × 1.9 / 10 = 0.95.
 *
 * Pure: no clock, no I/O, no Math.random.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { isChainHash } from '../fair/hash-chain.ts';

export const WINGO_NUMBERS = 10;
/** Bytes at or above this are rejected: 250 is the largest multiple of 10 not above 256. */
const WINGO_ACCEPT_BELOW = 250;
/** Rehash at most this often (each pass fails with chance ≈ 10⁻⁵²). */
const WINGO_PASSES_MAX = 64;

export type WingoColour = 'green' | 'red' | 'violet';
export const WINGO_COLOURS: readonly WingoColour[] = ['green', 'red', 'violet'];
export type WingoSize = 'big' | 'small';
export const WINGO_SIZES: readonly WingoSize[] = ['big', 'small'];

/** The three round lengths of spec §9, in seconds. */
export const WINGO_MODES = [30, 60, 120] as const;
export type WingoMode = (typeof WINGO_MODES)[number];

export type WingoPick =
  | { kind: 'colour'; colour: WingoColour }
  | { kind: 'number'; number: number }
  | { kind: 'size'; size: WingoSize };

/** Payouts in basis points of the stake (1× = 10 000). */
export const WINGO_PAYOUT_BP = {
  colour: 20_000n,
  colourWithViolet: 15_000n,
  violet: 47_500n,
  number: 95_000n,
  size: 19_000n,
} as const;

/** Every bet's return to player, in percent. */
export const WINGO_RTP_PERCENT = 95;

export function wingoNumber(roundHash: string, salt: string): number {
  if (!isChainHash(roundHash)) throw new RangeError('round hash must be 64 lowercase hex characters');
  if (typeof salt !== 'string' || salt.length === 0) throw new RangeError('salt must be a non-empty string');
  const key = utf8ToBytes(salt);
  let digest = hmac(sha256, key, hexToBytes(roundHash));
  for (let pass = 0; pass < WINGO_PASSES_MAX; pass += 1) {
    for (const byte of digest) {
      if (byte < WINGO_ACCEPT_BELOW) return byte % WINGO_NUMBERS;
    }
    digest = hmac(sha256, key, digest);
  }
  throw new Error('wingo: no byte accepted in 64 passes');
}

export function wingoColours(number: number): WingoColour[] {
  if (number === 0) return ['red', 'violet'];
  if (number === 5) return ['green', 'violet'];
  return number % 2 === 1 ? ['green'] : ['red'];
}

export function wingoSize(number: number): WingoSize {
  return number >= 5 ? 'big' : 'small';
}

export function isValidWingoPick(pick: WingoPick): boolean {
  switch (pick?.kind) {
    case 'colour':
      return WINGO_COLOURS.includes(pick.colour);
    case 'number':
      return Number.isInteger(pick.number) && pick.number >= 0 && pick.number < WINGO_NUMBERS;
    case 'size':
      return WINGO_SIZES.includes(pick.size);
    default:
      return false;
  }
}

/** The multiplier a pick earns on a drawn number, in basis points (0 = lost). */
export function wingoMultiplierBp(pick: WingoPick, number: number): bigint {
  switch (pick.kind) {
    case 'number':
      return pick.number === number ? WINGO_PAYOUT_BP.number : 0n;
    case 'size':
      return wingoSize(number) === pick.size ? WINGO_PAYOUT_BP.size : 0n;
    case 'colour': {
      const colours = wingoColours(number);
      if (!colours.includes(pick.colour)) return 0n;
      if (pick.colour === 'violet') return WINGO_PAYOUT_BP.violet;
      return colours.includes('violet') ? WINGO_PAYOUT_BP.colourWithViolet : WINGO_PAYOUT_BP.colour;
    }
  }
}

/** floor(stake × multiplier / 10 000). */
export function wingoPayout(stake: bigint, pick: WingoPick, number: number): bigint {
  if (stake < 0n) throw new RangeError('stake must not be negative');
  return (stake * wingoMultiplierBp(pick, number)) / 10_000n;
}

/** Text key of a pick, for storage and display: "colour:green", "number:7", "size:big". */
export function wingoPickKey(pick: WingoPick): string {
  if (pick.kind === 'colour') return `colour:${pick.colour}`;
  if (pick.kind === 'number') return `number:${pick.number}`;
  return `size:${pick.size}`;
}

export function parseWingoPick(key: string): WingoPick | null {
  const [kind, value] = key.split(':');
  let pick: WingoPick | null = null;
  if (kind === 'colour') pick = { kind, colour: value as WingoColour };
  else if (kind === 'number' && value !== undefined && /^\d$/.test(value))
    pick = { kind, number: Number(value) };
  else if (kind === 'size') pick = { kind, size: value as WingoSize };
  return pick !== null && isValidWingoPick(pick) ? pick : null;
}

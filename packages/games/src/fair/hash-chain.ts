/**
 * Hash chains for shared rounds (crash, wingo), as bustabit's v2 seeding event publishes them:
 * starting from a secret, each element is SHA-256 of the previous element's lowercase hex text;
 * the last element (the terminating hash) is published before the first round; rounds are played
 * backwards, so round n's hash hashed n times gives the terminating hash, and no revealed hash lets
 * anyone compute the next round's.
 *
 *   h₀ = the secret (64 lowercase hex characters), h₍ᵢ₊₁₎ = SHA-256(utf8(hex(hᵢ))), T = h_N
 *   round n (1 … N) uses h₍N−n₎ — round 1 the element just before T, round N the secret itself.
 *
 * Each round's result is a pure function of its hash and a salt fixed after the chain was committed
 * (see crash.ts, wingo.ts and docs/games.md §Shared rounds).
 *
 * Pure: no clock, no I/O, no Math.random.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** A chain hash: 64 lowercase hex characters. */
export const CHAIN_HASH_PATTERN = /^[0-9a-f]{64}$/;

/** The longest chain a verifier will walk (bustabit's v2 chain has 10⁷ elements). */
export const CHAIN_LENGTH_MAX = 100_000_000;

export function isChainHash(text: string): boolean {
  return typeof text === 'string' && CHAIN_HASH_PATTERN.test(text);
}

function assertChainHash(name: string, text: string): void {
  if (!isChainHash(text)) throw new RangeError(`${name} must be 64 lowercase hex characters`);
}

function assertLength(length: number): void {
  if (!Number.isSafeInteger(length) || length < 1 || length > CHAIN_LENGTH_MAX) {
    throw new RangeError(`chain length must be an integer 1..${CHAIN_LENGTH_MAX}`);
  }
}

/** One step of the chain: SHA-256 of the hash's lowercase hex text (not of its 32 raw bytes). */
export function chainStep(hash: string): string {
  return bytesToHex(sha256(utf8ToBytes(hash)));
}

/** Lowercase hex digits of every byte, two ASCII codes a byte. */
const HEX_CODES = new Uint8Array(512);
for (let byte = 0; byte < 256; byte += 1) {
  const text = byte.toString(16).padStart(2, '0');
  HEX_CODES[2 * byte] = text.charCodeAt(0);
  HEX_CODES[2 * byte + 1] = text.charCodeAt(1);
}
/** The hex text a byte step hashes, reused: no string and no buffer made a step. */
const STEP_TEXT = new Uint8Array(64);

/**
 * `chainStep` on the hash's 32 bytes, for long walks (chain-walk.ts, `chainRoundOf`): the hex text is
 * written into one reused buffer instead of a string made and parsed each step (~2 µs a step against
 * ~5–18 µs).
 */
export function chainStepBytes(hash: Uint8Array): Uint8Array {
  for (let index = 0; index < 32; index += 1) {
    const at = 2 * hash[index]!;
    STEP_TEXT[2 * index] = HEX_CODES[at]!;
    STEP_TEXT[2 * index + 1] = HEX_CODES[at + 1]!;
  }
  return sha256(STEP_TEXT);
}

/** A chain step: `chainStep`, or an equal one computed natively (`@payhub/games/node`). */
export type ChainStep = (hash: string) => string;

/** The hash `steps` steps after `hash`. */
export function chainAdvance(hash: string, steps: number, step: ChainStep = chainStep): string {
  if (!Number.isSafeInteger(steps) || steps < 0) throw new RangeError('steps must be a non-negative integer');
  let current = hash;
  for (let taken = 0; taken < steps; taken += 1) current = step(current);
  return current;
}

/** The published terminating hash of a chain of `length` rounds built from `secret`. */
export function terminatingHash(secret: string, length: number): string {
  assertChainHash('secret', secret);
  assertLength(length);
  return chainAdvance(secret, length);
}

/**
 * Checkpoints of a chain: the element at every multiple of `every` (index 0 is the secret), so a
 * server keeps length / every hashes instead of the whole chain and derives any round's hash in
 * fewer than `every` steps (`roundHashFrom`). Yields [index, hash] pairs in index order.
 */
export function* chainCheckpoints(
  secret: string,
  length: number,
  every: number,
  step: ChainStep = chainStep,
): Generator<[index: number, hash: string]> {
  assertChainHash('secret', secret);
  assertLength(length);
  if (!Number.isSafeInteger(every) || every < 1) throw new RangeError('every must be a positive integer');
  let hash = secret;
  for (let index = 0; index <= length; index += 1) {
    if (index % every === 0 || index === length) yield [index, hash];
    if (index < length) hash = step(hash);
  }
}

/** The chain index (h_index) that round `round` (1 … length) uses. */
export function chainIndexOfRound(length: number, round: number): number {
  assertLength(length);
  if (!Number.isSafeInteger(round) || round < 1 || round > length) {
    throw new RangeError(`round must be an integer 1..${length}`);
  }
  return length - round;
}

/** Round `round`'s hash from a checkpoint at chain index `checkpointIndex` ≤ the round's index. */
export function roundHashFrom(
  checkpoint: { index: number; hash: string },
  length: number,
  round: number,
  step: ChainStep = chainStep,
): string {
  const index = chainIndexOfRound(length, round);
  if (checkpoint.index > index) throw new RangeError('checkpoint lies after the round in the chain');
  return chainAdvance(checkpoint.hash, index - checkpoint.index, step);
}

/** Round `round`'s hash computed from the secret (O(length) — tests and small chains). */
export function roundHash(secret: string, length: number, round: number): string {
  return roundHashFrom({ index: 0, hash: secret }, length, round);
}

/**
 * Which round of the chain ending in `terminating` a hash is: hashes it until it meets the
 * terminating hash, at most `maxSteps` times. Returns the round number (1 = the first round
 * played), or null when the hash is not within `maxSteps` of the terminating hash. Walks with the
 * byte step (`chainStepBytes`, the same chain as `chainStep`): fair:verify's `--chain` walks up to
 * 10⁷ steps.
 */
export function chainRoundOf(hash: string, terminating: string, maxSteps: number): number | null {
  assertChainHash('hash', hash);
  assertChainHash('terminating hash', terminating);
  if (!Number.isSafeInteger(maxSteps) || maxSteps < 1 || maxSteps > CHAIN_LENGTH_MAX) {
    throw new RangeError(`maxSteps must be an integer 1..${CHAIN_LENGTH_MAX}`);
  }
  const end = hexToBytes(terminating);
  let current: Uint8Array = hexToBytes(hash);
  for (let round = 1; round <= maxSteps; round += 1) {
    current = chainStepBytes(current);
    if (sameHash(current, end)) return round;
  }
  return null;
}

/** Two 32-byte hashes are equal (the first byte tells almost every pair apart). */
function sameHash(a: Uint8Array, b: Uint8Array): boolean {
  for (let index = 0; index < 32; index += 1) if (a[index] !== b[index]) return false;
  return true;
}

/**
 * A revealed round hash is honest when one step of it gives the previous round's hash (or, for
 * round 1, the terminating hash). This is the check a player makes round after round.
 */
export function followsInChain(hash: string, nextHashInChain: string): boolean {
  return isChainHash(hash) && chainStep(hash) === nextHashInChain;
}

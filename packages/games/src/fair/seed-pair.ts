/**
 * Seed pairs, byte for byte as Stake publishes them (stake.com/provably-fair/implementation):
 * round r of bet `nonce` is HMAC_SHA256(key = serverSeed as UTF-8 text, message =
 * `${clientSeed}:${nonce}:${r}`), 32 bytes; every 4 bytes make one float
 * b0/256 + b1/256² + b2/256³ + b3/256⁴ in [0, 1). A game needing more than 8 floats reads on into
 * round 1, 2, … — the byte cursor (Stake's `cursor`) is the offset into that endless byte stream.
 *
 * Pure: no clock, no I/O, no Math.random; @noble/hashes runs synchronously in Node and browsers.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/** The three public inputs of one bet; the server seed is secret until the pair is rotated. */
export interface SeedInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

export const BYTES_PER_ROUND = 32;
export const BYTES_PER_FLOAT = 4;
export const FLOATS_PER_ROUND = BYTES_PER_ROUND / BYTES_PER_FLOAT;

/** Longest accepted seed text: the key and message stay small and bounded (TigerBeetle: limits on everything). */
export const SEED_LENGTH_MAX = 256;

/** A programmer error, not an operating one: callers validate player input before reaching the core. */
export function assertSeedInput(input: SeedInput): void {
  if (typeof input.serverSeed !== 'string' || input.serverSeed.length === 0) {
    throw new RangeError('serverSeed must be a non-empty string');
  }
  if (typeof input.clientSeed !== 'string' || input.clientSeed.length === 0) {
    throw new RangeError('clientSeed must be a non-empty string');
  }
  if (input.serverSeed.length > SEED_LENGTH_MAX || input.clientSeed.length > SEED_LENGTH_MAX) {
    throw new RangeError(`seeds are at most ${SEED_LENGTH_MAX} characters`);
  }
  if (!Number.isSafeInteger(input.nonce) || input.nonce < 0) {
    throw new RangeError('nonce must be a non-negative safe integer');
  }
}

/** The 32 bytes of one HMAC round. */
export function roundBytes(input: SeedInput, round: number): Uint8Array {
  assertSeedInput(input);
  return hmac(
    sha256,
    utf8ToBytes(input.serverSeed),
    utf8ToBytes(`${input.clientSeed}:${input.nonce}:${round}`),
  );
}

/** Stake's bytes → float: four bytes as base-256 digits after the point. Exact: it is uint32 / 2³². */
export function bytesToFloat(b0: number, b1: number, b2: number, b3: number): number {
  return b0 / 256 + b1 / 256 ** 2 + b2 / 256 ** 3 + b3 / 256 ** 4;
}

/**
 * A lazy reader over the byte stream of one bet, starting at byte `cursor`. It computes a round's HMAC
 * only when a float needs it, and keys the HMAC once (the keyed state is cloned per round) because
 * the simulation tests derive millions of rounds.
 */
export interface FloatStream {
  next(): number;
  /** Byte offset of the next float. */
  readonly cursor: number;
}

export function floatStream(input: SeedInput, cursor = 0): FloatStream {
  assertSeedInput(input);
  if (!Number.isSafeInteger(cursor) || cursor < 0)
    throw new RangeError('cursor must be a non-negative integer');
  const keyed = hmac.create(sha256, utf8ToBytes(input.serverSeed));
  const prefix = `${input.clientSeed}:${input.nonce}:`;
  let position = cursor;
  let loadedRound = -1;
  let buffer: Uint8Array = new Uint8Array(0);
  const byteAt = (offset: number): number => {
    const round = Math.floor(offset / BYTES_PER_ROUND);
    if (round !== loadedRound) {
      buffer = keyed
        .clone()
        .update(utf8ToBytes(`${prefix}${round}`))
        .digest();
      loadedRound = round;
    }
    return buffer[offset - round * BYTES_PER_ROUND]!;
  };
  return {
    next(): number {
      const value = bytesToFloat(
        byteAt(position),
        byteAt(position + 1),
        byteAt(position + 2),
        byteAt(position + 3),
      );
      position += BYTES_PER_FLOAT;
      return value;
    },
    get cursor(): number {
      return position;
    },
  };
}

/**
 * Where a game reads its floats: a bet's seed pair (what the server, app and verifier pass), or an
 * already-open stream — which lets the simulation test feed the same rules from a node:crypto HMAC
 * proven byte-identical, because a pure-JS HMAC is too slow for 10⁶ rounds a game on a loaded core.
 */
export type FloatSource = SeedInput | FloatStream;

export function floatsOf(source: FloatSource): FloatStream {
  return 'next' in source ? source : floatStream(source);
}

/** `count` floats from byte `cursor` on (Stake's generateFloats). */
export function generateFloats(input: SeedInput, count: number, cursor = 0): number[] {
  if (!Number.isSafeInteger(count) || count < 0 || count > 10_000)
    throw new RangeError('count must be 0..10000');
  const stream = floatStream(input, cursor);
  const floats: number[] = [];
  for (let index = 0; index < count; index += 1) floats.push(stream.next());
  return floats;
}

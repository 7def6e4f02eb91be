/**
 * The seed pair's float stream (fair/seed-pair.ts `floatStream`) from node:crypto's native HMAC, for
 * Node callers only: the server, on every bet, and the simulation test, on 7 × 10⁶ rounds. The pure
 * core keys a JavaScript HMAC (browser-safe, so the player app and the verifier run the very same
 * code), which costs ~10–30 µs a round on these shared cores; the native one a few. Same bytes, same
 * floats: native-floats.test.ts compares the two streams over thousands of nonces and cursors.
 *
 * Not exported by the package's index (the browser never sees node:crypto): import it from
 * '@payhub/games/node'.
 */
import { createHmac } from 'node:crypto';
import {
  assertSeedInput,
  BYTES_PER_FLOAT,
  BYTES_PER_ROUND,
  type FloatStream,
  type SeedInput,
} from '../fair/seed-pair.ts';

export function nativeFloatStream(input: SeedInput, cursor = 0): FloatStream {
  assertSeedInput(input);
  if (!Number.isSafeInteger(cursor) || cursor < 0)
    throw new RangeError('cursor must be a non-negative integer');
  const prefix = `${input.clientSeed}:${input.nonce}:`;
  let position = cursor;
  let loadedRound = -1;
  let buffer: Buffer = Buffer.alloc(0);
  const byteAt = (offset: number): number => {
    const round = Math.floor(offset / BYTES_PER_ROUND);
    if (round !== loadedRound) {
      buffer = createHmac('sha256', input.serverSeed).update(`${prefix}${round}`).digest();
      loadedRound = round;
    }
    return buffer[offset - round * BYTES_PER_ROUND]!;
  };
  return {
    next(): number {
      // Four bytes as base-256 digits after the point (bytesToFloat): uint32 / 2³², exactly.
      const value =
        byteAt(position) / 256 +
        byteAt(position + 1) / 256 ** 2 +
        byteAt(position + 2) / 256 ** 3 +
        byteAt(position + 3) / 256 ** 4;
      position += BYTES_PER_FLOAT;
      return value;
    },
    get cursor(): number {
      return position;
    },
  };
}

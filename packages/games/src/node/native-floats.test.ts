// Proves the native stream yields the pure core's floats exactly: across nonces, seeds of different
// lengths (UTF-8 included), rounds past the first and cursors that start inside a round.
import { describe, expect, it } from 'vitest';
import { floatStream, generateFloats } from '../fair/seed-pair.ts';
import { nativeFloatStream } from './native-floats.ts';

describe('nativeFloatStream', () => {
  it('equals the pure stream over 2,000 nonces, 20 floats each (three rounds)', () => {
    const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'player-seed' };
    for (let nonce = 0; nonce < 2_000; nonce += 1) {
      const native = nativeFloatStream({ ...seeds, nonce });
      expect(Array.from({ length: 20 }, () => native.next())).toEqual(
        generateFloats({ ...seeds, nonce }, 20),
      );
    }
  });

  it('equals it from any cursor, with non-ASCII seeds, and reports the same cursor', () => {
    const input = { serverSeed: 'sérvér-seed-ü', clientSeed: 'klien 🎲', nonce: 7 };
    for (let cursor = 0; cursor < 100; cursor += 4) {
      const native = nativeFloatStream(input, cursor);
      const pure = floatStream(input, cursor);
      for (let index = 0; index < 12; index += 1) expect(native.next()).toBe(pure.next());
      expect(native.cursor).toBe(pure.cursor);
    }
  });

  it('refuses what the pure stream refuses', () => {
    expect(() => nativeFloatStream({ serverSeed: '', clientSeed: 'c', nonce: 0 })).toThrow(RangeError);
    expect(() => nativeFloatStream({ serverSeed: 's', clientSeed: 'c', nonce: -1 })).toThrow(RangeError);
    expect(() => nativeFloatStream({ serverSeed: 's', clientSeed: 'c', nonce: 0 }, 3.5)).toThrow(RangeError);
  });
});

// Proves the native chain step is the pure one: element by element along a chain, on any text, and
// from checkpoints (bustabit's published vectors are checked on the pure step, hash-chain.test.ts).
import { describe, expect, it } from 'vitest';
import { chainAdvance, chainStep, roundHashFrom, terminatingHash } from '../fair/hash-chain.ts';
import { nativeChainStep, nativeRoundHashFrom } from './native-chain.ts';

const SECRET = '3f1e7d0c9b8a6f5e4d3c2b1a0f9e8d7c6b5a49382716f5e4d3c2b1a09f8e7d6c';

describe('nativeChainStep', () => {
  it('equals the pure step along 5,000 elements of a chain', () => {
    let native = SECRET;
    let pure = SECRET;
    for (let index = 0; index < 5_000; index += 1) {
      native = nativeChainStep(native);
      pure = chainStep(pure);
      expect(native).toBe(pure);
    }
    expect(native).toBe(terminatingHash(SECRET, 5_000));
  });

  it('hashes the text it is given, any text (the development salt is a step of a sentence)', () => {
    const sentence = 'payhub development salt:ünïcode 🎲';
    expect(nativeChainStep(sentence)).toBe(chainStep(sentence));
  });
});

describe('nativeRoundHashFrom', () => {
  it('equals roundHashFrom from every checkpoint before the round, and refuses one after it', () => {
    const length = 300;
    for (const round of [1, 2, 150, 299, 300]) {
      for (const index of [0, 100, 200]) {
        const checkpoint = { index, hash: chainAdvance(SECRET, index) };
        if (index > length - round) {
          expect(() => nativeRoundHashFrom(checkpoint, length, round)).toThrow(RangeError);
          expect(() => roundHashFrom(checkpoint, length, round)).toThrow(RangeError);
        } else {
          expect(nativeRoundHashFrom(checkpoint, length, round)).toBe(
            roundHashFrom(checkpoint, length, round),
          );
        }
      }
    }
  });

  it('refuses rounds outside the chain as the pure function does', () => {
    const checkpoint = { index: 0, hash: SECRET };
    expect(() => nativeRoundHashFrom(checkpoint, 10, 0)).toThrow(RangeError);
    expect(() => nativeRoundHashFrom(checkpoint, 10, 11)).toThrow(RangeError);
  });
});

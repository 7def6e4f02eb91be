// Proves the seed-pair byte stream, floats and commitment equal Stake's scheme: published vectors, and node:crypto as an independent reference.
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commitServerSeed, matchesCommitment } from './commitment.ts';
import { bytesToFloat, floatStream, generateFloats, roundBytes } from './seed-pair.ts';
import { PUBLISHED_BYTES, PUBLISHED_FLOATS, PUBLISHED_SMALL_FLOAT } from './vectors.ts';

/** Reference built on node:crypto, written straight from Stake's published byteGenerator. */
function referenceBytes(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  cursor: number,
  count: number,
): number[] {
  const bytes: number[] = [];
  for (let offset = cursor; bytes.length < count; offset += 1) {
    const round = Math.floor(offset / 32);
    const digest = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
    bytes.push(digest[offset % 32]!);
  }
  return bytes;
}

describe('seed pair', () => {
  it('reproduces the published byte stream across the round boundary', () => {
    const { serverSeed, clientSeed, nonce, bytes } = PUBLISHED_BYTES;
    const stream = [
      ...roundBytes({ serverSeed, clientSeed, nonce }, 0),
      ...roundBytes({ serverSeed, clientSeed, nonce }, 1),
    ];
    expect(stream.slice(0, bytes.length)).toEqual(bytes);
  });

  it('reproduces the published floats, 8 from round 0 and 2 from round 1', () => {
    const { serverSeed, clientSeed, nonce, floats } = PUBLISHED_FLOATS;
    expect(generateFloats({ serverSeed, clientSeed, nonce }, floats.length)).toEqual(floats);
  });

  it('keeps every digit of a float below one millionth (published)', () => {
    const { serverSeed, clientSeed, nonce, float } = PUBLISHED_SMALL_FLOAT;
    expect(generateFloats({ serverSeed, clientSeed, nonce }, 1)[0]).toBe(float);
  });

  it('equals the node:crypto reference for varied seeds, nonces and cursors', () => {
    const cases = [
      { serverSeed: 'a'.repeat(64), clientSeed: 'x', nonce: 0, cursor: 0 },
      {
        serverSeed: '9f86d081884c7d659a2feaa0c55ad015',
        clientSeed: 'ÿ Ünïcödé 🎲',
        nonce: 123_456_789,
        cursor: 28,
      },
      { serverSeed: 'k'.repeat(200), clientSeed: 'long key over one block', nonce: 7, cursor: 100 },
    ];
    for (const { serverSeed, clientSeed, nonce, cursor } of cases) {
      const count = 24;
      const expected = referenceBytes(serverSeed, clientSeed, nonce, cursor, count * 4);
      const floats = generateFloats({ serverSeed, clientSeed, nonce }, count, cursor);
      const fromReference = Array.from({ length: count }, (_, index) =>
        expected
          .slice(index * 4, index * 4 + 4)
          .reduce((sum, byte, position) => sum + byte / 256 ** (position + 1), 0),
      );
      expect(floats).toEqual(fromReference);
    }
  });

  it('turns four bytes into exactly uint32 / 2^32', () => {
    expect(bytesToFloat(0, 0, 0, 0)).toBe(0);
    expect(bytesToFloat(255, 255, 255, 255)).toBe((2 ** 32 - 1) / 2 ** 32);
    expect(bytesToFloat(0x12, 0x34, 0x56, 0x78)).toBe(0x12345678 / 2 ** 32);
  });

  it('advances its cursor four bytes a float and reads lazily from any offset', () => {
    const input = { serverSeed: 's', clientSeed: 'c', nonce: 3 };
    const stream = floatStream(input, 32);
    expect(stream.cursor).toBe(32);
    const first = stream.next();
    expect(stream.cursor).toBe(36);
    expect(first).toBe(generateFloats(input, 9)[8]);
  });

  it('refuses bad inputs as programmer errors', () => {
    expect(() => generateFloats({ serverSeed: '', clientSeed: 'c', nonce: 0 }, 1)).toThrow(RangeError);
    expect(() => generateFloats({ serverSeed: 's', clientSeed: 'c', nonce: -1 }, 1)).toThrow(RangeError);
    expect(() => generateFloats({ serverSeed: 's', clientSeed: 'c', nonce: 1.5 }, 1)).toThrow(RangeError);
    expect(() => floatStream({ serverSeed: 's', clientSeed: 'c', nonce: 0 }, -4)).toThrow(RangeError);
  });
});

describe('commitment', () => {
  it('is the SHA-256 hex of the server seed text, as node:crypto computes it', () => {
    for (const seed of ['server seed', 'e8df2cc3b9ccb583ce5ea92336842387', 'ünï']) {
      expect(commitServerSeed(seed)).toBe(createHash('sha256').update(seed, 'utf8').digest('hex'));
    }
    // The well-known SHA-256 of "abc" (FIPS 180-2 appendix B.1).
    expect(commitServerSeed('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('matches a revealed seed to its hash and nothing else', () => {
    const hash = commitServerSeed('server seed');
    expect(matchesCommitment('server seed', hash.toUpperCase())).toBe(true);
    expect(matchesCommitment('server seed ', hash)).toBe(false);
  });
});

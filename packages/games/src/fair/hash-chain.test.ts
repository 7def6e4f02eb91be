// Proves the shared-round hash chain: bustabit v2's published chain facts, checkpoint derivation, bounded membership, and a 1,000-round run that re-verifies from the revealed chain.
import { createHash } from 'node:crypto';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { crashPointCents } from '../rules/crash.ts';
import { wingoNumber } from '../rules/wingo.ts';
import {
  chainAdvance,
  chainCheckpoints,
  chainRoundOf,
  chainStep,
  chainStepBytes,
  followsInChain,
  roundHash,
  roundHashFrom,
  terminatingHash,
} from './hash-chain.ts';
import { BUSTABIT_V2 } from './round-vectors.ts';

const nodeStep = (hex: string) => createHash('sha256').update(hex, 'utf8').digest('hex');
const SECRET = createHash('sha256').update('payhub test chain secret').digest('hex');

describe('hash chain', () => {
  it('steps as SHA-256 of the hex text, agreeing with node:crypto', () => {
    let hash = SECRET;
    for (let step = 0; step < 50; step += 1) {
      expect(chainStep(hash)).toBe(nodeStep(hash));
      hash = nodeStep(hash);
    }
  });

  it('steps on bytes as on text along 5,000 elements, and chainRoundOf (a byte walk) finds the rounds a text walk does', () => {
    const length = 5_000;
    let text = SECRET;
    let bytes: Uint8Array = hexToBytes(SECRET);
    for (let index = 0; index < length; index += 1) {
      text = chainStep(text);
      bytes = chainStepBytes(bytes);
      expect(bytesToHex(bytes)).toBe(text);
    }
    const terminating = chainAdvance(SECRET, length); // the text step
    expect(text).toBe(terminating);
    for (const round of [1, 2, 1_234, 4_999, length])
      expect(chainRoundOf(chainAdvance(SECRET, length - round), terminating, length)).toBe(round);
    expect(chainRoundOf(SECRET, terminating, length - 1)).toBeNull();
  });

  it("finds bustabit v2's game #1 one step before its published terminating hash", () => {
    expect(chainStep(BUSTABIT_V2.game1Hash)).toBe(BUSTABIT_V2.terminatingHash);
    expect(chainRoundOf(BUSTABIT_V2.game1Hash, BUSTABIT_V2.terminatingHash, 10)).toBe(1);
    // The terminating hash itself is not a round of its own chain, within any bound.
    expect(chainRoundOf(BUSTABIT_V2.terminatingHash, BUSTABIT_V2.terminatingHash, 1_000)).toBeNull();
  });

  it('plays rounds backwards: round n hashed n times is the terminating hash; round N is the secret', () => {
    const length = 40;
    const terminating = terminatingHash(SECRET, length);
    for (let round = 1; round <= length; round += 1) {
      expect(chainRoundOf(roundHash(SECRET, length, round), terminating, length)).toBe(round);
    }
    expect(roundHash(SECRET, length, length)).toBe(SECRET);
    expect(chainRoundOf(roundHash(SECRET, length, 30), terminating, 29)).toBeNull();
    expect(() => roundHash(SECRET, length, 0)).toThrow(RangeError);
    expect(() => roundHash(SECRET, length, 41)).toThrow(RangeError);
  });

  it('derives any round from the nearest earlier checkpoint', () => {
    const length = 1_000;
    const checkpoints = [...chainCheckpoints(SECRET, length, 64)];
    expect(checkpoints[0]).toEqual([0, SECRET]);
    expect(checkpoints.at(-1)).toEqual([length, terminatingHash(SECRET, length)]);
    for (const round of [1, 2, 63, 64, 500, 999, 1_000]) {
      const index = length - round;
      const [cpIndex, cpHash] = checkpoints.filter(([i]) => i <= index).at(-1)!;
      expect(roundHashFrom({ index: cpIndex, hash: cpHash }, length, round)).toBe(
        roundHash(SECRET, length, round),
      );
    }
  });

  it('rejects malformed hashes and bounds', () => {
    expect(() => terminatingHash('XYZ', 10)).toThrow(RangeError);
    expect(() => chainRoundOf(SECRET.toUpperCase(), SECRET, 5)).toThrow(RangeError);
    expect(() => chainRoundOf(SECRET, SECRET, 0)).toThrow(RangeError);
    expect(followsInChain('nope', SECRET)).toBe(false);
  });

  it('a 1,000-round simulated run re-verifies from the revealed chain, round by round', () => {
    const length = 1_000;
    const salt = '00000000000000000001e08b7fd44f95e3e950ac65650a8031a6d5e1750e34be';
    const terminating = terminatingHash(SECRET, length);
    // The "server" plays from checkpoints and records each round's hash and results.
    const checkpoints = [...chainCheckpoints(SECRET, length, 100)];
    const played: { round: number; hash: string; crash: number; wingo: number }[] = [];
    for (let round = 1; round <= length; round += 1) {
      const index = length - round;
      const [cpIndex, cpHash] = checkpoints.filter(([i]) => i <= index).at(-1)!;
      const hash = roundHashFrom({ index: cpIndex, hash: cpHash }, length, round);
      played.push({ round, hash, crash: crashPointCents(hash, salt), wingo: wingoNumber(hash, salt) });
    }
    // A player holding only the terminating hash, the salt and the revealed hashes re-verifies all.
    let previous = terminating;
    for (const record of played) {
      expect(followsInChain(record.hash, previous)).toBe(true);
      expect(crashPointCents(record.hash, salt)).toBe(record.crash);
      expect(wingoNumber(record.hash, salt)).toBe(record.wingo);
      previous = record.hash;
    }
    expect(chainRoundOf(played[999]!.hash, terminating, length)).toBe(1_000);
    expect(new Set(played.map((record) => record.hash)).size).toBe(length);
  });
});

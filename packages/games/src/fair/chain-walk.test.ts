import { describe, expect, it } from 'vitest';
import { createChainWalk, type RevealedRound } from './chain-walk.ts';
import { chainRoundOf, roundHash, terminatingHash } from './hash-chain.ts';

const SECRET = 'ab'.repeat(32);
const LENGTH = 300;
const TERMINATING = terminatingHash(SECRET, LENGTH);
const honest = (chainRound: number): RevealedRound => ({
  chainRound,
  hash: roundHash(SECRET, LENGTH, chainRound),
});

/** Runs a walk to its end in slices of `slice` steps; the verdicts and the number of slices. */
function walk(rounds: readonly RevealedRound[], slice = 17) {
  const walker = createChainWalk(TERMINATING, rounds);
  let slices = 0;
  while (!walker.advance(slice)) slices += 1;
  return { verdicts: walker.verdicts(), slices, walker };
}

describe('chain walk', () => {
  it('agrees with chainRoundOf on honest rounds, with gaps and out of order, in one walk of the highest number', () => {
    const rounds = [honest(3), honest(250), honest(249), honest(1), honest(120)];
    for (const round of rounds) expect(chainRoundOf(round.hash, TERMINATING, LENGTH)).toBe(round.chainRound);
    const { verdicts, slices, walker } = walk(rounds);
    expect(verdicts).toEqual([true, true, true, true, true]);
    expect(walker.total).toBe(250);
    expect(walker.done).toBe(250);
    expect(slices).toBe(Math.ceil(250 / 17) - 1);
  });

  it('refuses a forged hash, a hash at the wrong number and a malformed one, and still verifies the honest rounds under and above them', () => {
    const forged = { chainRound: 200, hash: 'cd'.repeat(32) };
    const misplaced = { chainRound: 101, hash: honest(100).hash };
    const malformed = { chainRound: 50, hash: 'XYZ' };
    const { verdicts } = walk([honest(280), forged, misplaced, honest(100), malformed, honest(10)]);
    expect(verdicts).toEqual([true, false, false, true, false, true]);
  });

  it('verifies an honest round under a forged highest one (the forged walk leads nowhere)', () => {
    expect(walk([{ chainRound: 290, hash: 'ef'.repeat(32) }, honest(200), honest(2)]).verdicts).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('refuses every round of another chain, and takes nothing when given nothing', () => {
    const other = terminatingHash('12'.repeat(32), LENGTH);
    const walker = createChainWalk(other, [honest(5), honest(6)]);
    while (!walker.advance(1_000));
    expect(walker.verdicts()).toEqual([false, false]);
    const empty = createChainWalk(TERMINATING, []);
    expect(empty.advance(1)).toBe(true);
    expect(empty.verdicts()).toEqual([]);
  });

  it('has no verdicts before the walk ends', () => {
    const walker = createChainWalk(TERMINATING, [honest(40)]);
    expect(walker.advance(39)).toBe(false);
    expect(() => walker.verdicts()).toThrow(/not reached/);
    expect(walker.advance(1)).toBe(true);
    expect(walker.verdicts()).toEqual([true]);
  });
});

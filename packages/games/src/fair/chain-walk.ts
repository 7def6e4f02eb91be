/**
 * Verifying revealed rounds against their chain's terminating hash on a phone, where a production
 * chain has 10⁶ rounds: round n's hash must give the terminating hash after exactly n steps.
 *
 * Checked one by one (`chainRoundOf` per round) a page of 50 rounds near round 500,000 is 25 million
 * steps; with the string step (~18 µs: hex text in, hex text out) that is minutes of a frozen page.
 * Here the rounds share **one walk**, from the highest listed round down to the terminating hash,
 * each listed round compared when the walk passes its position, and a step works on bytes (~2 µs:
 * the hex text written into one reused buffer). The walk advances in slices (`advance(steps)`), so a
 * page can run it between frames and show its progress.
 *
 * A listed hash that the walk does not meet at its position starts a walk of its own beside it (a
 * forged round must not take the honest rounds under it down with it, nor an honest one be trusted
 * because a forged one above it led nowhere): at the terminating position, the rounds of the walk that
 * arrives there are in the chain, the others are not. Honest pages take one walk.
 *
 * Pure: no clock, no I/O.
 */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { chainStepBytes, isChainHash } from './hash-chain.ts';

/** A revealed round: its number in the chain (1 = the first played) and its hash. */
export interface RevealedRound {
  chainRound: number;
  hash: string;
}

export interface ChainWalk {
  /** Steps the walk takes in all (the highest listed round's number), for a progress bar. */
  readonly total: number;
  /** Steps taken so far. */
  readonly done: number;
  /** Takes up to `steps` more steps; true once the walk has reached the terminating hash. */
  advance(steps: number): boolean;
  /** Per round, in the order given: in the chain at its number. Only once `advance` returned true. */
  verdicts(): boolean[];
}

/** One walk: where it is now, and the listed rounds it met (indexes into the given rounds). */
interface Walk {
  hash: Uint8Array;
  members: number[];
}

export function createChainWalk(terminating: string, rounds: readonly RevealedRound[]): ChainWalk {
  const valid = (round: RevealedRound) =>
    Number.isSafeInteger(round.chainRound) && round.chainRound >= 1 && isChainHash(round.hash);
  /** The listed rounds the walk can meet, highest number first. */
  const pending = rounds
    .map((round, index) => ({ ...round, index }))
    .filter(valid)
    .sort((a, b) => b.chainRound - a.chainRound);
  const total = pending[0]?.chainRound ?? 0;
  let position = total;
  let next = 0;
  const walks: Walk[] = [];
  const inChain = new Array<boolean>(rounds.length).fill(false);
  let finished = false;

  /** Meets the listed rounds at the walk's position: each joins the walk that has its hash, or starts one. */
  function meetRounds(): void {
    while (next < pending.length && pending[next]!.chainRound === position) {
      const round = pending[next]!;
      const hex = round.hash;
      const walk = walks.find((candidate) => bytesToHex(candidate.hash) === hex);
      if (walk) walk.members.push(round.index);
      else walks.push({ hash: hexToBytes(hex), members: [round.index] });
      next += 1;
    }
  }

  function finish(): void {
    finished = true;
    const arrived = walks.find((walk) => bytesToHex(walk.hash) === terminating);
    for (const index of arrived?.members ?? []) inChain[index] = true;
  }

  meetRounds();
  if (total === 0 || !isChainHash(terminating)) finish();

  return {
    total,
    get done() {
      return total - position;
    },
    advance(steps) {
      let budget = steps;
      while (!finished && budget > 0) {
        // Up to the next listed round's position (or the terminating hash), within the budget.
        const stop = next < pending.length ? pending[next]!.chainRound : 0;
        const take = Math.min(budget, position - stop);
        for (const walk of walks) {
          let hash = walk.hash;
          for (let taken = 0; taken < take; taken += 1) hash = chainStepBytes(hash);
          walk.hash = hash;
        }
        position -= take;
        budget -= take;
        if (position === stop) {
          if (position === 0) finish();
          else meetRounds();
        }
      }
      return finished;
    },
    verdicts() {
      if (!finished) throw new Error('the walk has not reached the terminating hash yet');
      return [...inChain];
    },
  };
}

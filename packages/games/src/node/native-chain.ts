/**
 * The hash chain's step (fair/hash-chain.ts `chainStep`) on node:crypto's one-shot `hash`, for Node
 * callers only: the round clock builds a 10⁶-element chain for every game of every project, and
 * derives each round's hash from a checkpoint up to 999 steps back. The pure step (browser-safe, so
 * the fairness page and the verifier run the very same code) costs ~2–4 µs here; `createHash`
 * ~1.1 µs with an object and a digest's garbage a step; the one-shot ~0.3 µs. Same text in, same
 * hex out: native-chain.test.ts walks both side by side.
 *
 * Not exported by the package's index (the browser never sees node:crypto): import it from
 * '@payhub/games/node'.
 */
import { hash } from 'node:crypto';
import { roundHashFrom } from '../fair/hash-chain.ts';

/** SHA-256 of the hash's lowercase hex text, as lowercase hex (equal to `chainStep`). */
export function nativeChainStep(text: string): string {
  return hash('sha256', text, 'hex');
}

/** Round `round`'s hash from a checkpoint at or before it (`roundHashFrom`, stepped natively). */
export function nativeRoundHashFrom(
  checkpoint: { index: number; hash: string },
  length: number,
  round: number,
): string {
  return roundHashFrom(checkpoint, length, round, nativeChainStep);
}

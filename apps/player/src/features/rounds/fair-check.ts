import type { RoundFairness, RoundWire } from '@payhub/contracts';
import { type ChainWalk, crashPointCents, createChainWalk, wingoNumber } from '@payhub/games';

export type Verdict = 'ok' | 'bad';

/** A round's result recomputed from its hash and its chain's salt. */
function resultMatches(round: RoundWire, salt: string): boolean {
  try {
    const result =
      round.game === 'crash' ? crashPointCents(round.hash!, salt) : wingoNumber(round.hash!, salt);
    return result === round.result;
  } catch {
    return false;
  }
}

/** One chain's rounds on the page and the walk that checks their hashes against its terminating hash. */
interface ChainCheck {
  chain: RoundFairness | undefined;
  rounds: RoundWire[];
  walk: ChainWalk | null;
}

/**
 * The fairness page's check of its ended rounds, each against **its own chain** (a page can span a
 * used-up chain and its successor): its hash at its number in the chain — one walk a chain
 * (`createChainWalk`), advanced in slices so that the page can paint between them — and its result
 * from its hash and that chain's salt. A round whose chain is not listed, or has no salt, is 'bad'.
 */
export function createFairCheck(rounds: readonly RoundWire[], chains: readonly RoundFairness[]) {
  const chainById = new Map(chains.map((chain) => [chain.chainId, chain]));
  const byChain = new Map<string, ChainCheck>();
  for (const round of rounds) {
    let check = byChain.get(round.chainId);
    if (!check) {
      check = { chain: chainById.get(round.chainId), rounds: [], walk: null };
      byChain.set(round.chainId, check);
    }
    check.rounds.push(round);
  }
  const checks = [...byChain.values()];
  for (const check of checks)
    if (check.chain?.salt)
      check.walk = createChainWalk(
        check.chain.terminatingHash,
        check.rounds.map((round) => ({ chainRound: round.chainRound, hash: round.hash ?? '' })),
      );
  /** The walks still to finish, the one being walked first. */
  const walking = checks.flatMap((check) => (check.walk ? [check.walk] : []));

  return {
    /** Steps of all the walks (for the progress). */
    total: checks.reduce((sum, check) => sum + (check.walk?.total ?? 0), 0),
    get done(): number {
      return checks.reduce((sum, check) => sum + (check.walk?.done ?? 0), 0);
    },
    /** Takes up to `steps` more steps of the walk at hand; true once every walk has finished. */
    advance(steps: number): boolean {
      if (walking.length > 0 && walking[0]!.advance(steps)) walking.shift();
      return walking.length === 0;
    },
    /** Each round's verdict by its id; only once `advance` returned true. */
    verdicts(): Map<string, Verdict> {
      const verdicts = new Map<string, Verdict>();
      for (const check of checks) {
        // No walk: the chain is not listed or has no salt, and none of its rounds is in it.
        const inChain = check.walk?.verdicts() ?? [];
        const salt = check.chain?.salt ?? '';
        check.rounds.forEach((round, index) => {
          const ok = inChain[index] === true && resultMatches(round, salt);
          verdicts.set(round.id, ok ? 'ok' : 'bad');
        });
      }
      return verdicts;
    },
  };
}
export type FairCheck = ReturnType<typeof createFairCheck>;

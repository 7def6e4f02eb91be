import { randomBytes } from 'node:crypto';
import { ROUND_DEV_SALT_SOURCE, type RoundGame } from '@payhub/contracts';
import { chainCheckpoints, crashPointCents, wingoNumber } from '@payhub/games';
import { nativeChainStep } from '@payhub/games/node';
import type { ChainRow, RoundsRepo } from './rounds.repo.ts';
import type { RoundsSettings } from './rounds.settings.ts';

/** About this many chain hashes are computed between two yields to the event loop. */
const CHAIN_YIELD_EVERY = 5_000;

/** A round's result from its chain hash and the chain's salt: crash's point (cents) or wingo's number. */
export function resultOf(game: RoundGame, hash: string, salt: string): number {
  return game === 'crash' ? crashPointCents(hash, salt) : wingoNumber(hash, salt);
}

/**
 * The hash chains rounds are played from (docs/games.md §5 "Fairness"): a game's chain of a project
 * is made when it has none — its secret, a checkpoint every `checkpointEvery` hashes and its
 * terminating hash stored — on the clock's pool.
 */
export function createRoundChains(deps: {
  repo: RoundsRepo;
  clockRepo: RoundsRepo;
  settings: Pick<RoundsSettings, 'chainLength' | 'checkpointEvery' | 'devSalt'>;
}) {
  const { repo, clockRepo, settings } = deps;

  /** The game's chain in play, created (secret, checkpoints, terminating hash) when there is none. */
  async function ensureChain(projectId: number, game: RoundGame): Promise<ChainRow> {
    const existing = await repo.activeChain(clockRepo.db, projectId, game);
    if (existing) return existing;
    const secret = randomBytes(32).toString('hex');
    const checkpoints: [number, string][] = [];
    // A 10⁶ chain is ~0.3 s of CPU (nativeChainStep): yield every ~CHAIN_YIELD_EVERY steps (~1.5 ms)
    // so requests on this node are never held up.
    const yieldEvery = Math.max(1, Math.floor(CHAIN_YIELD_EVERY / settings.checkpointEvery));
    for (const checkpoint of chainCheckpoints(
      secret,
      settings.chainLength,
      settings.checkpointEvery,
      nativeChainStep,
    )) {
      checkpoints.push(checkpoint);
      if (checkpoints.length % yieldEvery === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    // The last checkpoint is the chain's end.
    const terminatingHash = checkpoints.at(-1)![1];
    const salt = settings.devSalt ? nativeChainStep(`payhub development salt:${terminatingHash}`) : null;
    const inserted = await clockRepo.transaction((tx) =>
      repo.insertChain(
        tx,
        {
          projectId,
          game,
          length: settings.chainLength,
          secret,
          terminatingHash,
          checkpointEvery: settings.checkpointEvery,
          salt,
          saltSource: salt === null ? null : ROUND_DEV_SALT_SOURCE,
        },
        checkpoints,
      ),
    );
    return inserted ?? (await repo.activeChain(clockRepo.db, projectId, game))!;
  }

  return { ensureChain };
}

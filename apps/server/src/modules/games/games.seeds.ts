import { randomBytes } from 'node:crypto';
import { ErrorCode, type RevealedSeedPairWire, type SeedPairWire } from '@payhub/contracts';
import { commitServerSeed } from '@payhub/games';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import type { Executor, GamesRepo } from './games.repo.ts';
import { pairWire, revealedWire } from './games.wire.ts';

/** How many revealed pairs the seeds page shows. */
const REVEALED_SHOWN = 10;

/** A player's active pair as this node bets with it: the nonce is the next bet's. */
export interface CachedPair {
  pairId: bigint;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

function newSeed(): { serverSeed: string; serverSeedHash: string; clientSeed: string } {
  const serverSeed = randomBytes(32).toString('hex');
  return {
    serverSeed,
    serverSeedHash: commitServerSeed(serverSeed),
    clientSeed: randomBytes(8).toString('hex'),
  };
}

/**
 * The players' seed pairs (docs/games.md §5 "Seed pairs"): an active pair bets use, a next pair
 * whose hash is shown before the player chooses a client seed, and the revealed pairs a rotation
 * retired. A player's active pair is cached on this node for their bets (which run one after
 * another here); a change of client seed or a rotation drops the copy.
 */
export function createSeedPairs(deps: { repo: GamesRepo; clock: Clock }) {
  const { repo, clock } = deps;
  const cache = new Map<number, CachedPair>();

  async function ensurePairs(executor: Executor, session: Session): Promise<void> {
    await repo.ensurePairs(executor, {
      projectId: session.projectId,
      playerId: session.userId,
      active: newSeed(),
      next: newSeed(),
      at: clock.now(),
    });
  }

  async function livePairs(executor: Executor, session: Session, lock: boolean) {
    let pairs = await repo.livePairs(executor, session.userId, lock);
    if (!pairs.active || !pairs.next) {
      await ensurePairs(executor, session);
      pairs = await repo.livePairs(executor, session.userId, lock);
    }
    if (!pairs.active || !pairs.next) throw new Error('seed pairs missing after creation');
    return { active: pairs.active, next: pairs.next };
  }

  /** The player's active pair for a bet: this node's copy, or read (created on the first bet). */
  async function cachedPair(session: Session): Promise<CachedPair> {
    const cached = cache.get(session.userId);
    if (cached) return cached;
    const { active } = await livePairs(repo.db, session, false);
    const pair: CachedPair = {
      pairId: active.id,
      serverSeed: active.serverSeed,
      serverSeedHash: active.serverSeedHash,
      clientSeed: active.clientSeed,
      nonce: active.nonce,
    };
    cache.set(session.userId, pair);
    return pair;
  }

  return {
    cachedPair,
    /** This node's copy is stale (another node's bet or a rotation took the nonce): read it again. */
    forget: (userId: number) => cache.delete(userId),

    async seeds(session: Session): Promise<{ active: SeedPairWire; revealed: RevealedSeedPairWire[] }> {
      const { active, next } = await livePairs(repo.db, session, false);
      const revealed = await repo.revealedPairs(repo.db, session.userId, REVEALED_SHOWN);
      return { active: pairWire(active, next), revealed: revealed.map(revealedWire) };
    },

    async setClientSeed(session: Session, clientSeed: string): Promise<SeedPairWire> {
      await ensurePairs(repo.db, session);
      return repo
        .transaction(async (tx) => {
          const { active, next } = await livePairs(tx, session, true);
          if (await repo.hasOpenBet(tx, session.userId)) throw new AppError(ErrorCode.GameAlreadyOpen);
          await repo.setClientSeed(tx, active.id, clientSeed);
          return pairWire({ ...active, clientSeed }, next);
        })
        .finally(() => cache.delete(session.userId));
    },

    async rotateSeed(
      session: Session,
      clientSeed: string | undefined,
    ): Promise<{ revealed: RevealedSeedPairWire; active: SeedPairWire }> {
      await ensurePairs(repo.db, session);
      return repo
        .transaction(async (tx) => {
          const { active, next } = await livePairs(tx, session, true);
          // Rotating reveals the server seed: never while a game it drew is still open.
          if (await repo.hasOpenBet(tx, session.userId)) throw new AppError(ErrorCode.GameAlreadyOpen);
          const at = clock.now();
          const newNext = newSeed();
          const chosen = clientSeed ?? active.clientSeed;
          await repo.rotate(tx, {
            activeId: active.id,
            nextId: next.id,
            clientSeed: chosen,
            newNext,
            projectId: session.projectId,
            playerId: session.userId,
            at,
          });
          return {
            revealed: revealedWire({ ...active, status: 'revealed', revealedAt: at }),
            active: {
              serverSeedHash: next.serverSeedHash,
              nextServerSeedHash: newNext.serverSeedHash,
              clientSeed: chosen,
              nonce: 0,
              bets: 0,
              createdAt: at.toISOString(),
            },
          };
        })
        .finally(() => cache.delete(session.userId));
    },
  };
}

export type SeedPairs = ReturnType<typeof createSeedPairs>;

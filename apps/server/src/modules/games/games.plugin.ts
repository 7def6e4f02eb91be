import type { Asset, ProjectConfig } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { createLedger } from '../../ledger/ledger.ts';
import type { PlayGate } from '../../money/play-gate.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import type { BindDeps } from '../../platform/http/bind-endpoint.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { createGamesRepo } from './games.repo.ts';
import { registerGamesRoutes } from './games.routes.ts';
import { createGamesService, type GamesRealtime, type GamesService } from './games.service.ts';

/** The in-house games: seed pairs, bets through the ledger, the live feed (docs/games.md "Server"). */
export async function registerGames(
  app: FastifyInstance,
  deps: {
    bindDeps: BindDeps;
    database: Database;
    clock: Clock;
    gate: PlayGate;
    realtime: GamesRealtime | null;
    projects: () => ProjectConfig[];
    projectById: (id: number) => ProjectConfig | undefined;
    gameAsset: (session: Session) => Promise<Asset>;
    batches: { inFlight: number; maxSize: number };
    /** The nodes' bus: a settings change evicts every node's copy. */
    bus: Bus;
  },
): Promise<GamesService> {
  const ledger = createLedger(deps.clock);
  // The house accounts bets are settled against exist before any bet: created and cached outside
  // every transaction, so a bet never touches their rows.
  await ledger.warmSystemAccounts(
    deps.database.db,
    deps.projects().flatMap((project) =>
      ([project.currency, 'YEC'] as Asset[]).map((asset) => ({
        projectId: project.projectId,
        currency: asset,
        kind: 'house' as const,
      })),
    ),
  );
  const games = createGamesService({
    repo: createGamesRepo(deps.database.db),
    ledger,
    clock: deps.clock,
    gate: deps.gate,
    realtime: deps.realtime,
    projectById: deps.projectById,
    gameAsset: deps.gameAsset,
    batches: deps.batches,
    bus: deps.bus,
    log: (error, message) => app.log.error({ err: error }, message),
  });
  games.attach();
  app.addHook('onClose', () => games.close());
  await app.register(async (scope) => registerGamesRoutes(scope, deps.bindDeps, games));
  return games;
}

import { ASSET_CODES, type ProjectConfig } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { createLedger } from '../../ledger/ledger.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import type { BindDeps } from '../../platform/http/bind-endpoint.ts';
import { createExchangeRepo } from './exchange.repo.ts';
import { registerExchangeRoutes } from './exchange.routes.ts';
import { createExchangeService } from './exchange.service.ts';

/** The exchange between a player's assets: rates, quotes and their acceptance through the house desks. */
export async function registerExchange(
  app: FastifyInstance,
  deps: {
    bindDeps: BindDeps;
    database: Database;
    clock: Clock;
    projects: () => ProjectConfig[];
    projectById: (id: number) => ProjectConfig | undefined;
  },
): Promise<void> {
  const { database, clock } = deps;
  const ledger = createLedger(clock);
  // The house exchange desks exist before any accept: created and cached outside every transaction.
  await ledger.warmSystemAccounts(
    database.db,
    deps.projects().flatMap((project) =>
      ASSET_CODES.map((asset) => ({
        projectId: project.projectId,
        currency: asset,
        kind: 'exchange' as const,
      })),
    ),
  );
  const exchange = createExchangeService({
    repo: createExchangeRepo(database.db),
    ledger,
    clock,
    projectById: deps.projectById,
  });
  await app.register(async (scope) => registerExchangeRoutes(scope, deps.bindDeps, exchange));
}

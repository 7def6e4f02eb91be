import { ASSET_CODES, type ProjectConfig } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { createLedger } from '../../ledger/ledger.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import type { BindDeps } from '../../platform/http/bind-endpoint.ts';
import { createExchangeRepo } from '../exchange/exchange.repo.ts';
import { registerExchangeRoutes } from '../exchange/exchange.routes.ts';
import { createExchangeService } from '../exchange/exchange.service.ts';
import { createWalletRepo } from './wallet.repo.ts';
import { registerWalletRoutes } from './wallet.routes.ts';
import { createWalletService } from './wallet.service.ts';

/** The player wallet (balances, history, settings) and the exchange between its assets. */
export async function registerWallet(
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
  const wallet = createWalletService({
    repo: createWalletRepo(database.db),
    clock,
    projectById: deps.projectById,
  });
  const exchange = createExchangeService({
    repo: createExchangeRepo(database.db),
    ledger,
    clock,
    projectById: deps.projectById,
  });
  await app.register(async (scope) => registerWalletRoutes(scope, deps.bindDeps, wallet));
  await app.register(async (scope) => registerExchangeRoutes(scope, deps.bindDeps, exchange));
}

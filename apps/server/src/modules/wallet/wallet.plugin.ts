import type { ProjectConfig } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { createLedger } from '../../ledger/ledger.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import type { BindDeps } from '../../platform/http/bind-endpoint.ts';
import { createWalletRepo } from './wallet.repo.ts';
import { registerWalletRoutes } from './wallet.routes.ts';
import { createWalletService, type WalletService } from './wallet.service.ts';

/** The player wallet: balances per asset, history and the wallet's settings. */
export async function registerWallet(
  app: FastifyInstance,
  deps: {
    bindDeps: BindDeps;
    database: Database;
    clock: Clock;
    projectById: (id: number) => ProjectConfig | undefined;
  },
): Promise<{ wallet: WalletService }> {
  const wallet = createWalletService({
    repo: createWalletRepo(deps.database.db),
    ledger: createLedger(deps.clock),
    clock: deps.clock,
    projectById: deps.projectById,
  });
  await app.register(async (scope) => registerWalletRoutes(scope, deps.bindDeps, wallet));
  return { wallet };
}

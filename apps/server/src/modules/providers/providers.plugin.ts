import type { Asset } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { createLedger } from '../../ledger/ledger.ts';
import type { PlayGate } from '../../money/play-gate.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import type { BindDeps } from '../../platform/http/bind-endpoint.ts';
import type { ProviderAdapter } from './providers.adapter.ts';
import { createProvidersRepo } from './providers.repo.ts';
import { registerProvidersRoutes, registerProviderWalletRoutes } from './providers.routes.ts';
import { createProvidersService, type ProvidersService } from './providers.service.ts';
import { createProviderWallet } from './providers.wallet.ts';

/** Third-party game providers: the lobby, launches, and the seamless wallet they call (issue 18). */
export async function registerProviders(
  app: FastifyInstance,
  deps: {
    bindDeps: BindDeps;
    database: Database;
    clock: Clock;
    playGate: PlayGate;
    adapters: readonly ProviderAdapter[];
    assetsOf: (projectId: number) => readonly Asset[];
  },
): Promise<ProvidersService> {
  const repo = createProvidersRepo(deps.database.db);
  const service = createProvidersService({
    repo,
    clock: deps.clock,
    adapters: deps.adapters,
    assetsOf: deps.assetsOf,
  });
  const wallet = createProviderWallet({
    repo,
    ledger: createLedger(deps.clock),
    clock: deps.clock,
    playGate: deps.playGate,
    provider: service.adapter,
    log: (error, message) => app.log.error({ err: error }, message),
  });
  await app.register(async (scope) => registerProvidersRoutes(scope, deps.bindDeps, service));
  await app.register(async (scope) => registerProviderWalletRoutes(scope, wallet));
  return service;
}

import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { WalletService } from './wallet.service.ts';

export function registerWalletRoutes(app: FastifyInstance, deps: BindDeps, wallet: WalletService): void {
  const api = contracts.wallet;
  bindEndpoint(app, deps, api.balances, async ({ context }) => wallet.balances(context.session));
  bindEndpoint(app, deps, api.history, async ({ query, context }) => wallet.history(context.session, query));
  bindEndpoint(app, deps, api.historyExport, async ({ query, context }) =>
    wallet.historyExport(context.session, query),
  );
  bindEndpoint(app, deps, api.settings, async ({ context }) => wallet.settings(context.session));
  bindEndpoint(app, deps, api.updateSettings, async ({ body, context }) =>
    wallet.updateSettings(context.session, body, context.ip),
  );
}

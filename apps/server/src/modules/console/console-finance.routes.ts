import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { ConsoleService } from './console.service.ts';
import type { ConsoleFinanceService } from './console-finance.service.ts';

/** The console's reward-cost report and ledger check; each endpoint checks its own permission first. */
export function registerConsoleFinanceRoutes(
  app: FastifyInstance,
  deps: BindDeps,
  console: Pick<ConsoleService, 'authorize'>,
  service: ConsoleFinanceService,
): void {
  const api = contracts.console;
  bindEndpoint(app, deps, api.rewardsReport, async ({ query, context }) =>
    service.rewardsReport(
      await console.authorize(context.session, context.project, 'rewardsReport', context.ip),
      query,
    ),
  );
  bindEndpoint(app, deps, api.ledgerChecks, async ({ context }) =>
    service.ledgerChecks(
      await console.authorize(context.session, context.project, 'ledgerChecks', context.ip),
    ),
  );
  bindEndpoint(app, deps, api.runLedgerCheck, async ({ context }) =>
    service.runLedgerCheck(
      await console.authorize(context.session, context.project, 'runLedgerCheck', context.ip),
    ),
  );
}

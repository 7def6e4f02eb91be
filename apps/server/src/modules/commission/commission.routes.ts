import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { CommissionService } from './commission.service.ts';

export function registerCommissionRoutes(
  app: FastifyInstance,
  deps: BindDeps,
  commission: CommissionService,
): void {
  const api = contracts.commission;
  bindEndpoint(app, deps, api.balance, async ({ context }) => commission.balance(context.session));
  bindEndpoint(app, deps, api.handleCount, async ({ context }) => commission.handleCount(context.session));
  bindEndpoint(app, deps, api.balanceDetail, async ({ context }) =>
    commission.balanceDetail(context.session),
  );
  bindEndpoint(app, deps, api.balanceChange, async ({ body, context }) =>
    commission.balanceChange(context.session, body, context.idempotencyKey, context.ip),
  );
  bindEndpoint(app, deps, api.orders, async ({ query, context }) =>
    commission.orders(context.session, query),
  );
  bindEndpoint(app, deps, api.memberAggData, async ({ query, context }) =>
    commission.memberAggData(context.session, query),
  );
  bindEndpoint(app, deps, api.balanceHistory, async ({ query, context }) =>
    commission.balanceHistory(context.session, query),
  );
}

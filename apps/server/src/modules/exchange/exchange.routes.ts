import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { ExchangeService } from './exchange.service.ts';

export function registerExchangeRoutes(
  app: FastifyInstance,
  deps: BindDeps,
  exchange: ExchangeService,
): void {
  const api = contracts.exchange;
  bindEndpoint(app, deps, api.rate, async ({ query, context }) => exchange.rate(context.session, query));
  bindEndpoint(app, deps, api.quote, async ({ body, context }) => exchange.quote(context.session, body));
  bindEndpoint(app, deps, api.getQuote, async ({ params, context }) =>
    exchange.getQuote(context.session, params.id),
  );
  bindEndpoint(app, deps, api.accept, async ({ params, context }) =>
    exchange.accept(context.session, params.id, context.ip),
  );
  bindEndpoint(app, deps, api.setRate, async ({ body, context }) =>
    exchange.setRate(context.session, body, context.ip),
  );
  bindEndpoint(app, deps, api.updateSettings, async ({ body, context }) =>
    exchange.updateSettings(context.session, body, context.ip),
  );
}

import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { ResponsibleService } from './responsible.service.ts';

/** The player's responsible-play endpoints (issue 14): each acts on the caller's own settings only. */
export function registerResponsibleRoutes(
  app: FastifyInstance,
  deps: BindDeps,
  responsible: ResponsibleService,
): void {
  const endpoints = contracts.responsible;
  bindEndpoint(app, deps, endpoints.settings, async ({ context }) => responsible.settings(context.session));
  bindEndpoint(app, deps, endpoints.setLimit, async ({ context, body }) =>
    responsible.setLimit(context.session, context.ip, body.kind, body.amount),
  );
  bindEndpoint(app, deps, endpoints.setSessionLimit, async ({ context, body }) =>
    responsible.setSessionLimit(context.session, context.ip, body.minutes),
  );
  bindEndpoint(app, deps, endpoints.setRealityCheck, async ({ context, body }) =>
    responsible.setRealityCheck(context.session, context.ip, body.minutes),
  );
  bindEndpoint(app, deps, endpoints.realityCheck, async ({ context }) =>
    responsible.realityCheck(context.session),
  );
  bindEndpoint(app, deps, endpoints.coolOff, async ({ context, body }) =>
    responsible.coolOff(context.session, context.ip, body.hours),
  );
  bindEndpoint(app, deps, endpoints.selfExclude, async ({ context, body }) =>
    responsible.selfExclude(context.session, context.ip, 'months' in body ? body.months : null),
  );
  bindEndpoint(app, deps, endpoints.statement, async ({ context, query }) =>
    responsible.statement(context.session, query.months),
  );
}

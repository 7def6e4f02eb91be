import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { ConsoleService } from './console.service.ts';
import type { ConsolePeopleService } from './console-people.service.ts';

/** The operator page and the promoter list (console-people.ts): the permission check of each name first. */
export function registerConsolePeopleRoutes(
  app: FastifyInstance,
  deps: BindDeps,
  console: Pick<ConsoleService, 'authorize'>,
  people: ConsolePeopleService,
): void {
  const api = contracts.console;
  bindEndpoint(app, deps, api.operator, async ({ params, context }) =>
    people.operator(
      await console.authorize(context.session, context.project, 'operator', context.ip),
      context.session,
      params.userId,
    ),
  );
  bindEndpoint(app, deps, api.promoters, async ({ query, context }) =>
    people.promoters(
      await console.authorize(context.session, context.project, 'promoters', context.ip),
      query,
    ),
  );
}

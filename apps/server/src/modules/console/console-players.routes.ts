import { type ConsoleAction, contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { SecureCallContext } from '../../platform/http/request-context.ts';
import type { ConsoleService } from './console.service.ts';
import type { ConsolePlayersService } from './console-players.service.ts';

/**
 * The player page's sessions, limits and identity (console-players.ts): each endpoint runs the
 * permission check of its own name first. There is deliberately no endpoint that changes a limit or
 * shortens or lifts a cool-off or self-exclusion.
 */
export function registerConsolePlayersRoutes(
  app: FastifyInstance,
  deps: BindDeps,
  console: Pick<ConsoleService, 'authorize'>,
  players: ConsolePlayersService,
): void {
  const api = contracts.console;
  const staffFor = (context: SecureCallContext, action: ConsoleAction) =>
    console.authorize(context.session, context.project, action, context.ip);

  bindEndpoint(app, deps, api.playerSessions, async ({ params, context }) =>
    players.sessions(await staffFor(context, 'playerSessions'), context.session, params.userId),
  );
  bindEndpoint(app, deps, api.revokePlayerSession, async ({ params, context }) =>
    players.revokeSession(
      await staffFor(context, 'revokePlayerSession'),
      context.session,
      params.userId,
      params.id,
    ),
  );
  bindEndpoint(app, deps, api.playerLimits, async ({ params, context }) =>
    players.limits(await staffFor(context, 'playerLimits'), context.session, params.userId),
  );
  bindEndpoint(app, deps, api.playerIdentity, async ({ params, context }) =>
    players.identity(await staffFor(context, 'playerIdentity'), context.session, params.userId),
  );
}

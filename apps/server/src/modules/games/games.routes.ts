import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { GamesService } from './games.service.ts';

export function registerGamesRoutes(app: FastifyInstance, deps: BindDeps, games: GamesService): void {
  const api = contracts.games;
  bindEndpoint(app, deps, api.lobby, async ({ context }) => games.lobby(context.session));
  bindEndpoint(app, deps, api.seeds, async ({ context }) => games.seeds(context.session));
  bindEndpoint(app, deps, api.setClientSeed, async ({ body, context }) =>
    games.setClientSeed(context.session, body.clientSeed),
  );
  bindEndpoint(app, deps, api.rotateSeed, async ({ body, context }) =>
    games.rotateSeed(context.session, body.clientSeed),
  );
  bindEndpoint(app, deps, api.bet, async ({ body, context }) => games.bet(context.session, body));
  bindEndpoint(app, deps, api.move, async ({ params, body, context }) =>
    games.move(context.session, params.betId, body),
  );
  bindEndpoint(app, deps, api.cashOut, async ({ params, context }) =>
    games.cashOut(context.session, params.betId),
  );
  bindEndpoint(app, deps, api.open, async ({ params, context }) => games.open(context.session, params.game));
  bindEndpoint(app, deps, api.myBets, async ({ query, context }) => games.myBets(context.session, query));
  bindEndpoint(app, deps, api.betDetail, async ({ params, context }) =>
    games.betDetail(context.session, params.betId),
  );
  bindEndpoint(app, deps, api.feed, async ({ query, context }) => games.feed(context.session, query.game));
  bindEndpoint(app, deps, api.config, async ({ context }) => games.config(context.session));
  bindEndpoint(app, deps, api.updateConfig, async ({ body, context }) =>
    games.updateConfig(context.session, body, context.ip),
  );
}

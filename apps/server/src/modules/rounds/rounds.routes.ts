import {
  CrashBetBody,
  CrashCashOutBody,
  contracts,
  RoundsRealtimeRoute,
  WingoBetBody,
} from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { badParameter } from '../../platform/errors.ts';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { RealtimeGateway } from '../../realtime/realtime.gateway.ts';
import type { RoundsService } from './rounds.service.ts';

export function registerRoundsRoutes(app: FastifyInstance, deps: BindDeps, rounds: RoundsService): void {
  const api = contracts.rounds;
  bindEndpoint(app, deps, api.state, async ({ params, context }) =>
    rounds.state(context.session, params.game),
  );
  bindEndpoint(app, deps, api.history, async ({ params, query, context }) =>
    rounds.history(context.session, params.game, query.limit),
  );
  bindEndpoint(app, deps, api.myBets, async ({ params, query, context }) =>
    rounds.myBets(context.session, params.game, query.limit),
  );
  bindEndpoint(app, deps, api.crashBet, async ({ body, context }) => rounds.crashBet(context.session, body));
  // The request's arrival on this node (Fastify's clock started on receipt): the cash-out counts from it.
  bindEndpoint(app, deps, api.crashCashOut, async ({ body, context, reply }) =>
    rounds.crashCashOut(context.session, body.betId, performance.now() - reply.elapsedTime),
  );
  bindEndpoint(app, deps, api.wingoBet, async ({ body, context }) => rounds.wingoBet(context.session, body));
  bindEndpoint(app, deps, api.setSalt, async ({ body, context }) => rounds.setSalt(context.session, body));
}

function parsed<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw badParameter(`${issue?.path.join('.') ?? 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}

/** The same bets and cash-outs over the realtime channel (request-response), and the broadcast stream. */
export function registerRoundsRealtime(realtime: RealtimeGateway, rounds: RoundsService): void {
  realtime.onStream(RoundsRealtimeRoute.broadcast, null);
  realtime.onRequest(RoundsRealtimeRoute.crashBet, async (body, connection) =>
    rounds.crashBet(await realtime.liveSession(connection), parsed(CrashBetBody, body)),
  );
  realtime.onRequest(RoundsRealtimeRoute.crashCashOut, async (body, connection) => {
    const arrivedAt = performance.now();
    return rounds.crashCashOut(
      await realtime.liveSession(connection),
      parsed(CrashCashOutBody, body).betId,
      arrivedAt,
    );
  });
  realtime.onRequest(RoundsRealtimeRoute.wingoBet, async (body, connection) =>
    rounds.wingoBet(await realtime.liveSession(connection), parsed(WingoBetBody, body)),
  );
}

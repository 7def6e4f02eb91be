import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import type { SessionService } from '../../platform/auth/session.service.ts';
import { notFound } from '../../platform/errors.ts';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** The player's own sessions (issue 14): list, sign out one, sign out all others. */
export function registerSessionRoutes(app: FastifyInstance, deps: BindDeps, sessions: SessionService): void {
  const endpoints = contracts.sessions;
  bindEndpoint(app, deps, endpoints.list, async ({ context }) => ({
    items: (await sessions.list(context.session)).map((row) => ({
      ...row,
      createdAt: seconds(row.createdAt),
      lastSeenAt: seconds(row.lastSeenAt),
    })),
  }));
  bindEndpoint(app, deps, endpoints.revoke, async ({ context, params }) => {
    if (!(await sessions.revokeById(context.session, params.id))) throw notFound('session');
    return { ok: true as const };
  });
  bindEndpoint(app, deps, endpoints.revokeOthers, async ({ context }) => {
    await sessions.revokeAllOfUser(context.session.userId, { except: context.session });
    return { ok: true as const };
  });
}

import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { NoticesService } from './notices.service.ts';

export function registerNoticesRoutes(app: FastifyInstance, deps: BindDeps, notices: NoticesService): void {
  bindEndpoint(
    app,
    deps,
    contracts.notices.create,
    async ({ context, body }) => notices.create(context.session, body, context.ip),
    { rateLimitPerMinute: 30 },
  );
  bindEndpoint(app, deps, contracts.notices.init, async ({ context }) => notices.init(context.session));
}

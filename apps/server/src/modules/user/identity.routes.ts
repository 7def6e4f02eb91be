import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { IdentityService } from './identity.service.ts';

export function registerIdentityRoutes(
  app: FastifyInstance,
  deps: BindDeps,
  identity: IdentityService,
): void {
  bindEndpoint(app, deps, contracts.identity.get, async ({ context }) => identity.view(context.session));
  bindEndpoint(app, deps, contracts.identity.declare, async ({ context, body }) =>
    identity.declare(context.session, body),
  );
}

import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { TwoFactorService } from './two-factor.service.ts';

/** Guessing codes is throttled by the service; the routes get a tight per-address limit as well. */
const TWO_FACTOR_CALLS_PER_MINUTE = 30;

export function registerTwoFactorRoutes(
  app: FastifyInstance,
  deps: BindDeps,
  twoFactor: TwoFactorService,
): void {
  const tight = { rateLimitPerMinute: TWO_FACTOR_CALLS_PER_MINUTE };
  const endpoints = contracts.twoFactor;
  bindEndpoint(app, deps, endpoints.status, async ({ context }) => twoFactor.status(context.session));
  bindEndpoint(
    app,
    deps,
    endpoints.setup,
    async ({ context, body }) => twoFactor.setup(context.session, body.password),
    tight,
  );
  bindEndpoint(
    app,
    deps,
    endpoints.enable,
    async ({ context, body }) => twoFactor.enable(context.session, body.code),
    tight,
  );
  bindEndpoint(
    app,
    deps,
    endpoints.disable,
    async ({ context, body }) => twoFactor.disable(context.session, body.code),
    tight,
  );
}

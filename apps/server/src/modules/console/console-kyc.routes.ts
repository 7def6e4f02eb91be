import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { IdentityReviewService } from '../user/identity-review.service.ts';
import type { ConsoleService } from './console.service.ts';

/**
 * The console's tier-2 identity review (docs/console.md): each endpoint runs the permission check of
 * its own name first (CONSOLE_PERMISSIONS), then calls the user module's review service for the
 * staff member's project.
 */
export function registerConsoleKycRoutes(
  app: FastifyInstance,
  deps: BindDeps,
  service: Pick<ConsoleService, 'authorize'>,
  review: IdentityReviewService,
): void {
  const api = contracts.console;
  bindEndpoint(app, deps, api.kycQueue, async ({ query, context }) =>
    review.queue(await service.authorize(context.session, context.project, 'kycQueue', context.ip), query),
  );
  bindEndpoint(app, deps, api.kycImages, async ({ params, context }) =>
    review.images(
      await service.authorize(context.session, context.project, 'kycImages', context.ip),
      params.id,
    ),
  );
  bindEndpoint(app, deps, api.approveKyc, async ({ params, context }) =>
    review.approve(
      await service.authorize(context.session, context.project, 'approveKyc', context.ip),
      params.id,
    ),
  );
  bindEndpoint(app, deps, api.rejectKyc, async ({ params, body, context }) =>
    review.reject(
      await service.authorize(context.session, context.project, 'rejectKyc', context.ip),
      params.id,
      body.reason,
    ),
  );
}

import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { ReferralTiers } from '../rewards/rewards.referral-tiers.ts';
import type { ConsoleService } from './console.service.ts';

/**
 * The console's referral tiers (docs/console.md, docs/rewards.md): the permission check of the
 * endpoint's own name first (CONSOLE_PERMISSIONS), then the rewards module's service for the staff
 * member's project (it audits the change).
 */
export function registerConsoleReferralTiersRoutes(
  app: FastifyInstance,
  deps: BindDeps,
  service: Pick<ConsoleService, 'authorize'>,
  referralTiers: ReferralTiers,
): void {
  const api = contracts.console;
  bindEndpoint(app, deps, api.referralTiers, async ({ context }) =>
    referralTiers.view(
      await service.authorize(context.session, context.project, 'referralTiers', context.ip),
    ),
  );
  bindEndpoint(app, deps, api.updateReferralTiers, async ({ body, context }) =>
    referralTiers.update(
      await service.authorize(context.session, context.project, 'updateReferralTiers', context.ip),
      body,
    ),
  );
}

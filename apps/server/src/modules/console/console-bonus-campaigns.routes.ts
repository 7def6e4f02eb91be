import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { BonusCampaigns } from '../rewards/rewards.bonus-campaigns.ts';
import type { ConsoleService } from './console.service.ts';

/**
 * The console's bonus terms and deposit-bonus campaigns (docs/console.md, docs/rewards.md): each
 * endpoint runs the permission check of its own name first (CONSOLE_PERMISSIONS), then calls the
 * rewards module's service for the staff member's project (it checks the rules and audits).
 */
export function registerConsoleBonusCampaignsRoutes(
  app: FastifyInstance,
  deps: BindDeps,
  service: Pick<ConsoleService, 'authorize'>,
  campaigns: BonusCampaigns,
): void {
  const api = contracts.console;
  bindEndpoint(app, deps, api.bonusTerms, async ({ context }) =>
    campaigns.termsView(await service.authorize(context.session, context.project, 'bonusTerms', context.ip)),
  );
  bindEndpoint(app, deps, api.updateBonusTerms, async ({ body, context }) =>
    campaigns.updateTerms(
      await service.authorize(context.session, context.project, 'updateBonusTerms', context.ip),
      body,
    ),
  );
  bindEndpoint(app, deps, api.bonusCampaigns, async ({ context }) =>
    campaigns.list(await service.authorize(context.session, context.project, 'bonusCampaigns', context.ip)),
  );
  bindEndpoint(app, deps, api.createBonusCampaign, async ({ body, context }) =>
    campaigns.create(
      await service.authorize(context.session, context.project, 'createBonusCampaign', context.ip),
      body,
    ),
  );
  bindEndpoint(app, deps, api.updateBonusCampaign, async ({ params, body, context }) =>
    campaigns.update(
      await service.authorize(context.session, context.project, 'updateBonusCampaign', context.ip),
      params.id,
      body,
    ),
  );
  bindEndpoint(app, deps, api.endBonusCampaign, async ({ params, context }) =>
    campaigns.end(
      await service.authorize(context.session, context.project, 'endBonusCampaign', context.ip),
      params.id,
    ),
  );
}

import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { RewardsService } from './rewards.service.ts';

export function registerRewardsRoutes(app: FastifyInstance, deps: BindDeps, rewards: RewardsService): void {
  const endpoints = contracts.rewards;
  bindEndpoint(app, deps, endpoints.referral, async ({ context }) => rewards.dashboard(context.session));
  bindEndpoint(app, deps, endpoints.bindReferrer, async ({ context, body }) => {
    await rewards.bindReferrer(context.session.userId, context.session.projectId, body.inviteCode);
    return { hasReferrer: true as const };
  });
  bindEndpoint(app, deps, endpoints.checkinStatus, async ({ context }) =>
    rewards.checkinStatus(context.session),
  );
  bindEndpoint(app, deps, endpoints.createGiftCode, async ({ context, body }) =>
    rewards.createGiftCode(context.session, body),
  );
  bindEndpoint(app, deps, endpoints.redeemGiftCode, async ({ context, body }) =>
    rewards.redeemGiftCode(context.session, body.code),
  );
  bindEndpoint(app, deps, endpoints.checkin, async ({ context }) => rewards.checkin(context.session));
}

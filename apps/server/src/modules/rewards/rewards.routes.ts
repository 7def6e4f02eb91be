import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { GiftCodes } from './rewards.gift-codes.ts';
import type { RewardsService } from './rewards.service.ts';
import type { Wheel } from './rewards.wheel.ts';

export function registerRewardsRoutes(
  app: FastifyInstance,
  deps: BindDeps,
  { rewards, giftCodes, wheel }: { rewards: RewardsService; giftCodes: GiftCodes; wheel: Wheel },
): void {
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
    giftCodes.create(context.session, body, context.ip),
  );
  bindEndpoint(app, deps, endpoints.redeemGiftCode, async ({ context, body }) =>
    giftCodes.redeem(context.session, body.code, context.ip),
  );
  bindEndpoint(app, deps, endpoints.wheel, async ({ context }) => wheel.state(context.session));
  bindEndpoint(app, deps, endpoints.spinWheel, async ({ context, body }) =>
    wheel.spin(context.session, body.spinId),
  );
  bindEndpoint(app, deps, endpoints.rotateWheelSeed, async ({ context, body }) =>
    wheel.rotate(context.session, body.clientSeed),
  );
  bindEndpoint(app, deps, endpoints.rewardHistory, async ({ context }) => wheel.history(context.session));
  bindEndpoint(app, deps, endpoints.checkin, async ({ context }) => rewards.checkin(context.session));
}

import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { BonusService } from './rewards.bonus.ts';

/** The player's bonus money endpoints (issue 17): overview with wagering progress, the withdrawal choice. */
export function registerBonusRoutes(app: FastifyInstance, deps: BindDeps, bonus: BonusService): void {
  const endpoints = contracts.bonus;
  bindEndpoint(app, deps, endpoints.overview, async ({ context }) => bonus.overview(context.session));
  bindEndpoint(app, deps, endpoints.setWithdrawChoice, async ({ context, body }) =>
    bonus.setWithdrawChoice(context.session, body.onWithdraw),
  );
}

import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { PromoService } from './promo.service.ts';

export function registerPromoRoutes(app: FastifyInstance, deps: BindDeps, promo: PromoService): void {
  bindEndpoint(app, deps, contracts.promo.spaInfo, async ({ context }) => promo.spaInfo(context.session));
  bindEndpoint(app, deps, contracts.promo.spaLogin, async ({ context, body }) =>
    promo.spaLogin(context.session, body, context.ip),
  );
}

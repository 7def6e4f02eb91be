import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { PromoService } from '../promo/promo.service.ts';

export function registerPayhubRoutes(app: FastifyInstance, deps: BindDeps, promo: PromoService): void {
  bindEndpoint(app, deps, contracts.payhub.role, async ({ context }) => promo.paymentRole(context.session));
}

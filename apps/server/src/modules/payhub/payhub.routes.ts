import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { PromoService } from '../promo/promo.service.ts';
import type { PayhubService } from './payhub.service.ts';

export function registerPayhubRoutes(
  app: FastifyInstance,
  deps: BindDeps,
  promo: PromoService,
  payhub: PayhubService,
): void {
  const api = contracts.payhub;
  bindEndpoint(app, deps, api.role, async ({ context }) => promo.paymentRole(context.session));

  bindEndpoint(app, deps, api.heraclesBanks, async ({ context }) => payhub.heraclesBanks(context.session));
  bindEndpoint(app, deps, api.ports, async ({ context }) => payhub.ports(context.session));
  bindEndpoint(app, deps, api.payBanks, async ({ context }) => payhub.payBanks(context.session));
  bindEndpoint(app, deps, api.createOrder, async ({ body, context }) =>
    payhub.createOrder(context.session, body, context.idempotencyKey, context.ip),
  );
  bindEndpoint(app, deps, api.orderState, async ({ params, context }) =>
    payhub.orderState(context.session, params.id),
  );
  bindEndpoint(app, deps, api.playerOrders, async ({ query, context }) =>
    payhub.playerOrders(context.session, query),
  );
  bindEndpoint(app, deps, api.voucher, async ({ body, context }) =>
    payhub.voucher(context.session, body, context.ip),
  );

  bindEndpoint(app, deps, api.ordersQuery, async ({ query, context }) =>
    payhub.ordersQuery(context.session, query),
  );
  bindEndpoint(app, deps, api.payCheck, async ({ body, context }) =>
    payhub.payCheck(context.session, body, context.ip),
  );
  bindEndpoint(app, deps, api.handlerOrders, async ({ query, context }) =>
    payhub.handlerOrders(context.session, query),
  );
  bindEndpoint(app, deps, api.handleOrder, async ({ query, context }) =>
    payhub.handleOrder(context.session, query.id, context.ip),
  );
  bindEndpoint(app, deps, api.leaderCancel, async ({ params, context }) =>
    payhub.leaderAction(context.session, params.id, 'leaderCancel', undefined, context.ip),
  );
  bindEndpoint(app, deps, api.leaderUnable, async ({ params, context }) =>
    payhub.leaderAction(context.session, params.id, 'leaderUnable', undefined, context.ip),
  );
  bindEndpoint(app, deps, api.leaderSuccess, async ({ params, body, context }) =>
    payhub.leaderAction(context.session, params.id, 'leaderSuccess', body.remark, context.ip),
  );
  bindEndpoint(app, deps, api.leaderOrders, async ({ query, context }) =>
    payhub.leaderOrders(context.session, query),
  );
  bindEndpoint(app, deps, api.setWork, async ({ params, context }) =>
    payhub.setWork(context.session, params.flag === 1, context.ip),
  );
  bindEndpoint(app, deps, api.isWork, async ({ context }) => payhub.isWork(context.session));
  bindEndpoint(app, deps, api.operatorStatus, async ({ context }) => payhub.operatorStatus(context.session));

  bindEndpoint(app, deps, api.adminCases, async ({ query, context }) =>
    payhub.adminCases(context.session, query),
  );
  bindEndpoint(app, deps, api.adminCloseCase, async ({ params, body, context }) =>
    payhub.adminCloseCase(context.session, params.id, body.resolution, context.ip),
  );
  bindEndpoint(app, deps, api.adminSetKyc, async ({ params, body, context }) =>
    payhub.adminSetKyc(context.session, params.userId, body, context.ip),
  );
}

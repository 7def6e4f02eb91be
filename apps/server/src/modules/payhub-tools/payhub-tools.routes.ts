import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { PayhubToolsService } from './payhub-tools.service.ts';

export function registerPayhubToolsRoutes(
  app: FastifyInstance,
  deps: BindDeps,
  tools: PayhubToolsService,
): void {
  const api = contracts.payhubTools;
  bindEndpoint(app, deps, api.bankSupport, async ({ context }) => tools.bankSupport(context.session));
  bindEndpoint(app, deps, api.bankAdd, async ({ body, context }) =>
    tools.bankAdd(context.session, body, context.ip),
  );
  bindEndpoint(app, deps, api.bankQuery, async ({ query, context }) =>
    tools.bankQuery(context.session, query),
  );
  bindEndpoint(app, deps, api.bankUpdate, async ({ query, context }) =>
    tools.bankUpdate(context.session, query, context.ip),
  );
  bindEndpoint(app, deps, api.bankDelete, async ({ query, context }) =>
    tools.bankDelete(context.session, query.accountNo, context.ip),
  );

  bindEndpoint(app, deps, api.cardUrlBind, async ({ body, context }) =>
    tools.cardUrlBind(context.session, body, context.ip),
  );
  bindEndpoint(app, deps, api.cardUrlAmount, async ({ context }) => tools.cardUrlAmount(context.session));
  bindEndpoint(app, deps, api.cardUrlList, async ({ query, context }) =>
    tools.cardUrlList(context.session, query),
  );

  bindEndpoint(app, deps, api.workTime, async ({ context }) => tools.workTime(context.session));
  bindEndpoint(app, deps, api.setWorkTime, async ({ body, context }) =>
    tools.setWorkTime(context.session, body, context.ip),
  );
  bindEndpoint(app, deps, api.groupWorkTime, async ({ context }) => tools.groupWorkTime(context.session));
  bindEndpoint(app, deps, api.groupInfo, async ({ context }) => tools.groupInfo(context.session));

  bindEndpoint(app, deps, api.history, async ({ context }) => tools.history(context.session));
  bindEndpoint(app, deps, api.request, async ({ body, context }) =>
    tools.request(context.session, body, context.ip),
  );
  bindEndpoint(app, deps, api.state, async ({ context }) => tools.state(context.session));
  bindEndpoint(app, deps, api.adminAgreements, async ({ context }) => tools.adminAgreements(context.session));
  bindEndpoint(app, deps, api.adminReviewAgreement, async ({ params, body, context }) =>
    tools.adminReview(context.session, params.id, body, context.ip),
  );

  bindEndpoint(app, deps, api.contactList, async ({ context }) => tools.contactList(context.session));
  bindEndpoint(app, deps, api.addContact, async ({ body, context }) =>
    tools.addContact(context.session, body),
  );
  bindEndpoint(app, deps, api.getContact, async ({ query, context }) =>
    tools.getContact(context.session, query.id),
  );

  bindEndpoint(app, deps, api.shopProducts, async ({ context }) => tools.shopProducts(context.session));
  bindEndpoint(app, deps, api.shopBuy, async ({ body, context }) =>
    tools.shopBuy(context.session, body.productId, context.idempotencyKey, context.ip),
  );
  bindEndpoint(app, deps, api.voucherQuery, async ({ query, context }) =>
    tools.voucherQuery(context.session, query),
  );
  bindEndpoint(app, deps, api.voucherClaim, async ({ body, context }) =>
    tools.voucherClaim(context.session, body.id, context.ip),
  );
}

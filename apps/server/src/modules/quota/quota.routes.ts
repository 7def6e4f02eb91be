import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { QuotaService } from './quota.service.ts';

export const WEBHOOK_SIGNATURE_HEADER = 'x-payhub-signature';

export function registerQuotaRoutes(
  app: FastifyInstance,
  deps: BindDeps & { production: boolean },
  quota: QuotaService,
): void {
  const api = contracts.quota;
  bindEndpoint(app, deps, api.pay, async ({ body, context }) =>
    quota.pay(context.session, body, context.idempotencyKey, context.ip),
  );
  bindEndpoint(app, deps, api.query, async ({ context }) => quota.query(context.session));
  bindEndpoint(app, deps, api.history, async ({ query, context }) => quota.history(context.session, query));
  bindEndpoint(app, deps, api.transactions, async ({ query, context }) =>
    quota.transactions(context.session, query),
  );
  bindEndpoint(app, deps, api.topups, async ({ query, context }) =>
    quota.topups(context.session, query, ['bank', 'usdt']),
  );
  bindEndpoint(app, deps, api.rechargeBank, async ({ context }) => quota.rechargeBank(context.session));
  bindEndpoint(app, deps, api.indodaxUrl, async ({ body, context }) =>
    quota.indodaxUrl(context.session, body.amount, context.idempotencyKey, context.ip),
  );
  bindEndpoint(app, deps, api.indodaxPay, async ({ body, context }) =>
    quota.indodaxPay(context.session, body.orderNo),
  );
  bindEndpoint(app, deps, api.indodaxAmount, async ({ context }) => quota.indodaxAmount(context.session));
  bindEndpoint(app, deps, api.topupRange, async ({ context }) => quota.topupRange(context.session));
  bindEndpoint(app, deps, api.indodaxOrders, async ({ query, context }) =>
    quota.topups(context.session, query, ['indodax']),
  );
  bindEndpoint(app, deps, api.webhook, async ({ body, request }) => {
    const signature = request.headers[WEBHOOK_SIGNATURE_HEADER];
    return quota.webhook(body, Array.isArray(signature) ? signature[0] : signature);
  });
  if (!deps.production) {
    bindEndpoint(app, deps, api.devSettle, async ({ body, context }) =>
      quota.devSettle(context.session, body.orderNo, body.status, async (webhookBody, signature) => {
        // Through the real webhook route, exactly as a provider's call arrives.
        const response = await app.inject({
          method: 'POST',
          url: api.webhook.path,
          headers: { [WEBHOOK_SIGNATURE_HEADER]: signature, 'content-type': 'application/json' },
          payload: JSON.stringify(webhookBody),
        });
        if (response.statusCode !== 200)
          throw new Error(`webhook answered ${response.statusCode}: ${response.body}`);
      }),
    );
  }
}

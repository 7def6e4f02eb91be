import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import { SIGNATURE_HEADER } from './providers.keys.ts';
import type { ProvidersService } from './providers.service.ts';
import { type ProviderWallet, WALLET_OPERATIONS } from './providers.wallet.ts';

/** The lobby and launch endpoints of the player app, and the admin's switch and daily report. */
export function registerProvidersRoutes(
  app: FastifyInstance,
  deps: BindDeps,
  service: ProvidersService,
): void {
  const api = contracts.providers;
  bindEndpoint(app, deps, api.games, async ({ context }) => service.games(context.session));
  bindEndpoint(app, deps, api.launch, async ({ body, context }) =>
    service.launch(context.session, body, context.language),
  );
  bindEndpoint(app, deps, api.setFavourite, async ({ body, context }) =>
    service.setFavourite(context.session, body),
  );
  bindEndpoint(app, deps, api.setEnabled, async ({ body, context }) =>
    service.setEnabled(context.session, body),
  );
  bindEndpoint(app, deps, api.report, async ({ query, context }) => service.report(context.session, query));
  bindEndpoint(app, deps, api.reconcile, async ({ query, context }) =>
    service.reconcile(context.session, query),
  );
}

/**
 * The seamless wallet the providers call: `POST /provider/<providerId>/<operation>`, the body signed
 * (RSA-SHA256, base64, `X-Payhub-Signature`). The body is read as text so the signature is checked
 * over the exact bytes sent; every answer is HTTP 200 with its RS_* status (the provider's protocol).
 * Not rate-limited per address: an aggregator sends all its players' calls from a few addresses, and
 * an unsigned call costs one signature check.
 */
export function registerProviderWalletRoutes(app: FastifyInstance, wallet: ProviderWallet): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  for (const operation of WALLET_OPERATIONS) {
    app.post<{ Params: { providerId: string } }>(
      `/provider/:providerId/${operation}`,
      { config: { rateLimit: false } },
      async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const header = request.headers[SIGNATURE_HEADER];
        const answer = await wallet.handle(
          request.params.providerId,
          operation,
          raw,
          typeof header === 'string' ? header : undefined,
        );
        return reply.code(200).send(answer);
      },
    );
  }
  // Any other path under /provider answers in the protocol too (HTTP 200, RS_ERROR_WRONG_SYNTAX),
  // not with the framework's 404 page: the provider's client reads a status from every answer.
  app.all('/provider/*', { config: { rateLimit: false } }, async (_request, reply) =>
    reply.code(200).send({ status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: null }),
  );
}

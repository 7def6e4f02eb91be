import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { InboxService } from './inbox.service.ts';

export function registerInboxRoutes(app: FastifyInstance, deps: BindDeps, inbox: InboxService): void {
  const endpoints = contracts.inbox;
  bindEndpoint(app, deps, endpoints.list, async ({ context, query }) => inbox.list(context.session, query));
  bindEndpoint(app, deps, endpoints.unreadCount, async ({ context }) => inbox.unreadCount(context.session));
  bindEndpoint(app, deps, endpoints.read, async ({ context, params }) =>
    inbox.read(context.session, params.mailId),
  );
  bindEndpoint(app, deps, endpoints.delete, async ({ context, params }) =>
    inbox.remove(context.session, params.mailId),
  );
  bindEndpoint(app, deps, endpoints.readAll, async ({ context }) => inbox.readAll(context.session));
  bindEndpoint(app, deps, endpoints.deleteAllRead, async ({ context }) =>
    inbox.deleteAllRead(context.session),
  );
  bindEndpoint(app, deps, endpoints.send, async ({ context, body }) => inbox.send(context.session, body));
}

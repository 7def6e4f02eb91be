import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { WithdrawService } from './withdraw.service.ts';

export function registerWithdrawRoutes(
  app: FastifyInstance,
  deps: BindDeps,
  withdraw: WithdrawService,
): void {
  const api = contracts.withdraw;
  bindEndpoint(app, deps, api.create, async ({ body, context }) =>
    withdraw.create(context.session, body, context.idempotencyKey, context.ip),
  );
  bindEndpoint(app, deps, api.fee, async ({ body, context }) => withdraw.fee(context.session, body.amount));
  bindEndpoint(app, deps, api.info, async ({ context }) => withdraw.info(context.session));
  bindEndpoint(app, deps, api.hold, async ({ context }) => ({
    held: await withdraw.withdrawalsHeld(context.session.userId),
  }));
  bindEndpoint(app, deps, api.cancel, async ({ params, context }) =>
    withdraw.cancel(context.session, params.id, context.ip),
  );
  bindEndpoint(app, deps, api.orders, async ({ query, context }) => withdraw.orders(context.session, query));
  bindEndpoint(app, deps, api.order, async ({ params, context }) =>
    withdraw.order(context.session, params.id),
  );
  bindEndpoint(app, deps, api.balance, async ({ context }) => withdraw.balance(context.session));

  bindEndpoint(app, deps, api.bankLatest, async ({ context }) => withdraw.bankLatest(context.session));
  bindEndpoint(app, deps, api.bankList, async ({ context }) => withdraw.bankList(context.session));
  bindEndpoint(app, deps, api.bankAdd, async ({ body, context }) =>
    withdraw.bankAdd(context.session, body, context.ip),
  );
  bindEndpoint(app, deps, api.bankUpdate, async ({ params, body, context }) =>
    withdraw.bankUpdate(context.session, params.id, body, context.ip),
  );
  bindEndpoint(app, deps, api.bankDelete, async ({ params, context }) =>
    withdraw.bankDelete(context.session, params.id, context.ip),
  );
  bindEndpoint(app, deps, api.bankSupport, async ({ context }) => withdraw.bankSupport(context.session));

  bindEndpoint(app, deps, api.spammerHandle, async ({ body, context }) =>
    withdraw.spammerHandle(context.session, body, context.ip),
  );
  bindEndpoint(app, deps, api.handles, async ({ query, context }) =>
    withdraw.handles(context.session, query),
  );
  bindEndpoint(app, deps, api.leaderHandles, async ({ query, context }) =>
    withdraw.leaderHandles(context.session, query),
  );
  bindEndpoint(app, deps, api.leaderHandle, async ({ body, context }) =>
    withdraw.leaderHandle(context.session, body, context.ip),
  );
  // The dashboard's counts span deposits and withdrawals; the withdraw service holds both.
  bindEndpoint(app, deps, contracts.payhub.unprocessed, async ({ context }) =>
    withdraw.unprocessed(context.session),
  );
}

import { type ConsoleAction, contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { SecureCallContext } from '../../platform/http/request-context.ts';
import type { ConsoleService } from './console.service.ts';
import type { ConsoleOpsService } from './console-ops.service.ts';

/** The console's operations endpoints (console-ops.ts): each runs the permission check of its own name first. */
export function registerConsoleOpsRoutes(
  app: FastifyInstance,
  deps: BindDeps,
  console: Pick<ConsoleService, 'authorize'>,
  ops: ConsoleOpsService,
): void {
  const api = contracts.console;
  const staffFor = (context: SecureCallContext, action: ConsoleAction) =>
    console.authorize(context.session, context.project, action, context.ip);

  bindEndpoint(app, deps, api.resolveDeposit, async ({ params, body, context }) =>
    ops.resolveDeposit(await staffFor(context, 'resolveDeposit'), context.session, params.id, body),
  );
  bindEndpoint(app, deps, api.reverseDeposit, async ({ params, body, context }) =>
    ops.reverseDeposit(await staffFor(context, 'reverseDeposit'), context.session, params.id, body),
  );
  bindEndpoint(app, deps, api.resolveWithdrawal, async ({ params, body, context }) =>
    ops.resolveWithdrawal(await staffFor(context, 'resolveWithdrawal'), context.session, params.id, body),
  );
  bindEndpoint(app, deps, api.chainDeposits, async ({ query, context }) =>
    ops.chainDeposits(await staffFor(context, 'chainDeposits'), query),
  );
  bindEndpoint(app, deps, api.chainBlocklist, async ({ context }) =>
    ops.chainBlocklist(await staffFor(context, 'chainBlocklist'), context.session),
  );
  bindEndpoint(app, deps, api.blockChainAddress, async ({ body, context }) =>
    ops.blockChainAddress(await staffFor(context, 'blockChainAddress'), context.session, body),
  );
  bindEndpoint(app, deps, api.unblockChainAddress, async ({ params, context }) =>
    ops.unblockChainAddress(await staffFor(context, 'unblockChainAddress'), context.session, params.address),
  );
  bindEndpoint(app, deps, api.chainWithdrawals, async ({ query, context }) =>
    ops.chainWithdrawals(await staffFor(context, 'chainWithdrawals'), query),
  );
  bindEndpoint(app, deps, api.notices, async ({ query, context }) =>
    ops.notices(await staffFor(context, 'notices'), context.session, query),
  );
  bindEndpoint(app, deps, api.scheduleNotice, async ({ params, body, context }) =>
    ops.scheduleNotice(await staffFor(context, 'scheduleNotice'), context.session, params.id, body.showAt),
  );
  bindEndpoint(app, deps, api.guides, async ({ context }) =>
    ops.guides(await staffFor(context, 'guides'), context.session),
  );
  bindEndpoint(app, deps, api.saveGuide, async ({ body, context }) =>
    ops.saveGuide(await staffFor(context, 'saveGuide'), context.session, body),
  );
  bindEndpoint(app, deps, api.agreements, async ({ context }) =>
    ops.agreements(await staffFor(context, 'agreements'), context.session),
  );
  bindEndpoint(app, deps, api.reviewAgreement, async ({ params, body, context }) =>
    ops.reviewAgreement(await staffFor(context, 'reviewAgreement'), context.session, params.id, body),
  );
  bindEndpoint(app, deps, api.promoApplications, async ({ query, context }) =>
    ops.promoApplications(await staffFor(context, 'promoApplications'), context.session, query),
  );
  bindEndpoint(app, deps, api.decideApplication, async ({ params, body, context }) =>
    ops.decideApplication(await staffFor(context, 'decideApplication'), context.session, params.id, body),
  );
  bindEndpoint(app, deps, api.providers, async ({ context }) =>
    ops.providers(await staffFor(context, 'providers'), context.session),
  );
  bindEndpoint(app, deps, api.switchProvider, async ({ body, context }) =>
    ops.switchProvider(await staffFor(context, 'switchProvider'), context.session, body),
  );
  bindEndpoint(app, deps, api.providerReport, async ({ query, context }) =>
    ops.providerReport(await staffFor(context, 'providerReport'), context.session, query),
  );
  bindEndpoint(app, deps, api.providerReconcile, async ({ query, context }) =>
    ops.providerReconcile(await staffFor(context, 'providerReconcile'), context.session, query),
  );
}

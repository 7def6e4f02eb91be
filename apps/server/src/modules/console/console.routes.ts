import { type ConsoleAction, contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { SecureCallContext } from '../../platform/http/request-context.ts';
import type { ConsoleService } from './console.service.ts';

/** Every console endpoint runs the permission check of its own name first (CONSOLE_PERMISSIONS). */
export function registerConsoleRoutes(app: FastifyInstance, deps: BindDeps, service: ConsoleService): void {
  const api = contracts.console;
  const staffFor = (context: SecureCallContext, action: ConsoleAction) =>
    service.authorize(context.session, context.project, action, context.ip);

  bindEndpoint(app, deps, api.me, async ({ context }) => service.me(await staffFor(context, 'me')));
  bindEndpoint(app, deps, api.players, async ({ query, context }) =>
    service.players(await staffFor(context, 'players'), query),
  );
  bindEndpoint(app, deps, api.player, async ({ params, context }) =>
    service.player(await staffFor(context, 'player'), context.session, params.userId),
  );
  bindEndpoint(app, deps, api.playerHistory, async ({ params, query, context }) =>
    service.playerHistory(await staffFor(context, 'playerHistory'), context.session, params.userId, query),
  );
  bindEndpoint(app, deps, api.notes, async ({ params, context }) =>
    service.notes(await staffFor(context, 'notes'), params.userId),
  );
  bindEndpoint(app, deps, api.addNote, async ({ params, body, context }) =>
    service.addNote(await staffFor(context, 'addNote'), params.userId, body.body),
  );
  bindEndpoint(app, deps, api.adjustments, async ({ query, context }) =>
    service.adjustments(await staffFor(context, 'adjustments'), query),
  );
  bindEndpoint(app, deps, api.requestAdjustment, async ({ body, context }) =>
    service.requestAdjustment(await staffFor(context, 'requestAdjustment'), body),
  );
  bindEndpoint(app, deps, api.approveAdjustment, async ({ params, body, context }) =>
    service.approveAdjustment(await staffFor(context, 'approveAdjustment'), params.id, body.note),
  );
  bindEndpoint(app, deps, api.rejectAdjustment, async ({ params, body, context }) =>
    service.rejectAdjustment(await staffFor(context, 'rejectAdjustment'), params.id, body.note),
  );
  bindEndpoint(app, deps, api.deposits, async ({ query, context }) =>
    service.deposits(await staffFor(context, 'deposits'), context.session, query),
  );
  bindEndpoint(app, deps, api.withdrawals, async ({ query, context }) =>
    service.withdrawals(await staffFor(context, 'withdrawals'), context.session, query),
  );
  bindEndpoint(app, deps, api.operators, async ({ query, context }) =>
    service.operators(await staffFor(context, 'operators'), context.session, query),
  );
  bindEndpoint(app, deps, api.decideKyc, async ({ params, body, context }) =>
    service.decideKyc(await staffFor(context, 'decideKyc'), context.session, params.userId, body),
  );
  bindEndpoint(app, deps, api.cases, async ({ query, context }) =>
    service.cases(await staffFor(context, 'cases'), context.session, query),
  );
  bindEndpoint(app, deps, api.closeCase, async ({ params, body, context }) =>
    service.closeCase(
      await staffFor(context, 'closeCase'),
      context.session,
      params.id,
      body.resolution,
      body.heldRewards,
    ),
  );
  bindEndpoint(app, deps, api.setMonitoringRules, async ({ body, context }) =>
    service.setMonitoringRules(await staffFor(context, 'setMonitoringRules'), context.session, body),
  );
  bindEndpoint(app, deps, api.escalateCase, async ({ params, body, context }) =>
    service.escalateCase(await staffFor(context, 'escalateCase'), context.session, params.id, body.note),
  );
  bindEndpoint(app, deps, api.caseHeldRewards, async ({ params, context }) =>
    service.caseHeldRewards(await staffFor(context, 'caseHeldRewards'), params.id),
  );
  bindEndpoint(app, deps, api.publishNotice, async ({ body, context }) =>
    service.publishNotice(await staffFor(context, 'publishNotice'), context.session, body),
  );
  bindEndpoint(app, deps, api.maintenance, async ({ body, context }) =>
    service.setMaintenance(await staffFor(context, 'maintenance'), body),
  );
  bindEndpoint(app, deps, api.moneyReport, async ({ query, context }) =>
    service.moneyReport(await staffFor(context, 'moneyReport'), context.session, query),
  );
  bindEndpoint(app, deps, api.gameReport, async ({ query, context }) =>
    service.gameReport(await staffFor(context, 'gameReport'), query),
  );
  bindEndpoint(app, deps, api.giftCodes, async ({ query, context }) =>
    service.giftCodes(await staffFor(context, 'giftCodes'), context.session, query),
  );
  bindEndpoint(app, deps, api.createGiftCode, async ({ body, context }) =>
    service.createGiftCode(await staffFor(context, 'createGiftCode'), context.session, body),
  );
  bindEndpoint(app, deps, api.deactivateGiftCode, async ({ params, context }) =>
    service.deactivateGiftCode(await staffFor(context, 'deactivateGiftCode'), context.session, params.id),
  );
  bindEndpoint(app, deps, api.giftRedemptions, async ({ params, query, context }) =>
    service.giftRedemptions(await staffFor(context, 'giftRedemptions'), context.session, params.id, query),
  );
  bindEndpoint(app, deps, api.games, async ({ context }) =>
    service.games(await staffFor(context, 'games'), context.session),
  );
  bindEndpoint(app, deps, api.updateGame, async ({ body, context }) =>
    service.updateGame(await staffFor(context, 'updateGame'), context.session, body),
  );
  bindEndpoint(app, deps, api.updateRoundStakes, async ({ body, context }) =>
    service.updateRoundStakes(await staffFor(context, 'updateRoundStakes'), context.session, body),
  );
  bindEndpoint(app, deps, api.resetRoundStakes, async ({ body, context }) =>
    service.resetRoundStakes(await staffFor(context, 'resetRoundStakes'), context.session, body),
  );
  bindEndpoint(app, deps, api.setRoundSalt, async ({ body, context }) =>
    service.setRoundSalt(await staffFor(context, 'setRoundSalt'), context.session, body),
  );
  bindEndpoint(app, deps, api.staff, async ({ context }) => service.staff(await staffFor(context, 'staff')));
  bindEndpoint(app, deps, api.grant, async ({ body, context }) =>
    service.grant(await staffFor(context, 'grant'), body),
  );
  bindEndpoint(app, deps, api.audit, async ({ query, context }) =>
    service.audit(await staffFor(context, 'audit'), query),
  );
}

import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { PromoService } from './promo.service.ts';

/** Today's group figures the data center adds to the mission statistic. */
export type GroupToday = (
  groupId: number,
  day: string,
) => Promise<{ applyCount: number; depositFirstCount: number }>;

export function registerPromoRoutes(
  app: FastifyInstance,
  deps: BindDeps,
  promo: PromoService,
  groupToday: GroupToday,
): void {
  const endpoints = contracts.promo;
  bindEndpoint(app, deps, endpoints.spaInfo, async ({ context }) => promo.spaInfo(context.session));
  bindEndpoint(app, deps, endpoints.spaLogin, async ({ context, body }) =>
    promo.spaLogin(context.session, body, context.ip),
  );
  bindEndpoint(app, deps, endpoints.spaMembers, async ({ context, query }) =>
    promo.members(context.session, query),
  );
  bindEndpoint(app, deps, endpoints.spaGroupInfo, async ({ context, query }) =>
    promo.groupInfo(context.session, query),
  );
  bindEndpoint(app, deps, endpoints.spaGroupMissionStatistic, async ({ context }) =>
    promo.missionStatistic(context.session, groupToday),
  );
  bindEndpoint(app, deps, endpoints.spaApply, async ({ context, body }) =>
    promo.apply(context.session, body),
  );
  bindEndpoint(app, deps, endpoints.spaApplyList, async ({ context, query }) =>
    promo.applyList(context.session, query),
  );
  bindEndpoint(app, deps, endpoints.spaDetail, async ({ context, params }) =>
    promo.applyDetail(context.session, params.id),
  );
  bindEndpoint(app, deps, endpoints.spaCancel, async ({ context, params }) =>
    promo.cancel(context.session, params.id),
  );
  bindEndpoint(app, deps, endpoints.spaPhoneList, async ({ context, query }) =>
    promo.phoneList(context.session, query),
  );
  bindEndpoint(app, deps, endpoints.spaShare, async ({ context, params, body }) =>
    promo.share(context.session, params.id, body.channel),
  );
  bindEndpoint(app, deps, endpoints.spaCurrentTask, async ({ context }) =>
    promo.currentTask(context.session),
  );
  bindEndpoint(app, deps, endpoints.spaNameUpdate, async ({ context, query }) =>
    promo.rename(context.session, query.name),
  );
  bindEndpoint(app, deps, endpoints.spaReport, async ({ context, body }) =>
    promo.report(context.session, body),
  );
  bindEndpoint(app, deps, endpoints.spaReportExtra, async ({ context, body }) =>
    promo.reportExtra(context.session, body),
  );
  bindEndpoint(app, deps, endpoints.spaReportLog, async ({ context, query }) =>
    promo.reportLog(context.session, query),
  );
  bindEndpoint(app, deps, endpoints.spaReportCheck, async ({ context }) =>
    promo.reportChecks(context.session),
  );
  bindEndpoint(app, deps, endpoints.spaReportCheckDecide, async ({ context, params, body }) =>
    promo.decideCheck(context.session, params.id, body),
  );
  bindEndpoint(app, deps, endpoints.spaContact, async ({ context, body }) =>
    promo.contact(context.session, body),
  );
  bindEndpoint(app, deps, endpoints.spaRevisitList, async ({ context, query }) =>
    promo.revisitList(context.session, query),
  );
  bindEndpoint(app, deps, endpoints.spaRevisit, async ({ context, params, body }) =>
    promo.revisit(context.session, params.id, body),
  );
  bindEndpoint(app, deps, endpoints.spaStatusList, async () => promo.statusCatalogue());
  bindEndpoint(app, deps, endpoints.spaStatusPing, async ({ context, body }) =>
    promo.ping(context.session, body.foreground === 1),
  );
  bindEndpoint(app, deps, endpoints.spaReviewList, async ({ context, query }) =>
    promo.reviewList(context.session, query),
  );
  bindEndpoint(app, deps, endpoints.spaReviewDecide, async ({ context, params, body }) =>
    promo.reviewDecide(context.session, params.id, body),
  );
  bindEndpoint(app, deps, endpoints.spaReviewDetail, async ({ context, query }) =>
    promo.reviewDetail(context.session, query.id),
  );
  bindEndpoint(app, deps, endpoints.spaNewMember, async ({ context }) => promo.newMembers(context.session));
  bindEndpoint(app, deps, endpoints.notificationHistory, async ({ context, query }) =>
    promo.notificationHistory(context.session, query),
  );
}

import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { DatacenterService } from './datacenter.service.ts';

export function registerDatacenterRoutes(
  app: FastifyInstance,
  deps: BindDeps,
  datacenter: DatacenterService,
): void {
  const endpoints = contracts.datacenter;
  bindEndpoint(app, deps, endpoints.spaTaskData, async ({ context, query }) =>
    datacenter.taskData(context.session, query),
  );
  bindEndpoint(app, deps, endpoints.spaTaskDataDetail, async ({ context, params }) =>
    datacenter.taskDataDetail(context.session, params.id),
  );
  bindEndpoint(app, deps, endpoints.spaTaskDataGroup, async ({ context, query }) =>
    datacenter.taskDataGroup(context.session, query),
  );
  bindEndpoint(app, deps, endpoints.spaTaskDataGroupDetailMember, async ({ context, params, query }) =>
    datacenter.groupDetailMember(context.session, params.id, query),
  );
  bindEndpoint(app, deps, endpoints.spaTaskDataGroupDetailPhone, async ({ context, params, query }) =>
    datacenter.groupDetailPhone(context.session, params.id, query),
  );
  bindEndpoint(app, deps, endpoints.spaDateRange, async ({ context }) =>
    datacenter.dateRange(context.session),
  );
}

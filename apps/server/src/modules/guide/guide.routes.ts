import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { GuideService } from './guide.service.ts';

/** The player app reads the project's beginner guide (public: shown on the first visit). */
export function registerGuideRoutes(app: FastifyInstance, deps: BindDeps, service: GuideService): void {
  bindEndpoint(app, deps, contracts.guide.text, async ({ query, context }) =>
    service.text(context.project.projectId, query.locale),
  );
}

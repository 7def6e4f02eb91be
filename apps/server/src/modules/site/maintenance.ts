import { type Endpoint, ErrorCode, MAINTENANCE_CONFIG_KEY, type Maintenance } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { ProjectResolver } from '../../platform/http/request-context.ts';
import type { SiteRepo } from './site.repo.ts';

const OFF: Maintenance = { enabled: false, message: null };

/**
 * The maintenance flag: the public site setting `maintenance` of a project. While it is on, the
 * player app shows a full-screen notice and every money call answers 762 (ServiceMaintenance),
 * moving nothing. Read on each money call (one primary-key lookup) so every node sees a change at
 * once; no cache to go stale.
 */
export function createMaintenanceGate(repo: Pick<SiteRepo, 'configValue' | 'setPublicConfig'>) {
  async function read(projectId: number): Promise<Maintenance> {
    const value = (await repo.configValue(projectId, MAINTENANCE_CONFIG_KEY)) as
      | Partial<Maintenance>
      | undefined;
    if (value?.enabled !== true) return OFF;
    return { enabled: true, message: typeof value.message === 'string' ? value.message : null };
  }
  return {
    read,
    async set(
      projectId: number,
      maintenance: Maintenance,
      actor: { userId: number; ip: string | null },
    ): Promise<Maintenance> {
      await repo.setPublicConfig(projectId, MAINTENANCE_CONFIG_KEY, maintenance, {
        projectId,
        actorId: actor.userId,
        action: 'site.maintenance',
        objectType: 'site_config',
        objectId: MAINTENANCE_CONFIG_KEY,
        after: maintenance,
        ip: actor.ip,
      });
      return maintenance;
    },
    /** Throws 762 while the project is in maintenance. */
    async assertOpen(projectId: number): Promise<void> {
      if ((await read(projectId)).enabled) throw new AppError(ErrorCode.ServiceMaintenance);
    },
  };
}
export type MaintenanceGate = ReturnType<typeof createMaintenanceGate>;

/**
 * Answers 762 on every money call while the caller's project is in maintenance, before the handler
 * runs (so nothing moves). `moneyCalls` are contract endpoints; a module that adds a money call adds
 * its endpoint to the list in app.ts.
 */
export function installMaintenanceGate(
  app: FastifyInstance,
  gate: MaintenanceGate,
  projects: ProjectResolver,
  moneyCalls: readonly Endpoint[],
): void {
  const gated = new Set(moneyCalls.map((endpoint) => `${endpoint.method} ${endpoint.path}`));
  app.addHook('preHandler', async (request) => {
    if (!gated.has(`${request.method} ${request.routeOptions.url}`)) return;
    const header = request.headers.projectid;
    const cookies = (request as { cookies?: Record<string, string | undefined> }).cookies;
    const project = await projects.resolve(
      (Array.isArray(header) ? header[0] : header) ?? cookies?.projectId,
    );
    await gate.assertOpen(project.projectId);
  });
}

import { type Endpoint, ErrorCode, MAINTENANCE_CONFIG_KEY, type Maintenance } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import type { Bus } from '../../platform/bus/bus.ts';
import { AppError } from '../../platform/errors.ts';
import type { ProjectResolver } from '../../platform/http/request-context.ts';
import { createProjectCache } from '../../platform/project-cache.ts';
import type { SiteRepo } from './site.repo.ts';

const OFF: Maintenance = { enabled: false, message: null };

/** Bus channel on which a node that changed a project's flag tells every node (message: project id). */
export const MAINTENANCE_CHANNEL = 'site.maintenance';
/** Longest a node answers from its cached flag: the bound if a bus message is ever lost. */
export const MAINTENANCE_CACHE_MS = 1_000;

/**
 * The maintenance flag: the public site setting `maintenance` of a project. While it is on, the
 * player app shows a full-screen notice and every money call answers 762 (ServiceMaintenance),
 * moving nothing. Money calls read it from a per-project cache (docs/decisions.md, "Maintenance
 * flag cache"): `set` evicts the entry on its own node at once and on every node through the bus,
 * and an entry older than MAINTENANCE_CACHE_MS is read again, so a lost bus message costs at most
 * that long. `read` (what the site and console show) always reads the database.
 */
export async function createMaintenanceGate(
  repo: Pick<SiteRepo, 'configValue' | 'setPublicConfig'>,
  options: { bus?: Bus; now?: () => number; log?: (error: unknown, message: string) => void } = {},
) {
  async function read(projectId: number): Promise<Maintenance> {
    const value = (await repo.configValue(projectId, MAINTENANCE_CONFIG_KEY)) as
      | Partial<Maintenance>
      | undefined;
    if (value?.enabled !== true) return OFF;
    return { enabled: true, message: typeof value.message === 'string' ? value.message : null };
  }

  /** The flag as money calls see it (platform/project-cache.ts). */
  const flags = createProjectCache({
    read,
    ttlMs: MAINTENANCE_CACHE_MS,
    ...(options.bus ? { bus: { bus: options.bus, channel: MAINTENANCE_CHANNEL } } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.log ? { log: options.log } : {}),
  });

  return {
    read,
    close: () => flags.close(),
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
      await flags.changed(projectId);
      return maintenance;
    },
    /** Throws 762 while the project is in maintenance. */
    async assertOpen(projectId: number): Promise<void> {
      if ((await flags.get(projectId)).enabled) throw new AppError(ErrorCode.ServiceMaintenance);
    },
  };
}
export type MaintenanceGate = Awaited<ReturnType<typeof createMaintenanceGate>>;

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

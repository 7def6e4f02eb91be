import { type Endpoint, ErrorCode, type Maintenance, MAINTENANCE_CONFIG_KEY } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { ProjectResolver } from '../../platform/http/request-context.ts';

type Executor = Pick<Db, 'execute'>;

const OFF: Maintenance = { enabled: false, message: null };

/**
 * The maintenance flag: the public site setting `maintenance` of a project. While it is on, the
 * player app shows a full-screen notice and every money call answers 762 (ServiceMaintenance),
 * moving nothing. Read on each money call (one primary-key lookup) so every node sees a change at
 * once; no cache to go stale.
 */
export function createMaintenanceGate(db: Executor) {
  async function read(projectId: number): Promise<Maintenance> {
    const result = await db.execute<{ value: unknown }>(
      sql`SELECT value FROM site_config WHERE project_id = ${projectId} AND key = ${MAINTENANCE_CONFIG_KEY}`,
    );
    const value = result.rows[0]?.value as Partial<Maintenance> | undefined;
    if (!value || value.enabled !== true) return OFF;
    return { enabled: true, message: typeof value.message === 'string' ? value.message : null };
  }
  return {
    read,
    async set(projectId: number, maintenance: Maintenance): Promise<Maintenance> {
      await db.execute(sql`
        INSERT INTO site_config (project_id, key, value, public, updated_at)
        VALUES (${projectId}, ${MAINTENANCE_CONFIG_KEY}, ${JSON.stringify(maintenance)}::jsonb, true, now())
        ON CONFLICT (project_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`);
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
    const project = await projects.resolve((Array.isArray(header) ? header[0] : header) ?? cookies?.projectId);
    await gate.assertOpen(project.projectId);
  });
}

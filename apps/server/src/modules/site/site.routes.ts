import fastifyMultipart from '@fastify/multipart';
import { contracts, UPLOAD_MAX_BYTES } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { badParameter, noPermission } from '../../platform/errors.ts';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { MaintenanceGate } from './maintenance.ts';
import type { SiteService } from './site.service.ts';

export async function registerSiteRoutes(
  app: FastifyInstance,
  deps: BindDeps,
  site: SiteService,
  maintenance: MaintenanceGate,
): Promise<void> {
  bindEndpoint(app, deps, contracts.site.setMaintenance, async ({ body, context }) => {
    if (context.session.staffRole !== 'admin') throw noPermission();
    return maintenance.set(context.session.projectId, body, {
      userId: context.session.userId,
      ip: context.ip,
    });
  });
  // Multipart parsing only where uploads are accepted: registered at the root, its request hooks
  // ran on every call of the API (bench/api-read).
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  bindEndpoint(app, deps, contracts.site.config, async ({ params, context }) =>
    site.config(context.project, params.key),
  );
  bindEndpoint(app, deps, contracts.site.listConfig, async ({ body, context }) =>
    site.listConfig(context.project, body.keys),
  );
  bindEndpoint(
    app,
    deps,
    contracts.site.upload,
    async ({ request, context }) => {
      if (!request.isMultipart()) throw badParameter('body: multipart/form-data with one file expected');
      const file = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
      if (!file) throw badParameter('file: missing');
      const bytes = await file.toBuffer();
      if (file.file.truncated) throw badParameter('file: larger than 2 MiB');
      return site.upload(context.session.projectId, context.session.userId, bytes);
    },
    { rateLimitPerMinute: 30 },
  );

  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const bytes = await site.readUpload(request.params.name);
    if (!bytes) return reply.callNotFound();
    const extension = request.params.name.split('.').pop();
    const mime = extension === 'png' ? 'image/png' : extension === 'webp' ? 'image/webp' : 'image/jpeg';
    return reply
      .header('content-type', mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}

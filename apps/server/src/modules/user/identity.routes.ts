import fastifyMultipart from '@fastify/multipart';
import { contracts, UPLOAD_MAX_BYTES } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { badParameter } from '../../platform/errors.ts';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { IdentityService } from './identity.service.ts';
import type { IdentityReviewService } from './identity-review.service.ts';

const IDENTITY_FILES = ['document', 'selfie'] as const;

export async function registerIdentityRoutes(
  app: FastifyInstance,
  deps: BindDeps,
  identity: IdentityService,
  review: IdentityReviewService,
): Promise<void> {
  bindEndpoint(app, deps, contracts.identity.get, async ({ context }) => identity.view(context.session));
  bindEndpoint(app, deps, contracts.identity.declare, async ({ context, body }) =>
    identity.declare(context.session, body),
  );
  // Multipart only in this scope: two image files, nothing else.
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 0, parts: 2 },
  });
  bindEndpoint(
    app,
    deps,
    contracts.identity.submitDocuments,
    async ({ request, context }) => {
      if (!request.isMultipart()) throw badParameter('body: multipart/form-data with document and selfie');
      const files: { document?: Buffer; selfie?: Buffer } = {};
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') throw badParameter(`${part.fieldname}: unexpected field`);
          const field = IDENTITY_FILES.find((name) => name === part.fieldname);
          if (!field) throw badParameter(`${part.fieldname}: unexpected file`);
          if (files[field]) throw badParameter(`${field}: sent twice`);
          const bytes = await part.toBuffer();
          if (part.file.truncated) throw badParameter(`${field}: larger than 2 MiB`);
          files[field] = bytes;
        }
      } catch (error) {
        // The multipart limits (too many parts or files, a file over the size) answer 3 like any bad input.
        const code = (error as { code?: string }).code;
        if (typeof code === 'string' && code.startsWith('FST_')) throw badParameter(`body: ${code}`);
        throw error;
      }
      return review.submit(context.session, files);
    },
    { rateLimitPerMinute: 30 },
  );
  bindEndpoint(app, deps, contracts.identity.documentImages, async ({ params, context }) =>
    review.ownImages(context.session, params.id),
  );
}

// Proves that `endpoint.errors` is held outside production: an operating error a handler throws
// that its contract does not declare answers 0 (so the test that meets it fails), a declared or
// generic one passes through, and production answers whatever the handler threw.
import { ErrorCode, endpoint, type ProjectConfig } from '@payhub/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { type BindDeps, bindEndpoint } from './bind-endpoint.ts';
import { installErrorEnvelope } from './error-envelope.ts';

const probe = endpoint({
  method: 'GET',
  path: '/probe/:code',
  access: 'public',
  summary: 'throws the code it is given',
  params: z.object({ code: z.coerce.number().int() }),
  response: z.object({ ok: z.boolean() }),
  errors: [ErrorCode.NotFound],
});

async function answerOf(validateResponses: boolean, code: number) {
  const app = Fastify();
  installErrorEnvelope(app);
  const deps: BindDeps = {
    authenticator: { authenticate: async () => Promise.reject(new AppError(ErrorCode.LoginExpired)) },
    projects: { resolve: async () => ({ projectId: 12, locale: 'id-ID' }) as unknown as ProjectConfig },
    validateResponses,
  };
  bindEndpoint(app, deps, probe, async ({ params }) => {
    throw new AppError(params.code);
  });
  const reply = await app.inject({ method: 'GET', url: `/probe/${code}` });
  await app.close();
  return reply.json() as { errCode: number };
}

describe('declared error codes', () => {
  it('an undeclared code becomes a service error outside production', async () => {
    expect((await answerOf(true, ErrorCode.PaymentOutOfRange)).errCode).toBe(ErrorCode.ServiceError);
  });

  it('declared and generic codes pass through', async () => {
    expect((await answerOf(true, ErrorCode.NotFound)).errCode).toBe(ErrorCode.NotFound);
    expect((await answerOf(true, ErrorCode.BadParameter)).errCode).toBe(ErrorCode.BadParameter);
    expect((await answerOf(true, ErrorCode.LoginExpired)).errCode).toBe(ErrorCode.LoginExpired);
  });

  it('production answers the code the handler threw', async () => {
    expect((await answerOf(false, ErrorCode.PaymentOutOfRange)).errCode).toBe(ErrorCode.PaymentOutOfRange);
  });
});

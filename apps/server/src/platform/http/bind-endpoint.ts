import {
  type Endpoint,
  type EndpointParsed,
  type EndpointResponse,
  ErrorCode,
  resolveLocale,
} from '@payhub/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badParameter } from '../errors.ts';
import { isLoopbackCaller } from './loopback.ts';
import type { Authenticator, CallContext, ProjectResolver, SecureCallContext } from './request-context.ts';

export interface BindDeps {
  authenticator: Authenticator;
  projects: ProjectResolver;
  /** Hold every answer, success or operating error, to its contract (outside production). */
  validateResponses: boolean;
}

/** Codes any endpoint may answer without declaring them (endpoint.ts: `errors`). */
export const GENERIC_ERROR_CODES: ReadonlySet<number> = new Set([
  ErrorCode.ServiceError,
  ErrorCode.LoginExpired,
  ErrorCode.BadParameter,
  ErrorCode.TokenInvalid,
]);

/**
 * An operating error the handler threw that its contract does not declare becomes a service error
 * outside production, so the tests that reach it fail and the contract (and the generated docs a
 * client reads) list every code an endpoint really answers.
 */
function holdToDeclaredErrors(error: unknown, endpoint: Endpoint, request: FastifyRequest): unknown {
  if (!(error instanceof AppError)) return error;
  if (GENERIC_ERROR_CODES.has(error.errCode) || endpoint.errors?.includes(error.errCode)) return error;
  request.log.error(
    { errCode: error.errCode, path: endpoint.path },
    'handler answered an error code its contract does not declare',
  );
  return new AppError(ErrorCode.ServiceError, `undeclared error code ${error.errCode}`);
}

type ContextOf<E> = E extends { access: 'secure' } ? SecureCallContext : CallContext;

export type Handler<E extends Endpoint> = (
  input: EndpointParsed<E> & { context: ContextOf<E>; request: FastifyRequest; reply: FastifyReply },
) => Promise<EndpointResponse<E>>;

export interface BindOptions {
  /** A tighter per-route limit (requests per minute per client address). */
  rateLimitPerMinute?: number;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The path of the first string holding a NUL character, or null. PostgreSQL cannot store NUL in
 * text, so such input would fail in the database (a 5xx) instead of being refused as bad input.
 */
function nulCharacterPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = nulCharacterPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

function parsePart(schema: z.ZodType | undefined, value: unknown, part: string): unknown {
  if (!schema) return undefined;
  const nulPath = nulCharacterPath(value);
  if (nulPath) throw badParameter(`${[part, ...nulPath].join('.')}: contains a NUL character`);
  const result = schema.safeParse(value ?? (part === 'body' ? undefined : {}));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = [part, ...(issue?.path ?? [])].join('.');
  throw badParameter(`${field}: ${issue?.message ?? 'invalid'}`);
}

/**
 * Registers the handler of one contract endpoint: resolves project and session, validates
 * params/query/body with the contract's schemas (code 3 naming the field) and, outside
 * production, checks the answer against the response schema.
 */
export function bindEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  deps: BindDeps,
  endpoint: E,
  handler: Handler<E>,
  options: BindOptions = {},
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: options.rateLimitPerMinute
      ? { rateLimit: { max: options.rateLimitPerMinute, timeWindow: 60_000 } }
      : {},
    handler: async (request, reply) => {
      const cookies = (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies;
      const project = await deps.projects.resolve(header(request, 'projectid') ?? cookies?.projectId);
      const context: CallContext = {
        project,
        language: resolveLocale(header(request, 'language') ?? cookies?.locale ?? project.locale),
        ip: request.ip,
        clientId: header(request, 'client_id'),
        userAgent: header(request, 'user-agent')?.slice(0, 200),
        idempotencyKey: header(request, 'idempotency-key'),
      };
      let fullContext: CallContext | SecureCallContext = context;
      if (endpoint.access === 'secure') {
        const session = await deps.authenticator.authenticate(header(request, 'main_token'));
        fullContext = { ...context, session };
      }
      const input = {
        params: parsePart(endpoint.params, request.params, 'params'),
        query: parsePart(endpoint.query, request.query, 'query'),
        body: endpoint.bodyKind === 'multipart' ? undefined : parsePart(endpoint.body, request.body, 'body'),
        context: fullContext,
        request,
        reply,
      } as Parameters<Handler<E>>[0];
      // Dev-only endpoints (the SMS code reader...) exist only in development and answer only this
      // machine; to anyone else they are as absent as in production (after validation, so bad
      // input still gets code 3 naming the field).
      if (endpoint.devOnly && !isLoopbackCaller(request)) throw new AppError(ErrorCode.NotFound);
      let result: EndpointResponse<E>;
      try {
        result = await handler(input);
      } catch (error) {
        throw deps.validateResponses ? holdToDeclaredErrors(error, endpoint, request) : error;
      }
      if (deps.validateResponses) {
        const checked = endpoint.response.safeParse(result);
        if (!checked.success) {
          request.log.error(
            { issues: checked.error.issues, path: endpoint.path },
            'response breaks its contract',
          );
          throw new AppError(0, 'response breaks its contract');
        }
      }
      return result;
    },
  });
}

import { ErrorCode, httpStatusOf } from '@payhub/contracts';
import { errorMessage } from '@payhub/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isContention } from '../db/retry.ts';
import { AppError } from '../errors.ts';

function languageOf(request: FastifyRequest): string | undefined {
  const value = request.headers.language;
  return Array.isArray(value) ? value[0] : value;
}

/** Maps any thrown value to an operating error; unknown failures become 0 without internals. */
function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // Contention that outlasted its retries is an operating condition the caller can retry.
  if (isContention(error)) return new AppError(ErrorCode.TryAgain);
  const fastifyError = error as Partial<FastifyError> & { statusCode?: number };
  const status = fastifyError.statusCode ?? 500;
  if (status === 429) return new AppError(ErrorCode.TooFrequent);
  if (status >= 400 && status < 500) {
    // Malformed JSON, wrong content type, body too large, prototype poisoning...: all bad input.
    return new AppError(ErrorCode.BadParameter, fastifyError.code ?? 'bad request');
  }
  return new AppError(ErrorCode.ServiceError);
}

/** One error envelope for the whole API: `{ errCode, errMsg }` in the request's language. */
export function installErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.errCode === ErrorCode.ServiceError) {
      request.log.error({ err: error }, 'unhandled failure');
    }
    const base = errorMessage(appError.errCode, languageOf(request));
    const errMsg =
      appError.detail && appError.errCode !== ErrorCode.ServiceError ? `${base} (${appError.detail})` : base;
    reply.status(httpStatusOf(appError.errCode)).send({ errCode: appError.errCode, errMsg });
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ errCode: ErrorCode.NotFound, errMsg: errorMessage(ErrorCode.NotFound, languageOf(request)) });
  });
}

/**
 * Fastify's own refusals before routing — a malformed %-escape or a path segment over the router's
 * length limit — answered in the same envelope (code 3) instead of Fastify's default body (HTTP 414).
 * Passed to Fastify as `frameworkErrors`.
 */
export function frameworkErrorEnvelope(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const errMsg = `${errorMessage(ErrorCode.BadParameter, languageOf(request))} (${error.code ?? 'bad url'})`;
  reply.status(httpStatusOf(ErrorCode.BadParameter)).send({ errCode: ErrorCode.BadParameter, errMsg });
}

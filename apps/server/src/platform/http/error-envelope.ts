import type { Socket } from 'node:net';
import { ErrorCode, httpStatusOf } from '@payhub/contracts';
import { errorMessage } from '@payhub/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isContention } from '../db/retry.ts';
import { AppError, messageOf } from '../errors.ts';

/**
 * What was wrong with a request Fastify (or a plugin) refused before our handler, in words: the
 * answer names the problem, never a framework code (FST_ERR_...), which tells a caller which
 * software and version answer and tells a user nothing.
 */
const REFUSALS_BY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported content type',
  FST_ERR_CTP_INVALID_TYPE: 'unsupported content type',
  FST_ERR_CTP_EMPTY_TYPE: 'missing content type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty JSON body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request body too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'content length does not match the body',
  FST_ERR_CTP_INSTANCE_ALREADY_STARTED: 'malformed request',
  FST_ERR_BAD_URL: 'malformed URL',
  FST_ERR_ASYNC_CONSTRAINT: 'malformed request',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'not a multipart request',
  FST_REQ_FILE_TOO_LARGE: 'file too large',
  FST_FILES_LIMIT: 'too many files',
  FST_FIELDS_LIMIT: 'too many form fields',
  FST_PARTS_LIMIT: 'too many form parts',
  FST_PROTO_VIOLATION: 'forbidden field name',
};
const REFUSALS_BY_STATUS: Record<number, string> = {
  408: 'request timed out',
  413: 'request body too large',
  414: 'URL too long',
  415: 'unsupported content type',
  431: 'request headers or URL too long',
};

/** Words for a refused request: by framework code, else by status, else by the kind of error. */
export function describeRefusal(error: {
  code?: string | undefined;
  statusCode?: number | undefined;
}): string {
  if (error.code && REFUSALS_BY_CODE[error.code]) return REFUSALS_BY_CODE[error.code] as string;
  if (error.statusCode && REFUSALS_BY_STATUS[error.statusCode]) {
    return REFUSALS_BY_STATUS[error.statusCode] as string;
  }
  if (error instanceof SyntaxError) return 'malformed JSON body';
  return 'malformed request';
}

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
    return new AppError(ErrorCode.BadParameter, describeRefusal(fastifyError));
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
    const errMsg = messageOf(appError, languageOf(request));
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
  const errMsg = `${errorMessage(ErrorCode.BadParameter, languageOf(request))} (${describeRefusal(error)})`;
  reply.status(httpStatusOf(ErrorCode.BadParameter)).send({ errCode: ErrorCode.BadParameter, errMsg });
}

/**
 * Node refuses some requests before Fastify sees them — headers (with the URL) over the size limit,
 * a timed-out or unparsable request — and Fastify answers those on the raw socket. This answers
 * them in the same envelope (code 3, the HTTP status kept: 431, 408, 400), in the default language
 * since the headers could not be read. Passed to Fastify as `clientErrorHandler`.
 */
export function clientErrorEnvelope(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({
    errCode: ErrorCode.BadParameter,
    errMsg: `${errorMessage(ErrorCode.BadParameter, undefined)} (${describeRefusal({ statusCode: status })})`,
  });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

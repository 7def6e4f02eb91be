import type { FastifyRequest } from 'fastify';

const LOOPBACK_ADDRESS = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * Whether the caller is on this machine: the socket's own address (never X-Forwarded-For, which a
 * client writes itself) is loopback, and no proxy header says the request was forwarded — a
 * reverse proxy on the same machine connects from loopback on behalf of remote callers.
 */
export function isLoopbackCaller(request: FastifyRequest): boolean {
  if (!LOOPBACK_ADDRESS.test(request.raw.socket?.remoteAddress ?? '')) return false;
  const headers = request.headers;
  return (
    headers['x-forwarded-for'] === undefined &&
    headers.forwarded === undefined &&
    headers['x-real-ip'] === undefined
  );
}

import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** Headers every answer carries anyway; they are not security headers and are not copied. */
const GENERIC_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Helmet's security headers for `options`, computed once. @fastify/helmet rebuilds the helmet
 * middleware (parsing every CSP directive) on each request, which cost ~8% of the CPU of
 * GET /main/user and most of its garbage (bench/api-read). Our configuration has no per-request
 * part (no nonces), so the headers are taken once from helmet's own answer on a probe instance and
 * stay exactly what helmet would send.
 */
export async function computeSecurityHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, options);
  probe.get('/', async () => 'ok');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (GENERIC_HEADERS.has(name) || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/** Sets the precomputed security headers on every answer (routes may still override them). */
export async function installSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions,
): Promise<void> {
  const headers = await computeSecurityHeaders(options);
  if (!headers['content-security-policy'] || !headers['x-content-type-options']) {
    throw new Error('security headers: helmet produced no CSP or nosniff header');
  }
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

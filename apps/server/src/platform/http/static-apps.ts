import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const API_PREFIXES = ['/main/', '/api/', '/docs', '/uploads/', '/healthz', '/heracles/'];

/**
 * Serves the built apps: the agent app at `/`, the player app at `/play/`, the console at `/console/`. Unknown paths under
 * each fall back to its index.html so that client-side routes survive a reload.
 */
export async function serveApps(app: FastifyInstance, appsRoot: string): Promise<void> {
  const agentDist = join(appsRoot, 'agent/dist');
  const playerDist = join(appsRoot, 'player/dist');
  const hasAgent = existsSync(join(agentDist, 'index.html'));
  const hasPlayer = existsSync(join(playerDist, 'index.html'));
  const consoleDist = join(appsRoot, 'console/dist');
  const hasConsole = existsSync(join(consoleDist, 'index.html'));
  const cacheHeaders = (reply: { header(name: string, value: string): unknown }, path: string) => {
    // Hashed assets never change; index.html must always be fresh so a new version is picked up.
    reply.header(
      'cache-control',
      path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
  };
  if (hasAgent) {
    await app.register(fastifyStatic, {
      root: agentDist,
      prefix: '/',
      wildcard: false,
      // The builds write .br and .gz beside each asset; phones on slow links get the small one.
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
  }
  if (hasPlayer) {
    await app.register(fastifyStatic, {
      root: playerDist,
      prefix: '/play/',
      decorateReply: !hasAgent,
      wildcard: false,
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
  }
  if (hasConsole) {
    // The operator console (issue 19): staff only; every call it makes is checked on the server.
    await app.register(fastifyStatic, {
      root: consoleDist,
      prefix: '/console/',
      decorateReply: !hasAgent && !hasPlayer,
      wildcard: false,
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
  }
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || API_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    const path = request.url.split('?')[0] ?? '/';
    const lastSegment = path.split('/').pop() ?? '';
    if (lastSegment.includes('.')) return; // a file: let static answer or 404
    const accept = request.headers.accept ?? '';
    if (!accept.includes('text/html')) return;
    if (hasPlayer && (path === '/play' || path.startsWith('/play/'))) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', playerDist);
    }
    if (hasConsole && (path === '/console' || path.startsWith('/console/'))) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', consoleDist);
    }
    if (hasAgent) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', agentDist);
    }
  });
}

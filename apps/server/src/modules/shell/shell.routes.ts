import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';

export function registerShellRoutes(app: FastifyInstance, deps: BindDeps, version: () => string): void {
  bindEndpoint(app, deps, contracts.shell.version, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { version: version() };
  });
}

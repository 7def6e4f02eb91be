// Proves the HTTP server bounds every exchange (request, silent socket and keep-alive timeouts are
// set on the listening server) and that building the app raises no Fastify deprecation warning.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
const warnings: Error[] = [];
const collect = (warning: Error) => warnings.push(warning);

beforeAll(async () => {
  process.on('warning', collect);
  testApp = await startTestApp();
  // Warnings are emitted on the next tick.
  await new Promise((resolve) => setImmediate(resolve));
  process.off('warning', collect);
});
afterAll(async () => testApp?.close());

describe('HTTP limits', () => {
  it('sets the request, silent-socket and keep-alive timeouts on the server', () => {
    const server = testApp.app.server;
    expect(server.requestTimeout).toBe(30_000);
    expect(server.timeout).toBe(60_000);
    expect(server.keepAliveTimeout).toBe(65_000);
  });

  it('builds without a Fastify deprecation warning', () => {
    const fastifyWarnings = warnings.filter((warning) =>
      String((warning as { code?: string }).code).startsWith('FST'),
    );
    expect(fastifyWarnings.map((warning) => warning.message)).toEqual([]);
  });
});

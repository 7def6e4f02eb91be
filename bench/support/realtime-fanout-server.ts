// The server side of bench/realtime-fanout.bench.ts, in its own process (started with IPC and
// --expose-gc): the real realtime gateway on a bare HTTP server, and a bare `ws` server beside it
// for the comparison. It publishes when told and measures its own memory and event-loop blocks.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { RealtimeRoute } from '@payhub/contracts';
import { WebSocketServer } from 'ws';
import { createInProcessBus } from '../../apps/server/src/platform/bus/in-process-bus.ts';
import type { Authenticator } from '../../apps/server/src/platform/http/request-context.ts';
import { createRealtimeGateway } from '../../apps/server/src/realtime/realtime.gateway.ts';

type Command =
  | { type: 'memory' }
  | { type: 'stats' }
  | { type: 'publish'; payload: Record<string, unknown> }
  | { type: 'publish-bare'; payload: Record<string, unknown> }
  | { type: 'stop-measure' }
  | { type: 'close-bare-clients' };

const send = (message: unknown) => process.send?.(message);
const gc = (globalThis as { gc?: () => void }).gc;

/** Every connection signs in as its own user: `bench-<n>`. */
const authenticator: Authenticator = {
  async authenticate(token) {
    const userId = Number((token ?? '').replace('bench-', ''));
    return {
      userId,
      projectId: 12,
      tokenHash: String(userId),
      expiresAt: new Date(Date.now() + 3_600_000),
      staffRole: null,
    };
  },
};

const server = createServer((_request, response) => response.end('ok'));
const gateway = createRealtimeGateway({
  server,
  authenticator,
  bus: createInProcessBus(),
  log: { warn() {}, error: (object, message) => console.error(message, object), debug() {} },
});
gateway.onStream(RealtimeRoute.noticeBroadcast);
await gateway.start();
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

const bareServer = createServer();
const bare = new WebSocketServer({ server: bareServer, perMessageDeflate: false });
await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));

const MEASURE_LEAD_MS = 20;
let delay: ReturnType<typeof monitorEventLoopDelay> | null = null;
const now = () => performance.timeOrigin + performance.now();

function memory() {
  gc?.();
  gc?.();
  const usage = process.memoryUsage();
  return {
    rss: usage.rss,
    heapUsed: usage.heapUsed,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
  };
}

function startMeasure() {
  delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
}

process.on('message', (command: Command) => {
  switch (command.type) {
    case 'memory':
      send({ type: 'memory', ...memory() });
      return;
    case 'stats':
      send({ type: 'stats', ...gateway.stats(), bareClients: bare.clients.size });
      return;
    case 'publish': {
      // The histogram runs before the send starts, so a block at its very start is seen too.
      startMeasure();
      setTimeout(() => {
        const startedAt = now();
        void gateway.broadcast(RealtimeRoute.noticeBroadcast, { ...command.payload, sentAt: startedAt });
      }, MEASURE_LEAD_MS);
      return;
    }
    case 'publish-bare': {
      startMeasure();
      setTimeout(() => {
        const startedAt = now();
        // The naive loop: one synchronous pass over every socket.
        const data = Buffer.from(JSON.stringify({ ...command.payload, sentAt: startedAt }));
        for (const socket of bare.clients) socket.send(data);
      }, MEASURE_LEAD_MS);
      return;
    }
    case 'stop-measure': {
      delay?.disable();
      // Histogram values are nanoseconds; the max is the longest the loop was kept from running.
      send({ type: 'blocked', maxMs: delay ? delay.max / 1e6 : 0 });
      delay = null;
      return;
    }
    case 'close-bare-clients':
      for (const socket of bare.clients) socket.terminate();
      send({ type: 'closed' });
      return;
  }
});

process.on('SIGTERM', () => {
  void gateway.close().finally(() => process.exit(0));
});

send({
  type: 'ready',
  port: (server.address() as AddressInfo).port,
  barePort: (bareServer.address() as AddressInfo).port,
});

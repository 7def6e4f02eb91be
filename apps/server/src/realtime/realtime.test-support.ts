// Helpers shared by the realtime integration tests: sign-in, clients over real sockets (ours and
// the legacy rsocket-js 0.0.27 line), controllable timers and polling.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRealtimeClient, type RealtimeClientOptions, realtimeUrl } from '@payhub/client';
import { REALTIME_COMPOSITE_METADATA_MIME_TYPE } from '@payhub/contracts';
import type { LegacyPayload, LegacyReactiveSocket } from 'legacy-rsocket-core';
import * as legacyCore from 'legacy-rsocket-core';
import * as legacyWebSocket from 'legacy-rsocket-websocket-client';
import { encodeCompositeMetadata, encodeRoute, WellKnownMimeType } from 'rsocket-composite-metadata';
import { Flags, type Frame, FrameTypes, serializeFrame } from 'rsocket-core';
import { WebSocket } from 'ws';
import type { TestApp } from '../../test/test-app.ts';
import type { Bus } from '../platform/bus/bus.ts';
import { createInProcessBus } from '../platform/bus/in-process-bus.ts';
import { AppError } from '../platform/errors.ts';
import type { Authenticator } from '../platform/http/request-context.ts';
import { createRealtimeGateway, type RealtimeGateway, type RealtimeLimits } from './realtime.gateway.ts';

export async function signInToken(
  testApp: TestApp,
  label: string,
  projectId = 12,
): Promise<{ token: string; userId: number }> {
  const account = testApp.accounts.find((item) => item.label === label && item.projectId === projectId);
  if (!account) throw new Error(`no demo account ${label}/${projectId}`);
  // On the account's own device, so signing in again writes no new-device notice into its inbox.
  const session = await testApp
    .deviceClient(label, projectId)
    .api.user.login({ body: { phone: account.phone, password: account.password } });
  return { token: session.token, userId: session.user.id };
}

export const createNodeWebSocket = (url: string) => new WebSocket(url) as unknown as globalThis.WebSocket;

export function ourClient(baseUrl: string, options: Partial<RealtimeClientOptions> = {}) {
  return createRealtimeClient({
    url: realtimeUrl(baseUrl),
    clientId: `test-${Math.random().toString(36).slice(2)}`,
    createWebSocket: createNodeWebSocket,
    ...options,
  });
}

export async function waitFor(check: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Timers a test advances by hand: nothing runs until `runNext` or `runAll`. */
export class ManualTimers {
  private nextHandle = 1;
  readonly pending = new Map<number, { callback: () => void; delayMs: number }>();

  setTimeout = (callback: () => void, delayMs: number): unknown => {
    const handle = this.nextHandle++;
    this.pending.set(handle, { callback, delayMs });
    return handle;
  };

  clearTimeout = (handle: unknown): void => {
    this.pending.delete(handle as number);
  };

  delays(): number[] {
    return [...this.pending.values()].map((entry) => entry.delayMs);
  }

  /** Runs the pending timer with exactly this delay (the oldest if several). */
  run(delayMs: number): void {
    for (const [handle, entry] of this.pending) {
      if (entry.delayMs !== delayMs) continue;
      this.pending.delete(handle);
      entry.callback();
      return;
    }
    throw new Error(`no pending timer of ${delayMs} ms (pending: ${this.delays().join(', ')})`);
  }

  /** Runs every timer pending now with this delay (not the ones they schedule). */
  runAll(delayMs: number): number {
    const due = [...this.pending].filter(([, entry]) => entry.delayMs === delayMs);
    for (const [handle, entry] of due) {
      this.pending.delete(handle);
      entry.callback();
    }
    return due.length;
  }
}

type LegacyWebSocketClass = new (
  options: { url: string; wsCreator?: (url: string) => unknown },
  encoders?: unknown,
) => unknown;

function legacyTransportClass(): LegacyWebSocketClass {
  const module = legacyWebSocket as unknown as {
    default: LegacyWebSocketClass | { default: LegacyWebSocketClass };
  };
  const candidate = module.default;
  return typeof candidate === 'function' ? candidate : candidate.default;
}

export interface LegacyConnection {
  socket: LegacyReactiveSocket;
  pushes: unknown[];
  request(route: string, body: unknown): Promise<unknown>;
  stream(route: string, requestN: number, onItem: (item: unknown) => void): { request(n: number): void };
}

/**
 * Connects the legacy 0.0.27 client the way existing web clients do: composite metadata with a
 * routing entry (Buffer encoders), or bare routing metadata (UTF-8 encoders, JSON serializer).
 */
export async function legacyClient(
  baseUrl: string,
  kind: 'composite' | 'routing',
  setupData: Record<string, unknown>,
): Promise<LegacyConnection> {
  const pushes: unknown[] = [];
  const Transport = legacyTransportClass();
  const composite = kind === 'composite';
  const encodeJson = (value: unknown) =>
    composite ? Buffer.from(JSON.stringify(value ?? null)) : JSON.stringify(value ?? null);
  const decodeJson = (value: unknown): unknown => {
    if (value == null) return null;
    const text = Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
    return text.length === 0 ? null : JSON.parse(text);
  };
  const metadataFor = (route: string) =>
    composite
      ? legacyCore.encodeCompositeMetadata([
          [legacyCore.MESSAGE_RSOCKET_ROUTING, legacyCore.encodeRoute(route)],
        ])
      : String.fromCharCode(route.length) + route;
  const client = new legacyCore.RSocketClient({
    ...(composite
      ? {}
      : { serializers: { data: legacyCore.IdentitySerializer, metadata: legacyCore.IdentitySerializer } }),
    setup: {
      keepAlive: 8_000,
      lifetime: 12_000,
      dataMimeType: 'application/json',
      metadataMimeType: composite
        ? 'message/x.rsocket.composite-metadata.v0'
        : 'message/x.rsocket.routing.v0',
      payload: { data: encodeJson(setupData) },
    },
    transport: new Transport(
      { url: realtimeUrl(baseUrl), wsCreator: (url: string) => new WebSocket(url) },
      composite ? legacyCore.BufferEncoders : legacyCore.Utf8Encoders,
    ),
    responder: {
      fireAndForget(payload: LegacyPayload) {
        pushes.push(decodeJson(payload.data));
      },
    },
  });
  const socket = await new Promise<LegacyReactiveSocket>((resolve, reject) =>
    client.connect().subscribe({ onComplete: resolve, onError: reject }),
  );
  return {
    socket,
    pushes,
    request(route, body) {
      return new Promise((resolve, reject) =>
        socket.requestResponse({ data: encodeJson(body), metadata: metadataFor(route) }).subscribe({
          onComplete: (payload) => resolve(decodeJson(payload.data)),
          onError: reject,
        }),
      );
    },
    stream(route, requestN, onItem) {
      let subscription: { request(n: number): void } | null = null;
      socket.requestStream({ data: null, metadata: metadataFor(route) }).subscribe({
        onNext: (payload) => onItem(decodeJson(payload.data)),
        onError: () => {},
        onSubscribe: (value) => {
          subscription = value;
          value.request(requestN);
        },
      });
      return { request: (n) => subscription?.request(n) };
    },
  };
}

/** Test tokens of the stub authenticator: `good-<userId>` signs in that user, anything else is 707. */
export const stubAuthenticator: Authenticator = {
  async authenticate(token) {
    const match = /^good-(\d+)$/.exec(token ?? '');
    if (!match) throw new AppError(707);
    return {
      userId: Number(match[1]),
      projectId: 12,
      tokenHash: `hash-${match[1]}`,
      expiresAt: new Date(Date.now() + 86_400_000),
      staffRole: null,
    };
  },
};

const silentLog = { warn() {}, error() {}, debug() {} };

export interface StandaloneGateway {
  gateway: RealtimeGateway;
  server: Server;
  baseUrl: string;
  port: number;
  close(): Promise<void>;
}

/** The real gateway on a bare HTTP server (no database), with limits a test can shrink. */
export async function startGateway(
  options: { port?: number; limits?: Partial<RealtimeLimits>; bus?: Bus } = {},
): Promise<StandaloneGateway> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('ok');
  });
  const gateway = createRealtimeGateway({
    server,
    authenticator: stubAuthenticator,
    bus: options.bus ?? createInProcessBus(),
    log: silentLog,
    ...(options.limits ? { limits: options.limits } : {}),
  });
  gateway.onStream('/test/stream');
  gateway.onRequest('/test/echo', async (body) => body);
  await gateway.start();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    gateway,
    server,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A raw RSocket SETUP frame carrying `data` (JSON unless a string), with any field overridden. */
export function setupFrame(data: unknown, overrides: Partial<Record<string, unknown>> = {}): Buffer {
  return serializeFrame({
    type: FrameTypes.SETUP,
    streamId: 0,
    flags: Flags.NONE,
    majorVersion: 1,
    minorVersion: 0,
    keepAlive: 8_000,
    lifetime: 12_000,
    resumeToken: null,
    dataMimeType: 'application/json',
    metadataMimeType: REALTIME_COMPOSITE_METADATA_MIME_TYPE,
    data: Buffer.from(typeof data === 'string' ? data : JSON.stringify(data)),
    metadata: undefined,
    ...overrides,
  } as Frame);
}

/** Composite metadata naming one route, as a raw frame carries it. */
export const routeMetadata = (route: string) =>
  encodeCompositeMetadata([[WellKnownMimeType.MESSAGE_RSOCKET_ROUTING, encodeRoute(route)]]);

/** A raw REQUEST_STREAM frame opening `route` on `streamId` with an initial demand of `requestN`. */
export function requestStreamFrame(route: string, streamId: number, requestN: number): Buffer {
  return serializeFrame({
    type: FrameTypes.REQUEST_STREAM,
    streamId,
    flags: Flags.METADATA,
    requestN,
    data: null,
    metadata: routeMetadata(route),
  } as Frame);
}

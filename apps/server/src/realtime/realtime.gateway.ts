import type { Server } from 'node:http';
import {
  ErrorCode,
  REALTIME_COMPOSITE_METADATA_MIME_TYPE,
  REALTIME_DATA_MIME_TYPE,
  REALTIME_PATH,
  REALTIME_ROUTING_METADATA_MIME_TYPE,
  RealtimeAuthBody,
  type RealtimeAuthResult,
  RealtimeRoute,
  RealtimeSetupData,
} from '@payhub/contracts';
import { errorMessage } from '@payhub/i18n';
import {
  type Cancellable,
  type Closeable,
  ErrorCodes,
  type OnExtensionSubscriber,
  type OnNextSubscriber,
  type OnTerminalSubscriber,
  type Payload,
  type RSocket,
  RSocketError,
  RSocketServer,
  type SetupPayload,
} from 'rsocket-core';
import { REVOKE_CHANNEL, type RevokeMessage } from '../platform/auth/session.service.ts';
import type { Bus } from '../platform/bus/bus.ts';
import { AppError, badParameter, messageOf } from '../platform/errors.ts';
import type { Authenticator, Session } from '../platform/http/request-context.ts';
import { createOutbox, type Outbox } from '../platform/outbox.ts';
import { ConnectionRegistry, type RealtimeConnection } from './connection-registry.ts';
import { DemandStream, type StreamSubscriber } from './demand-stream.ts';
import { metadataKindOf, routeOf } from './routing.ts';
import {
  droppedBroadcastFrames,
  flushBroadcastWrites,
  markBroadcast,
  WebSocketServerTransport,
} from './ws-server-transport.ts';

export type { RealtimeConnection } from './connection-registry.ts';

/** Every bound of the gateway, with its unit. */
export interface RealtimeLimits {
  maxPayloadBytes: number;
  setupTimeoutMs: number;
  maxBufferedBytes: number;
  /** Above this many bytes waiting in a socket's send buffer, droppable broadcasts skip it. */
  dropBufferedBytes: number;
  maxConnections: number;
  maxKeepAliveMs: number;
  maxLifetimeMs: number;
  maxStreamsPerConnection: number;
  maxInflightPerConnection: number;
  maxQueuedPerStream: number;
  /**
   * How long one turn of the event loop may spend sending a broadcast before it yields (ms), so one
   * fan-out never blocks long. A time, not a count of sends: under load every yield waits a whole
   * turn of the loop (pg results, requests), so yielding every 128 sends let a tick to 5,000 sockets
   * take 40 turns, seconds on a busy node, while a 12 ms slice takes a handful. 6 ms: a request
   * arriving mid-slice waits for the slice's end before it is read (docs/decisions.md "Realtime: a
   * broadcast gives way to answers").
   */
  fanoutSliceMs: number;
}

/** Subscribers between two flushes of their writes and reads of the clock during a broadcast's slice. */
const FANOUT_CLOCK_EVERY = 32;

export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  maxPayloadBytes: 64 * 1024,
  setupTimeoutMs: 10_000,
  maxBufferedBytes: 1024 * 1024,
  dropBufferedBytes: 64 * 1024,
  maxConnections: 50_000,
  maxKeepAliveMs: 60_000,
  maxLifetimeMs: 90_000,
  maxStreamsPerConnection: 16,
  maxInflightPerConnection: 32,
  maxQueuedPerStream: 64,
  fanoutSliceMs: 6,
};

export interface RealtimeLogger {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
  debug(object: object, message: string): void;
}

export interface RealtimeOptions {
  server: Server;
  authenticator: Authenticator;
  bus: Bus;
  log: RealtimeLogger;
  /** Language of socket error messages (clients show their own text first, spec §8). */
  language?: string;
  limits?: Partial<RealtimeLimits>;
}

/** Handles one request route; the body is parsed JSON (or undefined). Throw AppError to refuse. */
export type RealtimeRequestHandler = (body: unknown, connection: RealtimeConnection) => Promise<unknown>;
/** Items sent to a new subscriber of a stream route before the live ones (e.g. unread notices). */
export type RealtimeStreamOpener = (connection: RealtimeConnection) => Promise<readonly unknown[]>;
/** The audience tags of a stream subscriber, resolved by the server when it subscribes (never sent by the client). */
export type RealtimeAudienceResolver = (connection: RealtimeConnection) => Promise<readonly string[]>;

/** Who receives a broadcast: every subscriber, or the signed-in subscribers of one project. */
export interface BroadcastScope {
  projectId?: number;
  /**
   * Only subscribers whose audience tags (the stream's `audienceOf`) include one of these; absent or
   * empty = every subscriber. A subscriber whose tags are not resolved yet receives none of these.
   */
  audience?: readonly string[];
  /**
   * The item only matters until the next one of its kind (a crash tick): a socket that is behind
   * (more than `dropBufferedBytes` waiting to be sent) skips it rather than buffering it.
   */
  droppable?: boolean;
}

/** Pushes queued in an after-commit outbox (platform/outbox.ts). */
export interface QueuedPushes {
  notifyUser(userId: number, route: string, payload: unknown): void;
  broadcast(route: string, payload: unknown, scope?: BroadcastScope): void;
}

/** Pushes collected during a transaction and sent only after it commits (`flush`). */
export interface PushOutbox extends QueuedPushes {
  flush(): Promise<void>;
}

const NOTIFY_CHANNEL = 'realtime.notify';
const BROADCAST_CHANNEL = 'realtime.broadcast';

interface NotifyBusMessage {
  userId: number;
  route: string;
  content: string;
}
interface BroadcastBusMessage {
  route: string;
  payload: unknown;
  projectId?: number;
  audience?: readonly string[];
  droppable?: boolean;
}
interface Subscription {
  connection: RealtimeConnection;
  stream: DemandStream;
  /** Resolved audience tags (null until resolved, or when the stream has no resolver). */
  audience: readonly string[] | null;
}
interface StreamRoute {
  opener: RealtimeStreamOpener | null;
  audienceOf: RealtimeAudienceResolver | null;
}

const noopTerminal: OnTerminalSubscriber = { onComplete() {}, onError() {} };

function parseBody(payload: Payload): unknown {
  if (!payload.data || payload.data.length === 0) return undefined;
  try {
    return JSON.parse(payload.data.toString('utf8'));
  } catch {
    throw badParameter('data: JSON expected');
  }
}

function encode(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value ?? null), 'utf8');
}

/**
 * The realtime gateway (spec §7 Realtime, §8 socket layer): RSocket over WebSocket at
 * /api/main/ws on the app's own HTTP server. It routes requests by routing metadata, keeps the
 * per-user connection registry, and fans pushes and broadcasts out through the bus so that a
 * message published on any node reaches the connections of every node.
 */
export function createRealtimeGateway(options: RealtimeOptions) {
  const limits: RealtimeLimits = { ...DEFAULT_REALTIME_LIMITS, ...options.limits };
  const language = options.language ?? 'id-ID';
  const registry = new ConnectionRegistry();
  const requestHandlers = new Map<string, RealtimeRequestHandler>();
  const streamOpeners = new Map<string, StreamRoute>();
  const subscriptions = new Map<string, Set<Subscription>>();
  const busStops: Array<() => Promise<void>> = [];
  let transportCloseable: Closeable | null = null;
  let nextConnectionId = 1;
  let protocolErrors = 0;

  function socketError(error: unknown): RSocketError {
    if (error instanceof RSocketError) return error;
    let appError: AppError;
    if (error instanceof AppError) appError = error;
    else {
      options.log.error({ err: error }, 'realtime handler failed');
      appError = new AppError(ErrorCode.ServiceError);
    }
    const errMsg = messageOf(appError, language);
    return new RSocketError(
      ErrorCodes.APPLICATION_ERROR,
      JSON.stringify({ errCode: appError.errCode, errMsg }),
    );
  }

  /** The connection's session, re-checked against the token so a revoked session stops here. */
  async function liveSession(connection: RealtimeConnection): Promise<Session> {
    if (!connection.session || !connection.token) throw new AppError(ErrorCode.LoginExpired, 'not signed in');
    try {
      return await options.authenticator.authenticate(connection.token);
    } catch (error) {
      registry.unbind(connection);
      throw error;
    }
  }

  async function dispatch(route: string | null, body: unknown, connection: RealtimeConnection) {
    if (route === RealtimeRoute.auth) {
      const parsed = RealtimeAuthBody.safeParse(body);
      if (!parsed.success) throw badParameter('token: required');
      const session = await options.authenticator.authenticate(parsed.data.token);
      if (connection.closed) throw new AppError(ErrorCode.LoginExpired, 'connection closed');
      registry.bind(connection, session);
      connection.token = parsed.data.token;
      const result: RealtimeAuthResult = { userId: session.userId, projectId: session.projectId };
      return result;
    }
    if (route === RealtimeRoute.unAuth) {
      registry.unbind(connection);
      return { ok: true };
    }
    const handler = route ? requestHandlers.get(route) : undefined;
    if (!handler) throw new AppError(ErrorCode.NotFound, `route ${route ?? '(none)'}`);
    return handler(body, connection);
  }

  function openStream(
    route: string | null,
    connection: RealtimeConnection,
    requestN: number,
    subscriber: StreamSubscriber,
  ): DemandStream {
    let subscription: Subscription | null = null;
    const stream = new DemandStream(subscriber, requestN, limits.maxQueuedPerStream, () => {
      connection.streams.delete(stream);
      if (subscription && route) subscriptions.get(route)?.delete(subscription);
    });
    const refuse = (error: unknown) => queueMicrotask(() => stream.fail(socketError(error)));
    if (!route || !streamOpeners.has(route)) {
      refuse(new AppError(ErrorCode.NotFound, `stream ${route ?? '(none)'}`));
      return stream;
    }
    if (connection.streams.size >= limits.maxStreamsPerConnection) {
      refuse(new AppError(ErrorCode.TooFrequent, 'too many streams on this connection'));
      return stream;
    }
    connection.streams.add(stream);
    subscription = { connection, stream, audience: null };
    const current = subscription;
    let set = subscriptions.get(route);
    if (!set) {
      set = new Set();
      subscriptions.set(route, set);
    }
    set.add(subscription);
    const { opener, audienceOf } = streamOpeners.get(route) ?? { opener: null, audienceOf: null };
    // The audience is resolved before the opener reads what is pending, so an item created in between
    // is delivered live or by the opener (or both; items carry their id), never lost.
    const resolveAudience = audienceOf
      ? audienceOf(connection).then((tags) => {
          current.audience = tags;
        })
      : Promise.resolve();
    resolveAudience
      .then(() => (opener ? opener(connection) : []))
      .then(
        (items) => {
          for (const item of items) stream.push(encode(item));
        },
        (error) => options.log.warn({ err: error, route }, 'realtime stream opener failed'),
      );
    return stream;
  }

  function responderFor(connection: RealtimeConnection): Partial<RSocket> {
    const routeOfPayload = (payload: Payload) => routeOf(payload.metadata, connection.metadataKind);
    return {
      // rsocket-js hands fire-and-forget handlers a stream object without onComplete: nothing to answer.
      fireAndForget(payload: Payload): Cancellable {
        if (connection.inflight < limits.maxInflightPerConnection) {
          connection.inflight += 1;
          Promise.resolve()
            .then(() => dispatch(routeOfPayload(payload), parseBody(payload), connection))
            .catch((error) => options.log.debug({ err: error }, 'realtime fire-and-forget refused'))
            .finally(() => {
              connection.inflight -= 1;
            });
        }
        return { cancel() {} };
      },
      requestResponse(
        payload: Payload,
        responderStream: OnTerminalSubscriber & OnNextSubscriber & OnExtensionSubscriber,
      ): Cancellable & OnExtensionSubscriber {
        let cancelled = false;
        if (connection.inflight >= limits.maxInflightPerConnection) {
          queueMicrotask(() =>
            responderStream.onError(socketError(new AppError(ErrorCode.TooFrequent, 'too many requests'))),
          );
          return { cancel() {}, onExtension() {} };
        }
        connection.inflight += 1;
        Promise.resolve()
          .then(() => dispatch(routeOfPayload(payload), parseBody(payload), connection))
          .then(
            (result) => {
              if (!cancelled && !connection.closed) responderStream.onNext({ data: encode(result) }, true);
            },
            (error) => {
              if (!cancelled && !connection.closed) responderStream.onError(socketError(error));
            },
          )
          .finally(() => {
            connection.inflight -= 1;
          });
        return {
          cancel() {
            cancelled = true;
          },
          onExtension() {},
        };
      },
      requestStream(payload: Payload, requestN: number, subscriber: StreamSubscriber) {
        return openStream(routeOfPayload(payload), connection, requestN, subscriber);
      },
    };
  }

  async function accept(setup: SetupPayload, requester: RSocket): Promise<Partial<RSocket>> {
    const metadataKind = metadataKindOf(setup.metadataMimeType);
    if (!metadataKind) throw new RSocketError(ErrorCodes.UNSUPPORTED_SETUP, 'metadata mime type');
    let data: unknown;
    try {
      data = setup.data && setup.data.length > 0 ? JSON.parse(setup.data.toString('utf8')) : undefined;
    } catch {
      data = undefined;
    }
    const parsed = RealtimeSetupData.safeParse(data);
    if (!parsed.success) {
      throw new RSocketError(
        ErrorCodes.INVALID_SETUP,
        JSON.stringify({
          errCode: ErrorCode.BadParameter,
          errMsg: `${errorMessage(ErrorCode.BadParameter, language)} (setup data)`,
        }),
      );
    }
    let session: Session | null = null;
    const token = parsed.data.token || null;
    if (token) {
      try {
        session = await options.authenticator.authenticate(token);
      } catch (error) {
        if (!parsed.data.ignoreAuthFailed) {
          throw new RSocketError(ErrorCodes.REJECTED_SETUP, socketError(error).message);
        }
      }
    }
    const connection: RealtimeConnection = {
      id: nextConnectionId++,
      clientId: parsed.data.clientId ?? null,
      metadataKind,
      requester,
      session: null,
      token: null,
      streams: new Set(),
      inflight: 0,
      closed: false,
    };
    registry.add(connection);
    if (session) {
      registry.bind(connection, session);
      connection.token = token;
    }
    requester.onClose(() => {
      connection.closed = true;
      for (const stream of [...connection.streams]) stream.cancel();
      registry.remove(connection);
    });
    return responderFor(connection);
  }

  function unbindRevoked(message: RevokeMessage): void {
    for (const connection of registry.connections()) {
      const session = connection.session;
      if (!session) continue;
      const userRevoked = session.userId === message.userId && session.tokenHash !== message.keepTokenHash;
      if (session.tokenHash === message.tokenHash || userRevoked) registry.unbind(connection);
    }
  }

  function deliverNotify(message: NotifyBusMessage): void {
    const connections = registry.connectionsOf(message.userId);
    if (connections.length === 0) return;
    const data = encode({ type: 'Notify', data: { route: message.route, content: message.content } });
    for (const connection of connections) {
      if (!connection.closed) connection.requester.fireAndForget({ data }, noopTerminal);
    }
  }

  /**
   * Broadcasts waiting for the fan-out. One pass runs at a time and takes every broadcast waiting
   * when it starts, so a subscriber receives broadcasts in the order they were published (two passes
   * sliced side by side could reach a late subscriber in the other order), and the frames a
   * subscriber receives in one pass leave in one write (the transport corks a socket until the slice
   * flushes it): a crash tick and the bet changes sent with it cost each socket one syscall, not two.
   */
  const fanoutQueue: BroadcastBusMessage[] = [];
  let fanoutRunning = false;

  function deliverBroadcast(message: BroadcastBusMessage): void {
    fanoutQueue.push(message);
    scheduleFanout();
  }

  function scheduleFanout(): void {
    if (fanoutRunning || fanoutQueue.length === 0) return;
    fanoutRunning = true;
    // A turn later: the broadcasts published in this turn (a tick and its bets) share the pass.
    setImmediate(runFanout);
  }

  async function runFanout(): Promise<void> {
    try {
      while (fanoutQueue.length > 0) await fanOut(fanoutQueue.splice(0));
    } catch (error) {
      options.log.error({ err: error }, 'realtime broadcast fan-out failed');
    } finally {
      fanoutRunning = false;
      scheduleFanout();
    }
  }

  /** One broadcast as the pass sends it: its data encoded once, its project and audience filters. */
  interface Outgoing {
    data: Buffer;
    projectId: number | undefined;
    targeted: Set<string> | null;
  }

  /** Sends `messages` to their subscribers route by route, each subscriber its messages in order. */
  async function fanOut(messages: readonly BroadcastBusMessage[]): Promise<void> {
    const byRoute = new Map<string, Outgoing[]>();
    for (const message of messages) {
      if (!subscriptions.get(message.route)?.size) continue;
      // One buffer for every subscriber: the transport serialises its frame once (markBroadcast).
      const data = encode(message.payload);
      markBroadcast(data, message.droppable === true);
      const targeted =
        Array.isArray(message.audience) && message.audience.length > 0 ? new Set(message.audience) : null;
      const outgoing = byRoute.get(message.route) ?? [];
      outgoing.push({ data, projectId: message.projectId, targeted });
      byRoute.set(message.route, outgoing);
    }
    for (const [route, outgoing] of byRoute)
      await sendSliced([...(subscriptions.get(route) ?? [])], outgoing);
  }

  /** Sends in slices of `fanoutSliceMs`, yielding between them so the loop never blocks long. */
  function sendSliced(targets: Subscription[], outgoing: readonly Outgoing[]): Promise<void> {
    return new Promise((resolve) => {
      let index = 0;
      const step = () => {
        const until = performance.now() + limits.fanoutSliceMs;
        while (index < targets.length) {
          // The clock is read every FANOUT_CLOCK_EVERY subscribers, not every send.
          const end = Math.min(targets.length, index + FANOUT_CLOCK_EVERY);
          for (; index < end; index++) {
            const { connection, stream, audience } = targets[index]!;
            for (const { data, projectId, targeted } of outgoing) {
              if (projectId !== undefined && connection.session?.projectId !== projectId) continue;
              if (targeted && !audience?.some((tag) => targeted.has(tag))) continue;
              stream.push(data);
            }
          }
          flushBroadcastWrites();
          if (performance.now() >= until) break;
        }
        // Between slices the loop reads what arrived (a cash-out waits at most one slice to be read).
        if (index >= targets.length) resolve();
        else setImmediate(step);
      };
      step();
    });
  }

  /** The bus message as `T` when it is an object `check` accepts (a Redis bus parses other nodes' text). */
  function busMessage<T>(message: unknown, check: (value: T) => boolean): T | null {
    return message !== null && typeof message === 'object' && check(message as T) ? (message as T) : null;
  }

  async function notifyUser(userId: number, route: string, payload: unknown): Promise<void> {
    const message: NotifyBusMessage = { userId, route, content: JSON.stringify(payload ?? null) };
    await options.bus.publish(NOTIFY_CHANNEL, message);
  }

  function pushesVia(outbox: Outbox): QueuedPushes {
    return {
      notifyUser: (userId, route, payload) => outbox.add(() => notifyUser(userId, route, payload)),
      broadcast: (route, payload, scope) => outbox.add(() => broadcast(route, payload, scope)),
    };
  }

  async function broadcast(route: string, payload: unknown, scope: BroadcastScope = {}): Promise<void> {
    const message: BroadcastBusMessage = { route, payload, ...scope };
    await options.bus.publish(BROADCAST_CHANNEL, message);
  }

  return {
    path: REALTIME_PATH,
    limits,
    async start(): Promise<void> {
      busStops.push(
        await options.bus.subscribe(NOTIFY_CHANNEL, (value) => {
          const message = busMessage<NotifyBusMessage>(
            value,
            (value) => Number.isInteger(value.userId) && typeof value.route === 'string',
          );
          if (message) deliverNotify(message);
        }),
        // A revoked session (logout, password reset) stops receiving pushes on every node at once.
        await options.bus.subscribe(REVOKE_CHANNEL, (value) => {
          const message = busMessage<RevokeMessage>(value, () => true);
          if (message) unbindRevoked(message);
        }),
        await options.bus.subscribe(BROADCAST_CHANNEL, (value) => {
          const message = busMessage<BroadcastBusMessage>(value, (value) => typeof value.route === 'string');
          if (message) deliverBroadcast(message);
        }),
      );
      const server = new RSocketServer({
        transport: new WebSocketServerTransport({
          server: options.server,
          path: REALTIME_PATH,
          maxPayloadBytes: limits.maxPayloadBytes,
          setupTimeoutMs: limits.setupTimeoutMs,
          maxBufferedBytes: limits.maxBufferedBytes,
          dropBufferedBytes: limits.dropBufferedBytes,
          maxConnections: limits.maxConnections,
          maxKeepAliveMs: limits.maxKeepAliveMs,
          maxLifetimeMs: limits.maxLifetimeMs,
          dataMimeTypes: [REALTIME_DATA_MIME_TYPE],
          metadataMimeTypes: [REALTIME_COMPOSITE_METADATA_MIME_TYPE, REALTIME_ROUTING_METADATA_MIME_TYPE],
          onProtocolError: (reason) => {
            protocolErrors += 1;
            options.log.debug({ reason }, 'realtime connection refused');
          },
        }),
        acceptor: { accept },
      });
      transportCloseable = await server.bind();
    },
    /** Registers a request route (request-response and fire-and-forget). */
    onRequest(route: string, handler: RealtimeRequestHandler): void {
      requestHandlers.set(route, handler);
    },
    /**
     * Registers a broadcast stream route, with what a new subscriber receives first and, for
     * audience-scoped broadcasts, how the server resolves a subscriber's audience tags.
     */
    onStream(
      route: string,
      opener: RealtimeStreamOpener | null = null,
      audienceOf: RealtimeAudienceResolver | null = null,
    ): void {
      streamOpeners.set(route, { opener, audienceOf });
    },
    /** The signed-in session of a connection, re-validated; throws 1/707 when there is none. */
    liveSession,
    /**
     * Pushes `{type:'Notify', data:{route, content: JSON.stringify(payload)}}` to every connection
     * of the user on every node. Call it after the transaction that caused it commits, or use
     * `outbox()` inside the transaction.
     */
    notifyUser,
    /** Sends `payload` to every subscriber of the stream `route` on every node. */
    broadcast,
    /** A push outbox of its own (flushed by the caller after its commit); see `pushesVia`. */
    outbox(): PushOutbox {
      const outbox = createOutbox();
      return { ...pushesVia(outbox), flush: () => outbox.flush() };
    },
    /** Pushes queued in a transaction's outbox (platform/outbox.ts): they leave after the commit. */
    pushesVia,
    connectionsOf: (userId: number) => registry.connectionsOf(userId),
    stats() {
      let streams = 0;
      for (const set of subscriptions.values()) streams += set.size;
      return {
        connections: registry.size,
        users: registry.userCount,
        streams,
        protocolErrors,
        droppedFrames: droppedBroadcastFrames,
      };
    },
    async close(): Promise<void> {
      for (const stop of busStops.splice(0)) await stop();
      for (const set of subscriptions.values()) for (const { stream } of [...set]) stream.complete();
      subscriptions.clear();
      transportCloseable?.close();
      transportCloseable = null;
    },
  };
}

export type RealtimeGateway = ReturnType<typeof createRealtimeGateway>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The realtime gateway: `app.realtime.notifyUser(userId, route, payload)` and broadcasts. */
    realtime: RealtimeGateway;
  }
}

// The rsocket modules below read the global Buffer installed by the import above.
import {
  type NotifyMessage,
  REALTIME_CHANNEL_DEMAND,
  REALTIME_CHANNEL_RETRY_MS,
  REALTIME_COMPOSITE_METADATA_MIME_TYPE,
  REALTIME_DATA_MIME_TYPE,
  REALTIME_KEEP_ALIVE_MS,
  REALTIME_LIFETIME_MS,
  REALTIME_RECONNECT_STEP_MS,
  REALTIME_REQUEST_TIMEOUT_MS,
  REALTIME_ROUTING_METADATA_MIME_TYPE,
  RealtimeRoute,
  type RealtimeSetupData,
  SOCKET_UNPARSEABLE_CODE,
} from '@payhub/contracts';
import { encodeCompositeMetadata, encodeRoute, WellKnownMimeType } from 'rsocket-composite-metadata';
import {
  type Cancellable,
  type OnExtensionSubscriber,
  type OnNextSubscriber,
  type OnTerminalSubscriber,
  type Payload,
  type RSocket,
  RSocketConnector,
} from 'rsocket-core';
import { WebsocketClientTransport } from 'rsocket-websocket-client';
import { Buffer } from './buffer-global.ts';

/** Connection states (spec §4). */
export const RealtimeState = { READY: 0, CONNECTING: 1, CONNECTED: 2, DISCONNECT: 3 } as const;
export type RealtimeState = (typeof RealtimeState)[keyof typeof RealtimeState];

/** Request failures (spec §8): the server refused, no answer in 10 s, or no connection. */
export type RealtimeFailure = 'failure' | 'time out' | 'not connected';

/** A failed realtime call; `errCode` is the server's code, or -1 when its error was unparseable. */
export class RealtimeError extends Error {
  constructor(
    readonly reason: RealtimeFailure,
    readonly errCode: number,
    readonly errMsg: string,
  ) {
    super(reason === 'failure' ? errMsg : reason);
    this.name = 'RealtimeError';
  }
}

/** Reads `{ errCode, errMsg }` from an RSocket error's message; anything else is code -1. */
export function parseSocketError(error: unknown): { errCode: number; errMsg: string } {
  const message = error instanceof Error ? error.message : String(error);
  try {
    const body = JSON.parse(message) as { errCode?: unknown; errMsg?: unknown };
    if (Number.isInteger(body.errCode) && typeof body.errMsg === 'string')
      return { errCode: body.errCode as number, errMsg: body.errMsg };
  } catch {
    // not JSON: a transport failure
  }
  return { errCode: SOCKET_UNPARSEABLE_CODE, errMsg: message };
}

/** What the app does about a socket-layer error (spec §8). */
export function socketReactionTo(errCode: number): {
  dialog: 'info' | 'error';
  logout: boolean;
  reloadToken: boolean;
} {
  return {
    dialog: [762, 777, 712, 1].includes(errCode) ? 'info' : 'error',
    logout: errCode === 707 || errCode === 1,
    reloadToken: errCode === 703,
  };
}

/** What an app can do about a failed socket call (its own session, token store and dialogs). */
export interface SocketErrorEffects {
  logout(): void;
  reloadToken(): void;
  showDialog(dialog: { kind: 'info' | 'error'; message: string }): void;
}

/**
 * The socket-layer reactions of spec §8, the same in every app: 707 and 1 log out, 703 reloads the
 * token, a dropped connection (-1) says nothing (the client reconnects by itself), any other code
 * shows the info dialog (762, 777, 712, 1) or the error dialog with "(Error Code: n)".
 */
export function reactToSocketError(error: RealtimeError, effects: SocketErrorEffects): void {
  const reaction = socketReactionTo(error.errCode);
  if (reaction.logout) effects.logout();
  else if (reaction.reloadToken) effects.reloadToken();
  else if (error.errCode !== SOCKET_UNPARSEABLE_CODE)
    effects.showDialog({
      kind: reaction.dialog,
      message: reaction.dialog === 'info' ? error.errMsg : `${error.errMsg} (Error Code: ${error.errCode})`,
    });
}

/** Timers the client uses; tests pass a controllable implementation. */
export interface RealtimeTimers {
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemTimers: RealtimeTimers = {
  setTimeout: (callback, delayMs) => globalThis.setTimeout(callback, delayMs),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export type NotifyHandler = (content: unknown, message: NotifyMessage) => void;

export interface RealtimeClientOptions {
  /** `ws://host/api/main/ws` (see `realtimeUrl`). */
  url: string;
  /** The installation's client id (local storage `infojs_uuid`). */
  clientId: string;
  token?: string | null;
  /** Browsers use the global WebSocket; Node passes one (e.g. from the `ws` package). */
  createWebSocket?: (url: string) => WebSocket;
  /** Composite metadata with a routing entry (default), or bare routing metadata. */
  metadata?: 'composite' | 'routing';
  timers?: RealtimeTimers;
  keepAliveMs?: number;
  lifetimeMs?: number;
  requestTimeoutMs?: number;
  reconnectStepMs?: number;
  channelRetryMs?: number;
  /** The reconnect delay stops growing at this many steps (1.5 s x 20 = 30 s). */
  maxReconnectSteps?: number;
  /** Socket-layer failures the app reacts to (dialogs, logout on 707/1, token reload on 703). */
  onError?: (error: RealtimeError) => void;
}

interface Channel {
  route: string;
  body: unknown;
  onItem: (item: unknown) => void;
  handle: Cancellable | null;
  retryTimer: unknown;
  closed: boolean;
}

/** The realtime URL of a page or server origin: http(s) becomes ws(s), path /api/main/ws. */
export function realtimeUrl(origin: string, path = '/api/main/ws'): string {
  return `${origin.replace(/^http/, 'ws').replace(/\/$/, '')}${path}`;
}

/** A Notify push, checked by hand: the browser bundle carries no schema library. */
function asNotify(value: unknown): NotifyMessage | null {
  if (!value || typeof value !== 'object') return null;
  const { type, data } = value as { type?: unknown; data?: { route?: unknown; content?: unknown } };
  if (type !== 'Notify' || !data || typeof data !== 'object') return null;
  if (typeof data.route !== 'string' || typeof data.content !== 'string') return null;
  return { type: 'Notify', data: { route: data.route, content: data.content } };
}

function toData(value: unknown): Buffer | null {
  return value === undefined ? null : Buffer.from(JSON.stringify(value), 'utf8');
}

function fromData(data: Buffer | null | undefined): unknown {
  if (!data || data.length === 0) return undefined;
  const text = data.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The realtime client (spec §4 states, §7 Realtime, §8 socket layer, §9 timings): RSocket over
 * WebSocket with routing metadata, JSON payloads, auth by token, request/get/fire, broadcast
 * channels that retry after 3 s, Notify pushes dispatched by route. It reconnects on its own
 * (1.5 s x a counter that grows on each CONNECTING) and then re-SETUPs, re-authenticates and
 * re-subscribes. Works in the browser bundle and in Node.
 */
export function createRealtimeClient(options: RealtimeClientOptions) {
  const timers = options.timers ?? systemTimers;
  const requestTimeoutMs = options.requestTimeoutMs ?? REALTIME_REQUEST_TIMEOUT_MS;
  const reconnectStepMs = options.reconnectStepMs ?? REALTIME_RECONNECT_STEP_MS;
  const channelRetryMs = options.channelRetryMs ?? REALTIME_CHANNEL_RETRY_MS;
  const maxReconnectSteps = options.maxReconnectSteps ?? 20;
  const metadataKind = options.metadata ?? 'composite';

  let state: RealtimeState = RealtimeState.READY;
  let token = options.token ?? null;
  let authenticated = false;
  let reconnectCounter = 0;
  let reconnectTimer: unknown = null;
  let socket: RSocket | null = null;
  let started = false;
  const channels = new Set<Channel>();
  const notifyHandlers = new Map<string, Set<NotifyHandler>>();
  const stateListeners = new Set<(state: RealtimeState) => void>();
  /** Delays of the reconnects scheduled so far (what tests and diagnostics read). */
  const reconnectDelaysMs: number[] = [];

  function metadataFor(route: string): Buffer {
    const routing = encodeRoute(route);
    if (metadataKind === 'routing') return routing;
    return encodeCompositeMetadata([[WellKnownMimeType.MESSAGE_RSOCKET_ROUTING, routing]]);
  }

  function report(error: RealtimeError): void {
    options.onError?.(error);
  }

  function setState(next: RealtimeState): void {
    state = next;
    if (next === RealtimeState.CONNECTING) reconnectCounter += 1;
    for (const listener of stateListeners) listener(next);
    if (next === RealtimeState.READY || next === RealtimeState.DISCONNECT) scheduleReconnect();
    if (next === RealtimeState.CONNECTED) void afterConnected();
  }

  function scheduleReconnect(): void {
    if (!started || reconnectTimer !== null) return;
    const delayMs = reconnectStepMs * Math.min(reconnectCounter, maxReconnectSteps);
    reconnectDelaysMs.push(delayMs);
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, delayMs);
  }

  function handlePush(payload: Payload): void {
    const message = asNotify(fromData(payload.data));
    if (!message) return;
    let content: unknown = message.data.content;
    try {
      content = JSON.parse(message.data.content);
    } catch {
      // content that is not JSON is handed over as the string it is
    }
    for (const handler of notifyHandlers.get(message.data.route) ?? []) handler(content, message);
  }

  async function connect(): Promise<void> {
    if (!started || state === RealtimeState.CONNECTING || state === RealtimeState.CONNECTED) return;
    setState(RealtimeState.CONNECTING);
    const setupData: RealtimeSetupData = {
      token,
      clientId: options.clientId,
      clientType: 'browser',
      ignoreAuthFailed: true,
    };
    const connector = new RSocketConnector({
      setup: {
        keepAlive: options.keepAliveMs ?? REALTIME_KEEP_ALIVE_MS,
        lifetime: options.lifetimeMs ?? REALTIME_LIFETIME_MS,
        dataMimeType: REALTIME_DATA_MIME_TYPE,
        metadataMimeType:
          metadataKind === 'routing'
            ? REALTIME_ROUTING_METADATA_MIME_TYPE
            : REALTIME_COMPOSITE_METADATA_MIME_TYPE,
        payload: { data: toData(setupData) },
      },
      transport: new WebsocketClientTransport({
        url: options.url,
        ...(options.createWebSocket ? { wsCreator: options.createWebSocket } : {}),
      }),
      responder: {
        // The responder stream rsocket-js passes here has no onComplete: a push needs no answer.
        fireAndForget(payload: Payload): Cancellable {
          handlePush(payload);
          return { cancel() {} };
        },
        requestResponse(
          payload: Payload,
          responderStream: OnTerminalSubscriber & OnNextSubscriber & OnExtensionSubscriber,
        ) {
          handlePush(payload);
          responderStream.onNext({ data: null }, true);
          return { cancel() {}, onExtension() {} };
        },
      },
    });
    let connected: RSocket;
    try {
      connected = await connector.connect();
    } catch {
      if (started) setState(RealtimeState.DISCONNECT);
      return;
    }
    if (!started) {
      connected.close();
      return;
    }
    socket = connected;
    connected.onClose((error) => {
      if (socket !== connected) return;
      socket = null;
      authenticated = false;
      if (error) {
        const parsed = parseSocketError(error);
        // A refused SETUP carries the server's code (707 -> logout); a dropped socket is silent.
        if (parsed.errCode !== SOCKET_UNPARSEABLE_CODE)
          report(new RealtimeError('failure', parsed.errCode, parsed.errMsg));
      }
      if (started) setState(RealtimeState.DISCONNECT);
    });
    setState(RealtimeState.CONNECTED);
  }

  async function afterConnected(): Promise<void> {
    const current = socket;
    if (token) await authenticate(token).catch(() => {});
    if (socket !== current || state !== RealtimeState.CONNECTED) return;
    for (const channel of channels) openChannel(channel);
  }

  function request<T = unknown>(route: string, body?: unknown, timeoutMs = requestTimeoutMs): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const current = socket;
      if (!current || state !== RealtimeState.CONNECTED) {
        reject(new RealtimeError('not connected', SOCKET_UNPARSEABLE_CODE, 'not connected'));
        return;
      }
      let settled = false;
      const timer = timers.setTimeout(() => {
        if (settled) return;
        settled = true;
        handle.cancel();
        reject(new RealtimeError('time out', SOCKET_UNPARSEABLE_CODE, 'time out'));
      }, timeoutMs);
      const finish = (action: () => void) => {
        if (settled) return;
        settled = true;
        timers.clearTimeout(timer);
        action();
      };
      const handle = current.requestResponse(
        { data: toData(body), metadata: metadataFor(route) },
        {
          onNext: (payload) => finish(() => resolve(fromData(payload.data) as T)),
          onComplete: () => finish(() => resolve(undefined as T)),
          onError: (error) =>
            finish(() => {
              const parsed = parseSocketError(error);
              const failure = new RealtimeError('failure', parsed.errCode, parsed.errMsg);
              report(failure);
              reject(failure);
            }),
          onExtension() {},
        },
      );
    });
  }

  async function authenticate(next: string): Promise<void> {
    await request(RealtimeRoute.auth, { token: next });
    if (token === next) authenticated = true;
  }

  function clearRetry(channel: Channel): void {
    if (channel.retryTimer !== null) timers.clearTimeout(channel.retryTimer);
    channel.retryTimer = null;
  }

  function scheduleChannelRetry(channel: Channel): void {
    if (channel.closed || channel.retryTimer !== null) return;
    channel.retryTimer = timers.setTimeout(() => {
      channel.retryTimer = null;
      openChannel(channel);
    }, channelRetryMs);
  }

  function openChannel(channel: Channel): void {
    if (channel.closed || channel.handle) return;
    clearRetry(channel);
    const current = socket;
    if (!current || state !== RealtimeState.CONNECTED) {
      scheduleChannelRetry(channel);
      return;
    }
    const ended = () => {
      channel.handle = null;
      scheduleChannelRetry(channel);
    };
    channel.handle = current.requestStream(
      { data: toData(channel.body), metadata: metadataFor(channel.route) },
      REALTIME_CHANNEL_DEMAND,
      {
        onNext: (payload) => channel.onItem(fromData(payload.data)),
        onComplete: ended,
        onError: ended,
        onExtension() {},
      },
    );
  }

  return {
    get state(): RealtimeState {
      return state;
    },
    get authenticated(): boolean {
      return authenticated;
    },
    get reconnectCounter(): number {
      return reconnectCounter;
    },
    reconnectDelaysMs,
    /** Enters READY, which connects at once (counter 0) and keeps the connection up from then on. */
    start(): void {
      if (started) return;
      started = true;
      setState(RealtimeState.READY);
    },
    /** Closes the connection and stops reconnecting and retrying (logout). */
    stop(): void {
      started = false;
      if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer);
      reconnectTimer = null;
      for (const channel of channels) {
        clearRetry(channel);
        channel.handle?.cancel();
        channel.handle = null;
      }
      const current = socket;
      socket = null;
      authenticated = false;
      current?.close();
      state = RealtimeState.READY;
      for (const listener of stateListeners) listener(state);
    },
    /** A non-empty token authenticates the connection, an empty one un-authenticates it. */
    async setToken(next: string | null): Promise<void> {
      token = next || null;
      if (state !== RealtimeState.CONNECTED) {
        authenticated = false;
        return;
      }
      if (token) {
        await authenticate(token);
      } else {
        authenticated = false;
        await request(RealtimeRoute.unAuth);
      }
    },
    /** Request-response with a 10 s timeout; rejects with RealtimeError ('failure' | 'time out' | 'not connected'). */
    request,
    /** A request without a body. */
    get<T = unknown>(route: string, timeoutMs = requestTimeoutMs): Promise<T> {
      return request<T>(route, undefined, timeoutMs);
    },
    /** Fire-and-forget; false when not connected. */
    fire(route: string, body?: unknown): boolean {
      const current = socket;
      if (!current || state !== RealtimeState.CONNECTED) return false;
      current.fireAndForget(
        { data: toData(body), metadata: metadataFor(route) },
        { onComplete() {}, onError() {} },
      );
      return true;
    },
    /**
     * Subscribes to a broadcast channel (request-stream with demand 2147483647). It is opened
     * whenever the client is connected and retried 3 s after an error, completion or while
     * disconnected. Returns the function that unsubscribes.
     */
    subscribe(route: string, onItem: (item: unknown) => void, body?: unknown): () => void {
      const channel: Channel = { route, body, onItem, handle: null, retryTimer: null, closed: false };
      channels.add(channel);
      openChannel(channel);
      return () => {
        channel.closed = true;
        clearRetry(channel);
        channel.handle?.cancel();
        channel.handle = null;
        channels.delete(channel);
      };
    },
    /** Registers a handler for Notify pushes of one route. Returns the function that removes it. */
    onNotify(route: string, handler: NotifyHandler): () => void {
      let set = notifyHandlers.get(route);
      if (!set) {
        set = new Set();
        notifyHandlers.set(route, set);
      }
      set.add(handler);
      return () => set.delete(handler);
    },
    onStateChange(listener: (state: RealtimeState) => void): () => void {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
  };
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;

import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  type Closeable,
  Deferred,
  type Demultiplexer,
  type DuplexConnection,
  deserializeFrame,
  ErrorCodes,
  Flags,
  type Frame,
  type FrameHandler,
  FrameTypes,
  type Multiplexer,
  type Outbound,
  RSocketError,
  type ServerTransport,
  type SetupFrame,
  serializeFrame,
} from 'rsocket-core';
import { type RawData, WebSocket, WebSocketServer } from 'ws';

/**
 * Our own RSocket `ServerTransport` over `ws`, attached to an already-listening HTTP server
 * (`noServer` + `handleUpgrade`). It replaces the published rsocket-websocket-server, which
 * crashes the process on a malformed first message and notices a closed socket only when the
 * keep-alive lifetime runs out. Every input is bounded: payload size, the wait for SETUP, frames
 * queued while the acceptor runs, bytes buffered for a slow reader and the number of sockets.
 */
export interface WebSocketServerTransportOptions {
  server: Server;
  /** Only upgrades to exactly this path are taken; others are left to other listeners. */
  path: string;
  /** Largest WebSocket message accepted; a larger one closes that connection (1009). */
  maxPayloadBytes: number;
  /** A socket that sends no valid SETUP within this time is closed. */
  setupTimeoutMs: number;
  /** A reader that lets more than this many bytes pile up in its send buffer is disconnected. */
  maxBufferedBytes: number;
  /**
   * A droppable broadcast (`markBroadcast(data, true)`, e.g. a crash tick that the next one
   * supersedes) is skipped for a socket with more than this many bytes waiting in its send buffer:
   * a slow reader misses ticks instead of buffering them without end.
   */
  dropBufferedBytes: number;
  maxConnections: number;
  /** Longest keep-alive interval a client may ask for in SETUP. */
  maxKeepAliveMs: number;
  /** The server gives up on a silent client after at most this long, whatever SETUP asked. */
  maxLifetimeMs: number;
  /** Accepted SETUP mime types. */
  dataMimeTypes: readonly string[];
  metadataMimeTypes: readonly string[];
  onProtocolError?: (reason: string) => void;
}

/** Frames that arrive while the acceptor authenticates are queued, up to this many. */
const MAX_FRAMES_BEFORE_ACCEPT = 32;
/** Close codes of RFC 6455. */
const CLOSE_NORMAL = 1000;
const CLOSE_GOING_AWAY = 1001;
const CLOSE_PROTOCOL_ERROR = 1002;
const CLOSE_POLICY_VIOLATION = 1008;

type MultiplexerDemultiplexer = Multiplexer & Demultiplexer & FrameHandler;
type Acceptor = (frame: Frame, connection: DuplexConnection) => Promise<void>;
type MultiplexerFactory = (frame: Frame, outbound: Outbound & Closeable) => MultiplexerDemultiplexer;

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/**
 * A broadcast hands the same data Buffer to every subscriber; their PAYLOAD frames differ only in
 * stream id (almost always the same one). Serialising once per (data, stream id, flags) turns a
 * fan-out to N sockets into N writes of one buffer instead of N allocations and copies.
 */
const serializedPayloads = new WeakMap<Buffer, Map<number, Buffer>>();
const SHARED_PAYLOAD_MIN_BYTES = 128;
/** Data of broadcasts (marked by the gateway), each with whether a slow socket may skip it. */
const broadcastData = new WeakMap<Buffer, boolean>();

/**
 * Marks `data` as one broadcast's payload: its frame is serialised once for every socket whatever
 * its size, and when `droppable` a socket whose send buffer is over `dropBufferedBytes` skips it.
 */
export function markBroadcast(data: Buffer, droppable: boolean): void {
  broadcastData.set(data, droppable);
}

/**
 * Sockets holding their broadcast frames until they are flushed: the frames a fan-out pass sends one
 * socket (a crash tick and its bet changes) leave in one write, one syscall and one TCP segment,
 * instead of one each.
 */
const corkedSockets = new Set<Duplex>();

function corkUntilFlushed(socket: Duplex | undefined): void {
  if (!socket || corkedSockets.has(socket)) return;
  socket.cork();
  corkedSockets.add(socket);
  if (corkedSockets.size === 1) process.nextTick(flushBroadcastWrites);
}

/**
 * Writes the broadcast frames held so far. A fan-out slice calls it every few subscribers, before it
 * reads the clock, so the slice's time includes its writes (~15 µs a socket on loopback, most of a
 * pass's cost); the turn's end flushes whatever is left. Held to the turn's end only, a 6 ms slice
 * queued most of 5,000 sockets and their writes then held the loop for 45–65 ms in one block.
 */
export function flushBroadcastWrites(): void {
  for (const socket of corkedSockets) socket.uncork();
  corkedSockets.clear();
}

/** Broadcast frames skipped for slow sockets since the process started (stats). */
export let droppedBroadcastFrames = 0;

function serialize(frame: Frame): Buffer {
  if (frame.type !== FrameTypes.PAYLOAD || frame.metadata || !frame.data) return serializeFrame(frame);
  if (frame.data.length < SHARED_PAYLOAD_MIN_BYTES && !broadcastData.has(frame.data))
    return serializeFrame(frame);
  let byStream = serializedPayloads.get(frame.data);
  if (!byStream) {
    byStream = new Map();
    serializedPayloads.set(frame.data, byStream);
  }
  // Stream ids are 31-bit and flags 10-bit: one number keys both exactly.
  const key = frame.streamId * 1024 + frame.flags;
  let serialized = byStream.get(key);
  if (!serialized) {
    serialized = serializeFrame(frame);
    byStream.set(key, serialized);
  }
  return serialized;
}

function sendError(socket: WebSocket, code: ErrorCodes, message: string): void {
  if (socket.readyState !== WebSocket.OPEN) return;
  socket.send(serializeFrame({ type: FrameTypes.ERROR, streamId: 0, flags: Flags.NONE, code, message }));
}

/** Checks the first frame: it must be a SETUP this server can serve. Returns the reason if not. */
/**
 * The frame in a message, or null when it is not one: rsocket-core throws on some malformed input
 * and answers `undefined` for an unknown frame type (e.g. type 0x3f), which must not reach code
 * that reads its fields (an uncaught TypeError in a socket handler ends the process).
 */
function readFrame(data: RawData): Frame | null {
  try {
    const frame = deserializeFrame(toBuffer(data)) as Frame | undefined;
    return frame !== null && typeof frame === 'object' ? frame : null;
  } catch {
    return null;
  }
}

export function setupProblem(
  frame: Frame,
  options: Pick<WebSocketServerTransportOptions, 'maxKeepAliveMs' | 'dataMimeTypes' | 'metadataMimeTypes'>,
): { code: ErrorCodes; reason: string } | null {
  if (frame.type !== FrameTypes.SETUP || frame.streamId !== 0)
    return { code: ErrorCodes.INVALID_SETUP, reason: 'the first frame must be SETUP on stream 0' };
  const setup = frame as SetupFrame;
  if (setup.majorVersion !== 1)
    return { code: ErrorCodes.UNSUPPORTED_SETUP, reason: 'protocol version 1.x expected' };
  if (Flags.hasResume(setup.flags))
    return { code: ErrorCodes.UNSUPPORTED_SETUP, reason: 'resumption is not supported' };
  if (Flags.hasLease(setup.flags))
    return { code: ErrorCodes.UNSUPPORTED_SETUP, reason: 'leasing is not supported' };
  if (!options.dataMimeTypes.includes(setup.dataMimeType))
    return { code: ErrorCodes.UNSUPPORTED_SETUP, reason: `data mime type must be ${options.dataMimeTypes}` };
  if (!options.metadataMimeTypes.includes(setup.metadataMimeType))
    return {
      code: ErrorCodes.UNSUPPORTED_SETUP,
      reason: `metadata mime type must be one of ${options.metadataMimeTypes.join(', ')}`,
    };
  if (!(setup.keepAlive > 0 && setup.keepAlive <= options.maxKeepAliveMs))
    return { code: ErrorCodes.INVALID_SETUP, reason: `keepAlive must be 1..${options.maxKeepAliveMs} ms` };
  if (!(setup.lifetime >= setup.keepAlive))
    return { code: ErrorCodes.INVALID_SETUP, reason: 'lifetime must be at least keepAlive' };
  return null;
}

/** One accepted socket as the `DuplexConnection` the RSocket machinery drives. */
class WebSocketDuplexConnection extends Deferred implements DuplexConnection, Outbound {
  readonly multiplexerDemultiplexer: MultiplexerDemultiplexer;
  private queued: Frame[] | null = [];

  constructor(
    private readonly socket: WebSocket,
    setup: Frame,
    factory: MultiplexerFactory,
    private readonly options: WebSocketServerTransportOptions,
  ) {
    super();
    socket.on('message', this.handleMessage);
    socket.once('close', this.handleClose);
    this.multiplexerDemultiplexer = factory(setup, this);
  }

  get availability(): number {
    return this.done ? 0 : 1;
  }

  /** The acceptor has installed its handlers: deliver what arrived meanwhile, then go live. */
  startDelivering(): void {
    const queued = this.queued ?? [];
    this.queued = null;
    for (const frame of queued) {
      if (this.done) return;
      this.deliver(frame);
    }
  }

  send(frame: Frame): void {
    if (this.done || this.socket.readyState !== WebSocket.OPEN) return;
    if (this.socket.bufferedAmount > this.options.maxBufferedBytes) {
      this.fail(ErrorCodes.CONNECTION_ERROR, 'slow reader: send buffer full');
      return;
    }
    const broadcast =
      frame.type === FrameTypes.PAYLOAD && frame.data ? broadcastData.get(frame.data) : undefined;
    if (broadcast === true && this.socket.bufferedAmount > this.options.dropBufferedBytes) {
      droppedBroadcastFrames += 1;
      return;
    }
    // ws keeps its net socket private; a broadcast frame waits, corked, for the pass's other frames.
    if (broadcast !== undefined) corkUntilFlushed((this.socket as unknown as { _socket?: Duplex })._socket);
    this.socket.send(serialize(frame));
  }

  override close(error?: Error): void {
    if (this.done) {
      super.close(error);
      return;
    }
    this.socket.off('message', this.handleMessage);
    this.socket.off('close', this.handleClose);
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) {
      this.socket.close(error ? CLOSE_PROTOCOL_ERROR : CLOSE_NORMAL);
      // A peer that never answers the close handshake is cut off.
      const socket = this.socket;
      setTimeout(() => socket.terminate(), 2_000).unref();
    }
    super.close(error);
  }

  /** Answers ERROR[code] on the connection and closes it; only this connection is affected. */
  fail(code: ErrorCodes, reason: string): void {
    this.options.onProtocolError?.(reason);
    sendError(this.socket, code, reason);
    this.close(new RSocketError(code, reason));
  }

  private readonly handleClose = () => {
    this.close(new Error('socket closed by peer'));
  };

  private readonly handleMessage = (data: RawData, isBinary: boolean) => {
    if (this.done) return;
    if (!isBinary) {
      this.fail(ErrorCodes.CONNECTION_ERROR, 'binary frames expected');
      return;
    }
    const frame = readFrame(data);
    if (!frame) {
      this.fail(ErrorCodes.CONNECTION_ERROR, 'unreadable frame');
      return;
    }
    if (!Number.isInteger(frame.streamId) || frame.streamId < 0) {
      this.fail(ErrorCodes.CONNECTION_ERROR, 'invalid stream id');
      return;
    }
    if (frame.type === FrameTypes.SETUP || frame.type === FrameTypes.RESUME) {
      this.fail(ErrorCodes.CONNECTION_ERROR, 'SETUP already received');
      return;
    }
    // Fragments would be reassembled without limit: this server takes whole frames only.
    if (frame.streamId !== 0 && Flags.hasFollows(frame.flags)) {
      this.fail(ErrorCodes.CONNECTION_ERROR, 'fragmentation is not supported');
      return;
    }
    if (this.queued) {
      if (this.queued.length >= MAX_FRAMES_BEFORE_ACCEPT) {
        this.fail(ErrorCodes.CONNECTION_ERROR, 'too many frames before SETUP was accepted');
        return;
      }
      this.queued.push(frame);
      return;
    }
    this.deliver(frame);
  };

  private deliver(frame: Frame): void {
    try {
      this.multiplexerDemultiplexer.handle(frame);
    } catch {
      this.fail(ErrorCodes.CONNECTION_ERROR, 'frame could not be handled');
    }
  }
}

export class WebSocketServerTransport implements ServerTransport {
  constructor(private readonly options: WebSocketServerTransportOptions) {}

  async bind(acceptor: Acceptor, factory: MultiplexerFactory): Promise<Closeable> {
    const { options } = this;
    const wss = new WebSocketServer({
      noServer: true,
      maxPayload: options.maxPayloadBytes,
      perMessageDeflate: false,
      clientTracking: true,
    });
    const closed = new Deferred();

    const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const pathname = (request.url ?? '').split('?')[0];
      if (pathname !== options.path) {
        // Nobody else takes upgrades: refuse instead of leaving the socket hanging.
        if (options.server.listenerCount('upgrade') === 1) socket.destroy();
        return;
      }
      socket.on('error', () => socket.destroy());
      if (closed.done) {
        socket.destroy();
        return;
      }
      if (wss.clients.size >= options.maxConnections) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      wss.handleUpgrade(request, socket, head, (webSocket) => this.accept(webSocket, acceptor, factory));
    };
    options.server.on('upgrade', onUpgrade);

    closed.onClose(() => {
      options.server.off('upgrade', onUpgrade);
      for (const client of wss.clients) {
        client.close(CLOSE_GOING_AWAY, 'server stopping');
        setTimeout(() => client.terminate(), 1_000).unref();
      }
      wss.close();
    });
    return closed;
  }

  private accept(socket: WebSocket, acceptor: Acceptor, factory: MultiplexerFactory): void {
    const { options } = this;
    // An error on one socket (oversize message, bad UTF-8, reset) ends that socket only.
    socket.on('error', () => socket.terminate());
    const setupTimer = setTimeout(() => {
      options.onProtocolError?.('no SETUP in time');
      socket.close(CLOSE_POLICY_VIOLATION, 'SETUP expected');
    }, options.setupTimeoutMs);
    setupTimer.unref();
    socket.once('close', () => clearTimeout(setupTimer));

    socket.once('message', (data: RawData, isBinary: boolean) => {
      clearTimeout(setupTimer);
      const reject = (code: ErrorCodes, reason: string) => {
        options.onProtocolError?.(reason);
        sendError(socket, code, reason);
        socket.close(CLOSE_PROTOCOL_ERROR);
      };
      if (!isBinary) return reject(ErrorCodes.INVALID_SETUP, 'binary frames expected');
      const frame = readFrame(data);
      if (!frame) return reject(ErrorCodes.INVALID_SETUP, 'unreadable SETUP frame');
      const problem = setupProblem(frame, options);
      if (problem) return reject(problem.code, problem.reason);
      const setup = frame as SetupFrame;
      setup.lifetime = Math.min(setup.lifetime, options.maxLifetimeMs);
      if (socket.readyState !== WebSocket.OPEN) return;
      const connection = new WebSocketDuplexConnection(socket, setup, factory, options);
      acceptor(setup, connection).then(
        () => connection.startDelivering(),
        () => connection.close(new RSocketError(ErrorCodes.REJECTED_SETUP, 'setup failed')),
      );
    });
  }
}

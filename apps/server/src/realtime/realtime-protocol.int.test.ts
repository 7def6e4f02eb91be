// Proves the gateway's defences over real sockets: malformed first frames, garbage and oversize
// messages after SETUP, fragments, a missing SETUP, silent peers (keep-alive lifetime) and slow
// readers each close only their own connection, while other clients and the server carry on; the
// broadcasts published in one turn reach a subscriber in order, in one write to its socket.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { RealtimeState } from '@payhub/client';
import { REALTIME_CHANNEL_DEMAND } from '@payhub/contracts';
import {
  deserializeFrame,
  ErrorCodes,
  type ErrorFrame,
  Flags,
  type Frame,
  FrameTypes,
  type PayloadFrame,
  serializeFrame,
} from 'rsocket-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import {
  ourClient,
  requestStreamFrame,
  routeMetadata,
  type StandaloneGateway,
  setupFrame,
  startGateway,
  waitFor,
} from './realtime.test-support.ts';

const MAX_PAYLOAD_BYTES = 4 * 1024;
let node: StandaloneGateway;

beforeAll(async () => {
  node = await startGateway({
    limits: { maxPayloadBytes: MAX_PAYLOAD_BYTES, setupTimeoutMs: 300, maxBufferedBytes: 64 * 1024 },
  });
});
afterAll(async () => node?.close());

/** A SETUP frame of a well-formed browser client, with any field overridden. */
function goodSetup(overrides: Partial<Record<string, unknown>> = {}): Buffer {
  return setupFrame({ token: 'good-7', clientId: 'raw', clientType: 'browser' }, overrides);
}

interface RawSocket {
  socket: WebSocket;
  frames: Frame[];
  closed: Promise<number>;
}

async function rawSocket(): Promise<RawSocket> {
  const socket = new WebSocket(`${node.baseUrl.replace('http', 'ws')}/api/main/ws`);
  const frames: Frame[] = [];
  socket.on('message', (data: Buffer) => frames.push(deserializeFrame(data)));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, frames, closed };
}

function errorCodes(frames: Frame[]): number[] {
  return frames.filter((frame) => frame.type === FrameTypes.ERROR).map((frame) => (frame as ErrorFrame).code);
}

/** A good client that must stay connected and served through every other test. */
let bystander: ReturnType<typeof ourClient>;

describe('first frame validation', () => {
  beforeAll(async () => {
    bystander = ourClient(node.baseUrl, { token: 'good-1' });
    bystander.start();
    await waitFor(() => bystander.authenticated, 5_000, 'bystander');
  });
  afterAll(() => bystander.stop());

  it('answers ERROR[INVALID_SETUP] and closes on a 1-byte first message', async () => {
    const raw = await rawSocket();
    raw.socket.send(Buffer.from([0x01]));
    await raw.closed;
    expect(errorCodes(raw.frames)).toEqual([ErrorCodes.INVALID_SETUP]);
  });

  it('refuses a text first message', async () => {
    const raw = await rawSocket();
    raw.socket.send('{"hello":"world"}');
    await raw.closed;
    expect(errorCodes(raw.frames)).toEqual([ErrorCodes.INVALID_SETUP]);
  });

  it('closes with 1009 on an oversize first message', async () => {
    const raw = await rawSocket();
    raw.socket.send(Buffer.alloc(MAX_PAYLOAD_BYTES + 1, 7));
    expect(await raw.closed).toBe(1009);
  });

  it('refuses a first frame that is not SETUP, and SETUPs it cannot serve', async () => {
    const notSetup = await rawSocket();
    notSetup.socket.send(
      serializeFrame({
        type: FrameTypes.KEEPALIVE,
        streamId: 0,
        flags: Flags.RESPOND,
        lastReceivedPosition: 0,
        data: null,
      }),
    );
    await notSetup.closed;
    expect(errorCodes(notSetup.frames)).toEqual([ErrorCodes.INVALID_SETUP]);

    const wrongMime = await rawSocket();
    wrongMime.socket.send(goodSetup({ metadataMimeType: 'text/plain' }));
    await wrongMime.closed;
    expect(errorCodes(wrongMime.frames)).toEqual([ErrorCodes.UNSUPPORTED_SETUP]);

    const resume = await rawSocket();
    resume.socket.send(goodSetup({ flags: Flags.RESUME_ENABLE, resumeToken: Buffer.from('t') }));
    await resume.closed;
    expect(errorCodes(resume.frames)).toEqual([ErrorCodes.UNSUPPORTED_SETUP]);

    const hugeKeepAlive = await rawSocket();
    hugeKeepAlive.socket.send(goodSetup({ keepAlive: 3_600_000, lifetime: 7_200_000 }));
    await hugeKeepAlive.closed;
    expect(errorCodes(hugeKeepAlive.frames)).toEqual([ErrorCodes.INVALID_SETUP]);
  });

  it('closes a socket that sends no SETUP in time', async () => {
    const raw = await rawSocket();
    expect(await raw.closed).toBe(1008);
  });

  it('refuses setup data that is not the spec shape', async () => {
    const raw = await rawSocket();
    raw.socket.send(goodSetup({ data: Buffer.from('{"clientType":"robot"}') }));
    await raw.closed;
    const codes = errorCodes(raw.frames);
    expect(codes).toEqual([ErrorCodes.REJECTED_SETUP]);
  });
});

describe('after SETUP', () => {
  beforeAll(async () => {
    bystander = ourClient(node.baseUrl, { token: 'good-1' });
    bystander.start();
    await waitFor(() => bystander.authenticated, 5_000, 'bystander');
  });
  afterAll(() => bystander.stop());

  /** Opens stream 1 on `/test/stream` with the channel's demand, as the apps do. */
  async function openTestStream(raw: RawSocket): Promise<void> {
    raw.socket.send(requestStreamFrame('/test/stream', 1, REALTIME_CHANNEL_DEMAND));
    await waitFor(() => node.gateway.stats().streams > 0, 2_000, 'stream open');
  }

  async function afterSetup(): Promise<RawSocket> {
    const raw = await rawSocket();
    raw.socket.send(goodSetup());
    await waitFor(() => node.gateway.connectionsOf(7).length > 0, 2_000, 'raw connection registered');
    return raw;
  }

  for (const [name, message] of [
    ['garbage bytes', Buffer.from([0xff, 0xff, 0xff])],
    ['a text frame', 'not rsocket'],
    ['a second SETUP', goodSetup()],
    [
      'a fragment (FOLLOWS)',
      serializeFrame({
        type: FrameTypes.REQUEST_RESPONSE,
        streamId: 1,
        flags: Flags.FOLLOWS | Flags.METADATA,
        data: Buffer.alloc(10),
        metadata: routeMetadata('/test/echo'),
      }),
    ],
  ] as const) {
    it(`closes only that connection on ${name}`, async () => {
      const raw = await afterSetup();
      raw.socket.send(message);
      await raw.closed;
      expect(errorCodes(raw.frames)).toContain(ErrorCodes.CONNECTION_ERROR);
      await waitFor(() => node.gateway.connectionsOf(7).length === 0, 2_000, 'raw connection removed');
      expect(await bystander.request('/test/echo', { still: 'served' })).toEqual({ still: 'served' });
    });
  }

  it('closes with 1009 on an oversize message and stays up', async () => {
    const raw = await afterSetup();
    raw.socket.send(Buffer.alloc(MAX_PAYLOAD_BYTES * 4, 1));
    expect(await raw.closed).toBe(1009);
    expect(await bystander.request('/test/echo', 1)).toBe(1);
    const response = await fetch(`${node.baseUrl}/`);
    expect(response.status).toBe(200);
  });

  it('sends broadcasts published in one turn to a subscriber in order, in one write', async () => {
    // The server's side of the next connection, its writes to the kernel counted.
    const accepted = new Promise<Socket>((resolve) => node.server.once('connection', resolve));
    const raw = await afterSetup();
    const serverSide = (await accepted) as Socket & {
      _write: (...args: unknown[]) => void;
      _writev: (...args: unknown[]) => void;
    };
    await openTestStream(raw);
    let writes = 0;
    for (const method of ['_write', '_writev'] as const) {
      const original = serverSide[method].bind(serverSide);
      serverSide[method] = (...args: unknown[]) => {
        writes += 1;
        original(...args);
      };
    }
    await Promise.all([1, 2, 3].map((index) => node.gateway.broadcast('/test/stream', { index })));
    const payloads = () =>
      raw.frames.filter(
        (frame): frame is PayloadFrame => frame.type === FrameTypes.PAYLOAD && frame.streamId === 1,
      );
    await waitFor(() => payloads().length === 3, 2_000, 'three broadcasts');
    expect(payloads().map((frame) => JSON.parse(frame.data!.toString('utf8')).index)).toEqual([1, 2, 3]);
    expect(writes).toBe(1);
    raw.socket.close();
    await raw.closed;
    await waitFor(() => node.gateway.connectionsOf(7).length === 0, 2_000, 'closed');
  });

  it('drops a reader whose send buffer passes the bound', async () => {
    const raw = await afterSetup();
    await openTestStream(raw);
    // The reader stops reading; the server keeps sending until its buffer bound is passed.
    (raw.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    const big = 'x'.repeat(3_000);
    for (let index = 0; index < 4_000 && node.gateway.connectionsOf(7).length > 0; index++) {
      await node.gateway.broadcast('/test/stream', { index, big });
      if (index % 100 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await waitFor(() => node.gateway.connectionsOf(7).length === 0, 5_000, 'slow reader dropped');
    expect(await bystander.request('/test/echo', 'alive')).toBe('alive');
  });
});

describe('keep-alive', () => {
  it('the server closes a connection whose peer stays silent past its lifetime', async () => {
    const raw = await rawSocket();
    raw.socket.send(goodSetup({ keepAlive: 100, lifetime: 400 }));
    await waitFor(() => node.gateway.connectionsOf(7).length === 1, 2_000, 'registered');
    const started = Date.now();
    await raw.closed;
    expect(Date.now() - started).toBeLessThan(3_000);
    await waitFor(() => node.gateway.connectionsOf(7).length === 0, 2_000, 'removed');
  });

  it('our client notices a server that stops answering keep-alives and reconnects', async () => {
    // A WebSocket peer that accepts the socket but never speaks RSocket back.
    const mute: Server = createServer();
    const wss = new WebSocketServer({ server: mute });
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
    const port = (mute.address() as AddressInfo).port;
    const client = ourClient(`http://127.0.0.1:${port}`, { keepAliveMs: 100, lifetimeMs: 400 });
    const states: number[] = [];
    client.onStateChange((state) => states.push(state));
    client.start();
    try {
      await waitFor(() => client.state === RealtimeState.CONNECTED, 2_000, 'connected');
      await waitFor(() => states.includes(RealtimeState.DISCONNECT), 3_000, 'dead peer detected');
      expect(client.reconnectDelaysMs.at(-1)).toBe(1_500);
    } finally {
      client.stop();
      for (const socket of wss.clients) socket.terminate();
      wss.close();
      await new Promise<void>((resolve) => mute.close(() => resolve()));
    }
  });
});

// The client side the realtime benchmarks share (realtime-fanout, rounds): a raw WebSocket speaking
// RSocket as the player app connects (SETUP with a token, then one REQUEST_STREAM on a broadcast
// route), a bare `ws` socket for the comparison, connecting in batches, and the small helpers.
import { performance } from 'node:perf_hooks';
import { REALTIME_CHANNEL_DEMAND, REALTIME_COMPOSITE_METADATA_MIME_TYPE } from '@payhub/contracts';
import { encodeCompositeMetadata, encodeRoute, WellKnownMimeType } from 'rsocket-composite-metadata';
import { deserializeFrame, Flags, type Frame, FrameTypes, serializeFrame } from 'rsocket-core';
import { WebSocket } from 'ws';

/** Sockets opened at once by `inBatches` (more at once makes the server's accept queue the figure). */
export const CONNECT_BATCH = 250;

/** Wall-clock time in ms with sub-ms resolution (comparable with the server's `Date.now()`). */
export const now = () => performance.timeOrigin + performance.now();
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** `count` results of `open(index)`, CONNECT_BATCH at a time. */
export async function inBatches<T>(count: number, open: (index: number) => Promise<T>): Promise<T[]> {
  const opened: T[] = [];
  for (let start = 0; start < count; start += CONNECT_BATCH) {
    const batch = [];
    for (let index = start; index < Math.min(count, start + CONNECT_BATCH); index++) batch.push(open(index));
    opened.push(...(await Promise.all(batch)));
  }
  return opened;
}

/**
 * One subscriber of a broadcast route on the server's realtime endpoint: SETUP (JSON data, the
 * composite metadata MIME type, the session `token`), then REQUEST_STREAM on stream 1 with the
 * channel's demand. Resolves once both frames are sent; every frame received goes to `onMessage`
 * raw (decoding is the caller's choice: at 5,000 sockets the bench's own CPU counts).
 */
export function rsocketSubscriber(
  port: number,
  setup: { token: string; clientId: string; keepAliveMs: number; route: string },
  onMessage: (data: Buffer) => void,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/main/ws`, { perMessageDeflate: false });
    socket.on('error', reject);
    socket.on('open', () => {
      socket.send(
        serializeFrame({
          type: FrameTypes.SETUP,
          streamId: 0,
          flags: Flags.NONE,
          majorVersion: 1,
          minorVersion: 0,
          keepAlive: setup.keepAliveMs,
          lifetime: 90_000,
          resumeToken: null,
          dataMimeType: 'application/json',
          metadataMimeType: REALTIME_COMPOSITE_METADATA_MIME_TYPE,
          data: Buffer.from(
            JSON.stringify({ token: setup.token, clientId: setup.clientId, clientType: 'browser' }),
          ),
          metadata: undefined,
        } as Frame),
      );
      socket.send(
        serializeFrame({
          type: FrameTypes.REQUEST_STREAM,
          streamId: 1,
          flags: Flags.METADATA,
          requestN: REALTIME_CHANNEL_DEMAND,
          data: null,
          metadata: encodeCompositeMetadata([
            [WellKnownMimeType.MESSAGE_RSOCKET_ROUTING, encodeRoute(setup.route)],
          ]),
        }),
      );
      resolve(socket);
    });
    socket.on('message', (data: Buffer) => onMessage(data));
  });
}

/** Whether a received frame is (likely) a crash tick: ticks are small and name their type. */
export function mayBeTick(data: Buffer): boolean {
  return data.length < 220 && data.includes('"type":"tick"');
}

/** Tick receipts decoded after the run: [arrival, its round, the server's time] each. */
export function tickReceipts(
  arrivals: ReadonlyArray<{ at: number; data: Buffer }>,
): Array<[at: number, roundId: string, serverTime: string]> {
  const receipts: Array<[number, string, string]> = [];
  for (const { at, data } of arrivals) {
    const frame = deserializeFrame(data);
    if (frame.type !== FrameTypes.PAYLOAD || !frame.data) continue;
    const tick = JSON.parse(frame.data.toString('utf8')) as { roundId: string; serverTime: string };
    receipts.push([at, tick.roundId, tick.serverTime]);
  }
  return receipts;
}

/** The KEEPALIVE frame the player app's RSocket client sends (else the server drops it after `lifetime`). */
export function keepAliveFrame(): Buffer {
  return serializeFrame({
    type: FrameTypes.KEEPALIVE,
    streamId: 0,
    flags: Flags.RESPOND,
    lastReceivedPosition: 0,
    data: null,
  } as Frame);
}

/** A plain `ws` socket of the bare broadcast server (bench/support/realtime-fanout-server.ts). */
export function bareSubscriber(port: number, onMessage: (data: Buffer) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/`, { perMessageDeflate: false });
    socket.on('error', reject);
    socket.on('open', () => resolve(socket));
    socket.on('message', (data: Buffer) => onMessage(data));
  });
}

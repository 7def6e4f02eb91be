// Proves that a broadcast gives way to answers (docs/decisions.md "Realtime: a broadcast gives way to
// answers"): while a request over the channel waits for its answer, a fan-out waits (before its pass,
// and between its slices) until the answer is sent or fanoutPauseMs passes; with none it runs on.
import { REALTIME_CHANNEL_DEMAND } from '@payhub/contracts';
import { deserializeFrame, Flags, type Frame, FrameTypes, serializeFrame } from 'rsocket-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  requestStreamFrame,
  routeMetadata,
  type StandaloneGateway,
  setupFrame,
  sleep,
  startGateway,
  waitFor,
} from './realtime.test-support.ts';

const SUBSCRIBERS = 80;
let node: StandaloneGateway;
let release: (() => void) | null = null;

interface Peer {
  socket: WebSocket;
  frames: Frame[];
}

async function peer(userId: number): Promise<Peer> {
  const socket = new WebSocket(`${node.baseUrl.replace('http', 'ws')}/api/main/ws`);
  const frames: Frame[] = [];
  socket.on('message', (data: Buffer) => frames.push(deserializeFrame(data)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(setupFrame({ token: `good-${userId}`, clientId: `fanout-${userId}`, clientType: 'browser' }));
  await waitFor(() => node.gateway.connectionsOf(userId).length > 0, 2_000, 'registered');
  return { socket, frames };
}

const payloads = (target: Peer, streamId: number) =>
  target.frames.filter((frame) => frame.type === FrameTypes.PAYLOAD && frame.streamId === streamId);

beforeAll(async () => {
  // A slice of 0 ms: each slice sends one group of subscribers, then the pause decides.
  node = await startGateway({ limits: { fanoutSliceMs: 0, fanoutPauseMs: 60_000 } });
  node.gateway.onRequest(
    '/test/held',
    () => new Promise((resolve) => (release = () => resolve({ answered: true }))),
  );
});
afterAll(async () => node?.close());

describe('a broadcast and the answers waiting', () => {
  it('holds a fan-out while a request waits for its answer, and sends it once the request is answered', async () => {
    const subscribers: Peer[] = [];
    for (let index = 0; index < SUBSCRIBERS; index++) {
      const subscriber = await peer(100 + index);
      subscriber.socket.send(requestStreamFrame('/test/stream', 1, REALTIME_CHANNEL_DEMAND));
      subscribers.push(subscriber);
    }
    await waitFor(() => node.gateway.stats().streams === SUBSCRIBERS, 5_000, 'streams open');
    const reached = (count: number) => subscribers.filter((s) => payloads(s, 1).length >= count).length;

    // No request waiting: the broadcast reaches everyone.
    await node.gateway.broadcast('/test/stream', { n: 1 });
    await waitFor(() => reached(1) === SUBSCRIBERS, 5_000, 'first broadcast');

    // A request waiting for its answer: the fan-out waits for it before its pass.
    const asker = await peer(99);
    asker.socket.send(
      serializeFrame({
        type: FrameTypes.REQUEST_RESPONSE,
        streamId: 1,
        flags: Flags.METADATA,
        data: Buffer.from('{}'),
        metadata: routeMetadata('/test/held'),
      }),
    );
    await waitFor(() => release !== null, 2_000, 'request under way');
    await node.gateway.broadcast('/test/stream', { n: 2 });
    await sleep(300);
    expect(reached(2)).toBe(0);

    // Answered: the answer leaves, and the fan-out goes on to everyone.
    release!();
    await waitFor(() => payloads(asker, 1).length === 1, 2_000, 'answer');
    await waitFor(() => reached(2) === SUBSCRIBERS, 5_000, 'second broadcast');
    for (const subscriber of [...subscribers, asker]) subscriber.socket.close();
  });
});

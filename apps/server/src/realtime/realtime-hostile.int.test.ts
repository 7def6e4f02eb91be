// Proves every route of the whole app's realtime endpoint holds against hostile clients: forged, malformed, expired and revoked tokens (SETUP and auth), no way into another user's or project's channel (pushes, notice stream, notice mark, server push routes), malformed and oversized frames and bodies, and request-n abuse — each refused with its code or closing only the offender's socket, the API and a bystander served throughout.
import {
  NOTIFY_ROUTE_INBOX_NEW,
  PayhubPushRoute,
  REALTIME_CHANNEL_DEMAND,
  REALTIME_PATH,
  RealtimeRoute,
} from '@payhub/contracts';
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
import { WebSocket } from 'ws';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { DEFAULT_REALTIME_LIMITS } from './realtime.gateway.ts';
import {
  ourClient,
  requestStreamFrame,
  routeMetadata,
  setupFrame,
  signInToken,
  waitFor,
} from './realtime.test-support.ts';

let testApp: TestApp;
let bystander: ReturnType<typeof ourClient>;

beforeAll(async () => {
  testApp = await startTestApp({ realClock: true });
  const { token } = await signInToken(testApp, 'cs');
  bystander = ourClient(testApp.baseUrl, { token });
  bystander.start();
  await waitFor(() => bystander.authenticated, 10_000, 'bystander');
}, 60_000);
afterAll(async () => {
  bystander?.stop();
  await testApp?.close();
});

/** After each hostile act: a signed-in bystander is still served, and so is the HTTP API. */
async function stillServed(): Promise<void> {
  await expect(
    bystander.request(RealtimeRoute.noticeMark, { noticeId: 999_999, showAt: 1 }),
  ).rejects.toMatchObject({
    errCode: 404,
  });
  expect((await fetch(`${testApp.baseUrl}/healthz`)).status).toBe(200);
}

interface Answer {
  errCode?: number;
  errMsg?: string;
  rsocketCode?: number;
  body?: unknown;
}

/** A client speaking raw RSocket frames, so it can send what no well-behaved client would. */
class RawClient {
  readonly frames: Frame[] = [];
  readonly closed: Promise<number>;
  private nextStreamId = 1;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      try {
        this.frames.push(deserializeFrame(data));
      } catch {
        // not a frame we can read; irrelevant here
      }
    });
    socket.on('error', () => {});
    this.closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  }

  static async open(setupData: unknown): Promise<RawClient> {
    const socket = new WebSocket(`${testApp.baseUrl.replace('http', 'ws')}${REALTIME_PATH}`);
    const client = new RawClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(setupFrame(setupData));
    return client;
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  send(message: Buffer | string): void {
    this.socket.send(message);
  }

  /** The first frame for this stream, decoded: a payload body or an error's code. */
  async answer(streamId: number, timeoutMs = 5_000): Promise<Answer> {
    await waitFor(
      () => this.frames.some((frame) => frame.streamId === streamId) || !this.isOpen,
      timeoutMs,
      `an answer on stream ${streamId}`,
    );
    const frame = this.frames.find((item) => item.streamId === streamId);
    if (!frame) return { rsocketCode: -1 };
    if (frame.type === FrameTypes.ERROR) {
      const error = frame as ErrorFrame;
      try {
        return {
          rsocketCode: error.code,
          ...(JSON.parse(error.message) as { errCode: number; errMsg: string }),
        };
      } catch {
        return { rsocketCode: error.code, errMsg: error.message };
      }
    }
    const payload = frame as PayloadFrame;
    return {
      body: payload.data && payload.data.length > 0 ? JSON.parse(payload.data.toString('utf8')) : null,
    };
  }

  /** Sends a request-response with any data (an object is JSON; a Buffer or string goes as is). */
  async request(route: string, data: unknown, metadata: Buffer = routeMetadata(route)): Promise<Answer> {
    const streamId = this.nextStreamId;
    this.nextStreamId += 2;
    this.send(
      serializeFrame({
        type: FrameTypes.REQUEST_RESPONSE,
        streamId,
        flags: Flags.METADATA,
        data:
          data === undefined
            ? null
            : Buffer.isBuffer(data)
              ? data
              : Buffer.from(typeof data === 'string' ? data : JSON.stringify(data)),
        metadata,
      } as Frame),
    );
    return this.answer(streamId);
  }

  /** Opens a request-stream with this initial request-n; answers its stream id. */
  openStream(route: string, requestN: number): number {
    const streamId = this.nextStreamId;
    this.nextStreamId += 2;
    this.send(requestStreamFrame(route, streamId, requestN));
    return streamId;
  }

  requestN(streamId: number, requestN: number): void {
    this.send(serializeFrame({ type: FrameTypes.REQUEST_N, streamId, flags: Flags.NONE, requestN } as Frame));
  }

  payloadsOn(streamId: number): unknown[] {
    return this.frames
      .filter((frame) => frame.streamId === streamId && frame.type === FrameTypes.PAYLOAD)
      .map((frame) => JSON.parse((frame as PayloadFrame).data!.toString('utf8')));
  }

  close(): void {
    this.socket.close();
  }
}

const setupWith = (token: string | null, extra: Record<string, unknown> = {}) => ({
  token,
  clientId: 'hostile',
  clientType: 'browser',
  ...extra,
});

describe('tokens', () => {
  const forged = [
    'A'.repeat(43), // well-formed, unknown
    'garbage',
    "' OR 1=1 --",
    'ñ'.repeat(43),
    '',
  ];
  const oversizeToken = 'a'.repeat(10_000);

  it('a forged token in SETUP is refused with 707 (REJECTED_SETUP) and closes; an oversize one is bad input (3)', async () => {
    const refusal = async (token: string) => {
      const raw = await RawClient.open(setupWith(token, { ignoreAuthFailed: false }));
      await raw.closed;
      const error = raw.frames.find((frame) => frame.type === FrameTypes.ERROR) as ErrorFrame | undefined;
      expect(error?.code).toBe(ErrorCodes.REJECTED_SETUP);
      return JSON.parse(error!.message).errCode as number;
    };
    for (const token of forged.filter(Boolean)) expect(await refusal(token)).toBe(707);
    expect(await refusal(oversizeToken)).toBe(3);
    await stillServed();
  });

  it('a forged token on the auth route is 707, a malformed auth body 3, and the connection stays anonymous', async () => {
    const raw = await RawClient.open(setupWith(null));
    for (const token of forged) {
      expect((await raw.request(RealtimeRoute.auth, { token })).errCode).toBe(token ? 707 : 1);
    }
    for (const body of [
      {},
      { token: 123 },
      { token: null },
      [],
      'token',
      { token: ['a'] },
      { token: oversizeToken },
    ]) {
      expect((await raw.request(RealtimeRoute.auth, body)).errCode).toBe(3);
    }
    expect((await raw.request(RealtimeRoute.noticeMark, { noticeId: 1, showAt: 1 })).errCode).toBe(1);
    raw.close();
    await stillServed();
  });

  it('an expired or revoked session is refused in SETUP, on auth, and stops a live connection', async () => {
    // Expired: a session whose expiry has passed (set in the database, as time passing would).
    const expired = await signInToken(testApp, 'hr');
    await testApp.database.pool.query(
      "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [expired.userId],
    );
    const setupExpired = await RawClient.open(setupWith(expired.token, { ignoreAuthFailed: false }));
    await setupExpired.closed;
    const refused = setupExpired.frames.find((frame) => frame.type === FrameTypes.ERROR) as ErrorFrame;
    expect(JSON.parse(refused.message).errCode).toBe(1);
    const anonymous = await RawClient.open(setupWith(null));
    expect((await anonymous.request(RealtimeRoute.auth, { token: expired.token })).errCode).toBe(1);

    // Revoked while connected: the next request finds the session gone (1) and unbinds it.
    const live = await signInToken(testApp, 'promoter');
    const connected = await RawClient.open(setupWith(live.token));
    await waitFor(() => testApp.app.realtime.connectionsOf(live.userId).length > 0, 5_000, 'bound');
    const client = testApp.client();
    client.setToken(live.token);
    await client.api.user.logout();
    await waitFor(() => testApp.app.realtime.connectionsOf(live.userId).length === 0, 5_000, 'unbound');
    expect((await connected.request(RealtimeRoute.noticeMark, { noticeId: 1, showAt: 1 })).errCode).toBe(1);
    expect((await connected.request(RealtimeRoute.auth, { token: live.token })).errCode).toBe(1);
    anonymous.close();
    connected.close();
    await stillServed();
  });
});

describe("another user's or project's channel", () => {
  it('Notify pushes reach only the addressed user; unAuth stops them', async () => {
    const a = await signInToken(testApp, 'leader');
    const b = await signInToken(testApp, 'operator');
    const rawA = await RawClient.open(setupWith(a.token));
    const rawB = await RawClient.open(setupWith(b.token));
    await waitFor(
      () =>
        testApp.app.realtime.connectionsOf(a.userId).length > 0 &&
        testApp.app.realtime.connectionsOf(b.userId).length > 0,
      5_000,
      'both bound',
    );
    await testApp.app.realtime.notifyUser(b.userId, NOTIFY_ROUTE_INBOX_NEW, 'for b only');
    const pushesTo = (raw: RawClient) =>
      raw.frames
        .filter((frame) => frame.type === FrameTypes.REQUEST_FNF)
        .map((frame) => (frame as unknown as { data: Buffer }).data.toString('utf8'));
    await waitFor(() => pushesTo(rawB).length === 1, 5_000, 'push to b');
    expect(pushesTo(rawA)).toEqual([]);

    expect((await rawB.request(RealtimeRoute.unAuth, undefined)).body).toEqual({ ok: true });
    await testApp.app.realtime.notifyUser(b.userId, NOTIFY_ROUTE_INBOX_NEW, 'after unAuth');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pushesTo(rawB)).toHaveLength(1);
    rawA.close();
    rawB.close();
  });

  it('server push routes cannot be requested or subscribed to by a client (404)', async () => {
    const me = await signInToken(testApp, 'operator-2');
    const raw = await RawClient.open(setupWith(me.token));
    for (const route of [NOTIFY_ROUTE_INBOX_NEW, ...Object.values(PayhubPushRoute), '/internal/bind', '']) {
      expect((await raw.request(route, { userId: 1 })).errCode).toBe(404);
      const streamId = raw.openStream(route, 10);
      expect((await raw.answer(streamId)).errCode).toBe(404);
    }
    raw.close();
    await stillServed();
  });

  it("a site notice reaches only its project's connections, and another project cannot mark it (404)", async () => {
    const admin = await testApp.signIn('admin', 12);
    const same = await signInToken(testApp, 'no-spa', 12);
    const other = await signInToken(testApp, 'no-spa', 16);
    const rawSame = await RawClient.open(setupWith(same.token));
    const rawOther = await RawClient.open(setupWith(other.token));
    const rawAnonymous = await RawClient.open(setupWith(null));
    const streams = [rawSame, rawOther, rawAnonymous].map((raw) =>
      raw.openStream(RealtimeRoute.noticeBroadcast, REALTIME_CHANNEL_DEMAND),
    );
    await waitFor(() => testApp.app.realtime.stats().streams >= 3, 5_000, 'streams open');
    const notice = await admin.api.notices.create({ body: { content: 'Project 12 only', showDuration: 5 } });
    await waitFor(
      () =>
        rawSame
          .payloadsOn(streams[0]!)
          .some((item) => (item as { noticeId: number }).noticeId === notice.noticeId),
      5_000,
      'notice delivered',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ids = (raw: RawClient, streamId: number) =>
      raw.payloadsOn(streamId).map((item) => (item as { noticeId: number }).noticeId);
    expect(ids(rawOther, streams[1]!)).not.toContain(notice.noticeId);
    expect(ids(rawAnonymous, streams[2]!)).not.toContain(notice.noticeId);

    const mark = { noticeId: notice.noticeId, showAt: notice.showAt };
    expect((await rawOther.request(RealtimeRoute.noticeMark, mark)).errCode).toBe(404);
    expect((await rawAnonymous.request(RealtimeRoute.noticeMark, mark)).errCode).toBe(1);
    expect(
      (await rawSame.request(RealtimeRoute.noticeMark, { ...mark, showAt: notice.showAt + 1 })).errCode,
    ).toBe(404);
    expect((await rawSame.request(RealtimeRoute.noticeMark, mark)).body).toEqual({
      noticeId: notice.noticeId,
      read: true,
    });
    const reads = await testApp.database.pool.query(
      'SELECT count(*)::int AS n FROM notice_reads WHERE notice_id = $1',
      [notice.noticeId],
    );
    expect(reads.rows[0].n).toBe(1);
    for (const raw of [rawSame, rawOther, rawAnonymous]) raw.close();
  });
});

describe('malformed and oversized frames and bodies', () => {
  it('bad bodies on every request route answer 3 (or 404/1), never a 0, and the connection stays', async () => {
    const me = await signInToken(testApp, 'leader', 16);
    const raw = await RawClient.open(setupWith(me.token));
    const bodies: unknown[] = [
      Buffer.from('{not json'),
      Buffer.from([0xff, 0xfe, 0x00]),
      Buffer.from('\u0000'),
      [],
      'text',
      12,
      null,
      { noticeId: -1, showAt: 1 },
      { noticeId: 'x', showAt: 'y' },
      { noticeId: 1e308, showAt: -1 },
      { noticeId: { $gt: 0 }, showAt: 1 },
      { __proto__: { admin: true } },
      { noticeId: 1, showAt: 1, extra: 'a'.repeat(10_000) },
    ];
    for (const route of [RealtimeRoute.auth, RealtimeRoute.noticeMark, RealtimeRoute.unAuth]) {
      for (const body of bodies) {
        const answer = await raw.request(route, body);
        if (route === RealtimeRoute.unAuth) {
          // unAuth takes no body: any JSON only drops the session; data that is not JSON is 3.
          if (answer.errCode === undefined) expect(answer.body, JSON.stringify(answer)).toEqual({ ok: true });
          else expect(answer.errCode, JSON.stringify(answer)).toBe(3);
          continue;
        }
        expect([3, 404, 707, 1], `${route} ${JSON.stringify(answer)}`).toContain(answer.errCode);
      }
      // unAuth dropped the session: sign in again for the next route.
      await raw.request(RealtimeRoute.auth, { token: me.token });
    }
    // Metadata that is not routing metadata: no route, 404.
    expect((await raw.request('', { a: 1 }, Buffer.from([0xff, 0x00, 0x01]))).errCode).toBe(404);
    expect(raw.isOpen).toBe(true);
    raw.close();
    await stillServed();
  });

  it('an oversize message closes only that socket (1009); garbage after SETUP only that one', async () => {
    const me = await signInToken(testApp, 'promoter', 16);
    const oversize = await RawClient.open(setupWith(me.token));
    await oversize.request(RealtimeRoute.unAuth, undefined);
    oversize.send(
      serializeFrame({
        type: FrameTypes.REQUEST_RESPONSE,
        streamId: 99,
        flags: Flags.METADATA,
        data: Buffer.alloc(DEFAULT_REALTIME_LIMITS.maxPayloadBytes + 1024, 0x41),
        metadata: routeMetadata(RealtimeRoute.noticeMark),
      } as Frame),
    );
    expect(await oversize.closed).toBe(1009);

    // A frame of a type rsocket-core cannot read (0x3f) after SETUP, and as the first frame: each
    // closes its own socket (this once threw an uncaught TypeError in the socket handler).
    const unknownType = Buffer.from([0x00, 0x00, 0x00, 0x01, 0xff, 0xff]);
    const garbage = await RawClient.open(setupWith(me.token));
    await garbage.request(RealtimeRoute.unAuth, undefined);
    garbage.send(unknownType);
    await garbage.closed;
    const firstFrame = new WebSocket(`${testApp.baseUrl.replace('http', 'ws')}${REALTIME_PATH}`);
    firstFrame.on('error', () => {});
    await new Promise((resolve) => firstFrame.once('open', resolve));
    const firstClosed = new Promise((resolve) => firstFrame.once('close', resolve));
    firstFrame.send(unknownType);
    await firstClosed;
    await stillServed();
  });
});

describe('request-n abuse', () => {
  it('request-n 0 or "negative" fails only that stream; huge and repeated request-n never overflow', async () => {
    const me = await signInToken(testApp, 'operator', 16);
    const raw = await RawClient.open(setupWith(me.token));
    await raw.request(RealtimeRoute.unAuth, undefined);

    // A REQUEST_N of 0 (invalid in RSocket) ends that stream with an error, not the server.
    const zero = raw.openStream(RealtimeRoute.noticeBroadcast, 1);
    raw.requestN(zero, 0);
    // 2^31-1 added a thousand times saturates at the protocol maximum.
    const huge = raw.openStream(RealtimeRoute.noticeBroadcast, REALTIME_CHANNEL_DEMAND);
    for (let index = 0; index < 1_000; index += 1) raw.requestN(huge, REALTIME_CHANNEL_DEMAND);
    // REQUEST_N for streams that do not exist is ignored.
    for (const streamId of [2, 1_001, 2_147_483_647]) raw.requestN(streamId, 5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(raw.isOpen).toBe(true);

    const started = testApp.app.realtime.stats().streams;
    await testApp.app.realtime.broadcast(RealtimeRoute.noticeBroadcast, { probe: 1 });
    await waitFor(() => raw.payloadsOn(huge).length === 1, 5_000, 'the huge-demand stream still delivers');
    expect(started).toBeGreaterThan(0);
    raw.close();
    await stillServed();
  });

  it('more streams or in-flight requests than the bounds are refused (667), the connection lives', async () => {
    const me = await signInToken(testApp, 'leader', 10);
    const raw = await RawClient.open(setupWith(me.token));
    const ids = Array.from({ length: DEFAULT_REALTIME_LIMITS.maxStreamsPerConnection + 4 }, () =>
      raw.openStream(RealtimeRoute.noticeBroadcast, 1),
    );
    const refused: number[] = [];
    await waitFor(
      () => {
        refused.length = 0;
        for (const id of ids) {
          const frame = raw.frames.find((item) => item.streamId === id && item.type === FrameTypes.ERROR);
          if (frame) refused.push(JSON.parse((frame as ErrorFrame).message).errCode);
        }
        return refused.length >= 4;
      },
      5_000,
      'the streams beyond the bound refused',
    );
    expect(refused).toEqual([667, 667, 667, 667]);

    // A burst of requests beyond the in-flight bound: the excess is refused with 667, none is a 0.
    const burst = DEFAULT_REALTIME_LIMITS.maxInflightPerConnection * 3;
    const answers = await Promise.all(
      Array.from({ length: burst }, () =>
        raw.request(RealtimeRoute.noticeMark, { noticeId: 999_999, showAt: 1 }),
      ),
    );
    const codes = new Set(answers.map((answer) => answer.errCode));
    expect([...codes].every((code) => code === 404 || code === 667)).toBe(true);
    expect(raw.isOpen).toBe(true);
    raw.close();
    await stillServed();
  });
});

// Proves the realtime channel end to end over real sockets on the app's own port: SETUP auth,
// auth/unAuth, request-response, fire-and-forget, streams with request-n, Notify to the right user
// only, revoked sessions, bad tokens (707), hostile input, with our client and the legacy
// rsocket-js 0.0.27 client (composite and bare routing metadata).
import { RealtimeError, RealtimeState } from '@payhub/client';
import {
  NOTIFY_ROUTE_INBOX_NEW,
  REALTIME_COMPOSITE_METADATA_MIME_TYPE,
  RealtimeRoute,
  type SiteNotice,
} from '@payhub/contracts';
import { encodeCompositeMetadata, encodeRoute, WellKnownMimeType } from 'rsocket-composite-metadata';
import { type RSocket, RSocketConnector } from 'rsocket-core';
import { WebsocketClientTransport } from 'rsocket-websocket-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import {
  createNodeWebSocket,
  type LegacyConnection,
  legacyClient,
  ManualTimers,
  ourClient,
  signInToken,
  sleep,
  waitFor,
} from './realtime.test-support.ts';

let testApp: TestApp;
let admin: { token: string; userId: number };
let operator: { token: string; userId: number };
let cs: { token: string; userId: number };
const cleanups: Array<() => void> = [];

beforeAll(async () => {
  testApp = await startTestApp({ realClock: true });
  admin = await signInToken(testApp, 'admin');
  operator = await signInToken(testApp, 'operator');
  cs = await signInToken(testApp, 'cs');
});
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
afterAll(async () => testApp?.close());

function connected(options: Parameters<typeof ourClient>[1] = {}) {
  const client = ourClient(testApp.baseUrl, options);
  cleanups.push(() => client.stop());
  client.start();
  return client;
}

async function createNotice(content: string, showDuration = 3): Promise<SiteNotice> {
  const adminClient = testApp.client();
  adminClient.setToken(admin.token);
  return adminClient.api.notices.create({ body: { content, showDuration } });
}

/** A raw rsocket-js 1.0 connection, for what our client deliberately hides (request-n, SETUP errors). */
async function rawConnection(setupData: unknown): Promise<RSocket> {
  const connector = new RSocketConnector({
    setup: {
      keepAlive: 8_000,
      lifetime: 12_000,
      dataMimeType: 'application/json',
      metadataMimeType: REALTIME_COMPOSITE_METADATA_MIME_TYPE,
      payload: { data: Buffer.from(JSON.stringify(setupData)) },
    },
    transport: new WebsocketClientTransport({
      url: `${testApp.baseUrl.replace('http', 'ws')}/api/main/ws`,
      wsCreator: createNodeWebSocket,
    }),
  });
  const socket = await connector.connect();
  cleanups.push(() => socket.close());
  return socket;
}

const routeMetadata = (route: string) =>
  encodeCompositeMetadata([[WellKnownMimeType.MESSAGE_RSOCKET_ROUTING, encodeRoute(route)]]);

describe('our client', () => {
  it('connects, authenticates with the SETUP token and registers the connection under the user', async () => {
    const client = connected({ token: operator.token });
    await waitFor(() => client.state === RealtimeState.CONNECTED && client.authenticated, 5_000, 'auth');
    expect(testApp.app.realtime.connectionsOf(operator.userId)).toHaveLength(1);
  });

  it('setToken sends auth and un-auth; the registry follows', async () => {
    const client = connected();
    await waitFor(() => client.state === RealtimeState.CONNECTED, 5_000, 'connect');
    expect(client.authenticated).toBe(false);
    await client.setToken(cs.token);
    expect(client.authenticated).toBe(true);
    expect(testApp.app.realtime.connectionsOf(cs.userId)).toHaveLength(1);
    await client.setToken('');
    expect(client.authenticated).toBe(false);
    await waitFor(() => testApp.app.realtime.connectionsOf(cs.userId).length === 0, 2_000, 'unbind');
  });

  it('fire-and-forget requests are served: auth then unAuth without waiting for answers', async () => {
    const client = connected();
    await waitFor(() => client.state === RealtimeState.CONNECTED, 5_000, 'connect');
    expect(client.fire(RealtimeRoute.auth, { token: cs.token })).toBe(true);
    await waitFor(() => testApp.app.realtime.connectionsOf(cs.userId).length === 1, 3_000, 'fnf auth');
    expect(client.fire(RealtimeRoute.unAuth)).toBe(true);
    await waitFor(() => testApp.app.realtime.connectionsOf(cs.userId).length === 0, 3_000, 'fnf unAuth');
    client.stop();
    expect(client.fire(RealtimeRoute.unAuth)).toBe(false);
  });

  it('a session revoked by logout stops receiving pushes at once', async () => {
    const session = await signInToken(testApp, 'hr');
    const client = connected({ token: session.token });
    const inbox: unknown[] = [];
    client.onNotify(NOTIFY_ROUTE_INBOX_NEW, (content) => inbox.push(content));
    await waitFor(() => client.authenticated, 5_000, 'auth');
    expect(testApp.app.realtime.connectionsOf(session.userId)).toHaveLength(1);
    const http = testApp.client();
    http.setToken(session.token);
    await http.api.user.logout();
    await waitFor(() => testApp.app.realtime.connectionsOf(session.userId).length === 0, 3_000, 'unbound');
    await testApp.app.realtime.notifyUser(session.userId, NOTIFY_ROUTE_INBOX_NEW, { mailId: 1 });
    await sleep(200);
    expect(inbox).toEqual([]);
  });

  it('pushes collected in an outbox leave only on flush (after the commit)', async () => {
    const client = connected({ token: operator.token });
    const inbox: unknown[] = [];
    client.onNotify('/payhub/order/new', (content) => inbox.push(content));
    await waitFor(() => client.authenticated, 5_000, 'auth');
    const outbox = testApp.app.realtime.outbox();
    outbox.notifyUser(operator.userId, '/payhub/order/new', { orderNo: 'A1' });
    await sleep(200);
    expect(inbox).toEqual([]);
    await outbox.flush();
    await waitFor(() => inbox.length === 1, 3_000, 'flushed push');
    expect(inbox).toEqual([{ orderNo: 'A1' }]);
  });

  it('a bad token fails with 707 and reports it; requests need a session (1); unknown routes 404', async () => {
    const errors: number[] = [];
    const client = connected({ onError: (error) => errors.push(error.errCode) });
    await waitFor(() => client.state === RealtimeState.CONNECTED, 5_000, 'connect');
    const bad = await client.setToken('A'.repeat(43)).catch((error: unknown) => error);
    expect(bad).toBeInstanceOf(RealtimeError);
    expect((bad as RealtimeError).reason).toBe('failure');
    expect((bad as RealtimeError).errCode).toBe(707);
    expect(errors).toContain(707);
    expect(client.authenticated).toBe(false);

    const anonymous = await client
      .request(RealtimeRoute.noticeMark, { noticeId: 1, showAt: 1 })
      .catch((error: RealtimeError) => error);
    expect((anonymous as RealtimeError).errCode).toBe(1);
    const unknown = await client.request('/no/such/route', {}).catch((error: RealtimeError) => error);
    expect((unknown as RealtimeError).errCode).toBe(404);
  });

  it('fails fast when not connected and times out when no answer comes', async () => {
    const idle = ourClient(testApp.baseUrl);
    const notConnected = await idle.request(RealtimeRoute.unAuth).catch((error: RealtimeError) => error);
    expect((notConnected as RealtimeError).reason).toBe('not connected');

    // With timers under the test's control, the 10 s deadline fires before the answer is read.
    const timers = new ManualTimers();
    const client = connected({ token: operator.token, timers });
    timers.run(0); // entering READY connects after 1.5 s x 0
    await waitFor(() => client.authenticated, 5_000, 'connect and auth');
    expect(timers.delays()).not.toContain(10_000);
    const pending = client.request(RealtimeRoute.unAuth).catch((error: RealtimeError) => error);
    expect(timers.delays()).toContain(10_000);
    timers.run(10_000);
    const late = await pending;
    expect((late as RealtimeError).reason).toBe('time out');
    expect((late as RealtimeError).errCode).toBe(-1);
  });

  it('a SETUP with a bad token and ignoreAuthFailed false is refused with 707', async () => {
    const socket = await rawConnection({
      token: 'B'.repeat(43),
      clientId: 'x',
      clientType: 'browser',
      ignoreAuthFailed: false,
    });
    const closedWith = await new Promise<Error | undefined>((resolve) => socket.onClose(resolve));
    expect(JSON.parse(closedWith?.message ?? '{}').errCode).toBe(707);
  });

  it('pushes Notify only to the connections of the addressed user, on every route handler', async () => {
    const operatorClient = connected({ token: operator.token });
    const csClient = connected({ token: cs.token });
    const operatorInbox: unknown[] = [];
    const csInbox: unknown[] = [];
    operatorClient.onNotify(NOTIFY_ROUTE_INBOX_NEW, (content) => operatorInbox.push(content));
    csClient.onNotify(NOTIFY_ROUTE_INBOX_NEW, (content) => csInbox.push(content));
    await waitFor(() => operatorClient.authenticated && csClient.authenticated, 5_000, 'both signed in');

    await testApp.app.realtime.notifyUser(operator.userId, NOTIFY_ROUTE_INBOX_NEW, { mailId: 41 });
    await testApp.app.realtime.notifyUser(cs.userId, NOTIFY_ROUTE_INBOX_NEW, { mailId: 42 });
    await waitFor(() => operatorInbox.length === 1 && csInbox.length === 1, 3_000, 'pushes');
    await sleep(100);
    expect(operatorInbox).toEqual([{ mailId: 41 }]);
    expect(csInbox).toEqual([{ mailId: 42 }]);
  });

  it('honours request-n on a stream: items beyond the demand wait for more demand', async () => {
    const socket = await rawConnection({ token: operator.token, clientId: 'n', clientType: 'browser' });
    const received: SiteNotice[] = [];
    const requestable = socket.requestStream(
      { data: null, metadata: routeMetadata(RealtimeRoute.noticeBroadcast) },
      1,
      {
        onNext: (payload) => received.push(JSON.parse(payload.data!.toString())),
        onError: () => {},
        onComplete: () => {},
        onExtension: () => {},
      },
    );
    await sleep(300);
    expect(received).toHaveLength(0); // no notice exists yet in this database
    const created = [
      await createNotice('<p>n1</p>'),
      await createNotice('<p>n2</p>'),
      await createNotice('<p>n3</p>'),
    ];
    await waitFor(() => received.length >= 1, 3_000, 'the first item');
    await sleep(300);
    expect(received.map((item) => item.noticeId)).toEqual([created[0]!.noticeId]);
    requestable.request(5);
    await waitFor(() => received.length === 3, 3_000, 'the waiting items');
    expect(received.map((item) => item.noticeId)).toEqual(created.map((item) => item.noticeId));
  });
});

describe('the whole app under hostile input', () => {
  it('a garbage first frame and an oversize message close only their own sockets; the API stays up', async () => {
    const bystander = connected({ token: operator.token });
    await waitFor(() => bystander.authenticated, 5_000, 'bystander');
    const url = `${testApp.baseUrl.replace('http', 'ws')}/api/main/ws`;
    for (const message of [Buffer.from([0x01]), Buffer.alloc(70 * 1024, 1), 'text']) {
      const socket = new WebSocket(url);
      socket.on('error', () => {});
      await new Promise((resolve) => socket.once('open', resolve));
      const closed = new Promise<number>((resolve) => socket.once('close', resolve));
      socket.send(message);
      expect([1002, 1009]).toContain(await closed);
    }
    const health = await fetch(`${testApp.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await bystander.request(RealtimeRoute.unAuth)).toEqual({ ok: true });
  });

  it('app.close() ends live realtime connections and returns promptly', async () => {
    const other = await startTestApp({ realClock: true });
    const session = await signInToken(other, 'promoter');
    const client = ourClient(other.baseUrl, { token: session.token });
    client.start();
    try {
      await waitFor(() => client.authenticated, 5_000, 'connected to the second app');
      const started = Date.now();
      await other.close();
      expect(Date.now() - started).toBeLessThan(5_000);
      await waitFor(() => client.state !== RealtimeState.CONNECTED, 5_000, 'client saw the close');
    } finally {
      client.stop();
    }
  });
});

describe('legacy rsocket-js 0.0.27 clients', () => {
  const legacyConnections: LegacyConnection[] = [];
  afterAll(() => {
    for (const connection of legacyConnections) connection.socket.close();
  });

  for (const kind of ['composite', 'routing'] as const) {
    it(`works with ${kind} metadata: auth, unAuth, request, stream, Notify`, async () => {
      const connection = await legacyClient(testApp.baseUrl, kind, {
        token: null,
        clientId: `legacy-${kind}`,
        clientType: 'browser',
        ignoreAuthFailed: true,
      });
      legacyConnections.push(connection);
      const auth = (await connection.request(RealtimeRoute.auth, { token: operator.token })) as {
        userId: number;
      };
      expect(auth.userId).toBe(operator.userId);
      expect(testApp.app.realtime.connectionsOf(operator.userId).length).toBeGreaterThanOrEqual(1);

      const items: SiteNotice[] = [];
      connection.stream(RealtimeRoute.noticeBroadcast, 2_147_483_647, (item) =>
        items.push(item as SiteNotice),
      );
      await sleep(200);
      const notice = await createNotice(`<p>legacy ${kind}</p>`);
      await waitFor(() => items.some((item) => item.noticeId === notice.noticeId), 3_000, 'legacy stream');

      await testApp.app.realtime.notifyUser(operator.userId, '/payhub/order/new', { orderNo: `L-${kind}` });
      await waitFor(() => connection.pushes.length > 0, 3_000, 'legacy Notify');
      expect(connection.pushes[0]).toEqual({
        type: 'Notify',
        data: { route: '/payhub/order/new', content: JSON.stringify({ orderNo: `L-${kind}` }) },
      });

      const failure = await connection
        .request(RealtimeRoute.auth, { token: 'C'.repeat(43) })
        .catch((error: Error & { source?: { message: string } }) => error);
      // The legacy client wraps the ERROR frame; its message is kept in `source`.
      expect(JSON.parse((failure as { source: { message: string } }).source.message).errCode).toBe(707);

      expect(await connection.request(RealtimeRoute.unAuth, null)).toEqual({ ok: true });
      connection.socket.close();
    });
  }
});

// Proves multi-node fan-out: nodes A and B share PostgreSQL and a Redis namespace; a notice
// created through node A and a Notify published on node A reach a client connected to node B.
// Runs only when REDIS_URL is set (CI's external-services pass).
import { randomBytes } from 'node:crypto';
import { RealtimeState } from '@payhub/client';
import { NOTIFY_ROUTE_INBOX_NEW, RealtimeRoute, type SiteNotice } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { ourClient, signInToken, waitFor } from './realtime.test-support.ts';

// biome-ignore lint/style/noProcessEnv: the two-node test runs only where CI provides Redis
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('two nodes on one database and one Redis', () => {
  let nodeA: TestApp;
  let nodeB: TestApp;
  beforeAll(async () => {
    const namespace = `two-node-${randomBytes(4).toString('hex')}`;
    nodeA = await startTestApp({ realClock: true, namespace });
    const databaseName = new URL(nodeA.databaseUrl).pathname.slice(1);
    nodeB = await startTestApp({ realClock: true, namespace, databaseName });
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
  });

  it('a notice created through node A reaches a client connected to node B', async () => {
    expect(nodeA.baseUrl).not.toBe(nodeB.baseUrl);
    const operator = await signInToken(nodeB, 'operator');
    const client = ourClient(nodeB.baseUrl, { token: operator.token });
    const notices: SiteNotice[] = [];
    const inbox: unknown[] = [];
    client.subscribe(RealtimeRoute.noticeBroadcast, (item) => notices.push(item as SiteNotice));
    client.onNotify(NOTIFY_ROUTE_INBOX_NEW, (content) => inbox.push(content));
    client.start();
    try {
      await waitFor(
        () => client.state === RealtimeState.CONNECTED && client.authenticated,
        5_000,
        'B session',
      );
      await waitFor(() => nodeB.app.realtime.stats().streams === 1, 5_000, 'B subscription');
      expect(nodeA.app.realtime.stats().connections).toBe(0);

      const admin = await signInToken(nodeA, 'admin');
      const http = nodeA.client();
      http.setToken(admin.token);
      const created = await http.api.notices.create({
        body: { content: '<p>from node A</p>', showDuration: 4 },
      });
      await waitFor(() => notices.some((item) => item.noticeId === created.noticeId), 5_000, 'notice on B');
      expect(notices.find((item) => item.noticeId === created.noticeId)).toEqual(created);

      await nodeA.app.realtime.notifyUser(operator.userId, NOTIFY_ROUTE_INBOX_NEW, { mailId: 9 });
      await waitFor(() => inbox.length === 1, 5_000, 'Notify on B');
      expect(inbox).toEqual([{ mailId: 9 }]);
    } finally {
      client.stop();
    }
  });
});

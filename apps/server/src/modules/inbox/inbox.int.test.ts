// Proves the inbox through the real app: list with unread count, read, delete, read all, delete all read, who may send to whom, another user's mail refused, bad input, and the live push on /heracles/inbox/new over the realtime channel.
import { INBOX_NEW_ROUTE, type InboxNewPush } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errCodeOf, userIdOf } from '../../../test/promo-support.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { ourClient, signInToken, waitFor } from '../../realtime/realtime.test-support.ts';
import { createInboxRepo } from './inbox.repo.ts';
import { createInboxService } from './inbox.service.ts';

let testApp: TestApp;
let promoterId: number;

beforeAll(async () => {
  testApp = await startTestApp();
  promoterId = await userIdOf(testApp, 'promoter');
});
afterAll(async () => testApp?.close());

describe('inbox', () => {
  it('lets an admin, the leader and HR write to a promoter, and refuses everyone else', async () => {
    const admin = await testApp.signIn('admin');
    const sent = await admin.api.inbox.send({
      body: { userId: promoterId, title: 'Halo', content: 'Selamat datang' },
    });
    expect(sent.read).toBe(false);
    await (await testApp.signIn('leader')).api.inbox.send({
      body: { userId: promoterId, title: 'Target', content: '10 telepon hari ini' },
    });
    await (await testApp.signIn('hr')).api.inbox.send({
      body: { userId: promoterId, title: 'HR', content: 'Kontrak' },
    });
    const leaderId = await userIdOf(testApp, 'leader');
    for (const label of ['promoter', 'cs', 'operator']) {
      const client = await testApp.signIn(label);
      expect(
        await errCodeOf(client.api.inbox.send({ body: { userId: leaderId, title: 'x', content: 'y' } })),
      ).toBe(1031);
    }
    const noSpaId = await userIdOf(testApp, 'no-spa');
    expect(
      await errCodeOf(
        (await testApp.signIn('leader')).api.inbox.send({
          body: { userId: noSpaId, title: 'x', content: 'y' },
        }),
      ),
    ).toBe(1031);
    const otherProjectUser = await userIdOf(testApp, 'promoter', 10);
    expect(
      await errCodeOf(admin.api.inbox.send({ body: { userId: otherProjectUser, title: 'x', content: 'y' } })),
    ).toBe(1031);
    expect(
      await errCodeOf(admin.api.inbox.send({ body: { userId: promoterId, title: '', content: 'y' } })),
    ).toBe(3);
  });

  it('lists newest first with the unread count; reads, deletes, reads all and deletes all read', async () => {
    const promoter = await testApp.signIn('promoter');
    const listed = await promoter.api.inbox.list({ query: {} });
    expect(listed.total).toBe(3);
    expect(listed.unreadCount).toBe(3);
    expect(listed.items.map((mail) => mail.title)).toEqual(['HR', 'Target', 'Halo']);
    const [hr, target, hello] = listed.items;

    expect(await promoter.api.inbox.read({ params: { mailId: hello!.mailId } })).toEqual({
      changed: 1,
      unreadCount: 2,
    });
    expect(await promoter.api.inbox.read({ params: { mailId: hello!.mailId } })).toEqual({
      changed: 0,
      unreadCount: 2,
    });
    expect((await promoter.api.inbox.unreadCount()).unreadCount).toBe(2);
    expect((await promoter.api.inbox.list({ query: { unreadOnly: true } })).total).toBe(2);
    expect(await promoter.api.inbox.delete({ params: { mailId: target!.mailId } })).toEqual({
      changed: 1,
      unreadCount: 1,
    });
    expect(await errCodeOf(promoter.api.inbox.read({ params: { mailId: target!.mailId } }))).toBe(404);

    const leader = await testApp.signIn('leader');
    expect(await errCodeOf(leader.api.inbox.read({ params: { mailId: hr!.mailId } }))).toBe(404);
    expect(await errCodeOf(leader.api.inbox.delete({ params: { mailId: hr!.mailId } }))).toBe(404);
    expect(await errCodeOf(leader.api.inbox.read({ params: { mailId: 'abc' as never } }))).toBe(3);
    expect(await errCodeOf(promoter.api.inbox.list({ query: { count: 0 } }))).toBe(3);

    expect(await promoter.api.inbox.deleteAllRead()).toEqual({ changed: 1, unreadCount: 1 });
    expect(await promoter.api.inbox.readAll()).toEqual({ changed: 1, unreadCount: 0 });
    expect(await promoter.api.inbox.deleteAllRead()).toEqual({ changed: 1, unreadCount: 0 });
    expect((await promoter.api.inbox.list({ query: {} })).total).toBe(0);
    expect(await errCodeOf(testApp.client().api.inbox.unreadCount())).toBe(1);
  });

  it('pushes a new mail on /heracles/inbox/new to the addressee’s open sessions only', async () => {
    const promoterSession = await signInToken(testApp, 'promoter');
    const leaderSession = await signInToken(testApp, 'leader');
    const promoterSocket = ourClient(testApp.baseUrl, { token: promoterSession.token });
    const leaderSocket = ourClient(testApp.baseUrl, { token: leaderSession.token });
    const promoterPushes: InboxNewPush[] = [];
    const leaderPushes: unknown[] = [];
    promoterSocket.onNotify(INBOX_NEW_ROUTE, (content) => promoterPushes.push(content as InboxNewPush));
    leaderSocket.onNotify(INBOX_NEW_ROUTE, (content) => leaderPushes.push(content));
    promoterSocket.start();
    leaderSocket.start();
    try {
      await waitFor(
        () => promoterSocket.authenticated && leaderSocket.authenticated,
        5_000,
        'sockets signed in',
      );
      const admin = await testApp.signIn('admin');
      const sent = await admin.api.inbox.send({
        body: { userId: promoterId, title: 'Live', content: 'Langsung' },
      });
      await waitFor(() => promoterPushes.length === 1, 3_000, 'inbox push');
      expect(promoterPushes[0]!.mail).toEqual(sent);
      expect(promoterPushes[0]!.unreadCount).toBe(1);
      expect(leaderPushes).toEqual([]);
    } finally {
      promoterSocket.stop();
      leaderSocket.stop();
    }
  });

  it('stores a mail inside the caller’s transaction: rolled back with it, pushed only when asked after the commit', async () => {
    const pushes: Array<{ userId: number; payload: InboxNewPush }> = [];
    const inbox = createInboxService({
      repo: createInboxRepo(testApp.database.db),
      clock: testApp.clock,
      push: () => async (userId, _route, payload) => {
        pushes.push({ userId, payload: payload as InboxNewPush });
      },
      mayMail: async () => false,
    });
    const mail = {
      projectId: 12,
      userId: promoterId,
      senderId: null,
      title: 'Dalam transaksi',
      content: 'x',
    };
    const titles = async () =>
      (await (await testApp.signIn('promoter')).api.inbox.list({ query: { count: 50 } })).items.map(
        (item) => item.title,
      );
    const rolledBack = testApp.database.db.transaction(async (tx) => {
      await inbox.deliverIn(tx, mail);
      throw new Error('the caller failed after the mail');
    });
    await expect(rolledBack).rejects.toThrow('the caller failed');
    expect(await titles()).not.toContain('Dalam transaksi');

    const push = await testApp.database.db.transaction((tx) => inbox.deliverIn(tx, mail));
    expect(pushes).toEqual([]);
    expect(await titles()).toContain('Dalam transaksi');
    const item = await push();
    expect(item).toMatchObject({ title: 'Dalam transaksi', content: 'x', read: false });
    expect(pushes).toEqual([
      { userId: promoterId, payload: { mail: item, unreadCount: expect.any(Number) } },
    ]);
  });
});

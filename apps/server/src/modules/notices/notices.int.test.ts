// Proves site notices end to end: admin-only creation (1031) with sanitised HTML and an audit line,
// broadcast on the notice stream to the project's signed-in agents, delivery to users who connect
// later until they mark it, mark and init rules, and input validation (3).
import { type ApiError, createRealtimeClient, type RealtimeError, realtimeUrl } from '@payhub/client';
import { RealtimeRoute, type SiteNotice } from '@payhub/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { createNodeWebSocket, signInToken, sleep, waitFor } from '../../realtime/realtime.test-support.ts';

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

function connected(options: { token?: string } = {}) {
  const client = createRealtimeClient({
    url: realtimeUrl(testApp.baseUrl),
    clientId: `notices-${Math.random().toString(36).slice(2)}`,
    createWebSocket: createNodeWebSocket,
    ...options,
  });
  cleanups.push(() => client.stop());
  client.start();
  return client;
}

function httpAs(token: string) {
  const client = testApp.client();
  client.setToken(token);
  return client;
}

async function createNotice(
  content: string,
  showDuration = 3,
  audience?: Array<'banker' | 'CS' | 'New'>,
): Promise<SiteNotice> {
  return httpAs(admin.token).api.notices.create({
    body: { content, showDuration, ...(audience ? { audience } : {}) },
  });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('site notices', () => {
  it('only the admin may create notices (1031); content is sanitised', async () => {
    const operatorHttp = httpAs(operator.token);
    const refused = await operatorHttp.api.notices
      .create({ body: { content: '<p>x</p>', showDuration: 1 } })
      .catch((error: ApiError) => error);
    expect((refused as ApiError).errCode).toBe(1031);
    const notice = await createNotice('<p onclick="steal()">Hi<script>alert(1)</script></p>', 2);
    expect(notice.content).toBe('<p>Hi</p>');
    expect(notice.showDuration).toBe(2);
    const audit = await testApp.database.pool.query(
      "SELECT actor_id FROM audit_log WHERE action = 'notice.create' AND object_id = $1",
      [String(notice.noticeId)],
    );
    expect(Number(audit.rows[0].actor_id)).toBe(admin.userId);
  });

  it('broadcasts a new notice to subscribers, is shown once per user, and reaches late joiners until marked', async () => {
    const live = connected({ token: operator.token });
    const seen: SiteNotice[] = [];
    live.subscribe(RealtimeRoute.noticeBroadcast, (item) => seen.push(item as SiteNotice));
    await waitFor(() => live.authenticated, 5_000, 'auth');
    await sleep(200);
    const notice = await createNotice('<p>Maintenance at 22:00</p>', 5);
    await waitFor(() => seen.some((item) => item.noticeId === notice.noticeId), 3_000, 'broadcast');
    expect(seen.find((item) => item.noticeId === notice.noticeId)).toEqual(notice);

    // A user who connects later and has not marked it receives it on subscribing.
    const late = connected({ token: cs.token });
    const lateSeen: SiteNotice[] = [];
    late.subscribe(RealtimeRoute.noticeBroadcast, (item) => lateSeen.push(item as SiteNotice));
    await waitFor(() => lateSeen.some((item) => item.noticeId === notice.noticeId), 5_000, 'late delivery');

    // Marked read: neither init nor a new subscription hands it to that user again.
    const marked = await late.request(RealtimeRoute.noticeMark, {
      noticeId: notice.noticeId,
      showAt: notice.showAt,
    });
    expect(marked).toEqual({ noticeId: notice.noticeId, read: true });
    const csHttp = testApp.client();
    csHttp.setToken(cs.token);
    const pending = await csHttp.api.notices.init({ body: { types: ['CS'] } });
    expect(pending.notices.map((item) => item.noticeId)).not.toContain(notice.noticeId);
    const again = connected({ token: cs.token });
    const againSeen: SiteNotice[] = [];
    again.subscribe(RealtimeRoute.noticeBroadcast, (item) => againSeen.push(item as SiteNotice));
    await waitFor(() => again.authenticated, 5_000, 'auth');
    await sleep(300);
    expect(againSeen.map((item) => item.noticeId)).not.toContain(notice.noticeId);

    // The operator has not marked it: init still lists it.
    const operatorHttp = testApp.client();
    operatorHttp.setToken(operator.token);
    const operatorPending = await operatorHttp.api.notices.init({ body: { types: ['New', 'banker'] } });
    expect(operatorPending.notices.map((item) => item.noticeId)).toContain(notice.noticeId);

    // A wrong showAt is refused and marks nothing.
    const wrong = await live
      .request(RealtimeRoute.noticeMark, { noticeId: notice.noticeId, showAt: notice.showAt + 1 })
      .catch((error: RealtimeError) => error);
    expect((wrong as RealtimeError).errCode).toBe(404);
  });

  it('does not deliver a notice of one project to users of another', async () => {
    const other = await signInToken(testApp, 'operator', 10);
    const client = connected({ token: other.token });
    const seen: SiteNotice[] = [];
    client.subscribe(RealtimeRoute.noticeBroadcast, (item) => seen.push(item as SiteNotice));
    const sameProject = connected({ token: operator.token });
    const sameSeen: SiteNotice[] = [];
    sameProject.subscribe(RealtimeRoute.noticeBroadcast, (item) => sameSeen.push(item as SiteNotice));
    await waitFor(() => client.authenticated && sameProject.authenticated, 5_000, 'auth');
    await sleep(200);
    const notice = await createNotice('<p>project 12 only</p>');
    // Delivered in project 12 meanwhile; never in project 10.
    await waitFor(() => sameSeen.some((item) => item.noticeId === notice.noticeId), 3_000, 'project 12');
    await sleep(200);
    expect(seen.map((item) => item.noticeId)).not.toContain(notice.noticeId);
  });
});

describe('notice targeting by type', () => {
  it("a notice for banker reaches an operator's init and socket, not a promoter's", async () => {
    const profiles = await testApp.database.pool.query(
      'SELECT user_id, spa_type, spa_pay FROM spa_profiles WHERE user_id = ANY($1::bigint[])',
      [[operator.userId, cs.userId]],
    );
    const profileOf = (userId: number) => profiles.rows.find((row) => Number(row.user_id) === userId);
    expect(profileOf(operator.userId)?.spa_pay).toBe(true);
    expect(profileOf(cs.userId)?.spa_pay).toBe(false);

    const operatorLive = connected({ token: operator.token });
    const operatorSeen: SiteNotice[] = [];
    operatorLive.subscribe(RealtimeRoute.noticeBroadcast, (item) => operatorSeen.push(item as SiteNotice));
    const csLive = connected({ token: cs.token });
    const csSeen: SiteNotice[] = [];
    csLive.subscribe(RealtimeRoute.noticeBroadcast, (item) => csSeen.push(item as SiteNotice));
    await waitFor(() => operatorLive.authenticated && csLive.authenticated, 5_000, 'auth');
    await sleep(300);

    const forBankers = await createNotice('<p>Bankers: settle by 18:00</p>', 1, ['banker']);
    const stored = await testApp.database.pool.query('SELECT audience FROM notices WHERE id = $1', [
      forBankers.noticeId,
    ]);
    expect(stored.rows[0].audience).toEqual(['banker']);
    const forAll = await createNotice('<p>Everyone</p>', 1, []);
    const allRow = await testApp.database.pool.query('SELECT audience FROM notices WHERE id = $1', [
      forAll.noticeId,
    ]);
    expect(allRow.rows[0].audience).toBeNull();

    await waitFor(
      () => operatorSeen.some((item) => item.noticeId === forBankers.noticeId),
      3_000,
      'operator broadcast',
    );
    await waitFor(() => csSeen.some((item) => item.noticeId === forAll.noticeId), 3_000, 'cs broadcast');
    await sleep(200);
    expect(csSeen.map((item) => item.noticeId)).not.toContain(forBankers.noticeId);

    const operatorInit = await httpAs(operator.token).api.notices.init({
      body: { types: ['New', 'banker'] },
    });
    expect(operatorInit.notices.map((item) => item.noticeId)).toEqual(
      expect.arrayContaining([forBankers.noticeId, forAll.noticeId]),
    );
    // The promoter claiming `banker` does not get it: the server derives the caller's types itself.
    const csInit = await httpAs(cs.token).api.notices.init({ body: { types: ['CS', 'banker'] } });
    expect(csInit.notices.map((item) => item.noticeId)).toContain(forAll.noticeId);
    expect(csInit.notices.map((item) => item.noticeId)).not.toContain(forBankers.noticeId);

    // A promoter who connects later is not handed it on subscribing either.
    const late = connected({ token: cs.token });
    const lateSeen: SiteNotice[] = [];
    late.subscribe(RealtimeRoute.noticeBroadcast, (item) => lateSeen.push(item as SiteNotice));
    await waitFor(() => lateSeen.some((item) => item.noticeId === forAll.noticeId), 5_000, 'late delivery');
    expect(lateSeen.map((item) => item.noticeId)).not.toContain(forBankers.noticeId);
  });
});

describe('notice input rules', () => {
  it('refuses bad input with 3 and stores nothing', async () => {
    const adminHttp = httpAs(admin.token);
    const before = await testApp.database.pool.query('SELECT count(*)::int AS n FROM notices');
    for (const body of [
      { content: '<p>x</p>', showDuration: 601 },
      { content: '<p>x</p>', showDuration: -1 },
      { content: '', showDuration: 1 },
      { content: 'x'.repeat(20_001), showDuration: 1 },
      { content: '<script>alert(1)</script>', showDuration: 1 },
      { content: '<p>x</p>', showDuration: 1, audience: ['Pirate'] },
      { content: '<p>x</p>', showDuration: 1, audience: 'banker' },
      { content: '<p>x</p>', showDuration: 1, audience: Array.from({ length: 11 }, () => 'banker') },
    ]) {
      expect(
        (
          await failure(
            adminHttp.api.notices.create({ body: body as { content: string; showDuration: number } }),
          )
        ).errCode,
      ).toBe(3);
    }
    const after = await testApp.database.pool.query('SELECT count(*)::int AS n FROM notices');
    expect(after.rows[0].n).toBe(before.rows[0].n);
    expect(
      (await failure(httpAs(cs.token).api.notices.init({ body: { types: ['Pirate' as 'CS'] } }))).errCode,
    ).toBe(3);
    expect((await failure(testApp.client().api.notices.init({ body: { types: [] } }))).errCode).toBe(1);
  });

  it("marks only existing notices of the caller's project, and marking twice is harmless", async () => {
    const notice = await createNotice('<p>mark rules</p>', 0);
    const client = connected({ token: cs.token });
    await waitFor(() => client.authenticated, 5_000, 'auth');
    const missing = await client
      .request(RealtimeRoute.noticeMark, { noticeId: 999_999, showAt: notice.showAt })
      .catch((error: RealtimeError) => error);
    expect((missing as RealtimeError).errCode).toBe(404);
    const malformed = await client
      .request(RealtimeRoute.noticeMark, { noticeId: 'x' })
      .catch((error: RealtimeError) => error);
    expect((malformed as RealtimeError).errCode).toBe(3);
    const body = { noticeId: notice.noticeId, showAt: notice.showAt };
    expect(await client.request(RealtimeRoute.noticeMark, body)).toEqual({
      noticeId: notice.noticeId,
      read: true,
    });
    expect(await client.request(RealtimeRoute.noticeMark, body)).toEqual({
      noticeId: notice.noticeId,
      read: true,
    });

    const otherProject = await signInToken(testApp, 'cs', 10);
    const foreign = connected({ token: otherProject.token });
    await waitFor(() => foreign.authenticated, 5_000, 'auth');
    const refused = await foreign
      .request(RealtimeRoute.noticeMark, body)
      .catch((error: RealtimeError) => error);
    expect((refused as RealtimeError).errCode).toBe(404);
    const reads = await testApp.database.pool.query('SELECT user_id FROM notice_reads WHERE notice_id = $1', [
      notice.noticeId,
    ]);
    expect(reads.rows.map((row) => Number(row.user_id))).toEqual([cs.userId]);
  });
});

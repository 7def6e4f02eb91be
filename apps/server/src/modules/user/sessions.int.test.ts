// Proves the player's sessions: the list shows device, address and last seen with the current one
// marked; one session can be signed out, or all others; a password change ends the others; a
// sign-in from a new device writes an inbox mail and an email (to the bound address); another
// player's session cannot be ended; bad input answers 3.
import { createPayhubClient } from '@payhub/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
const errCode = async (promise: Promise<unknown>) => (await failure(promise)).errCode;
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
});
afterAll(async () => testApp?.close());

const account = (label: string) =>
  testApp.accounts.find((entry) => entry.label === label && entry.projectId === 12)!;

/** A device of its own (client id and user agent), signed in as `label`. */
async function device(label: string, userAgent?: string) {
  const client = createPayhubClient({
    baseUrl: testApp.baseUrl,
    projectId: 12,
    language: 'id-ID',
    ...(userAgent
      ? {
          fetch: (url, init) =>
            fetch(url, { ...init, headers: { ...(init?.headers as object), 'user-agent': userAgent } }),
        }
      : {}),
  });
  const { token } = await client.api.user.login({
    body: { phone: account(label).phone, password: account(label).password },
  });
  client.setToken(token);
  return client;
}

describe('sessions', () => {
  it('lists the sessions with device and address; a new device notifies by inbox and email', async () => {
    const first = await device('player');
    await first.api.email.sendCode({ body: { email: 'sesi@example.com' } });
    const { code } = {
      code: /\b(\d{6})\b/.exec(
        (await testApp.client().api.email.devLatestMail({ query: { to: 'sesi@example.com' } })).text,
      )![1]!,
    };
    await first.api.email.bind({ body: { email: 'sesi@example.com', code } });
    const unreadBefore = (await first.api.inbox.unreadCount()).unreadCount;

    const phone = await device('player', ANDROID_CHROME);
    const listed = await phone.api.sessions.list();
    const current = listed.items.find((item) => item.current)!;
    expect(current.device).toBe('Chrome · Android');
    expect(current.ip).toBe('127.0.0.1');
    expect(listed.items.length).toBeGreaterThanOrEqual(2);

    const inbox = await first.api.inbox.list({ query: {} });
    expect(inbox.unreadCount).toBe(unreadBefore + 1);
    expect(inbox.items[0]!.title).toBe('Masuk dari perangkat baru');
    expect(inbox.items[0]!.content).toContain('Chrome · Android');
    const mail = await testApp.client().api.email.devLatestMail({ query: { to: 'sesi@example.com' } });
    expect(mail.subject).toBe('Masuk dari perangkat baru');

    // The same device again is not new.
    await phone.api.user.login({
      body: { phone: account('player').phone, password: account('player').password },
    });
    expect((await first.api.inbox.unreadCount()).unreadCount).toBe(unreadBefore + 1);

    // A client that sends no client id is known by its device name and address: a script signing in
    // twice with the same user agent notifies once, not on every sign-in.
    const scriptLogin = (userAgent: string) =>
      fetch(`${testApp.baseUrl}/main/user/phone/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', projectId: '12', 'user-agent': userAgent },
        body: JSON.stringify({ phone: account('player').phone, password: account('player').password }),
      });
    const SCRIPT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Firefox/133.0';
    expect((await scriptLogin(SCRIPT)).status).toBe(200);
    expect((await first.api.inbox.unreadCount()).unreadCount).toBe(unreadBefore + 2);
    expect((await scriptLogin(SCRIPT)).status).toBe(200);
    expect((await first.api.inbox.unreadCount()).unreadCount).toBe(unreadBefore + 2);
  });

  it('signs out one session, then all others; another player’s session cannot be ended', async () => {
    const a = await device('player');
    const b = await device('player');
    const c = await device('player');
    const ofB = (await b.api.sessions.list()).items.find((item) => item.current)!;
    const other = await device('player-2');
    expect(await errCode(other.api.sessions.revoke({ params: { id: ofB.id } }))).toBe(404);
    await a.api.sessions.revoke({ params: { id: ofB.id } });
    expect(await errCode(b.api.user.me())).toBe(1);
    expect(await errCode(a.api.sessions.revoke({ params: { id: ofB.id } }))).toBe(404);
    await a.api.sessions.revokeOthers();
    expect(await errCode(c.api.user.me())).toBe(1);
    expect((await a.api.sessions.list()).items).toHaveLength(1);
    expect((await other.api.user.me()).id).toBeGreaterThan(0);
    expect(await errCode(a.api.sessions.revoke({ params: { id: 0 } }))).toBe(3);
    expect(await errCode(testApp.client().api.sessions.list())).toBe(1);
  });

  it('a password change ends the other sessions', async () => {
    const a = await device('player-2');
    const b = await device('player-2');
    await a.api.user.changePassword({
      body: { currentPassword: account('player-2').password, password: 'baru12345' },
    });
    expect(await errCode(b.api.user.me())).toBe(1);
    expect((await a.api.sessions.list()).items).toHaveLength(1);
  });
});

// Proves the account flows end to end through packages/client: SMS codes, register, login, reset, profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../../../test/api-errors.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => testApp?.close());

async function codeFor(phone: string, purpose: 'register' | 'reset' | 'verify', projectId = 12) {
  const client = testApp.client(projectId);
  return (await client.api.user.devLatestCode({ query: { phone, purpose } })).code;
}

describe('register and login', () => {
  it('registers with an SMS code and signs in with any accepted phone form', async () => {
    const client = testApp.client();
    await client.api.user.sendCode({ query: { phone: '+62 812-3456-0001', purpose: 'register' } });
    const code = await codeFor('081234560001', 'register');
    expect(code).toMatch(/^\d{6}$/);
    const registered = await client.api.user.register({
      body: { phone: '6281234560001', password: 'secret123', code },
    });
    expect(registered.user.phone).toBe('81234560001');
    expect(registered.user.whatsApp).toBe('+6281234560001');
    expect(registered.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    for (const form of ['081234560001', '6281234560001', '81234560001', '+62 812 3456 0001']) {
      const session = await client.api.user.login({ body: { phone: form, password: 'secret123' } });
      expect(session.user.id).toBe(registered.user.id);
    }
    expect((await client.api.user.checkPhone({ body: { phone: '081234560001' } })).registered).toBe(true);
  });

  it('refuses a second registration of the same phone (7017) and a wrong password (7021)', async () => {
    const client = testApp.client();
    expect(
      (await failure(client.api.user.sendCode({ query: { phone: '081234560001', purpose: 'register' } })))
        .errCode,
    ).toBe(7017);
    expect(
      (await failure(client.api.user.login({ body: { phone: '081234560001', password: 'wrong1234' } })))
        .errCode,
    ).toBe(7021);
  });

  it('never stores passwords or codes in plain text', async () => {
    const { rows } = await testApp.database.pool.query(
      "SELECT password_hash FROM users WHERE phone = '81234560001'",
    );
    expect(rows[0].password_hash).toMatch(/^scrypt\$/);
    expect(rows[0].password_hash).not.toContain('secret123');
    const codes = await testApp.database.pool.query(
      "SELECT code_hash FROM sms_codes WHERE phone = '81234560001'",
    );
    const code = await codeFor('081234560001', 'register').catch(() => '');
    for (const row of codes.rows) {
      expect(Buffer.isBuffer(row.code_hash)).toBe(true);
      expect(row.code_hash.length).toBe(32);
      if (code) expect(row.code_hash.toString('utf8')).not.toContain(code);
    }
  });
});

describe('SMS throttle and expiry', () => {
  it('allows one code a minute (2001) and five an hour (7028)', async () => {
    const client = testApp.client();
    const phone = '081234560077';
    await client.api.user.sendCode({ query: { phone, purpose: 'register' } });
    expect((await failure(client.api.user.sendCode({ query: { phone, purpose: 'register' } }))).errCode).toBe(
      2001,
    );
    for (let index = 0; index < 4; index += 1) {
      testApp.clock.advance(61_000);
      await client.api.user.sendCode({ query: { phone, purpose: 'register' } });
    }
    testApp.clock.advance(61_000);
    expect((await failure(client.api.user.sendCode({ query: { phone, purpose: 'register' } }))).errCode).toBe(
      7028,
    );
    testApp.clock.advance(3_600_000);
    await client.api.user.sendCode({ query: { phone, purpose: 'register' } });
  });

  it('expires codes after 5 minutes (7016) and kills them after 5 wrong guesses (2002)', async () => {
    const client = testApp.client();
    const phone = '081234560088';
    await client.api.user.sendCode({ query: { phone, purpose: 'register' } });
    const code = await codeFor(phone, 'register');
    testApp.clock.advance(5 * 60_000 + 1);
    const expired = await failure(client.api.user.register({ body: { phone, password: 'secret123', code } }));
    expect(expired.errCode).toBe(7016);

    testApp.clock.advance(61_000);
    await client.api.user.sendCode({ query: { phone, purpose: 'register' } });
    const fresh = await codeFor(phone, 'register');
    const wrong = fresh === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (await failure(client.api.user.register({ body: { phone, password: 'secret123', code: wrong } })))
          .errCode,
      ).toBe(2002);
    }
    // The right code no longer works once the attempts are used up.
    expect(
      (await failure(client.api.user.register({ body: { phone, password: 'secret123', code: fresh } })))
        .errCode,
    ).toBe(2002);
  });

  it('concurrent sends for one phone send exactly one code', async () => {
    const client = testApp.client();
    const phone = '081234560099';
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => client.api.user.sendCode({ query: { phone, purpose: 'register' } })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const { rows } = await testApp.database.pool.query(
      "SELECT count(*)::int AS n FROM sms_codes WHERE phone = '81234560099'",
    );
    expect(rows[0].n).toBe(1);
  });
});

describe('password reset and sessions', () => {
  it('resets the password with a code and ends the old sessions (code 1)', async () => {
    const client = testApp.client();
    const phone = '081234560111';
    await client.api.user.sendCode({ query: { phone, purpose: 'register' } });
    const { token } = await client.api.user.register({
      body: { phone, password: 'first1234', code: await codeFor(phone, 'register') },
    });
    client.setToken(token);
    expect((await client.api.user.me()).phone).toBe('81234560111');

    testApp.clock.advance(61_000);
    const other = testApp.client();
    await other.api.user.sendCode({ query: { phone, purpose: 'reset' } });
    await other.api.user.resetPassword({
      body: { phone, code: await codeFor(phone, 'reset'), password: 'second1234' },
    });
    expect((await failure(client.api.user.me())).errCode).toBe(1);
    expect((await failure(other.api.user.login({ body: { phone, password: 'first1234' } }))).errCode).toBe(
      7021,
    );
    await other.api.user.login({ body: { phone, password: 'second1234' } });
    const audit = await testApp.database.pool.query(
      "SELECT action FROM audit_log WHERE action = 'user.password.reset'",
    );
    expect(audit.rows.length).toBeGreaterThan(0);
  });

  it('logout ends the session; a made-up token is 707; no token is 1', async () => {
    const client = await testApp.signIn('promoter');
    await client.api.user.logout();
    expect((await failure(client.api.user.me())).errCode).toBe(1);
    client.setToken('A'.repeat(43));
    expect((await failure(client.api.user.me())).errCode).toBe(707);
    client.setToken(null);
    expect((await failure(client.api.user.me())).errCode).toBe(1);
  });

  it('updates the profile and rejects an avatar that is not an upload', async () => {
    const client = await testApp.signIn('promoter');
    const emailBefore = (await client.api.user.me()).email;
    const updated = await client.api.user.update({ body: { nickname: 'Budi' } });
    expect(updated.nickname).toBe('Budi');
    // An email is bound only with the mailed code (and the authenticator code when two-step
    // verification is on): the profile update does not take one, and changes nothing.
    const body = { nickname: 'Ani', email: 'budi@example.com' } as unknown as { nickname: string };
    expect((await failure(client.api.user.update({ body }))).errCode).toBe(3);
    expect(await client.api.user.me()).toMatchObject({ nickname: 'Budi', email: emailBefore });
    expect(
      (await failure(client.api.user.update({ body: { avatar: 'https://evil.example/x.png' } }))).errCode,
    ).toBe(3);
  });

  it('moves the account to a new phone with a verify code, refusing a taken one', async () => {
    const client = await testApp.signIn('hr');
    const taken = testApp.accounts.find((account) => account.label === 'cs' && account.projectId === 12)!;
    expect(
      (await failure(client.api.user.verifyPhone({ body: { phone: taken.phone, code: '123456' } }))).errCode,
    ).toBe(7017);
    const phone = '081234560222';
    // A new phone gets its code through the signed-in call, and the move needs the password
    // (account-security.int.test.ts proves the refusals).
    const hr = testApp.accounts.find((account) => account.label === 'hr' && account.projectId === 12)!;
    await client.api.user.sendNewPhoneCode({ body: { phone } });
    const user = await client.api.user.verifyPhone({
      body: { phone, code: await codeFor(phone, 'verify'), password: hr.password },
    });
    expect(user.phone).toBe('81234560222');
    expect(user.phoneVerified).toBe(true);
  });
});

describe('projects', () => {
  it('phones follow the project: es-MX strips 52', async () => {
    const client = testApp.client(16);
    const account = testApp.accounts.find(
      (candidate) => candidate.label === 'leader' && candidate.projectId === 16,
    )!;
    const session = await client.api.user.login({
      body: { phone: `+52 ${account.phone}`, password: account.password },
    });
    expect(session.user.projectId).toBe(16);
    expect(session.user.whatsApp).toBe(`+52${account.phone}`);
  });

  it('an unknown project is 12062', async () => {
    const client = testApp.client(99);
    expect((await failure(client.api.user.checkPhone({ body: { phone: '081234567890' } }))).errCode).toBe(
      12062,
    );
  });
});

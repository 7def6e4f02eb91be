// Proves sign-in and SMS codes hold against their own callers: the lock refuses the right password and grows, the owner unlocks by SMS, code guesses are counted atomically under a parallel burst, moving to a new phone needs the password and tells the old phone, reset/unlock codes reach only registered numbers without saying which, and per-device send limits hold.
import { createPayhubClient, type PayhubClient } from '@payhub/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../../../test/api-errors.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import type { SmsSender } from '../../platform/sms/sms-sender.ts';
import { LOGIN_LOCK_POLICY, SMS_SENDS_PER_DEVICE_PER_HOUR } from './user.service.ts';

let testApp: TestApp;
const texts: Array<{ phone: string; text: string }> = [];
const capturingSms: SmsSender = {
  async send({ phone, text }) {
    texts.push({ phone, text });
  },
};

beforeAll(async () => {
  // TRUST_PROXY lets the "remote" clients below come from their own addresses, so the per-address
  // route limits (30 sign-ins a minute) do not hide the account lock under test.
  testApp = await startTestApp({ env: { TRUST_PROXY: 'true' }, overrides: { sms: capturingSms } });
});
afterAll(async () => testApp?.close());

let addressCounter = 0;
/** A client whose every request comes from another address (X-Forwarded-For, trusted here). */
function remoteClient(projectId = 12): PayhubClient {
  const fetchFromManyAddresses = ((input: RequestInfo | URL, init?: RequestInit) => {
    addressCounter += 1;
    return fetch(input, {
      ...init,
      headers: {
        ...(init?.headers as Record<string, string>),
        'x-forwarded-for': `10.9.${(addressCounter >> 8) & 255}.${addressCounter & 255}`,
      },
    });
  }) as typeof fetch;
  return createPayhubClient({ baseUrl: testApp.baseUrl, projectId, fetch: fetchFromManyAddresses });
}

/** The dev reader answers loopback callers only, so this one client does not use remoteClient. */
async function codeFor(phone: string, purpose: 'register' | 'reset' | 'verify' | 'unlock') {
  return (await testApp.client().api.user.devLatestCode({ query: { phone, purpose } })).code;
}

/** Registers a fresh account; answers its national phone. */
async function register(phone: string, password: string): Promise<string> {
  const client = remoteClient();
  await client.api.user.sendCode({ query: { phone, purpose: 'register' } });
  const { user } = await client.api.user.register({
    body: { phone, password, code: await codeFor(phone, 'register') },
  });
  // Past the one-code-a-minute throttle of this phone, so the test may send it another code.
  testApp.clock.advance(61_000);
  return user.phone;
}

async function signIn(phone: string, password: string): Promise<PayhubClient> {
  const client = remoteClient();
  client.setToken((await client.api.user.login({ body: { phone, password } })).token);
  return client;
}

const wrongPassword = 'Wrong0000';

describe('the sign-in lock', () => {
  it('refuses the right password while locked (7030) and lets it in once the delay has passed', async () => {
    const phone = await register('081277000001', 'Right1234');
    const client = remoteClient();
    for (let attempt = 1; attempt <= LOGIN_LOCK_POLICY.freeAttempts; attempt += 1) {
      expect(
        (await failure(client.api.user.login({ body: { phone, password: wrongPassword } }))).errCode,
      ).toBe(7021);
    }
    const locked = await failure(client.api.user.login({ body: { phone, password: 'Right1234' } }));
    expect(locked.errCode).toBe(7030);
    expect(locked.httpStatus).toBe(429);
    testApp.clock.advance(LOGIN_LOCK_POLICY.baseDelayMs + 1);
    const session = await client.api.user.login({ body: { phone, password: 'Right1234' } });
    expect(session.user.phone).toBe(phone);
    // The success cleared the count: five more wrong passwords are allowed before the next lock.
    expect((await failure(client.api.user.login({ body: { phone, password: wrongPassword } }))).errCode).toBe(
      7021,
    );
  });

  it('doubles the delay with every attempt past the free ones', async () => {
    const phone = await register('081277000002', 'Right1234');
    const client = remoteClient();
    for (let attempt = 1; attempt <= LOGIN_LOCK_POLICY.freeAttempts; attempt += 1) {
      await failure(client.api.user.login({ body: { phone, password: wrongPassword } }));
    }
    testApp.clock.advance(LOGIN_LOCK_POLICY.baseDelayMs + 1);
    // One more wrong password after the first delay: the next lock is twice as long.
    expect((await failure(client.api.user.login({ body: { phone, password: wrongPassword } }))).errCode).toBe(
      7021,
    );
    testApp.clock.advance(LOGIN_LOCK_POLICY.baseDelayMs + 1);
    expect((await failure(client.api.user.login({ body: { phone, password: 'Right1234' } }))).errCode).toBe(
      7030,
    );
    testApp.clock.advance(LOGIN_LOCK_POLICY.baseDelayMs);
    await client.api.user.login({ body: { phone, password: 'Right1234' } });
  });

  it('a parallel burst of wrong passwords gets no more checks than a sequence', async () => {
    const phone = await register('081277000003', 'Right1234');
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        remoteClient().api.user.login({ body: { phone, password: wrongPassword } }),
      ),
    );
    const codes = answers.map((answer) => (answer.status === 'rejected' ? answer.reason.errCode : 'ok'));
    expect(codes.filter((code) => code === 7021)).toHaveLength(LOGIN_LOCK_POLICY.freeAttempts);
    expect(codes.filter((code) => code === 7030)).toHaveLength(20 - LOGIN_LOCK_POLICY.freeAttempts);
    expect(
      (await failure(remoteClient().api.user.login({ body: { phone, password: 'Right1234' } }))).errCode,
    ).toBe(7030);
  });

  it('the owner unlocks with an SMS code (purpose unlock); a password reset unlocks too', async () => {
    const phone = await register('081277000004', 'Right1234');
    const client = remoteClient();
    for (let attempt = 1; attempt <= LOGIN_LOCK_POLICY.freeAttempts; attempt += 1) {
      await failure(client.api.user.login({ body: { phone, password: wrongPassword } }));
    }
    expect((await failure(client.api.user.login({ body: { phone, password: 'Right1234' } }))).errCode).toBe(
      7030,
    );
    await remoteClient().api.user.sendCode({ query: { phone, purpose: 'unlock' } });
    expect(
      (await failure(client.api.user.unlock({ body: { phone, code: '000000' } })).catch(() => null))?.errCode,
    ).toBe(2002);
    await client.api.user.unlock({ body: { phone, code: await codeFor(phone, 'unlock') } });
    await client.api.user.login({ body: { phone, password: 'Right1234' } });

    for (let attempt = 1; attempt <= LOGIN_LOCK_POLICY.freeAttempts; attempt += 1) {
      await failure(client.api.user.login({ body: { phone, password: wrongPassword } }));
    }
    testApp.clock.advance(61_000);
    // The lock has passed by now; lock it again and reset the password instead.
    await failure(client.api.user.login({ body: { phone, password: wrongPassword } }));
    expect((await failure(client.api.user.login({ body: { phone, password: 'Right1234' } }))).errCode).toBe(
      7030,
    );
    await remoteClient().api.user.sendCode({ query: { phone, purpose: 'reset' } });
    await client.api.user.resetPassword({
      body: { phone, code: await codeFor(phone, 'reset'), password: 'Newer1234' },
    });
    await client.api.user.login({ body: { phone, password: 'Newer1234' } });
  });

  it('a number without an account answers like a locked account after as many tries', async () => {
    const client = remoteClient();
    const phone = '081277000099';
    for (let attempt = 1; attempt <= LOGIN_LOCK_POLICY.freeAttempts; attempt += 1) {
      expect(
        (await failure(client.api.user.login({ body: { phone, password: wrongPassword } }))).errCode,
      ).toBe(7021);
    }
    expect((await failure(client.api.user.login({ body: { phone, password: wrongPassword } }))).errCode).toBe(
      7030,
    );
  });
});

describe('SMS code attempts', () => {
  it('a parallel burst of wrong codes uses exactly the 5 attempts; the right code is dead afterwards', async () => {
    const phone = await register('081277000010', 'Right1234');
    const client = await signIn(phone, 'Right1234');
    await remoteClient().api.user.sendCode({ query: { phone, purpose: 'verify' } });
    const right = await codeFor(phone, 'verify');
    const wrongCodes = Array.from({ length: 30 }, (_, index) =>
      String((Number(right) + 1 + index) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.allSettled(
      wrongCodes.map((code) => client.api.user.verifyPhone({ body: { phone, code } })),
    );
    expect(answers.every((answer) => answer.status === 'rejected' && answer.reason.errCode === 2002)).toBe(
      true,
    );
    const { rows } = await testApp.database.pool.query(
      "SELECT attempts FROM sms_codes WHERE phone = $1 AND purpose = 'verify'",
      [phone],
    );
    expect(rows.map((row) => row.attempts)).toEqual([5]);
    expect((await failure(client.api.user.verifyPhone({ body: { phone, code: right } }))).errCode).toBe(2002);
  });

  it('of a burst holding the right code among wrong ones, at most 5 guesses are ever compared', async () => {
    // Six rounds, as the attack was measured: each a fresh code and 9 wrong guesses beside the
    // right one, all at once. Whatever the order, a code never takes a sixth attempt.
    const phone = await register('081277000011', 'Right1234');
    const client = await signIn(phone, 'Right1234');
    for (let round = 0; round < 6; round += 1) {
      testApp.clock.advance(3_600_000); // past the five-codes-an-hour throttle of the phone
      await remoteClient().api.user.sendCode({ query: { phone, purpose: 'verify' } });
      const right = await codeFor(phone, 'verify');
      const guesses = Array.from({ length: 9 }, (_, index) =>
        String((Number(right) + 1 + index) % 1_000_000).padStart(6, '0'),
      );
      guesses.push(right);
      await Promise.allSettled(guesses.map((code) => client.api.user.verifyPhone({ body: { phone, code } })));
    }
    const { rows } = await testApp.database.pool.query(
      "SELECT attempts FROM sms_codes WHERE phone = $1 AND purpose = 'verify'",
      [phone],
    );
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row.attempts).toBeLessThanOrEqual(5);
  });
});

describe('moving an account to a new phone', () => {
  it('needs the current password (3 without, 7013 wrong) and tells the old phone', async () => {
    const oldPhone = await register('081277000020', 'Right1234');
    const client = await signIn(oldPhone, 'Right1234');
    const newPhone = '081277000021';
    await client.api.user.sendNewPhoneCode({ body: { phone: newPhone } });
    const code = await codeFor(newPhone, 'verify');

    const missing = await failure(client.api.user.verifyPhone({ body: { phone: newPhone, code } }));
    expect(missing.errCode).toBe(3);
    expect(missing.errMsg).toContain('password');
    expect(
      (
        await failure(
          client.api.user.verifyPhone({ body: { phone: newPhone, code, password: wrongPassword } }),
        )
      ).errCode,
    ).toBe(7013);
    expect((await client.api.user.me()).phone).toBe(oldPhone);

    const moved = await client.api.user.verifyPhone({
      body: { phone: newPhone, code, password: 'Right1234' },
    });
    expect(moved.phone).toBe('81277000021');
    const notice = texts.find((text) => text.phone === oldPhone && !/\d{6}$/.test(text.text));
    expect(notice?.text).toContain('0021');
    const audit = await testApp.database.pool.query(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'user.phone.change' AND object_id = $1",
      [String(moved.id)],
    );
    expect(audit.rows[0].n).toBe(1);
  });

  it('wrong passwords on the phone change count toward the sign-in lock', async () => {
    const phone = await register('081277000022', 'Right1234');
    const client = await signIn(phone, 'Right1234');
    const newPhone = '081277000023';
    await client.api.user.sendNewPhoneCode({ body: { phone: newPhone } });
    const code = await codeFor(newPhone, 'verify');
    for (let attempt = 1; attempt <= LOGIN_LOCK_POLICY.freeAttempts; attempt += 1) {
      await failure(
        client.api.user.verifyPhone({ body: { phone: newPhone, code, password: wrongPassword } }),
      );
    }
    expect(
      (await failure(client.api.user.verifyPhone({ body: { phone: newPhone, code, password: 'Right1234' } })))
        .errCode,
    ).toBe(7030);
  });
});

describe('who gets a code', () => {
  it('reset, unlock and verify codes reach registered numbers only, with the same answer', async () => {
    const registered = await register('081277000030', 'Right1234');
    const unknown = '081277000031';
    for (const purpose of ['reset', 'unlock', 'verify'] as const) {
      testApp.clock.advance(61_000);
      const before = texts.length;
      const answerKnown = await remoteClient().api.user.sendCode({ query: { phone: registered, purpose } });
      const answerUnknown = await remoteClient().api.user.sendCode({ query: { phone: unknown, purpose } });
      expect(answerUnknown).toEqual(answerKnown);
      const sent = texts.slice(before).map((text) => text.phone);
      expect(sent).toEqual([registered]);
      // The throttle counts the number without an account the same way (one a minute).
      expect(
        (await failure(remoteClient().api.user.sendCode({ query: { phone: unknown, purpose } }))).errCode,
      ).toBe(2001);
    }
    // A reset of a number without an account answers like a wrong code, not "not registered".
    expect(
      (
        await failure(
          remoteClient().api.user.resetPassword({
            body: { phone: unknown, code: '123456', password: 'Abcd1234' },
          }),
        )
      ).errCode,
    ).toBe(2002);
  });

  it('a device gets a bounded number of codes an hour, whatever the numbers and addresses', async () => {
    const client = remoteClient();
    for (let index = 0; index < SMS_SENDS_PER_DEVICE_PER_HOUR; index += 1) {
      await client.api.user.sendCode({
        query: { phone: `0812771001${String(index).padStart(2, '0')}`, purpose: 'register' },
      });
    }
    expect(
      (await failure(client.api.user.sendCode({ query: { phone: '081277100199', purpose: 'register' } })))
        .errCode,
    ).toBe(7028);
    // The registration question asked directly draws on the same budget.
    expect((await failure(client.api.user.checkPhone({ body: { phone: '081277100199' } }))).errCode).toBe(
      7028,
    );
  });
});

describe('changing the password while signed in', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const phone = await register('081277000040', 'Right1234');
    const client = await signIn(phone, 'Right1234');
    const other = await signIn(phone, 'Right1234');
    expect(
      (
        await failure(
          client.api.user.changePassword({ body: { currentPassword: wrongPassword, password: 'Next1234' } }),
        )
      ).errCode,
    ).toBe(7013);
    await client.api.user.changePassword({ body: { currentPassword: 'Right1234', password: 'Next1234' } });
    expect((await client.api.user.me()).phone).toBe(phone);
    expect((await failure(other.api.user.me())).errCode).toBe(1);
    expect(
      (await failure(remoteClient().api.user.login({ body: { phone, password: 'Right1234' } }))).errCode,
    ).toBe(7021);
    await remoteClient().api.user.login({ body: { phone, password: 'Next1234' } });
    expect(
      (
        await failure(
          client.api.user.changePassword({ body: { currentPassword: 'Next1234', password: 'short' } }),
        )
      ).errCode,
    ).toBe(3);
  });
});

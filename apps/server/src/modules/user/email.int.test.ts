// Proves email binding by real SMTP: the code reaches the embedded SMTP capture (nodemailer to
// smtp-server) in the caller's language (Indonesian for an id-ID player), binds only the address it
// was sent to, once; a change needs the authenticator code when two-step verification is on; the
// dev mail reader answers loopback callers only in development; bad input changes nothing; an SMS
// code and an email code are throttled each on their own channel.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
const errCode = async (promise: Promise<unknown>) => (await failure(promise)).errCode;

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
});
afterAll(async () => testApp?.close());

const reader = () => testApp.client().api.email;
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;

describe('email binding', () => {
  it('mails the code in Indonesian to an id-ID player and binds the address with it, once', async () => {
    const player = await testApp.signIn('player');
    expect(await player.api.email.sendCode({ body: { email: 'Budi@Example.com' } })).toEqual({
      expiresInSeconds: 600,
      resendAfterSeconds: 60,
    });
    const mail = await reader().devLatestMail({ query: { to: 'budi@example.com' } });
    expect(mail.language).toBe('id-ID');
    expect(mail.subject).toMatch(/^Kode verifikasi email Anda: \d{6}$/);
    expect(mail.text).toContain('Kode berlaku 10 menit');
    const code = codeIn(mail.text);
    // A code binds only the address it was sent to.
    expect(await errCode(player.api.email.bind({ body: { email: 'other@example.com', code } }))).toBe(2002);
    const bound = await player.api.email.bind({ body: { email: 'budi@example.com', code } });
    expect(bound.email).toBe('budi@example.com');
    expect(await errCode(player.api.email.bind({ body: { email: 'budi@example.com', code } }))).toBe(2002);
    expect(await errCode(player.api.email.sendCode({ body: { email: 'budi@example.com' } }))).toBe(2001);
  });

  it('mails in Spanish and English for those languages; an expired code answers 7016', async () => {
    const player = await testApp.signIn('player-2');
    player.setLanguage('es-MX');
    await player.api.email.sendCode({ body: { email: 'ana@example.com' } });
    const mail = await reader().devLatestMail({ query: { to: 'ana@example.com' } });
    expect(mail.language).toBe('es-MX');
    expect(mail.subject).toMatch(/^Tu código de verificación de correo: \d{6}$/);
    testApp.clock.advance(11 * 60_000);
    expect(
      await errCode(player.api.email.bind({ body: { email: 'ana@example.com', code: codeIn(mail.text) } })),
    ).toBe(7016);
    player.setLanguage('en');
    await player.api.email.sendCode({ body: { email: 'ana@example.com' } });
    const again = await reader().devLatestMail({ query: { to: 'ana@example.com' } });
    expect(again.subject).toMatch(/^Your email verification code: \d{6}$/);
    expect(
      (await player.api.email.bind({ body: { email: 'ana@example.com', code: codeIn(again.text) } })).email,
    ).toBe('ana@example.com');
  });

  it('a change needs the authenticator code when two-step verification is on', async () => {
    const player = await testApp.signIn('player');
    const account = testApp.accounts.find((entry) => entry.label === 'player' && entry.projectId === 12)!;
    const setup = await player.api.twoFactor.setup({ body: { password: account.password } });
    const totp = new TOTP({ secret: Secret.fromBase32(setup.secret) });
    await player.api.twoFactor.enable({
      body: { code: totp.generate({ timestamp: testApp.clock.now().getTime() }) },
    });
    testApp.clock.advance(2 * 60_000);
    await player.api.email.sendCode({ body: { email: 'budi.baru@example.com' } });
    const code = codeIn((await reader().devLatestMail({ query: { to: 'budi.baru@example.com' } })).text);
    expect(await errCode(player.api.email.bind({ body: { email: 'budi.baru@example.com', code } }))).toBe(
      7045,
    );
    expect((await player.api.user.me()).email).toBe('budi@example.com');
    const otp = totp.generate({ timestamp: testApp.clock.now().getTime() });
    const changed = await player.api.email.bind({ body: { email: 'budi.baru@example.com', code, otp } });
    expect(changed.email).toBe('budi.baru@example.com');
  });

  it('an SMS just sent does not hold back the email code, nor an email code the next SMS', async () => {
    // The player journey's order: register by SMS, then bind an email within the minute.
    const client = testApp.client();
    const phone = '081234569901';
    await client.api.user.sendCode({ query: { phone, purpose: 'register' } });
    const code = (await client.api.user.devLatestCode({ query: { phone, purpose: 'register' } })).code;
    const { token } = await client.api.user.register({ body: { phone, password: 'secret123', code } });
    client.setToken(token);
    await client.api.email.sendCode({ body: { email: 'baru@example.com' } });
    // Each channel keeps its own minute: a second email and a second SMS are refused within it.
    expect(await errCode(client.api.email.sendCode({ body: { email: 'baru@example.com' } }))).toBe(2001);
    expect(await errCode(testApp.client().api.user.sendCode({ query: { phone, purpose: 'reset' } }))).toBe(
      2001,
    );
    testApp.clock.advance(61_000);
    await client.api.email.sendCode({ body: { email: 'baru@example.com' } });
    // The email code sent this second does not refuse the SMS (its own last send was a minute ago).
    await testApp.client().api.user.sendCode({ query: { phone, purpose: 'reset' } });
  });

  it('bad input answers 3 and changes nothing; the reader has nothing for unknown addresses', async () => {
    const player = await testApp.signIn('player-2');
    for (const email of ['', 'not-an-email', `${'a'.repeat(250)}@x.io`])
      expect(await errCode(player.api.email.sendCode({ body: { email } })), email).toBe(3);
    for (const body of [
      { email: 'ana@example.com', code: '12345' },
      { email: 'ana@example.com', code: 'abcdef' },
      { email: 'nope', code: '123456' },
      { email: 'ana@example.com', code: '123456', otp: '1' },
    ])
      expect(await errCode(player.api.email.bind({ body })), JSON.stringify(body)).toBe(3);
    expect((await player.api.user.me()).email).toBe('ana@example.com');
    expect(await errCode(reader().devLatestMail({ query: { to: 'nobody@example.com' } }))).toBe(404);
    expect(await errCode(testApp.client().api.email.sendCode({ body: { email: 'x@example.com' } }))).toBe(1);
  });
});

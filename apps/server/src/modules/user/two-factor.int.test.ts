// Proves TOTP two-factor through the real app with the manual clock: enrolment with a QR code and a
// confirming code; sign-in needs a code; a code from the current step signs in once (replay refused);
// codes of the step before and after are accepted; five wrong codes lock it; a recovery code works
// once; disabling needs a code; the secret is sealed at rest; bad input changes nothing.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
let secret = '';
let recoveryCodes: string[] = [];
const STEP = 30_000;

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  // Steps are counted from the epoch: start in the middle of one so ±1 step is unambiguous.
  const now = testApp.clock.now().getTime();
  testApp.clock.set(new Date(now - (now % STEP) + STEP / 2));
});
afterAll(async () => testApp?.close());

function codeAt(offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: testApp.clock.now().getTime() + offsetSteps * STEP });
}

const account = () => testApp.accounts.find((entry) => entry.label === 'player' && entry.projectId === 12)!;
const login = (otp?: string) =>
  testApp.client().api.user.login({
    body: { phone: account().phone, password: account().password, ...(otp === undefined ? {} : { otp }) },
  });
const errCode = async (promise: Promise<unknown>) => (await failure(promise)).errCode;

describe('two-factor enrolment', () => {
  it('needs the password, shows a QR code, and turns on only with a right code from the app', async () => {
    const player = await testApp.signIn('player');
    expect(await player.api.twoFactor.status()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(await errCode(player.api.twoFactor.setup({ body: { password: 'wrong-password' } }))).toBe(7013);
    const setup = await player.api.twoFactor.setup({ body: { password: account().password } });
    expect(setup.qrCode.startsWith('data:image/png;base64,')).toBe(true);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    secret = setup.secret;
    const { rows } = await testApp.database.pool.query<{ secret_sealed: string }>(
      'SELECT secret_sealed FROM user_two_factor WHERE user_id = $1',
      [(await player.api.user.me()).id],
    );
    expect(rows[0]!.secret_sealed.startsWith('v1.')).toBe(true);
    expect(rows[0]!.secret_sealed).not.toContain(secret);

    expect(await errCode(player.api.twoFactor.enable({ body: { code: codeAt(5) } }))).toBe(7046);
    expect((await player.api.twoFactor.status()).enabled).toBe(false);
    const enabled = await player.api.twoFactor.enable({ body: { code: codeAt() } });
    recoveryCodes = enabled.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await player.api.twoFactor.status()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(await errCode(player.api.twoFactor.setup({ body: { password: account().password } }))).toBe(7048);
  });
});

describe('two-factor sign-in', () => {
  it('asks for a code; the current step signs in once; ±1 step accepted', async () => {
    expect(await errCode(login())).toBe(7045);
    // The enrolment's code is used: the same step is refused.
    expect(await errCode(login(codeAt()))).toBe(7046);
    testApp.clock.advance(STEP);
    const signedIn = await login(codeAt());
    expect(signedIn.token).toBeTruthy();
    expect(await errCode(login(codeAt()))).toBe(7046);
    // The phone's clock one step ahead, then one behind a later server step.
    testApp.clock.advance(STEP);
    expect((await login(codeAt(1))).token).toBeTruthy();
    testApp.clock.advance(3 * STEP);
    expect((await login(codeAt(-1))).token).toBeTruthy();
    testApp.clock.advance(STEP);
    expect(await errCode(login(codeAt(2)))).toBe(7046);
    expect(await errCode(login(codeAt(-2)))).toBe(7046);
  });

  it('locks after five wrong codes for 15 minutes, the right code included', async () => {
    testApp.clock.advance(10 * STEP);
    // Two wrong codes counted above (no success since): three more make five.
    const wrong = codeAt(10);
    for (let attempt = 0; attempt < 3; attempt++) expect(await errCode(login(wrong))).toBe(7046);
    expect(await errCode(login(codeAt()))).toBe(7047);
    testApp.clock.advance(15 * 60_000);
    expect((await login(codeAt())).token).toBeTruthy();
  });

  it('a recovery code works once', async () => {
    const code = recoveryCodes[0]!;
    expect((await login(code.toUpperCase())).token).toBeTruthy();
    expect(await errCode(login(code))).toBe(7046);
    const player = await testApp.signIn('player').catch(() => null);
    expect(player).toBeNull();
    const signed = testApp.client();
    const { token } = await signed.api.user.login({
      body: { phone: account().phone, password: account().password, otp: recoveryCodes[1]! },
    });
    signed.setToken(token);
    expect((await signed.api.twoFactor.status()).recoveryCodesLeft).toBe(8);
  });

  it('a withdrawal address and a USDT withdrawal need a code from the app', async () => {
    const signed = testApp.client();
    testApp.clock.advance(STEP);
    signed.setToken((await login(codeAt())).token);
    const address = '0x4444444444444444444444444444444444444444';
    const smsCode = async () => {
      await signed.api.chain.addressCode();
      return (
        await testApp
          .client()
          .api.user.devLatestCode({ query: { phone: account().phone, purpose: 'crypto_address' } })
      ).code;
    };
    // One SMS code: a refusal for the second factor leaves it unused.
    const sms = await smsCode();
    expect(await errCode(signed.api.chain.addAddress({ body: { address, label: 'mine', code: sms } }))).toBe(
      7045,
    );
    expect(
      await errCode(
        signed.api.chain.addAddress({
          body: { address, label: 'mine', code: sms, otp: codeAt() },
        }),
      ),
    ).toBe(7046); // the sign-in used this step's code
    // Nothing was added (the demo player's seeded "Dompet demo" entry is the only one).
    const listed = await signed.api.chain.addresses();
    expect(listed.items.map((item) => item.address.toLowerCase())).not.toContain(address);
    expect(listed.items.map((item) => item.label)).toEqual(['Dompet demo']);
    testApp.clock.advance(STEP);
    const entry = await signed.api.chain.addAddress({
      body: { address, label: 'mine', code: sms, otp: codeAt() },
    });
    expect(entry.address.toLowerCase()).toBe(address);
    expect(await errCode(signed.api.chain.withdraw({ body: { amount: '20', addressId: entry.id } }))).toBe(
      7045,
    );
  });

  it('bad input answers 3 and changes nothing; disabling needs a code', async () => {
    const signed = testApp.client();
    testApp.clock.advance(STEP);
    signed.setToken((await login(codeAt())).token);
    for (const otp of ['12345', '1234567', 'abcd1-fghij', 'xxxxx', ''])
      expect(await errCode(login(otp)), otp).toBe(3);
    for (const code of ['12345', 'abcde-fghi', '']) {
      expect(await errCode(signed.api.twoFactor.enable({ body: { code } })), code).toBe(3);
      expect(await errCode(signed.api.twoFactor.disable({ body: { code } })), code).toBe(3);
    }
    expect(await errCode(signed.api.twoFactor.setup({ body: { password: '' } }))).toBe(3);
    expect(await signed.api.twoFactor.status()).toEqual({ enabled: true, recoveryCodesLeft: 8 });
    expect(await errCode(signed.api.twoFactor.disable({ body: { code: codeAt(4) } }))).toBe(7046);
    testApp.clock.advance(STEP);
    await signed.api.twoFactor.disable({ body: { code: codeAt() } });
    expect(await signed.api.twoFactor.status()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await login()).token).toBeTruthy();
    expect(await errCode(testApp.client().api.twoFactor.status())).toBe(1);
  });
});

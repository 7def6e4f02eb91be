// Proves amount gift codes through the real routes: only an admin creates them; 100 parallel
// redemptions of a single-use code → exactly one credit; per-player limit, expiry, new users only and
// unknown codes each answer their code with nothing moved; a second account on the same device is
// refused (8006, sequentially and in parallel) and a reward_abuse case opened; the ledger check clean.
import type { PayhubClient } from '@payhub/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, walletOf } from '../../../test/payhub-helpers.ts';
import { errCodeOf, registerPlayer } from '../../../test/promo-support.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
const PROJECT = 12;

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '10000000' } });
});
afterAll(async () => testApp?.close());

const inDays = (days: number) => Math.floor(testApp.clock.now().getTime() / 1000) + days * 86_400;
const giftBody = (
  code: string,
  extra: Partial<{
    maxRedemptions: number;
    perPlayer: number;
    newUsersOnly: boolean;
    expiresAt: number;
  }> = {},
) => ({
  body: {
    code,
    amount: '25000.00',
    maxRedemptions: 1,
    perPlayer: 1,
    newUsersOnly: false,
    expiresAt: inDays(3),
    ...extra,
  },
});

describe('gift codes', () => {
  it('lets only an admin create codes; refuses a taken code and bad input', async () => {
    const admin = await testApp.signIn('admin', PROJECT);
    const player = await testApp.signIn('player', PROJECT);
    expect(await errCodeOf(player.api.rewards.createGiftCode(giftBody('PLAYERMADE')))).toBe(1031);
    await admin.api.rewards.createGiftCode(giftBody('WELCOME1'));
    expect(await errCodeOf(admin.api.rewards.createGiftCode(giftBody('welcome1')))).toBe(4013);
    expect(
      await errCodeOf(
        admin.api.rewards.createGiftCode({ body: { ...giftBody('X1X1X1').body, amount: '0' } }),
      ),
    ).toBe(3);
    expect(
      await errCodeOf(admin.api.rewards.createGiftCode(giftBody('PASTCODE', { expiresAt: inDays(-1) }))),
    ).toBe(3);
  });

  it('pays a single-use code exactly once under 100 parallel redemptions', async () => {
    const admin = await testApp.signIn('admin', PROJECT);
    await admin.api.rewards.createGiftCode(giftBody('RACE100'));
    const players = [await testApp.signIn('player', PROJECT), await testApp.signIn('player-2', PROJECT)];
    const before = await Promise.all(players.map(walletOf));
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, index) =>
        players[index % 2]!.api.rewards.redeemGiftCode({ body: { code: 'race100' } }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results)
      if (result.status === 'rejected')
        expect([8003, 8006]).toContain((result.reason as { errCode: number }).errCode);
    const after = await Promise.all(players.map(walletOf));
    expect(after[0]!.balance - before[0]!.balance + (after[1]!.balance - before[1]!.balance)).toBe(
      2_500_000n,
    );
    await expectLedgerClean(testApp);
  }, 60_000);

  it('answers per-player limit, expiry, new users only and unknown codes, moving nothing', async () => {
    const admin = await testApp.signIn('admin', PROJECT);
    const player = await testApp.signIn('player', PROJECT);
    await admin.api.rewards.createGiftCode(giftBody('MANY10', { maxRedemptions: 10 }));
    await admin.api.rewards.createGiftCode(giftBody('SOON01', { expiresAt: inDays(1) }));
    await admin.api.rewards.createGiftCode(
      giftBody('NEWBIE', { maxRedemptions: 10, newUsersOnly: true, expiresAt: inDays(30) }),
    );
    await player.api.rewards.redeemGiftCode({ body: { code: 'MANY10' } });
    const start = await walletOf(player);
    expect(await errCodeOf(player.api.rewards.redeemGiftCode({ body: { code: 'MANY10' } }))).toBe(8006);
    expect(await errCodeOf(player.api.rewards.redeemGiftCode({ body: { code: 'NOSUCHCODE' } }))).toBe(8010);
    expect(await errCodeOf(player.api.rewards.redeemGiftCode({ body: { code: '!!' } }))).toBe(3);
    // A player registered now is new; 8 days later the seeded player is not.
    const { client: fresh } = await registerPlayer(testApp, '81377000001', PROJECT);
    expect((await fresh.api.rewards.redeemGiftCode({ body: { code: 'newbie' } })).amount).toBe('25000.00');
    testApp.clock.advance(8 * 86_400_000);
    expect(await errCodeOf(player.api.rewards.redeemGiftCode({ body: { code: 'NEWBIE' } }))).toBe(8002);
    expect(await errCodeOf(player.api.rewards.redeemGiftCode({ body: { code: 'SOON01' } }))).toBe(8005);
    expect((await walletOf(player)).balance).toBe(start.balance);
    await expectLedgerClean(testApp);
  }, 60_000);

  it('refuses a second account on the same device (8006), opens a case, moves nothing; one under a race', async () => {
    const admin = await testApp.signIn('admin', PROJECT);
    let seq = 0;
    const onDevice = async (device: string): Promise<{ client: PayhubClient; id: number }> => {
      seq += 1;
      const phone = `81${String(Date.now() % 1e5).padStart(5, '0')}7${String(seq).padStart(3, '0')}`;
      const client = testApp.deviceClient(device, PROJECT);
      await client.api.user.sendCode({ query: { phone, purpose: 'register' } });
      const { code } = await client.api.user.devLatestCode({ query: { phone, purpose: 'register' } });
      const session = await client.api.user.register({ body: { phone, password: 'player123', code } });
      client.setToken(session.token);
      return { client, id: session.user.id };
    };
    await admin.api.rewards.createGiftCode(giftBody('FAMILY10', { maxRedemptions: 10 }));
    const first = await onDevice('family-phone');
    const second = await onDevice('family-phone');
    const elsewhere = await onDevice('own-phone');
    await first.client.api.rewards.redeemGiftCode({ body: { code: 'FAMILY10' } });
    const before = await walletOf(second.client);
    expect(await errCodeOf(second.client.api.rewards.redeemGiftCode({ body: { code: 'FAMILY10' } }))).toBe(
      8006,
    );
    expect((await walletOf(second.client)).balance).toBe(before.balance);
    const { rows } = await testApp.database.pool.query<{
      rule: string;
      status: string;
      details: { reward: string; reasons: string[]; sharedWith: number[] };
    }>(`SELECT rule, status, details FROM payhub_cases WHERE subject_type = 'player' AND subject_id = $1`, [
      String(second.id),
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      rule: 'reward_abuse',
      status: 'open',
      details: { reward: 'gift_code', reasons: ['same_device'], sharedWith: [first.id] },
    });
    // Another device redeems as usual; the code counts two redemptions.
    expect((await elsewhere.client.api.rewards.redeemGiftCode({ body: { code: 'FAMILY10' } })).amount).toBe(
      '25000.00',
    );
    const listed = await admin.api.console.giftCodes({ query: { q: 'FAMILY10' } });
    expect(listed.items[0]?.redeemed).toBe(2);

    // Two accounts of one device redeeming at once: exactly one is paid.
    await admin.api.rewards.createGiftCode(giftBody('RACEDEV', { maxRedemptions: 10 }));
    const racers = [await onDevice('race-phone'), await onDevice('race-phone')];
    const starts = await Promise.all(racers.map((racer) => walletOf(racer.client)));
    const results = await Promise.allSettled(
      racers.map((racer) => racer.client.api.rewards.redeemGiftCode({ body: { code: 'RACEDEV' } })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results)
      if (result.status === 'rejected') expect((result.reason as { errCode: number }).errCode).toBe(8006);
    const ends = await Promise.all(racers.map((racer) => walletOf(racer.client)));
    expect(ends[0]!.balance - starts[0]!.balance + (ends[1]!.balance - starts[1]!.balance)).toBe(2_500_000n);
    await expectLedgerClean(testApp);
  }, 120_000);
});

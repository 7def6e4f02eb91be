// Proves spin codes and the provably-fair wheel through the real routes: a spins code grants credits;
// each spin lands on wheelSegment(seed pair, nonce) (recomputed from the seed revealed by rotation) and
// pays its prize from the bonus pool; a retried spin id answers the first spin and pays nothing more;
// 40 parallel spins with 3 credits → exactly 3; 100 parallel redemptions of a single-use spins code →
// one; every one of spec §8's 8001–8011 cases answers its code with nothing moved; bad input → 3.

import type { PayhubClient } from '@payhub/client';
import { commitServerSeed, wheelPrize, wheelSegment } from '@payhub/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, uploadVoucher, walletOf } from '../../../test/payhub-helpers.ts';
import { errCodeOf, registerPlayer } from '../../../test/promo-support.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
let admin: PayhubClient;
const PROJECT = 12;
let phone = 81377100000;

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '10000000' } });
  admin = await testApp.signIn('admin', PROJECT);
}, 120_000);
afterAll(async () => testApp?.close());

const inDays = (days: number) => Math.floor(testApp.clock.now().getTime() / 1000) + days * 86_400;
type CodeOptions = Partial<{
  kind: 'amount' | 'spins';
  amount: string;
  spins: number;
  maxRedemptions: number;
  perPlayer: number;
  newUsersOnly: boolean;
  depositRequired: boolean;
  startsAt: number | null;
  expiresAt: number;
  networks: string[];
}>;
const spinsCode = (code: string, extra: CodeOptions = {}) => ({
  body: {
    code,
    kind: 'spins' as const,
    spins: 3,
    maxRedemptions: 100,
    perPlayer: 1,
    newUsersOnly: false,
    depositRequired: false,
    expiresAt: inDays(3),
    networks: [],
    ...extra,
  },
});
const freshPlayer = async () => {
  phone += 1;
  return (await registerPlayer(testApp, String(phone), PROJECT)).client;
};
let spinCounter = 0;
const spinId = () => {
  spinCounter += 1;
  return `spin-${Date.now()}-${spinCounter}`;
};

describe('spin codes and the wheel', () => {
  it('grants spins, lands each on the seed pair’s segment, pays from the pool, replays a spin id', async () => {
    await admin.api.rewards.createGiftCode(spinsCode('SPIN3'));
    const player = await freshPlayer();
    expect(await player.api.rewards.redeemGiftCode({ body: { code: 'spin3' } })).toEqual({
      kind: 'spins',
      asset: 'IDR',
      amount: null,
      spins: 3,
    });
    const state = await player.api.rewards.wheel();
    expect(state.spins).toBe(3);
    expect(state.segments).toHaveLength(8);
    expect(state.seed.nonce).toBe(0);
    const before = await walletOf(player);
    const key = spinId();
    const first = await player.api.rewards.spinWheel({ body: { spinId: key } });
    expect(first.spins).toBe(2);
    expect(first.spin.serverSeed).toBeNull();
    expect(first.spin.nonce).toBe(0);
    expect(first.spin.serverSeedHash).toBe(state.seed.serverSeedHash);
    // The same spin id again: the same spin, no second prize, no credit used.
    const replay = await player.api.rewards.spinWheel({ body: { spinId: key } });
    expect(replay.spin).toEqual(first.spin);
    expect(replay.spins).toBe(2);
    const second = await player.api.rewards.spinWheel({ body: { spinId: spinId() } });
    expect(second.spin.nonce).toBe(1);
    const after = await walletOf(player);
    const prizes = [first.spin.segment, second.spin.segment].map((segment) => wheelPrize(segment, 'IDR'));
    expect(after.balance - before.balance).toBe(prizes[0]! + prizes[1]!);
    // Rotating reveals the seed: both spins recompute from it; the next pair becomes active.
    const rotated = await player.api.rewards.rotateWheelSeed({ body: { clientSeed: 'my-own-seed' } });
    expect(commitServerSeed(rotated.revealed.serverSeed)).toBe(state.seed.serverSeedHash);
    expect(rotated.revealed.spins).toBe(2);
    expect(rotated.seed).toMatchObject({
      serverSeedHash: state.seed.nextServerSeedHash,
      clientSeed: 'my-own-seed',
      nonce: 0,
    });
    const history = (await player.api.rewards.wheel()).history;
    expect(history).toHaveLength(2);
    for (const spin of history) {
      expect(spin.serverSeed).toBe(rotated.revealed.serverSeed);
      expect(
        wheelSegment({ serverSeed: spin.serverSeed!, clientSeed: spin.clientSeed, nonce: spin.nonce }),
      ).toBe(spin.segment);
    }
    const third = await player.api.rewards.spinWheel({ body: { spinId: spinId() } });
    expect(third.spin).toMatchObject({ clientSeed: 'my-own-seed', nonce: 0 });
    expect(await errCodeOf(player.api.rewards.spinWheel({ body: { spinId: spinId() } }))).toBe(4014);
    const rewards = (await player.api.rewards.rewardHistory()).items;
    expect(rewards.filter((item) => item.kind === 'wheel')).toHaveLength(3);
    await expectLedgerClean(testApp);
  }, 120_000);

  it('spends exactly the credits under 40 parallel spins', async () => {
    await admin.api.rewards.createGiftCode(spinsCode('PARALLEL3'));
    const player = await freshPlayer();
    await player.api.rewards.redeemGiftCode({ body: { code: 'PARALLEL3' } });
    const before = await walletOf(player);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => player.api.rewards.spinWheel({ body: { spinId: spinId() } })),
    );
    const won = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.spin] : []));
    expect(won).toHaveLength(3);
    expect(new Set(won.map((spin) => spin.nonce))).toEqual(new Set([0, 1, 2]));
    for (const result of results)
      if (result.status === 'rejected') expect((result.reason as { errCode: number }).errCode).toBe(4014);
    const paid = won.reduce((sum, spin) => sum + wheelPrize(spin.segment, 'IDR'), 0n);
    expect((await walletOf(player)).balance - before.balance).toBe(paid);
    await expectLedgerClean(testApp);
  }, 120_000);

  it('redeems a single-use spins code once under 100 parallel redemptions', async () => {
    await admin.api.rewards.createGiftCode(spinsCode('ONESPIN', { spins: 1, maxRedemptions: 1 }));
    const players = [await freshPlayer(), await freshPlayer(), await freshPlayer(), await freshPlayer()];
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, index) =>
        players[index % players.length]!.api.rewards.redeemGiftCode({ body: { code: 'ONESPIN' } }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results)
      if (result.status === 'rejected')
        expect([8003, 8006]).toContain((result.reason as { errCode: number }).errCode);
    const spins = await Promise.all(players.map(async (player) => (await player.api.rewards.wheel()).spins));
    expect(spins.reduce((sum, count) => sum + count, 0)).toBe(1);
  }, 120_000);

  it('redeems one of two spin codes sent at once while none is unspent: the other is 8004', async () => {
    // Each redemption locks its own code's row: both used to see no spins unspent and both granted.
    await admin.api.rewards.createGiftCode(spinsCode('PAIRA', { spins: 2 }));
    await admin.api.rewards.createGiftCode(spinsCode('PAIRB', { spins: 2 }));
    for (let round = 0; round < 3; round += 1) {
      const player = await freshPlayer();
      const results = await Promise.allSettled([
        player.api.rewards.redeemGiftCode({ body: { code: 'PAIRA' } }),
        player.api.rewards.redeemGiftCode({ body: { code: 'PAIRB' } }),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
      expect((refused.reason as { errCode: number }).errCode).toBe(8004);
      expect((await player.api.rewards.wheel()).spins).toBe(2);
    }
  }, 120_000);

  it('answers each of 8001–8011 with its code, moving nothing', async () => {
    const player = await freshPlayer();
    const start = await walletOf(player);
    const redeem = (code: string) => errCodeOf(player.api.rewards.redeemGiftCode({ body: { code } }));
    // 8001: a code of another site (project 10).
    const admin10 = await testApp.signIn('admin', 10);
    await admin10.api.rewards.createGiftCode(spinsCode('OTHERSITE'));
    expect(await redeem('OTHERSITE')).toBe(8001);
    // 8002: new users only — 8 days after registering the player is no longer new.
    await admin.api.rewards.createGiftCode(
      spinsCode('NEWONLY', { newUsersOnly: true, expiresAt: inDays(30) }),
    );
    testApp.clock.advance(8 * 86_400_000);
    expect(await redeem('NEWONLY')).toBe(8002);
    // 8003: every redemption taken.
    await admin.api.rewards.createGiftCode(spinsCode('TAKEN1', { maxRedemptions: 1 }));
    await (await freshPlayer()).api.rewards.redeemGiftCode({ body: { code: 'TAKEN1' } });
    expect(await redeem('TAKEN1')).toBe(8003);
    // 8004: spins of another code still unused.
    await admin.api.rewards.createGiftCode(spinsCode('FIRSTBONUS'));
    await admin.api.rewards.createGiftCode(spinsCode('SECONDBONUS'));
    await player.api.rewards.redeemGiftCode({ body: { code: 'FIRSTBONUS' } });
    expect(await redeem('SECONDBONUS')).toBe(8004);
    // 8005 expired, 8007 not started.
    await admin.api.rewards.createGiftCode(spinsCode('SHORTLIVED', { expiresAt: inDays(1) }));
    await admin.api.rewards.createGiftCode(
      spinsCode('LATERCODE', { startsAt: inDays(5), expiresAt: inDays(9) }),
    );
    expect(await redeem('LATERCODE')).toBe(8007);
    // 8006: the player's own limit (an amount code, so 8004 does not come first).
    await admin.api.rewards.createGiftCode({
      body: { ...spinsCode('AMOUNTONCE').body, kind: 'amount', spins: undefined, amount: '1000.00' },
    });
    await player.api.rewards.redeemGiftCode({ body: { code: 'AMOUNTONCE' } });
    expect(await redeem('AMOUNTONCE')).toBe(8006);
    const afterAmount = await walletOf(player);
    expect(afterAmount.balance - start.balance).toBe(100_000n);
    // 8008: outside the code's networks (tests call from 127.0.0.1).
    await admin.api.rewards.createGiftCode(spinsCode('JAKARTANET', { networks: ['36.64.0.0/11'] }));
    expect(await redeem('JAKARTANET')).toBe(8008);
    await admin.api.rewards.createGiftCode(spinsCode('LOCALNET', { networks: ['127.0.0.0/8', '::1/128'] }));
    // 8009: a deposit required, the fresh player has none.
    await admin.api.rewards.createGiftCode(spinsCode('DEPOSITORS', { depositRequired: true }));
    expect(await redeem('DEPOSITORS')).toBe(8009);
    // 8010: no such code anywhere.
    expect(await redeem('NOSUCHCODE')).toBe(8010);
    // 8011: deactivated in the console.
    await admin.api.rewards.createGiftCode(spinsCode('SWITCHEDOFF'));
    const listed = await admin.api.console.giftCodes({ query: { q: 'switched' } });
    expect(listed.items.map((item) => item.code)).toEqual(['SWITCHEDOFF']);
    const off = await admin.api.console.deactivateGiftCode({ params: { id: listed.items[0]!.id } });
    expect(off.active).toBe(false);
    expect(await redeem('SWITCHEDOFF')).toBe(8011);
    expect((await walletOf(player)).balance).toBe(afterAmount.balance);
    // The networks that do hold the caller let it through; expiry comes last in time.
    const other = await freshPlayer();
    expect((await other.api.rewards.redeemGiftCode({ body: { code: 'LOCALNET' } })).spins).toBe(3);
    testApp.clock.advance(2 * 86_400_000);
    expect(await redeem('SHORTLIVED')).toBe(8005);
    // The console sees the redemptions of a code.
    const codes = await admin.api.console.giftCodes({ query: { q: 'LOCALNET' } });
    const redemptions = await admin.api.console.giftRedemptions({
      params: { id: codes.items[0]!.id },
      query: {},
    });
    expect(redemptions.items).toHaveLength(1);
    expect(redemptions.items[0]).toMatchObject({ spins: 3, amount: null });
    await expectLedgerClean(testApp);
  }, 180_000);

  it('pays a deposit-required code once the player has a credited deposit', async () => {
    const player = await testApp.signIn('player', PROJECT);
    const operators = [await testApp.signIn('operator'), await testApp.signIn('operator-2')];
    const order = await player.api.payhub.createOrder({ body: { amount: '50000', bankCode: 'BCA' } });
    await player.api.payhub.voucher({ body: { id: order.id, voucherUrl: await uploadVoucher(player) } });
    for (const operator of operators)
      if (order.operatorId === (await operator.api.user.me()).id)
        await operator.api.payhub.payCheck({ body: { id: order.id, action: 'confirm' } });
    await admin.api.rewards.createGiftCode({
      body: {
        ...spinsCode('DEPOSITED').body,
        kind: 'amount',
        spins: undefined,
        amount: '500.00',
        depositRequired: true,
      },
    });
    expect((await player.api.rewards.redeemGiftCode({ body: { code: 'DEPOSITED' } })).amount).toBe('500.00');
  }, 120_000);

  it('refuses bad input on every new endpoint with 3, nothing created', async () => {
    const player = await freshPlayer();
    const bad = [
      () => admin.api.rewards.createGiftCode({ body: { ...spinsCode('BOTHKINDS').body, amount: '10.00' } }),
      () => admin.api.rewards.createGiftCode({ body: { ...spinsCode('NOSPINS').body, spins: undefined } }),
      () => admin.api.rewards.createGiftCode({ body: { ...spinsCode('MANYSPINS').body, spins: 101 } }),
      () =>
        admin.api.rewards.createGiftCode({
          body: { ...spinsCode('BADNET').body, networks: ['999.1.1.1/8'] },
        }),
      () =>
        admin.api.rewards.createGiftCode({
          body: { ...spinsCode('BADNET2').body, networks: ['10.0.0.0/33'] },
        }),
      () =>
        admin.api.rewards.createGiftCode({
          body: { ...spinsCode('BACKWARDS').body, startsAt: inDays(4), expiresAt: inDays(3) },
        }),
      () =>
        admin.api.rewards.createGiftCode({
          body: { ...spinsCode('PERPLAYER').body, perPlayer: 5, maxRedemptions: 2 },
        }),
      () =>
        admin.api.rewards.createGiftCode({ body: { ...spinsCode('PASTCODE').body, expiresAt: inDays(-1) } }),
      () => admin.api.console.createGiftCode({ body: { ...spinsCode('x!').body } }),
      () => admin.api.console.giftCodes({ query: { q: 'a%b' } }),
      () => admin.api.console.giftCodes({ query: { count: 1000 } }),
      () => admin.api.console.deactivateGiftCode({ params: { id: 'abc' as unknown as number } }),
      () => admin.api.console.giftRedemptions({ params: { id: 0 }, query: {} }),
      () => player.api.rewards.spinWheel({ body: { spinId: 'short' } }),
      () => player.api.rewards.spinWheel({ body: { spinId: 'x'.repeat(65) } }),
      () => player.api.rewards.rotateWheelSeed({ body: { clientSeed: 'has space' } }),
      () => player.api.rewards.redeemGiftCode({ body: { code: '%%' } }),
    ];
    for (const [index, call] of bad.entries()) expect(await errCodeOf(call()), `case ${index}`).toBe(3);
    const listed = await admin.api.console.giftCodes({ query: { q: 'BOTHKINDS' } });
    expect(listed.items).toHaveLength(0);
    expect(await errCodeOf(admin.api.console.deactivateGiftCode({ params: { id: 999_999 } }))).toBe(404);
    expect(await errCodeOf(player.api.console.giftCodes({ query: {} }))).toBe(1031);
    expect(await errCodeOf(player.api.rewards.createGiftCode(spinsCode('BYPLAYER')))).toBe(1031);
    expect((await player.api.rewards.wheel()).spins).toBe(0);
  }, 120_000);
});

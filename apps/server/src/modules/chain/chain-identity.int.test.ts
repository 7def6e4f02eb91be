// Proves what identity and responsible play do to the crypto rail (issue 14) on a real (local) EVM
// chain: a deposit limit in rupiah is reached by a mix of rupiah and USDT deposits (USDT valued at the
// exchange's rate, counted when credited); a cooling-off player is refused the deposit address (10001)
// yet a transfer that arrives anyway is credited; USDT withdrawals are limited per identity tier (per
// withdrawal and per local day, 7051, already at the fee quote shown before confirming); a YEC or USDT
// stake counts toward a rupiah wager limit.
import type { Asset } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf, startTestChain, type TestChain, USDT, usdtOf } from '../../../test/chain-helpers.ts';
import { failure, userIdOf } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

const ENV = {
  RATE_LIMIT_PER_MINUTE: '100000',
  CHAIN_POLL_INTERVAL_MS: '600000',
  CHAIN_CONFIRMATIONS: '3',
  CHAIN_WITHDRAW_MIN: '10',
  CHAIN_WITHDRAW_MAX: '1000',
  CHAIN_WITHDRAW_FEE: '1',
  WITHDRAW_TIER_LIMITS: JSON.stringify({ '12': { '0': { USDT: { perWithdrawal: '40', daily: '60' } } } }),
};
const DAY_MS = 24 * 3_600_000;

let chain: TestChain;
let testApp: TestApp;
const errCode = async (promise: Promise<unknown>) => (await failure(promise)).errCode;

beforeAll(async () => {
  chain = await startTestChain();
  testApp = await startTestApp({ chain: chain.runtime, env: ENV });
  testApp.clock.set(new Date('2026-11-24T03:00:00Z'));
  await testApp.app.chain!.tick();
}, 120_000);
afterAll(async () => {
  await testApp?.close();
  await chain?.dev.close();
});

/** A transfer to the address, mined past the confirmations and seen by the watcher. */
async function arrive(address: string, amount: bigint): Promise<void> {
  await chain.send(address as `0x${string}`, amount);
  await chain.mine(3);
  await testApp.app.chain!.tick();
}

describe('chain deposits under responsible play', () => {
  it('a daily deposit limit in rupiah counts USDT deposits at their value (1 USDT = Rp 16.000)', async () => {
    const player = await testApp.signIn('player');
    await player.api.responsible.setLimit({ body: { kind: 'deposit_day', amount: '500000.00' } });
    await player.api.payhub.createOrder({ body: { amount: '100000.00', bankCode: 'BNI' } });
    // 15 USDT = Rp 240.000: credited (never refused: the money is on chain) and counted.
    const before = await usdtOf(testApp, await userIdOf(player));
    await arrive(await addressOf(player), 15n * USDT);
    expect((await usdtOf(testApp, await userIdOf(player))).balance - before.balance).toBe(15n * USDT);
    const used = (await player.api.responsible.settings()).limits.find(
      (limit) => limit.kind === 'deposit_day',
    );
    expect(used?.used).toBe('340000.00');
    // Rp 160.000 of room left.
    expect(
      await errCode(player.api.payhub.createOrder({ body: { amount: '160000.01', bankCode: 'BNI' } })),
    ).toBe(7040);
    await player.api.payhub.createOrder({ body: { amount: '160000.00', bankCode: 'BNI' } });
  });

  it('a cooling-off player gets no deposit address (10001); a transfer that arrives anyway is credited', async () => {
    const player = await testApp.signIn('player-2');
    const address = await addressOf(player);
    const settings = await player.api.responsible.coolOff({ body: { hours: 24 } });
    expect(settings.exclusion?.kind).toBe('cool_off');
    expect(await errCode(player.api.chain.depositAddress())).toBe(10001);
    expect(await errCode(player.api.chain.devFaucet({ body: { amount: '10' } }))).toBe(10001);
    const before = await usdtOf(testApp, await userIdOf(player));
    await arrive(address, 12n * USDT);
    expect((await usdtOf(testApp, await userIdOf(player))).balance - before.balance).toBe(12n * USDT);
    // Withdrawals still work during a cool-off: the tier limit applies as ever.
    testApp.clock.set(new Date(testApp.clock.now().getTime() + DAY_MS + 60_000));
    expect((await player.api.chain.depositAddress()).address).toBe(address);
  });
});

describe('limits across assets', () => {
  it('a YEC stake counts toward a rupiah wager limit at its value (100 YEC = Rp 16.000)', async () => {
    const player = await testApp.signIn('player');
    await player.api.responsible.setLimit({ body: { kind: 'wager_day', amount: '20000.00' } });
    const userId = await userIdOf(player);
    const stake = async (asset: Asset, amount: bigint) => {
      try {
        await testApp.database.db.transaction((tx) =>
          testApp.app.responsiblePlay.gate.beforeStake(tx, {
            userId,
            projectId: 12,
            asset,
            stake: amount,
            source: 'game',
          }),
        );
        return null;
      } catch (error) {
        return (error as { errCode: number }).errCode;
      }
    };
    expect(await stake('YEC', 100_00n)).toBeNull();
    expect(await stake('YEC', 30_00n)).toBe(7042);
    expect(await stake('USDT', 250_001n)).toBe(7042);
    expect(await stake('USDT', 250_000n)).toBeNull();
  });
});

describe('USDT withdrawals per identity tier', () => {
  it('tier 0 here: at most 40 USDT a withdrawal and 60 USDT a local day', async () => {
    const player = await testApp.signIn('player', 16);
    await player.api.chain.addressCode();
    const phone = testApp.accounts.find(
      (account) => account.label === 'player' && account.projectId === 16,
    )!.phone;
    const { code } = await testApp
      .client(16)
      .api.user.devLatestCode({ query: { phone, purpose: 'crypto_address' } });
    const entry = await player.api.chain.addAddress({
      body: { address: '0x5555555555555555555555555555555555555555', label: 'mine', code },
    });
    testApp.clock.set(new Date(testApp.clock.now().getTime() + DAY_MS + 60_000));
    const withdraw = (amount: string) => player.api.chain.withdraw({ body: { amount, addressId: entry.id } });
    // Project 16 keeps the default tier-0 limits (500 / 1,000 USDT): 45 passes there.
    await withdraw('45');
    const local = await testApp.signIn('player');
    await local.api.chain.addressCode();
    const localPhone = testApp.accounts.find(
      (account) => account.label === 'player' && account.projectId === 12,
    )!.phone;
    const localCode = (
      await testApp
        .client()
        .api.user.devLatestCode({ query: { phone: localPhone, purpose: 'crypto_address' } })
    ).code;
    const localEntry = await local.api.chain.addAddress({
      body: { address: '0x6666666666666666666666666666666666666666', label: 'mine', code: localCode },
    });
    testApp.clock.set(new Date(testApp.clock.now().getTime() + DAY_MS + 60_000));
    const localWithdraw = (amount: string) =>
      local.api.chain.withdraw({ body: { amount, addressId: localEntry.id } });
    const localQuote = (amount: string) => local.api.chain.withdrawQuote({ body: { amount } });
    // The quote shown before confirming already answers the tier's limit (7051), the rail's range 3021.
    expect(await errCode(localQuote('40.000001'))).toBe(7051);
    expect((await localQuote('40')).total).toBe('41.000000');
    expect(await errCode(localQuote('1000.000001'))).toBe(3021);
    expect(await errCode(localWithdraw('40.000001'))).toBe(7051);
    await localWithdraw('40');
    expect(await errCode(localQuote('20.000001'))).toBe(7051);
    expect(await errCode(localWithdraw('20.000001'))).toBe(7051);
    await localWithdraw('20');
    expect(await errCode(localQuote('10'))).toBe(7051);
    expect(await errCode(localWithdraw('10'))).toBe(7051);
    expect((await local.api.identity.get()).withdrawLimits).toContainEqual({
      asset: 'USDT',
      perWithdrawal: '40.000000',
      daily: '60.000000',
    });
  });
});

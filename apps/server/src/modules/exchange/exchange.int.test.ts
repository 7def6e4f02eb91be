// Proves the exchange end to end through the API: rates as exact fractions, a quote moves both legs
// once through the house exchange desks, 50 parallel accepts of one quote move money once, expired,
// reused and foreign quotes are refused with clear codes and move nothing, 3014/700 on a short
// source, admin-only settings, and 762 on money calls while the project is in maintenance.
import type { PayhubClient } from '@payhub/client';
import { ASSET_CODES, type Asset, parseAmount } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, failure } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
let player: PayhubClient;
let other: PayhubClient;
let admin: PayhubClient;

async function balances(client: PayhubClient): Promise<Record<string, bigint>> {
  const answer = await client.api.wallet.balances();
  return Object.fromEntries(
    answer.items.map((item) => [item.asset, parseAmount(item.available, item.asset as Asset, 'wire')]),
  );
}

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  player = await testApp.signIn('player');
  other = await testApp.signIn('player-2');
  admin = await testApp.signIn('admin');
});
afterAll(async () => testApp?.close());

describe('exchange', () => {
  it('answers the seeded balances of the three assets and the game asset', async () => {
    const answer = await player.api.wallet.balances();
    expect(answer.gameAsset).toBe('IDR');
    // Project 12's own currency, then the platform-wide assets.
    expect(answer.items.map((item) => item.asset)).toEqual(ASSET_CODES.filter((asset) => asset !== 'MXN'));
    const usdt = answer.items.find((item) => item.asset === 'USDT')!;
    expect(usdt).toEqual({ asset: 'USDT', balance: '100.000000', held: '0.000000', available: '100.000000' });
  });

  it('answers exact rates (GET /main/currency/rate)', async () => {
    const answer = await player.api.exchange.rate({ query: { from: 'USDT', to: 'YEC' } });
    expect(answer.items).toEqual([
      {
        from: 'USDT',
        to: 'YEC',
        numerator: '1',
        denominator: '100',
        display: '100.00000000',
        spreadBps: 100,
      },
    ]);
    expect(answer.quoteTtlSeconds).toBe(30);
    const all = await player.api.exchange.rate({ query: {} });
    expect(all.items).toHaveLength(12);
  });

  it('moves both legs once, rounded down in the house favour', async () => {
    const before = await balances(player);
    // Rp 10,000.00 → 0.625 USD = 62.5 YEC at mid; less 1% = 61.875 → 61.87 YEC (6187 minor units).
    const quote = await player.api.exchange.quote({ body: { from: 'IDR', to: 'YEC', amount: '10000' } });
    expect(quote).toMatchObject({
      from: 'IDR',
      to: 'YEC',
      fromAmount: '10000.00',
      toAmount: '61.87',
      state: 'open',
    });
    expect(quote.ttlSeconds).toBe(30);
    expect((await balances(player)).IDR).toBe(before.IDR); // a quote moves nothing
    const accepted = await player.api.exchange.accept({ params: { id: quote.id } });
    expect(accepted.state).toBe('accepted');
    const after = await balances(player);
    expect(after.IDR).toBe(before.IDR! - 1_000_000n);
    expect(after.YEC).toBe(before.YEC! + 6_187n);
    const again = await failure(player.api.exchange.accept({ params: { id: quote.id } }));
    expect(again.errCode).toBe(3064);
    expect(await balances(player)).toEqual(after);
    await expectLedgerClean(testApp);
  });

  it('accepts a quote once under 50 parallel accepts', async () => {
    const before = await balances(player);
    const quote = await player.api.exchange.quote({ body: { from: 'USDT', to: 'IDR', amount: '1.5' } });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => player.api.exchange.accept({ params: { id: quote.id } })),
    );
    const fulfilled = results.filter((result) => result.status === 'fulfilled');
    expect(fulfilled).toHaveLength(1);
    for (const result of results)
      if (result.status === 'rejected') expect((result.reason as { errCode: number }).errCode).toBe(3064);
    const after = await balances(player);
    expect(after.USDT).toBe(before.USDT! - 1_500_000n);
    // 1.5 USDT = 1.5 USD = Rp 24,000 at mid, less 1% = Rp 23,760.00.
    expect(after.IDR).toBe(before.IDR! + 2_376_000n);
    await expectLedgerClean(testApp);
  });

  it('refuses an expired quote (3063) and moves nothing', async () => {
    const before = await balances(player);
    const quote = await player.api.exchange.quote({ body: { from: 'YEC', to: 'USDT', amount: '10' } });
    testApp.clock.advance(30_000);
    const error = await failure(player.api.exchange.accept({ params: { id: quote.id } }));
    expect(error.errCode).toBe(3063);
    expect(await balances(player)).toEqual(before);
    expect((await player.api.exchange.getQuote({ params: { id: quote.id } })).state).toBe('open');
  });

  it("answers 404 for another player's quote and for an unknown id, moving nothing", async () => {
    const quote = await other.api.exchange.quote({ body: { from: 'YEC', to: 'IDR', amount: '1' } });
    const before = await balances(other);
    expect((await failure(player.api.exchange.accept({ params: { id: quote.id } }))).errCode).toBe(404);
    expect((await failure(player.api.exchange.getQuote({ params: { id: quote.id } }))).errCode).toBe(404);
    const unknown = '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f';
    expect((await failure(player.api.exchange.accept({ params: { id: unknown } }))).errCode).toBe(404);
    expect((await failure(player.api.exchange.accept({ params: { id: 'not-a-uuid' } }))).errCode).toBe(3);
    expect(await balances(other)).toEqual(before);
  });

  it('answers 3014 when YEC is short and 700 when another source asset is short', async () => {
    const have = await balances(player);
    const yec = await failure(
      player.api.exchange.quote({ body: { from: 'YEC', to: 'IDR', amount: `${have.YEC! / 100n + 1n}` } }),
    );
    expect(yec.errCode).toBe(3014);
    const usdt = await failure(
      player.api.exchange.quote({ body: { from: 'USDT', to: 'YEC', amount: '1000000' } }),
    );
    expect(usdt.errCode).toBe(700);
    // A quote that was covered when made and is no longer when accepted: refused at accept, nothing moves.
    const quote = await player.api.exchange.quote({ body: { from: 'YEC', to: 'USDT', amount: '5' } });
    const all = await player.api.exchange.quote({
      body: {
        from: 'YEC',
        to: 'IDR',
        amount: `${have.YEC! / 100n}.${String(have.YEC! % 100n).padStart(2, '0')}`,
      },
    });
    await player.api.exchange.accept({ params: { id: all.id } });
    const before = await balances(player);
    expect(before.YEC).toBe(0n);
    expect((await failure(player.api.exchange.accept({ params: { id: quote.id } }))).errCode).toBe(3014);
    expect(await balances(player)).toEqual(before);
    expect((await player.api.exchange.getQuote({ params: { id: quote.id } })).state).toBe('open');
    await expectLedgerClean(testApp);
  });

  it('refuses bad amounts with 3: negative, zero, 3 decimals of a 2-decimal asset, huge, same asset', async () => {
    const before = await balances(player);
    const bad = [
      { from: 'IDR', to: 'YEC', amount: '-5' },
      { from: 'IDR', to: 'YEC', amount: '0' },
      { from: 'IDR', to: 'YEC', amount: '1.005' },
      { from: 'USDT', to: 'YEC', amount: '1.0000001' },
      { from: 'IDR', to: 'YEC', amount: '99999999999999999999' },
      { from: 'IDR', to: 'IDR', amount: '5' },
      { from: 'IDR', to: 'YEC', amount: '0.01' }, // below one YEC minor unit received
      { from: 'BTC', to: 'YEC', amount: '5' },
      // MXN is another project's currency: a project-12 player neither spends nor receives it.
      { from: 'YEC', to: 'MXN', amount: '5' },
      { from: 'MXN', to: 'YEC', amount: '5' },
    ];
    for (const body of bad) {
      const error = await failure(player.api.exchange.quote({ body: body as never }));
      expect(error.errCode, JSON.stringify(body)).toBe(3);
    }
    // USDT takes 6 decimals.
    const fine = await player.api.exchange.quote({ body: { from: 'USDT', to: 'YEC', amount: '0.123456' } });
    expect(fine.fromAmount).toBe('0.123456');
    expect(await balances(player)).toEqual(before);
  });

  it('lets only an admin change rates and settings; YEC stays at 0.01 USD', async () => {
    expect(
      (await failure(player.api.exchange.setRate({ body: { asset: 'IDR', usdPrice: '0.00005' } }))).errCode,
    ).toBe(1031);
    expect(
      (await failure(admin.api.exchange.setRate({ body: { asset: 'YEC', usdPrice: '0.02' } }))).errCode,
    ).toBe(3);
    await admin.api.exchange.setRate({ body: { asset: 'IDR', usdPrice: '0.00005' } });
    await admin.api.exchange.updateSettings({ body: { spreadBps: 0, quoteTtlSeconds: 60 } });
    const rate = await player.api.exchange.rate({ query: { from: 'YEC', to: 'IDR' } });
    // 1 YEC = 0.01 USD = Rp 200 at Rp 20,000 per USD.
    expect(rate.items[0]).toMatchObject({
      numerator: '200',
      denominator: '1',
      display: '200.00000000',
      spreadBps: 0,
    });
    expect((await failure(player.api.wallet.updateSettings({ body: { gameAsset: 'YEC' } }))).errCode).toBe(
      1031,
    );
    expect((await failure(admin.api.wallet.updateSettings({ body: { gameAsset: 'USDT' } }))).errCode).toBe(3);
    expect(await admin.api.wallet.updateSettings({ body: { gameAsset: 'YEC' } })).toEqual({
      gameAsset: 'YEC',
    });
    expect((await player.api.wallet.balances()).gameAsset).toBe('YEC');
  });

  it('answers 762 on money calls while the project is in maintenance, moving nothing', async () => {
    const quote = await player.api.exchange.quote({ body: { from: 'IDR', to: 'USDT', amount: '1000' } });
    expect(
      (await failure(player.api.site.setMaintenance({ body: { enabled: true, message: null } }))).errCode,
    ).toBe(1031);
    await admin.api.site.setMaintenance({ body: { enabled: true, message: 'Upgrade until 04:00' } });
    const before = await balances(player);
    expect((await failure(player.api.exchange.accept({ params: { id: quote.id } }))).errCode).toBe(762);
    expect(
      (await failure(player.api.exchange.quote({ body: { from: 'IDR', to: 'USDT', amount: '1000' } })))
        .errCode,
    ).toBe(762);
    expect(
      (await failure(player.api.payhub.createOrder({ body: { amount: '100000.00', bankCode: 'BCA' } })))
        .errCode,
    ).toBe(762);
    expect(await balances(player)).toEqual(before);
    const config = await player.api.site.config({ params: { key: 'maintenance' } });
    expect(config.value).toEqual({ enabled: true, message: 'Upgrade until 04:00' });
    await admin.api.site.setMaintenance({ body: { enabled: false, message: null } });
    const audit = await testApp.database.pool.query(
      "SELECT after FROM audit_log WHERE action = 'site.maintenance' ORDER BY id",
    );
    expect(audit.rows.map((row) => row.after.enabled)).toEqual([true, false]);
    expect((await player.api.exchange.accept({ params: { id: quote.id } })).state).toBe('accepted');
    await expectLedgerClean(testApp);
  });
});

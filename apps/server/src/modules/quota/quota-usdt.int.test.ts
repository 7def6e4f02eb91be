// Proves the operators' USDT quota top-up on a real (local) chain: each top-up gets its own address
// derived from the project's xpub (checksummed, distinct, never a made-up text), the exact USDT amount
// from the exchange rate (rounded up), and the quota is credited only once the chain watcher has seen
// the transfer with its confirmations: a short transfer waits for the rest, no webhook or simulator can
// settle it, a server without a chain answers 3065, and the ledger check is clean after.
import { ErrorCode } from '@payhub/contracts';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain, USDT } from '../../../test/chain-helpers.ts';
import { expectLedgerClean, failure, quotaOf } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

const ENV = { CHAIN_POLL_INTERVAL_MS: '600000', CHAIN_CONFIRMATIONS: '3' };

let chain: TestChain;
let testApp: TestApp;

beforeAll(async () => {
  chain = await startTestChain();
  testApp = await startTestApp({ chain: chain.runtime, env: ENV });
  await testApp.app.chain!.tick();
});
afterAll(async () => {
  await testApp?.close();
  await chain?.dev.close();
});

/** USDT minor units of a wire amount such as "61.462815". */
const usdtMinor = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * USDT + BigInt(fraction.padEnd(6, '0'));
};

describe('USDT quota top-up on chain', () => {
  it('credits the quota once the confirmed transfers cover the quoted USDT amount', async () => {
    const operator = await testApp.signIn('operator');
    const before = await quotaOf(operator);
    const topup = await operator.api.quota.pay({ body: { amount: '1000000.00', method: 'usdt' } });
    expect(topup.state).toBe(0);
    expect(topup.payTo).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(topup.usdtAmount).toMatch(/^\d+\.\d{6}$/);
    const rate = await operator.api.exchange.rate({ query: { from: 'IDR', to: 'USDT' } });
    const item = rate.items[0]!;
    // The USDT amount is the local amount at the mid rate, rounded up to a whole minor unit.
    const exact = 100_000_000n * BigInt(item.numerator);
    const expected = (exact + BigInt(item.denominator) - 1n) / BigInt(item.denominator);
    const required = usdtMinor(topup.usdtAmount!);
    expect(required).toBe(expected);
    // Another top-up gets another address.
    const second = await operator.api.quota.pay({ body: { amount: '200000.00', method: 'usdt' } });
    expect(second.payTo.toLowerCase()).not.toBe(topup.payTo.toLowerCase());
    // Neither the simulator nor a webhook settles a chain top-up.
    expect(
      (await failure(operator.api.quota.devSettle({ body: { orderNo: topup.orderNo, status: 'settled' } })))
        .errCode,
    ).toBe(ErrorCode.NotFound);

    // A short first transfer: confirmed, recorded, nothing credited yet.
    await chain.send(topup.payTo as Address, required - 1n * USDT);
    await chain.mine(3);
    await testApp.app.chain!.tick();
    expect((await quotaOf(operator)).quota).toBe(before.quota);
    // The rest arrives: credited once its confirmations are reached, not before.
    await chain.send(topup.payTo as Address, 1n * USDT);
    await testApp.app.chain!.tick();
    expect((await quotaOf(operator)).quota).toBe(before.quota);
    await chain.mine(2);
    await testApp.app.chain!.tick();
    expect((await quotaOf(operator)).quota - before.quota).toBe(100_000_000n);
    const records = await operator.api.quota.topups({ query: { page: 1, count: 10 } });
    expect(records.items.find((record) => record.id === topup.id)?.state).toBe(1);
    expect(records.items.find((record) => record.id === second.id)?.state).toBe(0);
    // More rounds and a repeated transfer credit nothing more.
    await chain.send(topup.payTo as Address, 1n * USDT);
    await chain.mine(3);
    await testApp.app.chain!.tick();
    await testApp.app.chain!.tick();
    expect((await quotaOf(operator)).quota - before.quota).toBe(100_000_000n);
    // The operator's own player-side chain lists show none of it.
    const { rows } = await testApp.database.pool.query(
      'SELECT state, topup_id FROM chain_deposits WHERE topup_id = $1 ORDER BY id',
      [topup.id],
    );
    expect(rows.map((row) => row.state)).toEqual(['credited', 'credited', 'credited']);
    await expectLedgerClean(testApp);
  });

  it('refuses a USDT top-up with 3065 on a server without a chain (never a made-up address)', async () => {
    const bare = await startTestApp({ overrides: { chain: undefined } });
    try {
      const operator = await bare.signIn('operator');
      const error = await failure(operator.api.quota.pay({ body: { amount: '1000000.00', method: 'usdt' } }));
      expect(error.errCode).toBe(ErrorCode.UsdtTopupUnavailable);
      const records = await operator.api.quota.topups({ query: { page: 1, count: 10 } });
      expect(records.items.filter((record) => record.method === 'usdt')).toEqual([]);
      // Bank top-ups still work.
      expect((await operator.api.quota.pay({ body: { amount: '1000000.00', method: 'bank' } })).state).toBe(
        0,
      );
    } finally {
      await bare.close();
    }
  });
});

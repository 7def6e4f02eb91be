// Proves the chain watcher reads a failed lookup as "not known yet", never as "not there": with the
// node answering receipt and transaction lookups with an error (geth's "indexing in progress"), a
// withdrawal already paid on chain stays sent with its amount held (it was refunded as dropped) and
// confirms once the lookups answer; a deposit with its confirmations stays pending (it was dropped
// for good) and is credited once they answer; the ledger check is clean.
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf, startTestChain, type TestChain, USDT, usdtOf } from '../../../test/chain-helpers.ts';
import { type FaultyRpc, startFaultyRpc } from '../../../test/faulty-rpc.ts';
import { expectLedgerClean, userIdOf } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

const ENV = {
  CHAIN_POLL_INTERVAL_MS: '600000',
  CHAIN_CONFIRMATIONS: '3',
  CHAIN_WITHDRAW_MIN: '10',
  CHAIN_WITHDRAW_MAX: '1000',
  CHAIN_WITHDRAW_FEE: '1',
};
const DAY_MS = 24 * 3_600_000;
const RECIPIENT = '0x6666666666666666666666666666666666666666' as Address;
const LOOKUPS = ['eth_getTransactionReceipt', 'eth_getTransactionByHash'];

let chain: TestChain;
let rpc: FaultyRpc;
let testApp: TestApp;

beforeAll(async () => {
  chain = await startTestChain();
  rpc = await startFaultyRpc(chain.runtime.rpcUrl);
  testApp = await startTestApp({ chain: { ...chain.runtime, rpcUrl: rpc.url }, env: ENV });
  await testApp.app.chain!.tick();
});
afterAll(async () => {
  await testApp?.close();
  await rpc?.close();
  await chain?.dev.close();
});

const tick = () => testApp.app.chain!.tick();

describe('chain lookups that fail', () => {
  it('keeps a paid withdrawal sent and held while lookups fail, then confirms it', async () => {
    const player = await testApp.signIn('promoter');
    const playerId = await userIdOf(player);
    await player.api.chain.addressCode();
    const phone = testApp.accounts.find(
      (account) => account.label === 'promoter' && account.projectId === 12,
    )!.phone;
    const { code } = await testApp
      .client()
      .api.user.devLatestCode({ query: { phone, purpose: 'crypto_address' } });
    const entry = await player.api.chain.addAddress({ body: { address: RECIPIENT, label: 'mine', code } });
    testApp.clock.advance(DAY_MS);
    await chain.send(await addressOf(player), 30n * USDT);
    await chain.mine(2);
    await tick();
    const start = await usdtOf(testApp, playerId);
    const withdrawal = await player.api.chain.withdraw({ body: { amount: '10', addressId: entry.id } });
    await tick(); // signed, broadcast, mined
    await chain.mine(3);
    for (const name of LOOKUPS) rpc.failing.add(name);
    await tick();
    await tick();
    const during = (await player.api.chain.withdrawals({ query: { page: 1, count: 10 } })).items.find(
      (item) => item.id === withdrawal.id,
    );
    expect(during?.state).toBe('sent');
    expect(await usdtOf(testApp, playerId)).toEqual({ balance: start.balance, held: 11n * USDT });
    rpc.failing.clear();
    await tick();
    const after = (await player.api.chain.withdrawals({ query: { page: 1, count: 10 } })).items.find(
      (item) => item.id === withdrawal.id,
    );
    expect(after?.state).toBe('confirmed');
    expect(await usdtOf(testApp, playerId)).toEqual({ balance: start.balance - 11n * USDT, held: 0n });
    await expectLedgerClean(testApp);
  });

  it('keeps a deposit pending while lookups fail, then credits it', async () => {
    const player = await testApp.signIn('player');
    const playerId = await userIdOf(player);
    const before = await usdtOf(testApp, playerId);
    for (const name of LOOKUPS) rpc.failing.add(name);
    const hash = await chain.send(await addressOf(player), 25n * USDT);
    await chain.mine(4); // 5 confirmations: past the scan's window once recorded
    await tick();
    await tick();
    const deposits = async () =>
      (await player.api.chain.deposits({ query: { page: 1, count: 20 } })).items.find(
        (item) => item.txHash === hash,
      );
    expect((await deposits())?.state).toBe('pending');
    rpc.failing.clear();
    await tick();
    expect((await deposits())?.state).toBe('credited');
    expect((await usdtOf(testApp, playerId)).balance).toBe(before.balance + 25n * USDT);
    await expectLedgerClean(testApp);
  });
});

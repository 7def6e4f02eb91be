// Proves the chain watcher against a node that behaves as real ones do (a proxy in front of the dev
// chain, apps/server/test/rpc-proxy.ts): a failed lookup is "not known yet", never "not there" — with
// receipt and transaction lookups answering an error (geth's "indexing in progress"), a withdrawal
// already paid on chain stays sent with its amount held (it was refunded as dropped) and confirms once
// they answer, and a deposit with its confirmations stays pending (it was dropped for good) and is
// credited once they answer; with logs numbered across their block, a reorg that lands a batch
// transfer behind another transaction credits each of its players once (one player's transfer took
// the index of another's and was never credited); the ledger check is clean.
import { type Address, createPublicClient, encodeFunctionData, type Hex, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAddress,
  addressOf,
  DEV_MNEMONIC,
  startTestChain,
  type TestChain,
  USDT,
  usdtOf,
  WITHDRAW_TEST_ENV,
} from '../../../test/chain-helpers.ts';
import { expectLedgerClean, userIdOf } from '../../../test/payhub-helpers.ts';
import { type RpcProxy, startRpcProxy } from '../../../test/rpc-proxy.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { ERC20_ABI } from './chain.abi.ts';
import { DEV_SIGNER_INDEX, devPrivateKey } from './chain.keys.ts';

const ENV = WITHDRAW_TEST_ENV;
const DAY_MS = 24 * 3_600_000;
const RECIPIENT = '0x6666666666666666666666666666666666666666' as Address;
const LOOKUPS = ['eth_getTransactionReceipt', 'eth_getTransactionByHash'];

let chain: TestChain;
let rpc: RpcProxy;
let testApp: TestApp;

beforeAll(async () => {
  chain = await startTestChain();
  rpc = await startRpcProxy(chain.runtime.rpcUrl, { blockWideLogIndexes: true });
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
    const entry = await addAddress(testApp, player, 'promoter', RECIPIENT);
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

  it('credits each player of a batch transfer once after a reorg lands it behind another transaction', async () => {
    const [p, q] = [await testApp.signIn('no-spa'), await testApp.signIn('hr')];
    const [pId, qId] = [await userIdOf(p), await userIdOf(q)];
    const [pAddress, qAddress] = [await addressOf(p), await addressOf(q)];
    const before = [await usdtOf(testApp, pId), await usdtOf(testApp, qId)];
    const client = createPublicClient({ transport: http(chain.runtime.rpcUrl) });
    const fees = await client.estimateFeesPerGas();
    const sign = async (key: Hex, to: Address[], values: bigint[], tip: bigint) => {
      const account = privateKeyToAccount(key);
      return account.signTransaction({
        chainId: 1337,
        type: 'eip1559',
        to: chain.runtime.tokenAddress,
        data:
          to.length === 1
            ? encodeFunctionData({ abi: ERC20_ABI, functionName: 'transfer', args: [to[0]!, values[0]!] })
            : encodeFunctionData({ abi: ERC20_ABI, functionName: 'transferMany', args: [to, values] }),
        nonce: await client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
        gas: 300_000n,
        maxFeePerGas: fees.maxFeePerGas + tip,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas + tip,
      });
    };
    // One transaction pays both players; signed once, so the reorg mines the very same bytes again.
    const batch = await sign(chain.runtime.faucetKey!, [pAddress, qAddress], [5n * USDT, 7n * USDT], 0n);
    const snapshot = await chain.dev.request('evm_snapshot');
    const hash = await client.sendRawTransaction({ serializedTransaction: batch });
    await client.waitForTransactionReceipt({ hash, pollingInterval: 10 });
    await tick(); // both recorded, pending: P's log first in the block, Q's second
    const rows = async () =>
      (
        await testApp.database.pool.query<{ address: string; state: string }>(
          'SELECT address, state FROM chain_deposits WHERE tx_hash = $1 ORDER BY transfer_index',
          [hash],
        )
      ).rows;
    expect((await rows()).map((row) => row.state)).toEqual(['pending', 'pending']);
    // The reorg: the same transaction mined again, in one block behind another transfer of the token,
    // so its logs move one index on (P's now has the index Q's had).
    await chain.dev.request('evm_revert', [snapshot]);
    await chain.dev.request('miner_stop');
    const signerKey = devPrivateKey(DEV_MNEMONIC, DEV_SIGNER_INDEX);
    const filler = await sign(
      signerKey,
      ['0x7777777777777777777777777777777777777777'],
      [USDT],
      1_000_000_000n,
    );
    await client.sendRawTransaction({ serializedTransaction: filler });
    await client.sendRawTransaction({ serializedTransaction: batch });
    await chain.dev.request('evm_mine');
    await chain.dev.request('miner_start');
    const moved = await createPublicClient({ transport: http(rpc.url) }).getTransactionReceipt({ hash });
    expect(moved.logs.map((log) => log.logIndex)).toEqual([1, 2]);
    await chain.mine(3);
    await tick();
    await tick();
    expect((await rows()).map((row) => [row.address, row.state])).toEqual([
      [pAddress.toLowerCase(), 'credited'],
      [qAddress.toLowerCase(), 'credited'],
    ]);
    expect((await usdtOf(testApp, pId)).balance).toBe(before[0]!.balance + 5n * USDT);
    expect((await usdtOf(testApp, qId)).balance).toBe(before[1]!.balance + 7n * USDT);
    await expectLedgerClean(testApp);
  });
});

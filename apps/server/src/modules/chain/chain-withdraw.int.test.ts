// Proves USDT withdrawals on a real (local) EVM chain: addresses are added only with an SMS code and
// usable 24 h later, mixed-case addresses must carry a valid EIP-55 checksum, the fee is quoted before,
// 100 parallel requests against a balance for 10 create exactly 10 (amount + fee held), a confirmed
// transfer posts the holds and pays the address, a transfer that fails on chain gives the held amount
// back, a blocked address is refused and opens a monitoring case, and the ledger check is clean after.
import { ErrorCode } from '@payhub/contracts';
import { type Address, createPublicClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressOf,
  DEV_MNEMONIC,
  startTestChain,
  type TestChain,
  USDT,
  usdtOf,
} from '../../../test/chain-helpers.ts';
import { expectLedgerClean, failure, userIdOf } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { ERC20_ABI } from './chain.abi.ts';
import { DEV_SIGNER_INDEX, devPrivateKey } from './chain.keys.ts';

const ENV = {
  CHAIN_POLL_INTERVAL_MS: '600000',
  CHAIN_CONFIRMATIONS: '3',
  CHAIN_WITHDRAW_MIN: '10',
  CHAIN_WITHDRAW_MAX: '1000',
  CHAIN_WITHDRAW_FEE: '1',
};
const DAY_MS = 24 * 3_600_000;
/** Fresh recipients (no keys needed: nobody spends from them in these tests). */
const RECIPIENT = '0x1111111111111111111111111111111111111111' as Address;
const BLOCKED = '0x2222222222222222222222222222222222222222' as Address;
const FAILING = '0x3333333333333333333333333333333333333333' as Address;
const DROPPED = '0x4444444444444444444444444444444444444444' as Address;

let chain: TestChain;
let testApp: TestApp;
type Client = Awaited<ReturnType<TestApp['signIn']>>;

beforeAll(async () => {
  chain = await startTestChain();
  testApp = await startTestApp({ chain: chain.runtime, env: ENV });
  await testApp.app.chain!.tick();
});
afterAll(async () => {
  await testApp?.close();
  await chain?.dev.close();
});

async function tokenBalance(address: Address): Promise<bigint> {
  const client = createPublicClient({ transport: http(chain.runtime.rpcUrl) });
  return client.readContract({
    address: chain.runtime.tokenAddress,
    abi: ERC20_ABI,
    functionName: 'balanceOf',
    args: [address],
  });
}

/** Funds the player through a real deposit: transfer, confirmations, watcher. */
async function fund(player: Client, amount: bigint): Promise<void> {
  await chain.send(await addressOf(player), amount);
  await chain.mine(2);
  await testApp.app.chain!.tick();
}

async function addAddress(player: Client, label: string, address: string) {
  await player.api.chain.addressCode();
  const phone = testApp.accounts.find(
    (account) => account.label === label && account.projectId === 12,
  )!.phone;
  const { code } = await testApp
    .client()
    .api.user.devLatestCode({ query: { phone, purpose: 'crypto_address' } });
  return player.api.chain.addAddress({ body: { address, label: 'mine', code } });
}

async function settle(): Promise<void> {
  await testApp.app.chain!.tick(); // sign and broadcast
  await chain.mine(3);
  await testApp.app.chain!.tick(); // confirmations reached
}

describe('chain withdrawals', () => {
  it('adds an address only with the SMS code, checks its checksum, and makes it usable after 24 h', async () => {
    const player = await testApp.signIn('player');
    // EIP-55's own example 0xfB69…d359 with its first letter's case flipped.
    const wrongChecksum = '0xFB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
    expect(
      (
        await failure(
          player.api.chain.addAddress({ body: { address: wrongChecksum, label: 'x', code: '123456' } }),
        )
      ).errCode,
    ).toBe(ErrorCode.BadParameter);
    expect(
      (
        await failure(
          player.api.chain.addAddress({ body: { address: RECIPIENT, label: 'x', code: '000000' } }),
        )
      ).errCode,
    ).toBe(ErrorCode.CodeInvalid);
    // Only the seeded demo address: the refused ones were not added.
    expect((await player.api.chain.addresses()).items.map((item) => item.label)).toEqual(['Dompet demo']);
    const entry = await addAddress(player, 'player', RECIPIENT);
    expect(entry.usable).toBe(false);
    await fund(player, 20n * USDT);
    expect(
      (await failure(player.api.chain.withdraw({ body: { amount: '10', addressId: entry.id } }))).errCode,
    ).toBe(ErrorCode.CryptoAddressNotYetUsable);
    testApp.clock.advance(DAY_MS);
    // The same address twice is refused.
    expect((await failure(addAddress(player, 'player', RECIPIENT))).errCode).toBe(
      ErrorCode.CryptoAddressExists,
    );
    expect((await player.api.chain.addresses()).items.find((item) => item.id === entry.id)?.usable).toBe(
      true,
    );
    // Another player cannot use it.
    const other = await testApp.signIn('no-spa');
    expect(
      (await failure(other.api.chain.withdraw({ body: { amount: '10', addressId: entry.id } }))).errCode,
    ).toBe(ErrorCode.NotFound);
  });

  it('quotes the fee and refuses amounts out of range with 3021', async () => {
    const player = await testApp.signIn('player');
    const quote = await player.api.chain.withdrawQuote({ body: { amount: '12.5' } });
    expect(quote).toMatchObject({
      amount: '12.500000',
      fee: '1.000000',
      total: '13.500000',
      minAmount: '10.000000',
      maxAmount: '1000.000000',
    });
    expect((await failure(player.api.chain.withdrawQuote({ body: { amount: '9.999999' } }))).errCode).toBe(
      ErrorCode.WithdrawalOutOfRange,
    );
    expect((await failure(player.api.chain.withdrawQuote({ body: { amount: '1000.000001' } }))).errCode).toBe(
      ErrorCode.WithdrawalOutOfRange,
    );
    expect((await failure(player.api.chain.withdrawQuote({ body: { amount: '1.0000001' } }))).errCode).toBe(
      ErrorCode.BadParameter,
    );
  });

  it('creates exactly 10 of 100 parallel withdrawals against a balance for 10, and pays them on chain', async () => {
    // An account the seed gave no USDT (the demo players hold play-money USDT), funded on chain to
    // exactly 10 x (10 + 1 fee).
    const player = await testApp.signIn('promoter');
    const playerId = await userIdOf(player);
    const entry = await addAddress(player, 'promoter', RECIPIENT);
    testApp.clock.advance(DAY_MS);
    const start = await usdtOf(testApp, playerId);
    expect(start).toEqual({ balance: 0n, held: 0n });
    await fund(player, 110n * USDT);
    expect((await usdtOf(testApp, playerId)).balance).toBe(110n * USDT);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        player.api.chain.withdraw({ body: { amount: '10', addressId: entry.id } }),
      ),
    );
    const created = results.filter((result) => result.status === 'fulfilled');
    expect(created).toHaveLength(10);
    for (const result of results)
      if (result.status === 'rejected')
        expect((result.reason as { errCode: number }).errCode).toBe(ErrorCode.InsufficientBalanceWallet);
    expect(await usdtOf(testApp, playerId)).toEqual({ balance: 110n * USDT, held: 110n * USDT });
    const recipientBefore = await tokenBalance(RECIPIENT);
    await settle();
    const list = (await player.api.chain.withdrawals({ query: { page: 1, count: 50 } })).items;
    expect(list.filter((item) => item.state === 'confirmed')).toHaveLength(10);
    expect(await usdtOf(testApp, playerId)).toEqual({ balance: 0n, held: 0n });
    expect((await tokenBalance(RECIPIENT)) - recipientBefore).toBe(100n * USDT);
    await expectLedgerClean(testApp);
  });

  it('refuses a blocked address and opens a monitoring case', async () => {
    const player = await testApp.signIn('no-spa');
    const playerId = await userIdOf(player);
    await testApp.database.pool.query(
      `INSERT INTO chain_blocked_addresses (address, reason, created_at) VALUES ($1, 'sanctions list', now())`,
      [BLOCKED.toLowerCase()],
    );
    const entry = await addAddress(player, 'no-spa', BLOCKED);
    await fund(player, 50n * USDT);
    testApp.clock.advance(DAY_MS);
    const before = await usdtOf(testApp, playerId);
    expect(
      (await failure(player.api.chain.withdraw({ body: { amount: '10', addressId: entry.id } }))).errCode,
    ).toBe(ErrorCode.ContactSupport);
    expect(await usdtOf(testApp, playerId)).toEqual(before);
    const cases = await testApp.database.pool.query(
      `SELECT subject_id FROM payhub_cases WHERE rule = 'blocked_address' AND status = 'open'`,
    );
    expect(cases.rows.map((row) => row.subject_id)).toEqual([String(playerId)]);
  });

  it('refuses bad input on every chain endpoint with a clear code, moving nothing', async () => {
    const player = await testApp.signIn('player');
    const playerId = await userIdOf(player);
    const other = await testApp.signIn('no-spa');
    const before = await usdtOf(testApp, playerId);
    const ownEntry = (await player.api.chain.addresses()).items.find((item) => item.address === RECIPIENT)!;
    const badAmounts: unknown[] = [
      '-10',
      '0',
      '-0.000001',
      '10.0000001',
      '1e3',
      '10,5',
      ' ',
      12,
      null,
      true,
      '99999999999999999999999999',
    ];
    for (const amount of badAmounts) {
      for (const call of [
        () => player.api.chain.withdrawQuote({ body: { amount } as never }),
        () => player.api.chain.withdraw({ body: { amount, addressId: ownEntry.id } as never }),
      ]) {
        const error = await failure(call());
        expect([ErrorCode.BadParameter, ErrorCode.WithdrawalOutOfRange], JSON.stringify(amount)).toContain(
          error.errCode,
        );
        expect(typeof error.errMsg).toBe('string');
      }
    }
    const badBodies: unknown[] = [
      { amount: '10', addressId: 'abc' },
      { amount: '10', addressId: -1 },
      { amount: '10', addressId: 1.5 },
      { amount: '10' },
      { amount: '10', addressId: ownEntry.id, extra: 1 },
    ];
    for (const body of badBodies)
      expect(
        (await failure(player.api.chain.withdraw({ body: body as never }))).errCode,
        JSON.stringify(body),
      ).toBe(ErrorCode.BadParameter);
    // Another player's address-book entry and an unknown one: 404, nothing held.
    expect(
      (await failure(other.api.chain.withdraw({ body: { amount: '10', addressId: ownEntry.id } }))).errCode,
    ).toBe(ErrorCode.NotFound);
    expect(
      (await failure(player.api.chain.withdraw({ body: { amount: '10', addressId: 999_999 } }))).errCode,
    ).toBe(ErrorCode.NotFound);
    for (const body of [
      { address: 'not-an-address', label: 'x', code: '123456' },
      { address: RECIPIENT, label: '', code: '123456' },
      { address: RECIPIENT, label: 'x', code: 123456 },
      { address: `${RECIPIENT}00`, label: 'x', code: '123456' },
      { address: RECIPIENT, label: 'x'.repeat(41), code: '123456' },
    ])
      expect(
        (await failure(player.api.chain.addAddress({ body: body as never }))).errCode,
        JSON.stringify(body),
      ).toBe(ErrorCode.BadParameter);
    for (const query of [
      { page: 0, count: 10 },
      { page: 1, count: 100_000 },
      { page: 'x', count: 10 },
    ])
      for (const call of [
        () => player.api.chain.withdrawals({ query: query as never }),
        () => player.api.chain.deposits({ query: query as never }),
      ])
        expect((await failure(call())).errCode, JSON.stringify(query)).toBe(ErrorCode.BadParameter);
    for (const amount of ['-1', '0', '1.0000001', 5])
      expect(
        (await failure(player.api.chain.devFaucet({ body: { amount } as never }))).errCode,
        JSON.stringify(amount),
      ).toBe(ErrorCode.BadParameter);
    // The other player's withdrawals never show in this player's list (and the reverse).
    const own = (await player.api.chain.withdrawals({ query: { page: 1, count: 50 } })).items.map(
      (item) => item.id,
    );
    const theirs = (await other.api.chain.withdrawals({ query: { page: 1, count: 50 } })).items.map(
      (item) => item.id,
    );
    expect(own.filter((id) => theirs.includes(id))).toEqual([]);
    expect(await usdtOf(testApp, playerId)).toEqual(before);
    await expectLedgerClean(testApp);
  });

  it('rebroadcasts a transaction the node lost; voids the hold and tells the player when its nonce was taken', async () => {
    const player = await testApp.signIn('no-spa');
    const playerId = await userIdOf(player);
    const entry = await addAddress(player, 'no-spa', DROPPED);
    testApp.clock.advance(DAY_MS);
    await fund(player, 30n * USDT);
    const start = await usdtOf(testApp, playerId);
    const pushes: Array<{ id: number; state: string; failure: string | null }> = [];
    const notify = testApp.app.realtime.notifyUser.bind(testApp.app.realtime);
    testApp.app.realtime.notifyUser = async (userId: number, route: string, content: unknown) => {
      if (userId === playerId && route === '/chain/withdrawal') pushes.push(content as never);
      return notify(userId, route, content);
    };
    try {
      // 1. Lost once (the block holding it is reverted, the pool is empty): the same signed
      //    transaction is broadcast again and then confirms.
      const first = await player.api.chain.withdraw({ body: { amount: '10', addressId: entry.id } });
      let snapshot = await chain.dev.request('evm_snapshot');
      await testApp.app.chain!.tick(); // signed, stored, broadcast, mined
      const sent = (await player.api.chain.withdrawals({ query: { page: 1, count: 10 } })).items.find(
        (item) => item.id === first.id,
      )!;
      expect(sent.state).toBe('sent');
      await chain.dev.request('evm_revert', [snapshot]);
      await testApp.app.chain!.tick(); // no receipt, unknown to the node, nonce free: rebroadcast
      await chain.mine(3);
      await testApp.app.chain!.tick();
      const rebroadcast = (await player.api.chain.withdrawals({ query: { page: 1, count: 10 } })).items.find(
        (item) => item.id === first.id,
      );
      expect(rebroadcast).toMatchObject({ state: 'confirmed', txHash: sent.txHash });
      expect(await tokenBalance(DROPPED)).toBe(10n * USDT);

      // 2. Dropped: lost, and another transaction of the signer took its nonce. It can never be
      //    mined, so the hold is voided and the player told.
      const second = await player.api.chain.withdraw({ body: { amount: '10', addressId: entry.id } });
      expect(await usdtOf(testApp, playerId)).toEqual({
        balance: start.balance - 11n * USDT,
        held: 11n * USDT,
      });
      snapshot = await chain.dev.request('evm_snapshot');
      await testApp.app.chain!.tick();
      await chain.dev.request('evm_revert', [snapshot]);
      const signerKey = devPrivateKey(DEV_MNEMONIC, DEV_SIGNER_INDEX);
      const { createWalletClient } = await import('viem');
      const signerWallet = createWalletClient({
        account: privateKeyToAccount(signerKey),
        transport: http(chain.runtime.rpcUrl),
      });
      const client = createPublicClient({ transport: http(chain.runtime.rpcUrl) });
      const replacement = await signerWallet.sendTransaction({
        chain: {
          id: 1337,
          name: 'dev',
          nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [chain.runtime.rpcUrl] } },
        },
        to: signerWallet.account.address,
        value: 0n,
      });
      await client.waitForTransactionReceipt({ hash: replacement, pollingInterval: 10 });
      await chain.mine(3);
      await testApp.app.chain!.tick();
      const dropped = (await player.api.chain.withdrawals({ query: { page: 1, count: 10 } })).items.find(
        (item) => item.id === second.id,
      );
      expect(dropped).toMatchObject({ state: 'failed', failure: 'dropped' });
      expect(await usdtOf(testApp, playerId)).toEqual({ balance: start.balance - 11n * USDT, held: 0n });
      expect(await tokenBalance(DROPPED)).toBe(10n * USDT);
      expect(pushes.filter((push) => push.id === second.id).map((push) => push.state)).toEqual([
        'requested',
        'sent',
        'failed',
      ]);
    } finally {
      testApp.app.realtime.notifyUser = notify;
    }
    await expectLedgerClean(testApp);
  });

  it('gives the held amount back when the transfer fails on chain', async () => {
    const player = await testApp.signIn('cs');
    const playerId = await userIdOf(player);
    const entry = await addAddress(player, 'cs', FAILING);
    await fund(player, 30n * USDT);
    testApp.clock.advance(DAY_MS);
    // The hot wallet is emptied first, so its token transfer reverts on chain.
    const signerKey = devPrivateKey(DEV_MNEMONIC, DEV_SIGNER_INDEX);
    const signer = privateKeyToAccount(signerKey).address;
    const drained = await tokenBalance(signer);
    const { createWalletClient } = await import('viem');
    const wallet = createWalletClient({
      account: privateKeyToAccount(signerKey),
      transport: http(chain.runtime.rpcUrl),
    });
    const chainInfo = {
      id: 1337,
      name: 'dev',
      nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.runtime.rpcUrl] } },
    };
    await wallet.writeContract({
      chain: chainInfo,
      address: chain.runtime.tokenAddress,
      abi: ERC20_ABI,
      functionName: 'transfer',
      args: [RECIPIENT, drained],
    });
    const pushes: Array<{ state: string }> = [];
    const notify = testApp.app.realtime.notifyUser.bind(testApp.app.realtime);
    testApp.app.realtime.notifyUser = async (userId: number, route: string, content: unknown) => {
      if (userId === playerId && route === '/chain/withdrawal') pushes.push(content as { state: string });
      return notify(userId, route, content);
    };
    const withdrawal = await player.api.chain.withdraw({ body: { amount: '20', addressId: entry.id } });
    expect(await usdtOf(testApp, playerId)).toEqual({ balance: 30n * USDT, held: 21n * USDT });
    await settle();
    const after = (await player.api.chain.withdrawals({ query: { page: 1, count: 10 } })).items.find(
      (item) => item.id === withdrawal.id,
    );
    expect(after).toMatchObject({ state: 'failed', failure: 'reverted' });
    expect(await usdtOf(testApp, playerId)).toEqual({ balance: 30n * USDT, held: 0n });
    expect(await tokenBalance(FAILING)).toBe(0n);
    expect(pushes.map((push) => push.state)).toEqual(['requested', 'sent', 'failed']);
    testApp.app.realtime.notifyUser = notify;
    await expectLedgerClean(testApp);
  });
});

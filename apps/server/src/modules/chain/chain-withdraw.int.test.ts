// Proves USDT withdrawals on a real (local) EVM chain: addresses are added only with an SMS code and
// usable 24 h later, mixed-case addresses must carry a valid EIP-55 checksum, the zero address, the
// token's contract and the hot wallet are refused, the fee is quoted before,
// 100 parallel requests against a balance for 10 create exactly 10 (amount + fee held), a confirmed
// transfer posts the holds and pays the address, a transfer that fails on chain gives the held amount
// back, a blocked address is refused and opens a monitoring case (each project's blocklist its own: another
// project's entry neither shows nor refuses), and the ledger check is clean after;
// a player who chose to forfeit an open bonus keeps it when the USDT withdrawal is refused (balance,
// tier limit) and forfeits it once when a USDT and a bank withdrawal are accepted concurrently.
import { ErrorCode } from '@payhub/contracts';
import { type Address, createPublicClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAddress as addAddressWithCode,
  addressOf,
  DEV_MNEMONIC,
  startTestChain,
  type TestChain,
  USDT,
  usdtOf,
  WITHDRAW_TEST_ENV,
} from '../../../test/chain-helpers.ts';
import { confirmedDeposit, expectLedgerClean, failure, userIdOf } from '../../../test/payhub-helpers.ts';
import { registerPlayer } from '../../../test/promo-support.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { accounts, createLedger } from '../../ledger/ledger.ts';
import { ERC20_ABI } from './chain.abi.ts';
import { DEV_SIGNER_INDEX, devPrivateKey } from './chain.keys.ts';

const ENV = WITHDRAW_TEST_ENV;
const DAY_MS = 24 * 3_600_000;
/** Fresh recipients (no keys needed: nobody spends from them in these tests). */
const RECIPIENT = '0x1111111111111111111111111111111111111111' as Address;
const BLOCKED = '0x2222222222222222222222222222222222222222' as Address;
const FAILING = '0x3333333333333333333333333333333333333333' as Address;
const DROPPED = '0x4444444444444444444444444444444444444444' as Address;
const BONUS_RECIPIENT = '0x5555555555555555555555555555555555555555' as Address;

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

const addAddress = (player: Client, label: string, address: string) =>
  addAddressWithCode(testApp, player, label, address);

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
    // Addresses USDT sent to is lost (the zero address, the token's contract) or goes nowhere (our own
    // hot wallet): refused before the code is even looked at.
    const signer = privateKeyToAccount(devPrivateKey(DEV_MNEMONIC, DEV_SIGNER_INDEX)).address;
    for (const address of ['0x0000000000000000000000000000000000000000', chain.runtime.tokenAddress, signer])
      expect(
        (await failure(player.api.chain.addAddress({ body: { address, label: 'x', code: '123456' } })))
          .errCode,
        address,
      ).toBe(ErrorCode.BadParameter);
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
    // Only an admin keeps the blocklist; a bad address is 3; each change is audited.
    const admin = await testApp.signIn('admin');
    const blockBody = { address: BLOCKED, reason: 'sanctions list' };
    expect((await failure(player.api.chain.blockAddress({ body: blockBody }))).errCode).toBe(
      ErrorCode.NoPermission,
    );
    expect((await failure(player.api.chain.blockedAddresses())).errCode).toBe(ErrorCode.NoPermission);
    expect(
      (await failure(admin.api.chain.blockAddress({ body: { address: '0x12', reason: 'x' } }))).errCode,
    ).toBe(ErrorCode.BadParameter);
    expect(
      (
        await failure(
          admin.api.chain.unblockAddress({
            params: { address: '0x9999999999999999999999999999999999999999' },
          }),
        )
      ).errCode,
    ).toBe(ErrorCode.NotFound);
    // Another project's list is its own: its entry (listed first) shows only there and refuses nobody here.
    const otherAdmin = await testApp.signIn('admin', 10);
    const otherBody = { address: BLOCKED, reason: 'project 10 list' };
    expect(await otherAdmin.api.chain.blockAddress({ body: otherBody })).toMatchObject(otherBody);
    expect((await admin.api.chain.blockedAddresses()).items).toEqual([]);
    expect(await admin.api.chain.blockAddress({ body: blockBody })).toMatchObject(blockBody);
    expect((await admin.api.chain.blockedAddresses()).items.map((item) => item.address)).toEqual([BLOCKED]);
    expect((await otherAdmin.api.chain.blockedAddresses()).items).toMatchObject([otherBody]);
    const audit = await testApp.database.pool.query(
      `SELECT project_id, count(*)::int AS n FROM audit_log
        WHERE action = 'chain.blocklist.add' AND object_id = $1 GROUP BY project_id ORDER BY project_id`,
      [BLOCKED.toLowerCase()],
    );
    expect(audit.rows).toEqual([
      { project_id: 10, n: 1 },
      { project_id: 12, n: 1 },
    ]);
    const entry = await addAddress(player, 'no-spa', BLOCKED);
    await fund(player, 50n * USDT);
    testApp.clock.advance(DAY_MS);
    const before = await usdtOf(testApp, playerId);
    expect(
      (await failure(player.api.chain.withdraw({ body: { amount: '10', addressId: entry.id } }))).errCode,
    ).toBe(ErrorCode.ContactSupport);
    expect(await usdtOf(testApp, playerId)).toEqual(before);
    const cases = await testApp.database.pool.query(
      `SELECT id, subject_id FROM payhub_cases WHERE rule = 'blocked_address' AND status = 'open'`,
    );
    expect(cases.rows.map((row) => row.subject_id)).toEqual([String(playerId)]);
    // Taken off the list by an admin: the address could be paid again, but the open case holds the
    // player's withdrawals (712) until compliance closes it.
    expect((await admin.api.chain.unblockAddress({ params: { address: BLOCKED } })).address).toBe(BLOCKED);
    expect((await admin.api.chain.blockedAddresses()).items).toEqual([]);
    expect((await otherAdmin.api.chain.blockedAddresses()).items).toMatchObject([otherBody]);
    expect(await player.api.withdraw.hold()).toEqual({ held: true });
    expect(
      (await failure(player.api.chain.withdraw({ body: { amount: '10', addressId: entry.id } }))).errCode,
    ).toBe(ErrorCode.AccountUnderReview);
    expect(await usdtOf(testApp, playerId)).toEqual(before);
    await admin.api.payhub.adminCloseCase({
      params: { id: Number(cases.rows[0].id) },
      body: { resolution: 'listed by mistake' },
    });
    expect(await player.api.withdraw.hold()).toEqual({ held: false });
    const accepted = await player.api.chain.withdraw({ body: { amount: '10', addressId: entry.id } });
    expect(accepted.state).toBe('requested');
    expect((await usdtOf(testApp, playerId)).held - before.held).toBe(11n * USDT);
    await settle();
    const paid = (await player.api.chain.withdrawals({ query: { page: 1, count: 10 } })).items.find(
      (item) => item.id === accepted.id,
    );
    expect(paid?.state).toBe('confirmed');
    expect(await tokenBalance(BLOCKED)).toBe(10n * USDT);
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

describe('an open bonus and a USDT withdrawal (the player chose to forfeit it)', () => {
  it('keeps the bonus when the withdrawal is refused; forfeits it once beside a concurrent bank withdrawal', async () => {
    const PROJECT = 12;
    const phone = '081299990001';
    const { client: player, userId: playerId } = await registerPlayer(testApp, phone, PROJECT);
    const operators = [await testApp.signIn('operator'), await testApp.signIn('operator-2')];
    await confirmedDeposit(testApp, operators, player, '60000.00');
    const bonus = testApp.app.rewards!.bonus;
    await bonus.scanFirstDeposits(PROJECT);
    await player.api.bonus.setWithdrawChoice({ body: { onWithdraw: 'forfeit' } });
    const bankAccountId = (
      await player.api.withdraw.bankAdd({
        body: { bankCode: 'BRI', accountNo: '7712345678', holderName: 'Sari Dewi' },
      })
    ).id;
    testApp.clock.advance(2 * 60_000); // past the registration code's resend wait
    await player.api.chain.addressCode();
    const { code } = await testApp
      .client()
      .api.user.devLatestCode({ query: { phone, purpose: 'crypto_address' } });
    const entry = await player.api.chain.addAddress({
      body: { address: BONUS_RECIPIENT, label: 'mine', code },
    });
    testApp.clock.advance(DAY_MS);
    await fund(player, 11n * USDT);

    const ledger = createLedger(testApp.clock);
    const balanceAt = async (address: string) => {
      const account = await ledger.findAccount(testApp.database.db, address);
      return account ? (await ledger.balance(testApp.database.db, account.id)).balance : 0n;
    };
    const bonusState = async () => {
      const { rows } = await testApp.database.pool.query<{ id: string; state: string }>(
        `SELECT id, state FROM rewards_bonuses WHERE player_id = $1`,
        [playerId],
      );
      return rows.map((row) => ({ id: Number(row.id), state: row.state }));
    };
    const forfeits = async (bonusId: number) =>
      (
        await testApp.database.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ledger_transfers WHERE code = 'bonus_forfeit' AND reference_id = $1`,
          [String(bonusId)],
        )
      ).rows[0]!.n;
    const balances = async () => ({
      usdt: await usdtOf(testApp, playerId),
      idr: await balanceAt(accounts.player(PROJECT, playerId, 'IDR').address),
      bonus: await balanceAt(accounts.playerBonus(PROJECT, playerId, 'IDR').address),
      pool: await balanceAt(accounts.bonusPool(PROJECT, 'IDR').address),
    });
    const [open] = await bonusState();
    expect(open).toMatchObject({ state: 'active' });
    const before = await balances();
    expect(before.bonus).toBe(600_000n);
    expect(before.usdt).toEqual({ balance: 11n * USDT, held: 0n });

    // 20 USDT + the fee is more than the wallet holds (3005, after the bonus step in the same
    // transaction); 600 USDT is over tier 0's 500 USDT a withdrawal (7051).
    for (const [amount, errCode] of [
      ['20', ErrorCode.InsufficientBalanceWallet],
      ['600', ErrorCode.WithdrawalOverTierLimit],
    ] as const) {
      expect(
        (await failure(player.api.chain.withdraw({ body: { amount, addressId: entry.id } }))).errCode,
      ).toBe(errCode);
      expect(await bonusState()).toEqual([open]);
      expect(await balances()).toEqual(before);
    }
    expect(await forfeits(open!.id)).toBe(0);

    // A USDT and a bank withdrawal at once (each under its own player lock): both accepted, one forfeit.
    const [crypto, bank] = await Promise.all([
      player.api.chain.withdraw({ body: { amount: '10', addressId: entry.id } }),
      player.api.withdraw.create({ body: { amount: '50000.00', bankAccountId } }),
    ]);
    expect(crypto.state).toBe('requested');
    expect(bank.state).toBe(0);
    expect(await bonusState()).toEqual([{ id: open!.id, state: 'forfeited' }]);
    expect(await forfeits(open!.id)).toBe(1);
    const after = await balances();
    expect(after.bonus).toBe(0n);
    expect(after.pool).toBe(before.pool + 600_000n);
    expect(after.usdt).toEqual({ balance: 11n * USDT, held: 11n * USDT });
    await expectLedgerClean(testApp);
  });
});

// Proves USDT deposits on a real (local) EVM chain: a transfer to a player's derived address is
// credited once after N confirmations and not before, survives a restart between transfer and
// confirmations, a reorg inside the window credits nothing, dust is recorded and not credited, and 50
// transfers in one block are each credited exactly once; the ledger check is clean after.
import { CHAIN_NOTIFY_ROUTES, ErrorCode } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf, startTestChain, type TestChain, USDT, usdtOf } from '../../../test/chain-helpers.ts';
import { expectLedgerClean, failure, userIdOf } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

const ENV = { CHAIN_POLL_INTERVAL_MS: '600000', CHAIN_CONFIRMATIONS: '3', CHAIN_DEPOSIT_MIN: '1' };

let chain: TestChain;
let testApp: TestApp;

beforeAll(async () => {
  chain = await startTestChain();
  testApp = await startTestApp({ chain: chain.runtime, env: ENV });
  await testApp.app.chain!.tick(); // the first round sets the cursor at the head
});
afterAll(async () => {
  await testApp?.close();
  await chain?.dev.close();
});

async function depositsOf(client: Awaited<ReturnType<TestApp['signIn']>>) {
  return (await client.api.chain.deposits({ query: { page: 1, count: 100 } })).items;
}

describe('chain deposits', () => {
  it('gives each player one checksummed address derived from the project xpub', async () => {
    const player = await testApp.signIn('player');
    const first = await player.api.chain.depositAddress();
    const again = await player.api.chain.depositAddress();
    expect(first.address).toBe(again.address);
    expect(first.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(first.address).not.toBe(first.address.toLowerCase());
    expect(first.confirmationsRequired).toBe(3);
    expect(first.minDeposit).toBe('1.000000');
    const other = await testApp.signIn('no-spa');
    expect((await other.api.chain.depositAddress()).address).not.toBe(first.address);
  });

  it('gives a payment operator no deposit address (its account holds no player wallet)', async () => {
    const operator = await testApp.signIn('operator');
    expect((await failure(operator.api.chain.depositAddress())).errCode).toBe(ErrorCode.OperatorCannotPay);
  });

  it('credits a transfer once after 3 confirmations, not before, with live pushes', async () => {
    const player = await testApp.signIn('player');
    const playerId = await userIdOf(player);
    const pushes: unknown[] = [];
    const notify = testApp.app.realtime.notifyUser.bind(testApp.app.realtime);
    testApp.app.realtime.notifyUser = async (userId: number, route: string, content: unknown) => {
      if (userId === playerId && route === CHAIN_NOTIFY_ROUTES.deposit) pushes.push(content);
      return notify(userId, route, content);
    };
    const before = await usdtOf(testApp, playerId);
    const hash = await chain.send(await addressOf(player), 25n * USDT);
    await testApp.app.chain!.tick(); // 1 confirmation
    let deposit = (await depositsOf(player)).find((item) => item.txHash === hash);
    expect(deposit).toMatchObject({ state: 'pending', confirmations: 1, amount: '25.000000' });
    await chain.mine();
    await testApp.app.chain!.tick(); // 2
    expect((await usdtOf(testApp, playerId)).balance).toBe(before.balance);
    await chain.mine();
    await testApp.app.chain!.tick(); // 3: credited
    deposit = (await depositsOf(player)).find((item) => item.txHash === hash);
    expect(deposit).toMatchObject({ state: 'credited', confirmations: 3 });
    expect((await usdtOf(testApp, playerId)).balance).toBe(before.balance + 25n * USDT);
    await chain.mine(2);
    await testApp.app.chain!.tick();
    await testApp.app.chain!.tick();
    expect((await usdtOf(testApp, playerId)).balance).toBe(before.balance + 25n * USDT);
    expect(pushes.map((push) => (push as { confirmations: number }).confirmations)).toEqual([1, 2, 3]);
    testApp.app.realtime.notifyUser = notify;
  });

  it('records dust below the minimum and never credits it', async () => {
    const player = await testApp.signIn('player');
    const playerId = await userIdOf(player);
    const before = await usdtOf(testApp, playerId);
    const hash = await chain.send(await addressOf(player), USDT - 1n);
    await chain.mine(3);
    await testApp.app.chain!.tick();
    await testApp.app.chain!.tick();
    expect((await depositsOf(player)).find((item) => item.txHash === hash)?.state).toBe('dust');
    expect((await usdtOf(testApp, playerId)).balance).toBe(before.balance);
  });

  it('credits nothing when a reorg inside the window drops the transfer', async () => {
    const player = await testApp.signIn('player');
    const playerId = await userIdOf(player);
    const before = await usdtOf(testApp, playerId);
    const snapshot = await chain.dev.request('evm_snapshot');
    const hash = await chain.send(await addressOf(player), 40n * USDT);
    await chain.mine();
    await testApp.app.chain!.tick(); // seen, 2 confirmations
    expect((await depositsOf(player)).find((item) => item.txHash === hash)?.state).toBe('pending');
    // The blocks holding the transfer are replaced by a longer chain without it.
    await chain.dev.request('evm_revert', [snapshot]);
    await chain.mine(4);
    await testApp.app.chain!.tick();
    await chain.mine(3);
    await testApp.app.chain!.tick();
    expect((await depositsOf(player)).find((item) => item.txHash === hash)?.state).toBe('dropped');
    expect((await usdtOf(testApp, playerId)).balance).toBe(before.balance);
  });

  it('credits 50 transfers in one block exactly once each', async () => {
    const labels = ['player', 'no-spa', 'cs', 'hr', 'promoter'];
    const players = await Promise.all(labels.map((label) => testApp.signIn(label)));
    const ids = await Promise.all(players.map(userIdOf));
    const addresses = await Promise.all(players.map(addressOf));
    const before = await Promise.all(ids.map((id) => usdtOf(testApp, id)));
    const to = Array.from({ length: 50 }, (_, index) => addresses[index % 5]!);
    const values = Array.from({ length: 50 }, (_, index) => BigInt(index + 1) * USDT);
    await chain.sendMany(to, values);
    await chain.mine(2);
    // Rounds running at the same time (a scheduled one and a manual one) still credit once.
    await Promise.all([testApp.app.chain!.tick(), testApp.app.chain!.tick(), testApp.app.chain!.tick()]);
    for (const [index, id] of ids.entries()) {
      const expected = values.filter((_, item) => item % 5 === index).reduce((sum, value) => sum + value, 0n);
      expect((await usdtOf(testApp, id)).balance - before[index]!.balance).toBe(expected);
    }
    const credited = await testApp.database.pool.query(
      `SELECT count(*)::int AS count FROM ledger_transfers WHERE code = 'chain_deposit'`,
    );
    const rows = await testApp.database.pool.query(
      `SELECT count(*)::int AS count FROM chain_deposits WHERE state = 'credited'`,
    );
    expect(credited.rows[0].count).toBe(rows.rows[0].count);
    await expectLedgerClean(testApp);
  });

  it('the ledger check catches a deposit whose state does not match its transfer', async () => {
    await expectLedgerClean(testApp);
    const credited = await testApp.database.pool.query<{ id: string }>(
      `SELECT id FROM chain_deposits WHERE state = 'credited' ORDER BY id LIMIT 1`,
    );
    const id = credited.rows[0]!.id;
    await testApp.database.pool.query(
      `UPDATE chain_deposits SET state = 'dust', credited_at = NULL WHERE id = $1`,
      [id],
    );
    await expect(expectLedgerClean(testApp)).rejects.toThrow(/chain deposits/);
    await testApp.database.pool.query(
      `UPDATE chain_deposits SET state = 'credited', credited_at = now() WHERE id = $1`,
      [id],
    );
    await expectLedgerClean(testApp);
  });

  it('survives a restart between the transfer and its confirmations', async () => {
    const player = await testApp.signIn('player');
    const playerId = await userIdOf(player);
    const address = await addressOf(player);
    const before = await usdtOf(testApp, playerId);
    const databaseName = new URL(testApp.databaseUrl).pathname.slice(1);
    await testApp.app.close();
    // Sent while no server watches; confirmed while the next one starts.
    await chain.send(address, 7n * USDT);
    await chain.mine();
    const restarted = await startTestApp({ chain: chain.runtime, env: ENV, databaseName });
    try {
      await restarted.app.chain!.tick();
      await chain.mine();
      await restarted.app.chain!.tick();
      expect((await usdtOf(restarted, playerId)).balance).toBe(before.balance + 7n * USDT);
      await restarted.app.chain!.tick();
      expect((await usdtOf(restarted, playerId)).balance).toBe(before.balance + 7n * USDT);
      await expectLedgerClean(restarted);
    } finally {
      await restarted.close();
    }
  });
});

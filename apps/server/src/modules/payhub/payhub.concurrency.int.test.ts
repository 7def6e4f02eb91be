// Proves money moves once under concurrency against the real database: 200 parallel confirms of one
// order, 100 parallel withdrawals against a balance covering 10, and Idempotency-Key replays.
import type { PayhubClient } from '@payhub/client';
import { PayOrderState } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, failure, quotaOf, walletOf } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
const operators = new Map<number, PayhubClient>();

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  for (const label of ['operator', 'operator-2']) {
    const client = await testApp.signIn(label);
    operators.set((await client.api.user.me()).id, client);
  }
});
afterAll(async () => testApp?.close());

async function count(sql: string, values: unknown[]): Promise<number> {
  const { rows } = await testApp.database.pool.query<{ count: string }>(sql, values);
  return Number(rows[0]?.count ?? 0);
}

describe('concurrency', () => {
  it('200 parallel confirms of the same order move the money once', async () => {
    const player = await testApp.signIn('player');
    const order = await player.api.payhub.createOrder({ body: { amount: '250000.00', bankCode: 'BNI' } });
    const operator = operators.get(order.operatorId!)!;
    const walletBefore = await walletOf(player);
    const quotaBefore = await quotaOf(operator);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () =>
        operator.api.payhub.payCheck({ body: { id: order.id, action: 'confirm' } }),
      ),
    );
    const answered = results.filter((result) => result.status === 'fulfilled');
    expect(answered).toHaveLength(200);
    for (const result of answered) expect(result.value.state).toBe(PayOrderState.PAID);
    expect((await walletOf(player)).balance - walletBefore.balance).toBe(25_000_000n);
    const quotaAfter = await quotaOf(operator);
    expect(quotaBefore.quota - quotaAfter.quota).toBe(25_000_000n);
    expect(quotaAfter.commission - quotaBefore.commission).toBe(250_000n);
    expect(
      await count(
        `SELECT count(*) FROM ledger_transfers WHERE reference_type = 'pay_order' AND reference_id = $1`,
        [String(order.id)],
      ),
    ).toBe(3);
    expect(
      await count(`SELECT count(*) FROM audit_log WHERE action = 'pay_order.confirm' AND object_id = $1`, [
        String(order.id),
      ]),
    ).toBe(1);
    await expectLedgerClean(testApp);
  });

  it('100 parallel withdrawals against a balance covering 10 create exactly 10', async () => {
    const player = await testApp.signIn('player-2');
    const account = await player.api.withdraw.bankAdd({
      body: { bankCode: 'BCA', accountNo: '5550001111', holderName: 'Siti Rahma' },
    });
    const before = await walletOf(player);
    expect(before.available).toBe(100_000_000n);
    // 90,000.00 + 2,000.00 fee = 92,000.00 each: ten fit in 1,000,000.00, eleven do not.
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        player.api.withdraw.create({ body: { amount: '90000.00', bankAccountId: account.id } }),
      ),
    );
    const created = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(created).toHaveLength(10);
    for (const result of refused) expect((result.reason as { errCode: number }).errCode).toBe(3005);
    const after = await walletOf(player);
    expect(after.balance).toBe(100_000_000n);
    expect(after.held).toBe(92_000_000n);
    expect(after.available).toBe(8_000_000n);
    const userId = (await player.api.user.me()).id;
    expect(await count('SELECT count(*) FROM withdraw_orders WHERE player_id = $1', [userId])).toBe(10);
    expect(
      await count(
        `SELECT count(*) FROM ledger_accounts WHERE NOT is_system AND (balance < 0 OR balance - pending_debits < 0)`,
        [],
      ),
    ).toBe(0);
    await expectLedgerClean(testApp);
  });

  it('a retried request with the same Idempotency-Key answers the first result and moves nothing twice', async () => {
    const player = await testApp.signIn('player');
    const body = { amount: '120000.00', bankCode: 'BRI' as const };
    const first = await player.api.payhub.createOrder({ body, idempotencyKey: 'deposit-retry-1' });
    const replay = await player.api.payhub.createOrder({ body, idempotencyKey: 'deposit-retry-1' });
    expect(replay).toEqual(first);
    const parallel = await Promise.all(
      Array.from({ length: 20 }, () =>
        player.api.payhub.createOrder({ body, idempotencyKey: 'deposit-retry-2' }),
      ),
    );
    expect(new Set(parallel.map((order) => order.id)).size).toBe(1);
    const userId = (await player.api.user.me()).id;
    expect(
      await count(`SELECT count(*) FROM pay_orders WHERE player_id = $1 AND amount = 12000000`, [userId]),
    ).toBe(2);
    // The same key with other input is refused.
    const other = await failure(
      player.api.payhub.createOrder({
        body: { ...body, amount: '130000.00' },
        idempotencyKey: 'deposit-retry-1',
      }),
    );
    expect(other.errCode).toBe(3);

    const account =
      (await player.api.withdraw.bankList()).items[0] ??
      (await player.api.withdraw.bankAdd({
        body: { bankCode: 'BNI', accountNo: '9990001111', holderName: 'Andi' },
      }));
    // The confirmed deposits above are this player's first: the rewards scheduler may have granted a
    // first-deposit bonus whose open wagering would refuse the withdrawal (4017). Forfeiting it is the
    // player's other choice; the replays below then forfeit nothing twice (the ledger check holds it).
    await player.api.bonus.setWithdrawChoice({ body: { onWithdraw: 'forfeit' } });
    const walletBefore = await walletOf(player);
    const withdrawals = await Promise.all(
      Array.from({ length: 10 }, () =>
        player.api.withdraw.create({
          body: { amount: '60000.00', bankAccountId: account.id },
          idempotencyKey: 'withdraw-retry-1',
        }),
      ),
    );
    expect(new Set(withdrawals.map((order) => order.id)).size).toBe(1);
    expect((await walletOf(player)).held - walletBefore.held).toBe(6_200_000n);
    await expectLedgerClean(testApp);
  });

  it('a refused first withdrawal of a project (its clearing account rolled back) leaves later ones working', async () => {
    const player = await testApp.signIn('player-2', 10);
    const account = await player.api.withdraw.bankAdd({
      body: { bankCode: 'BRI', accountNo: '1212121212', holderName: 'Agus Salim' },
    });
    const refused = await failure(
      // Over the wallet, under the tier-0 limit (identity tiers): refused by the ledger hold.
      player.api.withdraw.create({ body: { amount: '9000000.00', bankAccountId: account.id } }),
    );
    expect(refused.errCode).toBe(3005);
    const order = await player.api.withdraw.create({
      body: { amount: '50000.00', bankAccountId: account.id },
    });
    expect(order.state).toBe(0);
    await expectLedgerClean(testApp);
  });
});

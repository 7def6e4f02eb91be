// Proves the payment hub authorises every object it is asked about (404/1031, nothing changed) and
// rejects malformed amounts with code 3; webhooks without a valid signature move nothing.
import type { PayhubClient } from '@payhub/client';
import { PayOrderState, WithdrawOrderState } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, failure, quotaOf, walletOf } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
let player: PayhubClient;
let otherPlayer: PayhubClient;
const operators = new Map<number, PayhubClient>();

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  player = await testApp.signIn('player');
  otherPlayer = await testApp.signIn('player-2');
  for (const label of ['operator', 'operator-2']) {
    const client = await testApp.signIn(label);
    operators.set((await client.api.user.me()).id, client);
  }
});
afterAll(async () => testApp?.close());

async function snapshot() {
  const { rows } = await testApp.database.pool.query(
    `SELECT (SELECT count(*) FROM ledger_transfers) AS transfers, (SELECT count(*) FROM pay_orders) AS orders,
            (SELECT count(*) FROM withdraw_orders) AS withdrawals, (SELECT count(*) FROM quota_topups) AS topups,
            (SELECT count(*) FROM player_bank_accounts WHERE deleted_at IS NULL) AS banks,
            (SELECT coalesce(sum(version), 0) FROM pay_orders) AS order_versions`,
  );
  return rows[0];
}

describe('another operator’s order', () => {
  it('cannot be seen, confirmed, reported or canceled by another operator (404, nothing changed)', async () => {
    const order = await player.api.payhub.createOrder({ body: { amount: '100000.00', bankCode: 'BCA' } });
    const owner = operators.get(order.operatorId!)!;
    const [otherId, other] = [...operators.entries()].find(([id]) => id !== order.operatorId)!;
    expect(otherId).not.toBe(order.operatorId);
    const before = await snapshot();
    const ownerQuota = await quotaOf(owner);
    for (const action of ['confirm', 'report', 'cancel'] as const) {
      expect((await failure(other.api.payhub.payCheck({ body: { id: order.id, action } }))).errCode).toBe(
        404,
      );
    }
    const listed = await other.api.payhub.ordersQuery({ query: { page: 1, count: 500, state: '0,4' } });
    expect(listed.items.map((item) => item.id)).not.toContain(order.id);
    expect(await snapshot()).toEqual(before);
    expect(await quotaOf(owner)).toEqual(ownerQuota);
    // An unknown id answers the same as a foreign one.
    expect(
      (await failure(other.api.payhub.payCheck({ body: { id: 99_999_999, action: 'confirm' } }))).errCode,
    ).toBe(404);
  });

  it('a Handler cannot use the manager calls and a player cannot use the operator calls (1031)', async () => {
    const handler = [...operators.values()][0]!;
    expect((await failure(handler.api.payhub.handlerOrders({ query: { page: 1, count: 10 } }))).errCode).toBe(
      1031,
    );
    expect((await failure(handler.api.payhub.leaderCancel({ params: { id: 1 } }))).errCode).toBe(1031);
    expect(
      (await failure(handler.api.withdraw.leaderHandles({ query: { page: 1, count: 10 } }))).errCode,
    ).toBe(1031);
    expect((await failure(player.api.payhub.ordersQuery({ query: { page: 1, count: 10 } }))).errCode).toBe(
      1031,
    );
    expect((await failure(player.api.quota.query())).errCode).toBe(1031);
    expect((await failure(player.api.withdraw.handles({ query: { page: 1, count: 10 } }))).errCode).toBe(
      1031,
    );
    expect((await failure(handler.api.payhub.adminCases({ query: { page: 1, count: 10 } }))).errCode).toBe(
      1031,
    );
  });

  it('an operator of another project cannot act on the order (404)', async () => {
    const order = await player.api.payhub.createOrder({ body: { amount: '100000.00', bankCode: 'BCA' } });
    const foreign = await testApp.signIn('operator', 10);
    const before = await snapshot();
    expect(
      (await failure(foreign.api.payhub.payCheck({ body: { id: order.id, action: 'confirm' } }))).errCode,
    ).toBe(404);
    const foreignManager = await testApp.signIn('operator-manage', 10);
    expect(
      (await failure(foreignManager.api.payhub.leaderCancel({ params: { id: order.id } }))).errCode,
    ).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('a second group head is refused an order another head took (3038)', async () => {
    const order = await player.api.payhub.createOrder({ body: { amount: '100000.00', bankCode: 'BCA' } });
    await operators.get(order.operatorId!)!.api.payhub.payCheck({ body: { id: order.id, action: 'report' } });
    const manager = await testApp.signIn('operator-manage');
    await manager.api.payhub.handleOrder({ query: { id: order.id } });
    const [otherId, other] = [...operators.entries()].find(([id]) => id !== order.operatorId)!;
    await testApp.database.pool.query(`UPDATE spa_profiles SET payment_role = 'Manage' WHERE user_id = $1`, [
      otherId,
    ]);
    try {
      expect((await failure(other.api.payhub.handleOrder({ query: { id: order.id } }))).errCode).toBe(3038);
      expect(
        (await failure(other.api.payhub.leaderSuccess({ params: { id: order.id }, body: {} }))).errCode,
      ).toBe(3038);
      expect((await player.api.payhub.orderState({ params: { id: order.id } })).state).toBe(
        PayOrderState.EXCEPTIONAL,
      );
    } finally {
      await testApp.database.pool.query(
        `UPDATE spa_profiles SET payment_role = 'Handler' WHERE user_id = $1`,
        [otherId],
      );
    }
  });
});

describe('another player’s objects', () => {
  it('orders, vouchers and withdrawals of another player answer 404 and change nothing', async () => {
    const order = await player.api.payhub.createOrder({ body: { amount: '100000.00', bankCode: 'BRI' } });
    const account = await player.api.withdraw.bankAdd({
      body: { bankCode: 'MANDIRI', accountNo: '3213213210', holderName: 'Dewi Lestari' },
    });
    const withdrawal = await player.api.withdraw.create({
      body: { amount: '50000.00', bankAccountId: account.id },
    });
    const before = await snapshot();
    const wallet = await walletOf(player);
    expect((await failure(otherPlayer.api.payhub.orderState({ params: { id: order.id } }))).errCode).toBe(
      404,
    );
    expect(
      (
        await failure(
          otherPlayer.api.payhub.voucher({ body: { id: order.id, voucherUrl: '/uploads/x.png' } }),
        )
      ).errCode,
    ).toBe(404);
    expect((await failure(otherPlayer.api.withdraw.order({ params: { id: withdrawal.id } }))).errCode).toBe(
      404,
    );
    expect((await failure(otherPlayer.api.withdraw.cancel({ params: { id: withdrawal.id } }))).errCode).toBe(
      404,
    );
    expect(
      (
        await failure(
          otherPlayer.api.withdraw.create({ body: { amount: '50000.00', bankAccountId: account.id } }),
        )
      ).errCode,
    ).toBe(404);
    expect(
      (await otherPlayer.api.payhub.playerOrders({ query: { page: 1, count: 500 } })).items,
    ).toHaveLength(0);
    expect(await snapshot()).toEqual(before);
    expect(await walletOf(player)).toEqual(wallet);
    expect((await player.api.withdraw.order({ params: { id: withdrawal.id } })).state).toBe(
      WithdrawOrderState.WAIT,
    );
  });

  it('another player’s bank account cannot be listed, changed or removed (404) nor registered twice (3027)', async () => {
    const account = (await player.api.withdraw.bankList()).items[0]!;
    const before = await snapshot();
    expect((await otherPlayer.api.withdraw.bankList()).items.map((item) => item.id)).not.toContain(
      account.id,
    );
    expect(
      (
        await failure(
          otherPlayer.api.withdraw.bankUpdate({
            params: { id: account.id },
            body: { bankCode: 'BCA', accountNo: '1111111111', holderName: 'Maling' },
          }),
        )
      ).errCode,
    ).toBe(404);
    expect((await failure(otherPlayer.api.withdraw.bankDelete({ params: { id: account.id } }))).errCode).toBe(
      404,
    );
    expect(
      (
        await failure(
          otherPlayer.api.withdraw.bankAdd({
            body: {
              bankCode: account.bankCode as 'MANDIRI',
              accountNo: account.accountNo,
              holderName: 'Maling',
            },
          }),
        )
      ).errCode,
    ).toBe(3027);
    expect(
      (
        await failure(
          player.api.withdraw.bankAdd({
            body: {
              bankCode: account.bankCode as 'MANDIRI',
              accountNo: account.accountNo,
              holderName: 'Dewi Lestari',
            },
          }),
        )
      ).errCode,
    ).toBe(3008);
    expect(await snapshot()).toEqual(before);
    expect((await player.api.withdraw.bankList()).items.find((item) => item.id === account.id)).toEqual(
      account,
    );
    // An account with an open withdrawal cannot be changed (3009).
    expect((await failure(player.api.withdraw.bankDelete({ params: { id: account.id } }))).errCode).toBe(
      3009,
    );
  });

  it('limits bank accounts to five (3010) and refuses unsupported banks (3024)', async () => {
    for (let index = (await otherPlayer.api.withdraw.bankList()).items.length; index < 5; index += 1) {
      await otherPlayer.api.withdraw.bankAdd({
        body: { bankCode: 'BCA', accountNo: `44400000${index}0`, holderName: 'Rina Wati' },
      });
    }
    expect(
      (
        await failure(
          otherPlayer.api.withdraw.bankAdd({
            body: { bankCode: 'BNI', accountNo: '4440000099', holderName: 'Rina Wati' },
          }),
        )
      ).errCode,
    ).toBe(3010);
    expect(
      (
        await failure(
          player.api.withdraw.bankAdd({
            body: { bankCode: 'BBVA', accountNo: '4440000098', holderName: 'Rina Wati' },
          }),
        )
      ).errCode,
    ).toBe(3024);
  });
});

describe('malformed amounts', () => {
  const bad: unknown[] = [
    '100000.001',
    '-100000.00',
    '0',
    '0.00',
    '99999999999999999999.00',
    '10000000000000000',
    'abc',
    '1e5',
    '100,000.00',
    '',
    ' ',
    '0x10',
    'NaN',
    'Infinity',
    100000,
    null,
  ];

  it('are rejected with code 3 on every money call, and nothing is created', async () => {
    const operator = [...operators.values()][0]!;
    const account = (await player.api.withdraw.bankList()).items[0]!;
    const before = await snapshot();
    for (const amount of bad) {
      // One call at a time: a refusal must be awaited as it happens, not left unhandled meanwhile.
      const calls = [
        () => player.api.payhub.createOrder({ body: { amount: amount as string, bankCode: 'BCA' } }),
        () => player.api.withdraw.create({ body: { amount: amount as string, bankAccountId: account.id } }),
        () => player.api.withdraw.fee({ body: { amount: amount as string } }),
        () => operator.api.quota.pay({ body: { amount: amount as string, method: 'bank' } }),
        () => operator.api.quota.indodaxUrl({ body: { amount: amount as string } }),
      ];
      for (const call of calls) {
        const error = await failure(call());
        expect(error.errCode, `amount ${JSON.stringify(amount)}`).toBe(3);
        expect(error.message).toMatch(/amount/);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('the fee of a valid amount is exact in minor units', async () => {
    expect(await player.api.withdraw.fee({ body: { amount: '1234567.89' } })).toEqual({
      amount: '1234567.89',
      fee: '12345.67',
      total: '1246913.56',
    });
  });
});

describe('webhooks', () => {
  it('a webhook without a valid signature is refused (1031) and credits nothing', async () => {
    const operator = [...operators.values()][0]!;
    const topup = await operator.api.quota.pay({ body: { amount: '500000.00', method: 'bank' } });
    const before = await quotaOf(operator);
    const body = {
      provider: 'bank',
      reference: topup.providerReference,
      status: 'settled',
      amount: '500000.00',
    };
    for (const signature of [undefined, 'deadbeef', 'a'.repeat(64)]) {
      const response = await fetch(`${testApp.baseUrl}/main/payhub/quota/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'x-payhub-signature': signature } : {}),
        },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(403);
      expect((await response.json()).errCode).toBe(1031);
    }
    expect(await quotaOf(operator)).toEqual(before);
    await expectLedgerClean(testApp);
  });
});

describe('lawful operation', () => {
  it('an unverified operator gets no orders and cannot start work (712); its cards must carry the verified name', async () => {
    const admin = await testApp.signIn('admin');
    const [operatorId, operator] = [...operators.entries()][0]!;
    const status = await admin.api.payhub.adminSetKyc({
      params: { userId: operatorId },
      body: { status: 'suspended' },
    });
    expect(status.kycStatus).toBe('suspended');
    expect(status.working).toBe(false);
    expect((await failure(operator.api.payhub.setWork({ params: { flag: 1 } }))).errCode).toBe(712);
    for (let index = 0; index < 3; index += 1) {
      const order = await player.api.payhub.createOrder({ body: { amount: '100000.00', bankCode: 'BCA' } });
      expect(order.operatorId).not.toBe(operatorId);
    }
    const audit = await testApp.database.pool.query(
      `SELECT before, after FROM audit_log WHERE action = 'operator.kyc' AND object_id = $1`,
      [String(operatorId)],
    );
    expect(audit.rows[0].after.kycStatus).toBe('suspended');
    await expect(
      testApp.database.pool.query(
        `INSERT INTO payhub_operator_cards (operator_id, bank_code, account_no, holder_name) VALUES ($1, 'BCA', '1010101010', 'Someone Else')`,
        [operatorId],
      ),
    ).rejects.toThrow(/verified name/);
    await admin.api.payhub.adminSetKyc({ params: { userId: operatorId }, body: { status: 'verified' } });
    expect((await operator.api.payhub.setWork({ params: { flag: 1 } })).working).toBe(true);
  });

  it('monitoring opens a case for velocity and for amounts just under the threshold, which an admin closes', async () => {
    const admin = await testApp.signIn('admin');
    for (let index = 0; index < 7; index += 1)
      await otherPlayer.api.payhub.createOrder({ body: { amount: '100000.00', bankCode: 'BNI' } });
    await otherPlayer.api.payhub.createOrder({ body: { amount: '9800000.00', bankCode: 'BNI' } });
    const cases = await admin.api.payhub.adminCases({ query: { page: 1, count: 50, status: 'open' } });
    const otherId = (await otherPlayer.api.user.me()).id;
    const velocity = cases.items.find(
      (item) => item.rule === 'velocity' && item.subjectId === String(otherId),
    );
    expect(velocity).toBeDefined();
    expect(
      cases.items.filter((item) => item.rule === 'velocity' && item.subjectId === String(otherId)),
    ).toHaveLength(1);
    expect(cases.items.some((item) => item.rule === 'just_under_threshold')).toBe(true);
    const closed = await admin.api.payhub.adminCloseCase({
      params: { id: velocity!.id },
      body: { resolution: 'Pemain dikenal, tidak mencurigakan' },
    });
    expect(closed.status).toBe('closed');
    await expect(
      testApp.database.pool.query(`UPDATE audit_log SET action = 'x' WHERE action = 'case.close'`),
    ).rejects.toThrow(/append-only/);
    await expect(testApp.database.pool.query(`DELETE FROM ledger_entries`)).rejects.toThrow(/append-only/);
  });

  it('per-order and daily limits: orders beyond them find no operator, withdrawals beyond them cannot be taken (3004)', async () => {
    const ids = [...operators.keys()];
    const { rows } = await testApp.database.pool.query<{ day: string }>(
      `SELECT to_char(now() AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD') AS day`,
    );
    await testApp.database.pool.query(
      `UPDATE payhub_operators SET per_order_max = 30000000, daily_max = 90000000 WHERE user_id = ANY($1::bigint[])`,
      [ids],
    );
    await testApp.database.pool.query(
      `INSERT INTO payhub_operator_daily (operator_id, day, assigned) SELECT unnest($1::bigint[]), $2::date, 0
       ON CONFLICT (operator_id, day) DO UPDATE SET assigned = 0`,
      [ids, rows[0]!.day],
    );
    try {
      const tooBig = await player.api.payhub.createOrder({ body: { amount: '300000.01', bankCode: 'BCA' } });
      expect(tooBig.state).toBe(PayOrderState.CHOOSE_FAILED);
      // Two operators x 900,000.00 a day: three orders of 300,000.00 each fit per operator, the seventh does not.
      const states: number[] = [];
      for (let index = 0; index < 7; index += 1)
        states.push(
          (await player.api.payhub.createOrder({ body: { amount: '300000.00', bankCode: 'BCA' } })).state,
        );
      expect(states.slice(0, 6)).toEqual(Array(6).fill(PayOrderState.WAIT));
      expect(states[6]).toBe(PayOrderState.CHOOSE_FAILED);
      // A canceled order gives its amount back to the operator's day (issue 11): one more order fits,
      // assigned to that operator, and then the day is full again.
      const open = (
        await operators.get(ids[0]!)!.api.payhub.ordersQuery({
          query: { count: 500, page: 1, state: '0' },
        })
      ).items.filter((order) => order.amount === '300000.00');
      expect(open.length).toBeGreaterThan(0);
      await operators.get(ids[0]!)!.api.payhub.payCheck({ body: { id: open[0]!.id, action: 'cancel' } });
      const refill = await player.api.payhub.createOrder({ body: { amount: '300000.00', bankCode: 'BCA' } });
      expect(refill.state).toBe(PayOrderState.WAIT);
      expect(refill.operatorId).toBe(ids[0]);
      expect(
        (await player.api.payhub.createOrder({ body: { amount: '300000.00', bankCode: 'BCA' } })).state,
      ).toBe(PayOrderState.CHOOSE_FAILED);
      const account = (await player.api.withdraw.bankList()).items[0]!;
      const big = await player.api.withdraw.create({
        body: { amount: '300000.01', bankAccountId: account.id },
      });
      const operator = operators.get(ids[0]!)!;
      expect(
        (await failure(operator.api.withdraw.spammerHandle({ body: { id: big.id, action: 'take' } })))
          .errCode,
      ).toBe(3004);
      expect((await player.api.withdraw.order({ params: { id: big.id } })).state).toBe(
        WithdrawOrderState.WAIT,
      );
    } finally {
      await testApp.database.pool.query(
        `UPDATE payhub_operators SET per_order_max = 5000000000, daily_max = 50000000000 WHERE user_id = ANY($1::bigint[])`,
        [ids],
      );
    }
    await expectLedgerClean(testApp);
  });
});

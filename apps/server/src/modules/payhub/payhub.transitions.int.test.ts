// Proves every transition of docs/payments.md (deposit, withdrawal, top-up) through the API, with
// the right money movement each, and that the audit log shows exactly the documented set.
import type { PayhubClient } from '@payhub/client';
import { PayOrderState as P, parseMoney, WithdrawOrderState as W } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectLedgerClean,
  failure,
  quotaOf,
  uploadVoucher,
  walletOf,
} from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { WITHDRAW_TRANSITIONS } from '../withdraw/withdraw.rules.ts';
import { PAY_CHECKING_TIMEOUT_MS, PAY_TRANSITIONS, PAY_WAIT_TIMEOUT_MS } from './payhub.rules.ts';

let testApp: TestApp;
let player: PayhubClient;
let manager: PayhubClient;
const operators = new Map<number, PayhubClient>();
let bankAccountId: number;

beforeAll(async () => {
  testApp = await startTestApp();
  player = await testApp.signIn('player');
  manager = await testApp.signIn('operator-manage');
  for (const label of ['operator', 'operator-2']) {
    const client = await testApp.signIn(label);
    operators.set((await client.api.user.me()).id, client);
  }
  bankAccountId = (
    await player.api.withdraw.bankAdd({
      body: { bankCode: 'BRI', accountNo: '1234567890', holderName: 'Budi Santoso' },
    })
  ).id;
});
afterAll(async () => testApp?.close());

function operatorOf(order: { operatorId: number | null }): PayhubClient {
  const client = order.operatorId === null ? undefined : operators.get(order.operatorId);
  if (!client) throw new Error(`no client for operator ${order.operatorId}`);
  return client;
}

async function deposit(amount = '100000.00') {
  const order = await player.api.payhub.createOrder({ body: { amount, bankCode: 'BCA' } });
  expect(order.state).toBe(P.WAIT);
  return order;
}

async function runTimeouts() {
  return testApp.app.paymentHub!.runTimeouts();
}

describe('deposit transitions', () => {
  it('INIT -> CHOOSE_FAILED when no operator has a card at the bank; nothing moves', async () => {
    const before = await walletOf(player);
    const order = await player.api.payhub.createOrder({ body: { amount: '100000.00', bankCode: 'CIMB' } });
    expect(order.state).toBe(P.CHOOSE_FAILED);
    expect(order.operatorId).toBeNull();
    expect(await walletOf(player)).toEqual(before);
  });

  it('WAIT -> PAID directly and CHECKING -> PAID after a voucher', async () => {
    const direct = await deposit();
    expect(
      (await operatorOf(direct).api.payhub.payCheck({ body: { id: direct.id, action: 'confirm' } })).state,
    ).toBe(P.PAID);
    const checked = await deposit();
    const voucherUrl = await uploadVoucher(player);
    const voucher = await player.api.payhub.voucher({
      body: { id: checked.id, voucherUrl },
    });
    expect(voucher.state).toBe(P.CHECKING);
    expect(voucher.voucherUrl).toBe(voucherUrl);
    expect(
      (await operatorOf(checked).api.payhub.payCheck({ body: { id: checked.id, action: 'confirm' } })).state,
    ).toBe(P.PAID);
  });

  it('WAIT -> CANCELED by the operator and by timeout, releasing the held quota', async () => {
    const order = await deposit();
    const operator = operatorOf(order);
    const held = (await quotaOf(operator)).held;
    const canceled = await operator.api.payhub.payCheck({ body: { id: order.id, action: 'cancel' } });
    expect(canceled.state).toBe(P.CANCELED);
    expect((await quotaOf(operator)).held).toBe(held - 10_000_000n);

    const late = await deposit();
    testApp.clock.advance(PAY_WAIT_TIMEOUT_MS + 1_000);
    // The app's own scheduler node may act first; either way the order is canceled once.
    await runTimeouts();
    expect((await player.api.payhub.orderState({ params: { id: late.id } })).state).toBe(P.CANCELED);
  });

  it('WAIT -> EXCEPTIONAL and CHECKING -> EXCEPTIONAL by report; CHECKING -> EXCEPTIONAL by timeout', async () => {
    const waiting = await deposit();
    expect(
      (
        await operatorOf(waiting).api.payhub.payCheck({
          body: { id: waiting.id, action: 'report', remark: 'nama beda' },
        })
      ).state,
    ).toBe(P.EXCEPTIONAL);
    const checking = await deposit();
    await player.api.payhub.voucher({ body: { id: checking.id, voucherUrl: await uploadVoucher(player) } });
    expect(
      (await operatorOf(checking).api.payhub.payCheck({ body: { id: checking.id, action: 'report' } })).state,
    ).toBe(P.EXCEPTIONAL);
    const slow = await deposit();
    await player.api.payhub.voucher({ body: { id: slow.id, voucherUrl: await uploadVoucher(player) } });
    testApp.clock.advance(PAY_CHECKING_TIMEOUT_MS + 1_000);
    await runTimeouts();
    const after = await player.api.payhub.orderState({ params: { id: slow.id } });
    expect(after.state).toBe(P.EXCEPTIONAL);
    // The quota stays held while a manager decides.
    expect((await quotaOf(operatorOf(slow))).held).toBeGreaterThanOrEqual(10_000_000n);
  });

  it('EXCEPTIONAL -> CHECK_SUCCESS, CANCELED and FAILED by the manager; CANCELED -> CHECK_SUCCESS', async () => {
    const queue = await manager.api.payhub.handlerOrders({ query: { page: 1, count: 500, handleState: 0 } });
    const exceptional = queue.items.filter((item) => item.state === P.EXCEPTIONAL);
    const canceled = queue.items.filter((item) => item.state === P.CANCELED);
    expect(exceptional.length).toBeGreaterThanOrEqual(3);
    expect(canceled.length).toBeGreaterThanOrEqual(1);

    const walletBefore = await walletOf(player);
    const taken = await manager.api.payhub.handleOrder({ query: { id: exceptional[0]!.id } });
    expect(taken.handleState).toBe(1);
    const success = await manager.api.payhub.leaderSuccess({
      params: { id: exceptional[0]!.id },
      body: { remark: 'ok' },
    });
    expect(success.state).toBe(P.CHECK_SUCCESS);
    expect((await walletOf(player)).balance - walletBefore.balance).toBe(10_000_000n);

    expect((await manager.api.payhub.leaderCancel({ params: { id: exceptional[1]!.id } })).state).toBe(
      P.CANCELED,
    );
    expect((await manager.api.payhub.leaderUnable({ params: { id: exceptional[2]!.id } })).state).toBe(
      P.FAILED,
    );

    const late = canceled[0]!;
    const lateOperator = operatorOf(late);
    const quotaBefore = await quotaOf(lateOperator);
    expect((await manager.api.payhub.leaderSuccess({ params: { id: late.id }, body: {} })).state).toBe(
      P.CHECK_SUCCESS,
    );
    expect(quotaBefore.quota - (await quotaOf(lateOperator)).quota).toBe(10_000_000n);

    const mine = await manager.api.payhub.leaderOrders({ query: { page: 1, count: 500 } });
    expect(mine.items.map((item) => item.id)).toEqual(
      expect.arrayContaining([exceptional[0]!.id, exceptional[1]!.id, exceptional[2]!.id, late.id]),
    );
    // A settled order is past every further action (3007).
    expect((await failure(manager.api.payhub.leaderCancel({ params: { id: late.id } }))).errCode).toBe(3007);
    await expectLedgerClean(testApp);
  });
});

describe('withdrawal transitions', () => {
  async function withdrawal(amount = '50000.00') {
    const order = await player.api.withdraw.create({ body: { amount, bankAccountId } });
    expect(order.state).toBe(W.WAIT);
    return order;
  }

  it('INIT -> WAIT holds amount plus fee; WAIT -> CANCELED by the player releases it', async () => {
    const before = await walletOf(player);
    const order = await withdrawal();
    expect(order.fee).toBe('2000.00');
    expect((await walletOf(player)).held - before.held).toBe(5_200_000n);
    expect((await player.api.withdraw.cancel({ params: { id: order.id } })).state).toBe(W.CANCELED);
    expect(await walletOf(player)).toEqual(before);
  });

  it('WAIT -> CHOOSE_FAILED when no operator takes it in time', async () => {
    const before = await walletOf(player);
    const order = await withdrawal();
    testApp.clock.advance(31 * 60_000);
    await runTimeouts();
    expect((await player.api.withdraw.order({ params: { id: order.id } })).state).toBe(W.CHOOSE_FAILED);
    expect(await walletOf(player)).toEqual(before);
  });

  it('WAIT -> CONFIRM -> FINISH: player debited amount plus fee, operator repaid in quota plus commission', async () => {
    const operator = [...operators.values()][0]!;
    const walletBefore = await walletOf(player);
    const quotaBefore = await quotaOf(operator);
    const order = await withdrawal('200000.00');
    const taken = await operator.api.withdraw.spammerHandle({ body: { id: order.id, action: 'take' } });
    expect(taken.state).toBe(W.CONFIRM);
    const finished = await operator.api.withdraw.spammerHandle({
      body: { id: order.id, action: 'finish', voucherUrl: '/uploads/w1.png' },
    });
    expect(finished.state).toBe(W.FINISH);
    const walletAfter = await walletOf(player);
    expect(walletBefore.balance - walletAfter.balance).toBe(20_200_000n);
    expect(walletAfter.held).toBe(walletBefore.held);
    const quotaAfter = await quotaOf(operator);
    expect(quotaAfter.quota - quotaBefore.quota).toBe(20_000_000n);
    expect(quotaAfter.commission - quotaBefore.commission).toBe(200_000n);
  });

  it('FINISH moves the money as one linked operation: hold posted, payout, fee and commission', async () => {
    const operator = [...operators.values()][0]!;
    const order = await withdrawal('100000.00');
    await operator.api.withdraw.spammerHandle({ body: { id: order.id, action: 'take' } });
    const finished = await operator.api.withdraw.spammerHandle({
      body: { id: order.id, action: 'finish', voucherUrl: '/uploads/w3.png' },
    });
    const key = `wd:${order.id}:finish`;
    const { rows: operations } = await testApp.database.pool.query<{ postings: number; code: string }>(
      'SELECT postings, code FROM ledger_operations WHERE id = $1',
      [key],
    );
    expect(operations).toEqual([{ postings: 4, code: 'withdraw_finish' }]);
    const { rows } = await testApp.database.pool.query<{ id: string; code: string; amount: string }>(
      'SELECT id, code, amount::text AS amount FROM ledger_transfers WHERE operation_id = $1 ORDER BY id',
      [key],
    );
    const commission = parseMoney(finished.commission);
    expect(commission).toBeGreaterThan(0n);
    expect(rows).toEqual([
      { id: `wd:${order.id}:commission`, code: 'withdraw_commission', amount: commission.toString() },
      { id: `wd:${order.id}:fee`, code: 'withdraw_fee', amount: '200000' },
      { id: `wd:${order.id}:payout`, code: 'withdraw_payout', amount: '10000000' },
      { id: `wd:${order.id}:post`, code: 'withdraw', amount: '10200000' },
    ]);
    await expectLedgerClean(testApp);
  });

  it('CONFIRM -> EXCEPTIONAL by report and by timeout; EXCEPTIONAL -> FINISH and FAILED by the manager', async () => {
    const operator = [...operators.values()][1]!;
    const reported = await withdrawal();
    await operator.api.withdraw.spammerHandle({ body: { id: reported.id, action: 'take' } });
    expect(
      (
        await operator.api.withdraw.spammerHandle({
          body: { id: reported.id, action: 'report', remark: 'rekening salah' },
        })
      ).state,
    ).toBe(W.EXCEPTIONAL);
    const slow = await withdrawal();
    await operator.api.withdraw.spammerHandle({ body: { id: slow.id, action: 'take' } });
    testApp.clock.advance(2 * 60 * 60_000 + 1_000);
    await runTimeouts();
    expect((await player.api.withdraw.order({ params: { id: slow.id } })).state).toBe(W.EXCEPTIONAL);

    const queue = await manager.api.withdraw.leaderHandles({ query: { page: 1, count: 500, type: 2 } });
    expect(queue.items.map((item) => item.id)).toEqual(expect.arrayContaining([reported.id, slow.id]));
    const before = await walletOf(player);
    expect(
      (
        await manager.api.withdraw.leaderHandle({
          body: { id: reported.id, action: 'fail', remark: 'refund' },
        })
      ).state,
    ).toBe(W.FAILED);
    expect((await walletOf(player)).held).toBe(before.held - 5_200_000n);
    expect(
      (
        await manager.api.withdraw.leaderHandle({
          body: { id: slow.id, action: 'finish', voucherUrl: '/uploads/w2.png' },
        })
      ).state,
    ).toBe(W.FINISH);
    await expectLedgerClean(testApp);
  });
});

describe('quota top-up transitions', () => {
  it('WAIT -> DONE on the signed webhook credits the quota once; WAIT -> PAY_FAILD credits nothing', async () => {
    const operator = [...operators.values()][0]!;
    const before = await quotaOf(operator);
    const topup = await operator.api.quota.pay({ body: { amount: '1000000.00', method: 'bank' } });
    expect(topup.state).toBe(0);
    const settled = await operator.api.quota.devSettle({
      body: { orderNo: topup.orderNo, status: 'settled' },
    });
    expect(settled.state).toBe(1);
    expect((await quotaOf(operator)).quota - before.quota).toBe(100_000_000n);
    // A replayed webhook moves nothing more.
    await operator.api.quota.devSettle({ body: { orderNo: topup.orderNo, status: 'settled' } });
    expect((await quotaOf(operator)).quota - before.quota).toBe(100_000_000n);

    const failed = await operator.api.quota.indodaxUrl({ body: { amount: '1000000.00' } });
    expect(failed.payTo).toMatch(/^https:\/\/indodax\.dev\.local\/checkout\//);
    expect(
      (await operator.api.quota.devSettle({ body: { orderNo: failed.orderNo, status: 'failed' } })).state,
    ).toBe(2);
    const expired = await operator.api.quota.pay({ body: { amount: '1000000.00', method: 'usdt' } });
    testApp.clock.advance(61 * 60_000);
    await runTimeouts();
    const records = await operator.api.quota.topups({ query: { page: 1, count: 50 } });
    expect(records.items.find((item) => item.id === expired.id)?.state).toBe(2);
    expect((await quotaOf(operator)).quota - before.quota).toBe(100_000_000n);
    const history = await operator.api.quota.history({ query: { page: 1, count: 5 } });
    expect(history.items[0]?.code).toBe('quota_topup');
    await expectLedgerClean(testApp);
  });
});

describe('coverage', () => {
  it('the audit log shows every documented transition and no other', async () => {
    const { rows } = await testApp.database.pool.query<{ object_type: string; from: number; to: number }>(`
      SELECT DISTINCT object_type, (before->>'state')::int AS from, (after->>'state')::int AS to FROM audit_log
       WHERE object_type IN ('pay_order', 'withdraw_order', 'quota_topup') AND before ? 'state'`);
    const seen = (type: string) =>
      new Set(rows.filter((row) => row.object_type === type).map((row) => `${row.from}->${row.to}`));
    const documented = (transitions: ReadonlyArray<readonly [number, string, number]>) =>
      new Set(transitions.map(([from, , to]) => `${from}->${to}`));
    expect(seen('pay_order')).toEqual(documented(PAY_TRANSITIONS));
    expect(seen('withdraw_order')).toEqual(documented(WITHDRAW_TRANSITIONS));
    expect(seen('quota_topup')).toEqual(new Set(['0->1', '0->2']));
  });
});

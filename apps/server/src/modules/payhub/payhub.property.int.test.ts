// Proves with fast-check that random concurrent interleavings of create/assign/voucher/confirm/
// cancel/report/timeout/withdraw/take/finish/fail and the manager's actions on many orders never
// break a ledger invariant, never make an undocumented transition and never answer a 5xx; a fixed
// sequence after them drives one order of each kind to each settled state, whatever the draw was.

import { ApiError, type PayhubClient } from '@payhub/client';
import { PayOrderState, WithdrawOrderState } from '@payhub/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, uploadVoucher, userIdOf } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { WITHDRAW_TRANSITIONS } from '../withdraw/withdraw.rules.ts';
import { PAY_TRANSITIONS } from './payhub.rules.ts';

let testApp: TestApp;
let players: PayhubClient[];
let manager: PayhubClient;
const operators = new Map<number, PayhubClient>();
const bankAccounts = new Map<PayhubClient, number>();

/**
 * Refusals an interleaving may legitimately meet; anything else is a failure. 4017: a paid first
 * deposit grants the first-deposit bonus (issue 17), and a withdrawal while its wagering is open is
 * refused (the players here keep the default choice, "refuse").
 */
const EXPECTED_CODES = new Set([404, 3005, 3007, 3009, 3038, 3004, 4017]);

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  players = [await testApp.signIn('player'), await testApp.signIn('player-2')];
  manager = await testApp.signIn('operator-manage');
  for (const label of ['operator', 'operator-2']) {
    const client = await testApp.signIn(label);
    operators.set((await client.api.user.me()).id, client);
  }
  for (const [index, player] of players.entries()) {
    const account = await player.api.withdraw.bankAdd({
      body: {
        bankCode: 'BNI',
        accountNo: `60000000${index}1`,
        holderName: ['Pemain Satu', 'Pemain Dua'][index]!,
      },
    });
    bankAccounts.set(player, account.id);
  }
});
afterAll(async () => testApp?.close());

type Command =
  | { kind: 'deposit'; player: number; amount: number; bank: number }
  | {
      kind: 'voucher' | 'confirm' | 'cancel' | 'report' | 'success' | 'leaderCancel' | 'unable';
      order: number;
    }
  | { kind: 'withdraw'; player: number; amount: number }
  | {
      kind: 'take' | 'finish' | 'serve' | 'wreport' | 'wcancel' | 'leaderFinish' | 'leaderFail';
      order: number;
    }
  | { kind: 'timeout'; minutes: number };

const orderRef = fc.nat({ max: 30 });
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      player: fc.nat({ max: 1 }),
      amount: fc.integer({ min: 10_000, max: 400_000 }),
      bank: fc.nat({ max: 4 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('voucher', 'confirm', 'cancel', 'report', 'success', 'leaderCancel', 'unable'),
      order: orderRef,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      player: fc.nat({ max: 1 }),
      amount: fc.integer({ min: 50_000, max: 300_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'take',
        'finish',
        'serve',
        'serve',
        'wreport',
        'wcancel',
        'leaderFinish',
        'leaderFail',
      ),
      order: orderRef,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('timeout' as const), minutes: fc.constantFrom(5, 20, 70, 130) }),
  },
);

const deposits: Array<{ id: number; player: PayhubClient; operatorId: number | null }> = [];
const withdrawals: Array<{ id: number; player: PayhubClient }> = [];
const BANKS = ['BCA', 'BNI', 'BRI', 'MANDIRI', 'CIMB'] as const;

function anyOperator(seed: number): PayhubClient {
  const list = [...operators.values()];
  return list[seed % list.length]!;
}

async function execute(item: Command): Promise<void> {
  const deposit =
    'order' in item && deposits.length > 0 ? deposits[item.order % deposits.length]! : undefined;
  const withdrawal =
    'order' in item && withdrawals.length > 0 ? withdrawals[item.order % withdrawals.length]! : undefined;
  const operatorOf = (operatorId: number | null, seed: number) =>
    (operatorId !== null ? operators.get(operatorId) : undefined) ?? anyOperator(seed);
  switch (item.kind) {
    case 'deposit': {
      const player = players[item.player]!;
      const order = await player.api.payhub.createOrder({
        body: { amount: `${item.amount}.00`, bankCode: BANKS[item.bank]! },
      });
      deposits.push({ id: order.id, player, operatorId: order.operatorId });
      return;
    }
    case 'withdraw': {
      const player = players[item.player]!;
      const order = await player.api.withdraw.create({
        body: { amount: `${item.amount}.00`, bankAccountId: bankAccounts.get(player)! },
      });
      withdrawals.push({ id: order.id, player });
      return;
    }
    case 'timeout':
      testApp.clock.advance(item.minutes * 60_000);
      await testApp.app.paymentHub!.runTimeouts();
      return;
  }
  if (deposit) {
    const operator = operatorOf(deposit.operatorId, item.order);
    switch (item.kind) {
      case 'voucher':
        await deposit.player.api.payhub.voucher({
          body: { id: deposit.id, voucherUrl: await uploadVoucher(deposit.player) },
        });
        return;
      case 'confirm':
      case 'cancel':
      case 'report':
        await operator.api.payhub.payCheck({ body: { id: deposit.id, action: item.kind } });
        return;
      case 'success':
        await manager.api.payhub.leaderSuccess({ params: { id: deposit.id }, body: {} });
        return;
      case 'leaderCancel':
        await manager.api.payhub.leaderCancel({ params: { id: deposit.id } });
        return;
      case 'unable':
        await manager.api.payhub.leaderUnable({ params: { id: deposit.id } });
        return;
    }
  }
  if (withdrawal) {
    const operator = anyOperator(item.order);
    switch (item.kind) {
      case 'take':
        await operator.api.withdraw.spammerHandle({ body: { id: withdrawal.id, action: 'take' } });
        return;
      case 'finish':
      case 'wreport': {
        const current = await withdrawal.player.api.withdraw.order({ params: { id: withdrawal.id } });
        const owner = operatorOf(current.operatorId, item.order);
        await owner.api.withdraw.spammerHandle({
          body:
            item.kind === 'finish'
              ? { id: withdrawal.id, action: 'finish', voucherUrl: '/uploads/w.png' }
              : { id: withdrawal.id, action: 'report' },
        });
        return;
      }
      case 'serve': {
        // An operator takes the withdrawal and settles it at once.
        const taken = await operator.api.withdraw.spammerHandle({
          body: { id: withdrawal.id, action: 'take' },
        });
        expect(taken.operatorId).not.toBeNull();
        await operator.api.withdraw.spammerHandle({
          body: { id: withdrawal.id, action: 'finish', voucherUrl: '/uploads/s.png' },
        });
        return;
      }
      case 'wcancel':
        await withdrawal.player.api.withdraw.cancel({ params: { id: withdrawal.id } });
        return;
      case 'leaderFinish':
        await manager.api.withdraw.leaderHandle({
          body: { id: withdrawal.id, action: 'finish', voucherUrl: '/uploads/l.png' },
        });
        return;
      case 'leaderFail':
        await manager.api.withdraw.leaderHandle({ body: { id: withdrawal.id, action: 'fail' } });
        return;
    }
  }
}

/**
 * One order of each kind to each settled state along the documented paths, on project 10, which
 * the random runs never touch: its players' balances, open withdrawals and operators' quotas are
 * the seed's, so every step here succeeds whatever the random runs left behind in project 12.
 */
async function settleOneOfEach(): Promise<void> {
  const projectId = 10;
  const player = await testApp.signIn('player', projectId);
  // The first deposit below earns the first-deposit bonus once the rewards scheduler sees it; with
  // its wagering open, the withdrawals would be refused (4017) under the default choice "refuse".
  await player.api.bonus.setWithdrawChoice({ body: { onWithdraw: 'forfeit' } });
  const boss = await testApp.signIn('operator-manage', projectId);
  const handlers = new Map<number, PayhubClient>();
  for (const label of ['operator', 'operator-2']) {
    const client = await testApp.signIn(label, projectId);
    handlers.set(await userIdOf(client), client);
  }
  const handlerOf = (operatorId: number | null): PayhubClient => {
    const handler = operatorId === null ? undefined : handlers.get(operatorId);
    if (!handler) throw new Error(`no demo operator of project ${projectId} has id ${operatorId}`);
    return handler;
  };
  const deposit = async () => {
    const order = await player.api.payhub.createOrder({ body: { amount: '50000.00', bankCode: 'BCA' } });
    return { id: order.id, handler: handlerOf(order.operatorId) };
  };
  const bankAccountId = (
    await player.api.withdraw.bankAdd({
      body: { bankCode: 'BNI', accountNo: '6000000101', holderName: 'Pemain Sepuluh' },
    })
  ).id;
  const withdrawal = async (take: boolean) => {
    const order = await player.api.withdraw.create({ body: { amount: '60000.00', bankAccountId } });
    if (!take) return { id: order.id, handler: undefined };
    const firstHandler = [...handlers.values()][0]!;
    const taken = await firstHandler.api.withdraw.spammerHandle({ body: { id: order.id, action: 'take' } });
    return { id: order.id, handler: handlerOf(taken.operatorId) };
  };

  // Deposits: PAID, CHECK_SUCCESS, CANCELED (by the operator, the manager and expiry), FAILED.
  const paid = await deposit();
  await paid.handler.api.payhub.payCheck({ body: { id: paid.id, action: 'confirm' } });
  const rescued = await deposit();
  await rescued.handler.api.payhub.payCheck({ body: { id: rescued.id, action: 'report' } });
  await boss.api.payhub.leaderSuccess({ params: { id: rescued.id }, body: {} });
  const canceled = await deposit();
  await canceled.handler.api.payhub.payCheck({ body: { id: canceled.id, action: 'cancel' } });
  const dropped = await deposit();
  await dropped.handler.api.payhub.payCheck({ body: { id: dropped.id, action: 'report' } });
  await boss.api.payhub.leaderCancel({ params: { id: dropped.id } });
  const failedDeposit = await deposit();
  await failedDeposit.handler.api.payhub.payCheck({ body: { id: failedDeposit.id, action: 'report' } });
  await boss.api.payhub.leaderUnable({ params: { id: failedDeposit.id } });

  // Withdrawals: FINISH (by the operator and by the manager), FAILED, CANCELED.
  const finished = await withdrawal(true);
  await finished.handler!.api.withdraw.spammerHandle({
    body: { id: finished.id, action: 'finish', voucherUrl: '/uploads/w.png' },
  });
  const rescuedWithdrawal = await withdrawal(true);
  await rescuedWithdrawal.handler!.api.withdraw.spammerHandle({
    body: { id: rescuedWithdrawal.id, action: 'report' },
  });
  await boss.api.withdraw.leaderHandle({
    body: { id: rescuedWithdrawal.id, action: 'finish', voucherUrl: '/uploads/l.png' },
  });
  const failedWithdrawal = await withdrawal(true);
  await failedWithdrawal.handler!.api.withdraw.spammerHandle({
    body: { id: failedWithdrawal.id, action: 'report' },
  });
  await boss.api.withdraw.leaderHandle({ body: { id: failedWithdrawal.id, action: 'fail' } });
  const canceledWithdrawal = await withdrawal(false);
  await player.api.withdraw.cancel({ params: { id: canceledWithdrawal.id } });

  // Expiry, last: a waiting deposit is canceled and a waiting withdrawal finds no operator.
  await deposit();
  await withdrawal(false);
  testApp.clock.advance(31 * 60_000);
  await testApp.app.paymentHub!.runTimeouts();
}

async function statesReached(table: 'pay_orders' | 'withdraw_orders', projectId: number): Promise<number[]> {
  const { rows } = await testApp.database.pool.query<{ state: number }>(
    `SELECT DISTINCT state FROM ${table} WHERE project_id = $1 ORDER BY state`,
    [projectId],
  );
  return rows.map((row) => row.state);
}

async function transitionsSeen(type: string): Promise<string[]> {
  const { rows } = await testApp.database.pool.query<{ pair: string }>(
    `SELECT DISTINCT (before->>'state') || '->' || (after->>'state') AS pair FROM audit_log
      WHERE object_type = $1 AND before ? 'state'`,
    [type],
  );
  return rows.map((row) => row.pair);
}

describe('random interleavings', () => {
  it('keep the ledger invariants and make only documented transitions', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(command, { minLength: 1, maxLength: 5 }), { minLength: 3, maxLength: 10 }),
        async (batches) => {
          // Per run, so that shrinking judges each candidate on its own.
          const unexpected: string[] = [];
          for (const batch of batches) {
            const results = await Promise.allSettled(batch.map(execute));
            for (const [index, result] of results.entries()) {
              if (result.status === 'fulfilled') continue;
              const error = result.reason;
              if (error instanceof ApiError && EXPECTED_CODES.has(error.errCode)) continue;
              unexpected.push(
                `${JSON.stringify(batch[index])}: ${String(error?.errCode ?? '')} ${String(error?.message ?? error)}`,
              );
            }
          }
          // fast-check's report shows the counterexample, not this list: print it for the replay.
          if (unexpected.length > 0) console.error('unexpected refusals', unexpected);
          expect(unexpected).toEqual([]);
          await expectLedgerClean(testApp);
          const documentedPay = new Set(PAY_TRANSITIONS.map(([from, , to]) => `${from}->${to}`));
          for (const pair of await transitionsSeen('pay_order'))
            expect(documentedPay.has(pair), pair).toBe(true);
          const documentedWithdraw = new Set(WITHDRAW_TRANSITIONS.map(([from, , to]) => `${from}->${to}`));
          for (const pair of await transitionsSeen('withdraw_order'))
            expect(documentedWithdraw.has(pair), pair).toBe(true);
        },
      ),
      { numRuns: 15 },
    );
    // The machine was exercised whatever the draw: one order of each kind in each settled state.
    await settleOneOfEach();
    await expectLedgerClean(testApp);
    const documentedPay = new Set(PAY_TRANSITIONS.map(([from, , to]) => `${from}->${to}`));
    for (const pair of await transitionsSeen('pay_order')) expect(documentedPay.has(pair), pair).toBe(true);
    const documentedWithdraw = new Set(WITHDRAW_TRANSITIONS.map(([from, , to]) => `${from}->${to}`));
    for (const pair of await transitionsSeen('withdraw_order'))
      expect(documentedWithdraw.has(pair), pair).toBe(true);
    const pay = PayOrderState;
    expect(await statesReached('pay_orders', 10)).toEqual(
      expect.arrayContaining([pay.PAID, pay.CANCELED, pay.FAILED, pay.CHECK_SUCCESS]),
    );
    const withdraw = WithdrawOrderState;
    expect(await statesReached('withdraw_orders', 10)).toEqual(
      expect.arrayContaining([withdraw.FINISH, withdraw.FAILED, withdraw.CHOOSE_FAILED, withdraw.CANCELED]),
    );
    const { rows } = await testApp.database.pool.query<{ paid: string; finished: string }>(
      `SELECT (SELECT count(*) FROM pay_orders WHERE state IN (1, 9)) AS paid,
              (SELECT count(*) FROM withdraw_orders WHERE state = 2) AS finished`,
    );
    expect(Number(rows[0]!.paid)).toBeGreaterThan(0);
    expect(Number(rows[0]!.finished)).toBeGreaterThan(0);
  });
});

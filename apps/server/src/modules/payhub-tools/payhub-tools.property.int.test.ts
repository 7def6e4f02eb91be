// Proves with fast-check that random sequences mixing deposit orders (confirm, cancel), commission
// changes into quota and payouts, shop purchases and voucher claims keep every ledger invariant,
// keep the commission balance equal to earned minus spent, and never answer an unexpected error.
import { ApiError, type PayhubClient } from '@payhub/client';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, minor } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { checkLedger, formatReport } from '../../ledger/ledger-check.ts';
import { PAYHUB_TOOLS_INVARIANTS } from './payhub-tools.invariants.ts';

let testApp: TestApp;
let player: PayhubClient;
let operators: PayhubClient[];
let cardOf: Map<PayhubClient, string>;

/** Refusals a sequence may meet: not enough commission (3005), an order no longer open (3007). */
const EXPECTED_CODES = new Set([3005, 3007]);

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  player = await testApp.signIn('player');
  operators = [await testApp.signIn('operator'), await testApp.signIn('operator-2')];
  cardOf = new Map();
  for (const operator of operators) {
    const cards = await operator.api.payhubTools.bankQuery({ query: { page: 1, count: 500 } });
    cardOf.set(operator, cards.items[0]!.accountNo);
  }
});
afterAll(async () => testApp?.close());

type Command =
  | { kind: 'deposit'; amount: number; settle: 'confirm' | 'cancel' | 'leave' }
  | { kind: 'change' | 'payout'; operator: number; amount: number }
  | { kind: 'buy'; operator: number; product: number }
  | { kind: 'claim'; operator: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    amount: fc.integer({ min: 100_000, max: 10_000_000 }),
    settle: fc.constantFrom('confirm' as const, 'cancel' as const, 'leave' as const),
  }),
  fc.record({
    kind: fc.constantFrom('change' as const, 'payout' as const),
    operator: fc.nat({ max: 1 }),
    amount: fc.integer({ min: 1, max: 150_000 }),
  }),
  fc.record({ kind: fc.constant('buy' as const), operator: fc.nat({ max: 1 }), product: fc.nat({ max: 2 }) }),
  fc.record({ kind: fc.constant('claim' as const), operator: fc.nat({ max: 1 }) }),
);

const PRODUCTS = ['quota-100k', 'quota-500k', 'quota-1m'];
const money = (rupiah: number) => `${rupiah}.00`;

async function run(step: Command): Promise<void> {
  try {
    if (step.kind === 'deposit') {
      const order = await player.api.payhub.createOrder({
        body: { amount: money(step.amount), bankCode: 'BCA' },
      });
      if (order.state !== 0 || step.settle === 'leave') return;
      const owner = await ownerOf(order.operatorId!);
      if (!owner) throw new Error(`order ${order.id} assigned to an unknown operator`);
      await owner.api.payhub.payCheck({ body: { id: order.id, action: step.settle } });
    } else if (step.kind === 'change' || step.kind === 'payout') {
      const operator = operators[step.operator]!;
      await operator.api.commission.balanceChange({
        body:
          step.kind === 'change'
            ? { amount: money(step.amount), target: 'quota' }
            : { amount: money(step.amount), target: 'card', accountNo: cardOf.get(operator)! },
      });
    } else if (step.kind === 'buy') {
      await operators[step.operator]!.api.payhubTools.shopBuy({
        body: { productId: PRODUCTS[step.product]! },
      });
    } else {
      const operator = operators[step.operator]!;
      const open = await operator.api.payhubTools.voucherQuery({
        query: { page: 1, count: 1, state: 'unclaimed' },
      });
      if (open.items[0]) await operator.api.payhubTools.voucherClaim({ body: { id: open.items[0].id } });
    }
  } catch (error) {
    if (error instanceof ApiError && EXPECTED_CODES.has(error.errCode)) return;
    throw error;
  }
}

const ids = new Map<number, PayhubClient>();
async function ownerOf(userId: number): Promise<PayhubClient | undefined> {
  if (ids.size === 0) for (const operator of operators) ids.set((await operator.api.user.me()).id, operator);
  return ids.get(userId);
}

describe('operator tools and orders under random sequences', () => {
  it('keep the ledger invariants and the commission arithmetic', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 20 }), async (steps) => {
        for (const step of steps) await run(step);
        await expectLedgerClean(testApp);
        const report = await checkLedger(testApp.database.pool, PAYHUB_TOOLS_INVARIANTS);
        if (!report.ok) throw new Error(formatReport(report));
        for (const operator of operators) {
          const balance = minor((await operator.api.commission.balance()).balance);
          const detail = await operator.api.commission.balanceDetail();
          const expected =
            minor(detail.earnedTotal) -
            minor(detail.changedToQuota) -
            minor(detail.paidOut) -
            minor(detail.spentInShop);
          expect(balance).toBe(expected);
          expect(balance >= 0n).toBe(true);
        }
      }),
      { numRuns: 15 },
    );
    // A fixed sequence after the random ones makes sure every kind of movement happened at least once:
    // a day later (fresh daily limits), with the open deposits timed out (holds released).
    testApp.clock.advance(24 * 60 * 60 * 1000 + 60_000);
    await testApp.app.paymentHub!.runTimeouts();
    for (const operatorIndex of [0, 1]) {
      await operators[operatorIndex === 0 ? 1 : 0]!.api.payhub.setWork({ params: { flag: 0 } });
      await run({ kind: 'deposit', amount: 15_000_000, settle: 'confirm' });
      await operators[operatorIndex === 0 ? 1 : 0]!.api.payhub.setWork({ params: { flag: 1 } });
      await run({ kind: 'buy', operator: operatorIndex, product: 0 });
      await run({ kind: 'claim', operator: operatorIndex });
      await run({ kind: 'change', operator: operatorIndex, amount: 1_000 });
      await run({ kind: 'payout', operator: operatorIndex, amount: 1_000 });
    }
    await expectLedgerClean(testApp);
    const report = await checkLedger(testApp.database.pool, PAYHUB_TOOLS_INVARIANTS);
    if (!report.ok) throw new Error(formatReport(report));
    // Every kind of movement was reached.
    const reached = await testApp.database.pool.query(`SELECT
      (SELECT count(*) FROM pay_orders WHERE state = 1)::int AS paid,
      (SELECT count(*) FROM commission_changes)::int AS changes,
      (SELECT count(*) FROM shop_vouchers)::int AS vouchers`);
    expect(reached.rows[0].paid).toBeGreaterThan(0);
    expect(reached.rows[0].changes).toBeGreaterThan(0);
    expect(reached.rows[0].vouchers).toBeGreaterThan(0);
  });
});

// Proves the pure deposit and withdrawal rules: the transition tables are functions with no way out
// of a final state, money arithmetic is exact in bigint, and the monitoring threshold test is tight.
import { PayOrderState as P, PAY_CREDITED_STATES, WithdrawOrderState as W } from '@payhub/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  nextWithdrawState,
  WITHDRAW_FEE_MIN,
  WITHDRAW_TRANSITIONS,
  withdrawFee,
} from '../withdraw/withdraw.rules.ts';
import {
  commissionOf,
  isJustUnderThreshold,
  nextPayState,
  PAY_HOLDING_STATES,
  PAY_TRANSITIONS,
  type PayEvent,
} from './payhub.rules.ts';

const payEvents = [...new Set(PAY_TRANSITIONS.map(([, event]) => event))] as PayEvent[];
const payStates = Object.values(P);

describe('deposit transitions', () => {
  it('each (state, event) has at most one target, and the table answers exactly its rows', () => {
    const keys = PAY_TRANSITIONS.map(([from, event]) => `${from}:${event}`);
    expect(new Set(keys).size).toBe(keys.length);
    fc.assert(
      fc.property(fc.constantFrom(...payStates), fc.constantFrom(...payEvents), (state, event) => {
        const row = PAY_TRANSITIONS.find(([from, name]) => from === state && name === event);
        expect(nextPayState(state, event)).toBe(row ? row[2] : null);
      }),
    );
  });

  it('final states accept no event except the manager’s late success on a canceled order', () => {
    for (const final of [P.PAID, P.CHECK_SUCCESS, P.FAILED, P.CHOOSE_FAILED])
      for (const event of payEvents) expect(nextPayState(final, event)).toBeNull();
    expect(payEvents.filter((event) => nextPayState(P.CANCELED, event) !== null)).toEqual(['leaderSuccess']);
  });

  it('no sequence of events credits an order twice or holds quota after it is credited', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...payEvents), { maxLength: 30 }), (events) => {
        let state: number = P.INIT;
        let credits = 0;
        for (const event of events) {
          const next = nextPayState(state, event);
          if (next === null) continue;
          if (PAY_CREDITED_STATES.includes(next)) credits += 1;
          state = next;
        }
        expect(credits).toBeLessThanOrEqual(1);
        if (PAY_CREDITED_STATES.includes(state)) expect(PAY_HOLDING_STATES).not.toContain(state);
      }),
    );
  });

  it('commission is floor(amount × bps / 10000), below the amount, never negative', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 1000 }),
        (amount, bps) => {
          const commission = commissionOf(amount, bps);
          expect(commission).toBeGreaterThanOrEqual(0n);
          expect(commission * 10_000n).toBeLessThanOrEqual(amount * BigInt(bps));
          expect((commission + 1n) * 10_000n).toBeGreaterThan(amount * BigInt(bps));
          expect(commission).toBeLessThan(amount);
        },
      ),
    );
    expect(commissionOf(15_000_000n, 100)).toBe(150_000n);
  });

  it('“just under the threshold” is the 5% band below it, exclusive of the threshold', () => {
    const threshold = 1_000_000_000n;
    expect(isJustUnderThreshold(threshold, threshold)).toBe(false);
    expect(isJustUnderThreshold(threshold - 1n, threshold)).toBe(true);
    expect(isJustUnderThreshold(950_000_000n, threshold)).toBe(true);
    expect(isJustUnderThreshold(949_999_999n, threshold)).toBe(false);
  });
});

describe('withdrawal transitions and fee', () => {
  const events = [...new Set(WITHDRAW_TRANSITIONS.map(([, event]) => event))];
  it('final states accept no event; UPDATE is never entered', () => {
    for (const final of [W.FINISH, W.FAILED, W.CANCELED, W.CHOOSE_FAILED])
      for (const event of events) expect(nextWithdrawState(final, event)).toBeNull();
    expect(WITHDRAW_TRANSITIONS.some(([, , to]) => to === W.UPDATE)).toBe(false);
  });

  it('the fee is 1% rounded down, at least the minimum, exact in bigint', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.constantFrom('IDR' as const, 'MXN' as const),
        (amount, currency) => {
          const fee = withdrawFee(amount, currency);
          expect(fee).toBeGreaterThanOrEqual(WITHDRAW_FEE_MIN[currency]);
          expect(fee === WITHDRAW_FEE_MIN[currency] || fee === amount / 100n).toBe(true);
        },
      ),
    );
    expect(withdrawFee(123_456_789n, 'IDR')).toBe(1_234_567n);
  });
});

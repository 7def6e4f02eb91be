import { describe, expect, it } from 'vitest';
import { stakeCheck } from './stake-check.ts';

describe('stakeCheck', () => {
  it('reads a comma or a point and sends the API its wire form', () => {
    expect(stakeCheck('1000,5', 'IDR', '5000.00')).toEqual({
      units: 100_050n,
      problem: null,
      bound: null,
      wire: '1000.50',
    });
    expect(stakeCheck('1000', 'IDR', null)).toEqual({
      units: 100_000n,
      problem: null,
      bound: null,
      wire: '1000.00',
    });
    expect(stakeCheck('0.000001', 'USDT', '1.000000')).toMatchObject({ problem: null, wire: '0.000001' });
  });

  it('sends nothing for an amount it cannot read, zero, or more than the balance', () => {
    for (const typed of ['', 'abc', '0', '1.000.000', '12,345', '-5'])
      expect(stakeCheck(typed, 'IDR', '5000.00'), typed).toMatchObject({
        problem: 'amountInvalid',
        wire: null,
      });
    expect(stakeCheck('5000,01', 'IDR', '5000.00')).toEqual({
      units: 500_001n,
      problem: 'amountOverBalance',
      bound: null,
      wire: null,
    });
    expect(stakeCheck('5000', 'IDR', '5000.00').problem).toBeNull();
  });

  it("says the game's smallest or largest stake the amount crossed, whatever the balance", () => {
    const limits = { asset: 'IDR' as const, minStake: '1000.00', maxStake: '10000000.00' };
    expect(stakeCheck('999,99', 'IDR', '5000.00', limits)).toEqual({
      units: 99_999n,
      problem: 'amountBelowMin',
      bound: 100_000n,
      wire: null,
    });
    expect(stakeCheck('10000000,01', 'IDR', '99999999.00', limits)).toMatchObject({
      problem: 'amountAboveMax',
      bound: 1_000_000_000n,
    });
    // At both bounds the stake goes (the balance still counts).
    expect(stakeCheck('1000', 'IDR', '5000.00', limits).wire).toBe('1000.00');
    expect(stakeCheck('10000000', 'IDR', '10000000.00', limits).wire).toBe('10000000.00');
    expect(stakeCheck('6000', 'IDR', '5000.00', limits).problem).toBe('amountOverBalance');
  });
});

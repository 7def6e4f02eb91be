// Proves the one code→type table names every transfer code that moves a player's balance today
// (payment hub, exchange, play money, the chain module's agreed codes) and that an unknown code
// shows as `other` and filters back to itself.
import { HISTORY_TYPES } from '@payhub/contracts';
import { describe, expect, it } from 'vitest';
import { codesOfType, HISTORY_TYPE_OF_CODE, historyTypeOf } from './wallet.types.ts';

describe('history types', () => {
  it('types every code that touches a player wallet', () => {
    expect(historyTypeOf('deposit')).toBe('deposit');
    expect(historyTypeOf('withdraw')).toBe('withdrawal');
    expect(historyTypeOf('deposit_reversal')).toBe('reversal');
    expect(historyTypeOf('exchange_in')).toBe('exchange');
    expect(historyTypeOf('exchange_out')).toBe('exchange');
    expect(historyTypeOf('seed_wallet')).toBe('bonus');
    expect(historyTypeOf('chain_deposit')).toBe('deposit');
    expect(historyTypeOf('chain_withdraw')).toBe('withdrawal');
    expect(historyTypeOf('chain_withdraw_fee')).toBe('fee');
    expect(historyTypeOf('bet')).toBe('bet');
    expect(historyTypeOf('bet_payout')).toBe('win');
  });

  it('answers other for an unknown code and maps only to declared types', () => {
    expect(historyTypeOf('something_new')).toBe('other');
    for (const type of Object.values(HISTORY_TYPE_OF_CODE)) expect(HISTORY_TYPES).toContain(type);
    expect(codesOfType('exchange').sort()).toEqual(['exchange_in', 'exchange_out']);
  });
});

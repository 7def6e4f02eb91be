import type { HistoryType } from '@payhub/contracts';

/**
 * The one table from a ledger transfer code to the type a player sees in history. A module that
 * adds a code that moves a player's balance adds its line here; a code missing from the table shows
 * as `other` (wallet.types.test.ts pins the codes that exist today).
 */
export const HISTORY_TYPE_OF_CODE: Readonly<Record<string, HistoryType>> = {
  // Payment hub (docs/payments.md): a deposit order credited; a withdrawal's hold posted.
  deposit: 'deposit',
  withdraw: 'withdrawal',
  withdraw_fee: 'fee',
  // A credited deposit the bank took back (payhub.reversal.ts): what the wallet gave back.
  deposit_reversal: 'reversal',
  // Crypto on chain (modules/chain, by convention with that module).
  chain_deposit: 'deposit',
  chain_withdraw: 'withdrawal',
  chain_withdraw_fee: 'fee',
  // Exchange: both legs of a quote.
  exchange_in: 'exchange',
  exchange_out: 'exchange',
  // Games (bets into a round's escrow, payouts out of it).
  bet: 'bet',
  bet_payout: 'win',
  // Bonuses and rebates; the demo play money counts as a bonus.
  bonus: 'bonus',
  // Rewards (issue 17): bonus money that met its wagering requirement; a clawback of a reward.
  bonus_convert: 'bonus',
  bonus_clawback: 'reversal',
  seed_wallet: 'bonus',
  rebate: 'rebate',
  fee: 'fee',
  reversal: 'reversal',
};

export function historyTypeOf(code: string): HistoryType {
  return HISTORY_TYPE_OF_CODE[code] ?? 'other';
}

/** The codes behind a type (the history filter). */
export function codesOfType(type: HistoryType): string[] {
  return Object.entries(HISTORY_TYPE_OF_CODE)
    .filter(([, mapped]) => mapped === type)
    .map(([code]) => code);
}

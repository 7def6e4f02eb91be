import type { OperatorMovementType } from '@payhub/contracts';

/**
 * The one table from a ledger transfer code to the type an operator sees on /transaction (issue 11).
 * A module that adds a code moving an operator's quota or commission adds its line here; a code
 * missing from the table shows as `other` (quota-transactions.int.test.ts pins the codes of today).
 */
export const OPERATOR_MOVEMENT_TYPE_OF_CODE: Readonly<Record<string, OperatorMovementType>> = {
  // Quota bought: the demo's opening quota and settled top-ups (bank, USDT, Indodax).
  seed_quota: 'topup',
  quota_topup: 'topup',
  // A player's deposit paid out of the quota (held, released or credited).
  deposit: 'deposit',
  deposit_hold: 'deposit',
  deposit_release: 'deposit',
  // A player's withdrawal paid by the operator: the withdrawn amount comes back into the quota.
  withdraw: 'withdrawal',
  withdraw_hold: 'withdrawal',
  withdraw_release: 'withdrawal',
  withdraw_finish: 'withdrawal',
  withdraw_payout: 'withdrawal',
  // A credited deposit the bank took back: the amount back into the quota (from the player's
  // wallet and, for what it no longer held, the house), the commission back to the house.
  deposit_reversal: 'reversal',
  deposit_reversal_loss: 'reversal',
  deposit_commission_reversal: 'reversal',
  // Earned on each finished order.
  deposit_commission: 'commission',
  withdraw_commission: 'commission',
  withdraw_fee: 'fee',
  fee: 'fee',
  // The payment-hub shop: vouchers bought with commission, claimed into the quota.
  shop_purchase: 'shop',
  voucher_claim: 'shop',
  exchange: 'shop',
  reversal: 'reversal',
};

export function operatorMovementTypeOf(code: string): OperatorMovementType {
  return OPERATOR_MOVEMENT_TYPE_OF_CODE[code] ?? 'other';
}

/** The transfer-code filter of a type: its codes, or (for `other`) every code but the known ones. */
export function operatorMovementCodeFilter(type: OperatorMovementType | undefined): {
  codes?: string[];
  notCodes?: string[];
} {
  if (type === undefined) return {};
  if (type === 'other') return { notCodes: Object.keys(OPERATOR_MOVEMENT_TYPE_OF_CODE) };
  return {
    codes: Object.entries(OPERATOR_MOVEMENT_TYPE_OF_CODE)
      .filter(([, mapped]) => mapped === type)
      .map(([code]) => code),
  };
}

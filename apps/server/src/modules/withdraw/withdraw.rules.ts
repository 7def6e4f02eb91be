import { type LocalCurrency, WithdrawOrderState } from '@payhub/contracts';

/**
 * Withdrawal rules, pure (docs/payments.md). The same transitions are held by the database trigger
 * withdraw_order_transition_allowed() in 0201_payhub.sql. UPDATE (5) is not used.
 */
export type WithdrawEvent =
  | 'hold'
  | 'take'
  | 'cancel'
  | 'expireWait'
  | 'finish'
  | 'report'
  | 'expireConfirm'
  | 'leaderFinish'
  | 'leaderFail';

const S = WithdrawOrderState;

export const WITHDRAW_TRANSITIONS: ReadonlyArray<
  readonly [WithdrawOrderState, WithdrawEvent, WithdrawOrderState]
> = [
  [S.INIT, 'hold', S.WAIT],
  [S.WAIT, 'take', S.CONFIRM],
  [S.WAIT, 'cancel', S.CANCELED],
  [S.WAIT, 'expireWait', S.CHOOSE_FAILED],
  [S.CONFIRM, 'finish', S.FINISH],
  [S.CONFIRM, 'report', S.EXCEPTIONAL],
  [S.CONFIRM, 'expireConfirm', S.EXCEPTIONAL],
  [S.EXCEPTIONAL, 'leaderFinish', S.FINISH],
  [S.EXCEPTIONAL, 'leaderFail', S.FAILED],
];

export function nextWithdrawState(from: number, event: WithdrawEvent): WithdrawOrderState | null {
  return WITHDRAW_TRANSITIONS.find(([source, name]) => source === from && name === event)?.[2] ?? null;
}

/** States in which the player's funds are held for the withdrawal. */
export const WITHDRAW_HOLDING_STATES: readonly number[] = [S.WAIT, S.CONFIRM, S.EXCEPTIONAL];

export const WITHDRAW_WAIT_TIMEOUT_MS = 30 * 60_000;
export const WITHDRAW_CONFIRM_TIMEOUT_MS = 2 * 60 * 60_000;
/** Open withdrawals (held funds) a player may have at once; more answers 3009. */
export const WITHDRAW_OPEN_MAX = 20;

export const WITHDRAW_RANGE: Record<LocalCurrency, { min: bigint; max: bigint }> = {
  IDR: { min: 50_000_00n, max: 100_000_000_00n },
  MXN: { min: 100_00n, max: 100_000_00n },
};
export const WITHDRAW_FEE_BPS = 100;
export const WITHDRAW_FEE_MIN: Record<LocalCurrency, bigint> = { IDR: 2_000_00n, MXN: 10_00n };

/** The fee of a withdrawal: a share of the amount, at least the minimum (bigint only). */
export function withdrawFee(amount: bigint, currency: LocalCurrency): bigint {
  const share = (amount * BigInt(WITHDRAW_FEE_BPS)) / 10_000n;
  return share > WITHDRAW_FEE_MIN[currency] ? share : WITHDRAW_FEE_MIN[currency];
}

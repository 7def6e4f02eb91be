import { type LocalCurrency, PayOrderState } from '@payhub/contracts';

/**
 * Deposit order rules, pure (docs/payments.md). The same transitions are held by the database
 * trigger pay_order_transition_allowed() in 0201_payhub.sql.
 */

export type PayEvent =
  | 'assign'
  | 'chooseFail'
  | 'voucher'
  | 'confirm'
  | 'cancel'
  | 'report'
  | 'expireWait'
  | 'expireChecking'
  | 'leaderSuccess'
  | 'leaderCancel'
  | 'leaderUnable';

const S = PayOrderState;

/** Every allowed transition: [from, event, to]. */
export const PAY_TRANSITIONS: ReadonlyArray<readonly [PayOrderState, PayEvent, PayOrderState]> = [
  [S.INIT, 'assign', S.WAIT],
  [S.INIT, 'chooseFail', S.CHOOSE_FAILED],
  [S.WAIT, 'voucher', S.CHECKING],
  [S.WAIT, 'confirm', S.PAID],
  [S.CHECKING, 'confirm', S.PAID],
  [S.WAIT, 'cancel', S.CANCELED],
  [S.WAIT, 'expireWait', S.CANCELED],
  [S.WAIT, 'report', S.EXCEPTIONAL],
  [S.CHECKING, 'report', S.EXCEPTIONAL],
  [S.CHECKING, 'expireChecking', S.EXCEPTIONAL],
  [S.EXCEPTIONAL, 'leaderSuccess', S.CHECK_SUCCESS],
  [S.CANCELED, 'leaderSuccess', S.CHECK_SUCCESS],
  [S.EXCEPTIONAL, 'leaderCancel', S.CANCELED],
  [S.EXCEPTIONAL, 'leaderUnable', S.FAILED],
];

export function nextPayState(from: number, event: PayEvent): PayOrderState | null {
  return PAY_TRANSITIONS.find(([source, name]) => source === from && name === event)?.[2] ?? null;
}

/** States in which the operator's quota is held for the order. */
export const PAY_HOLDING_STATES: readonly number[] = [S.WAIT, S.CHECKING, S.EXCEPTIONAL];
/**
 * Monitoring rules whose open case holds the player's withdrawals, bank and crypto, until compliance
 * closes it (712): signs that money may leave that is not the player's to take — a deposit the bank
 * took back, an attempt to pay a blocked address. The other player rules (velocity, reward abuse)
 * put the player before compliance without holding their own money.
 */
export const WITHDRAWAL_HOLDING_RULES: readonly string[] = ['deposit_reversed', 'blocked_address'];
/** What operators (non-managers) work on, and what managers review (spec §4 filters). */
export const OPERATOR_QUEUE_STATES: readonly number[] = [S.WAIT, S.CHECKING];
export const MANAGER_QUEUE_STATES: readonly number[] = [S.EXCEPTIONAL, S.CANCELED];

export const PAY_WAIT_TIMEOUT_MS = 15 * 60_000;
export const PAY_CHECKING_TIMEOUT_MS = 60 * 60_000;

export interface AmountRange {
  min: bigint;
  max: bigint;
}

/** Deposit range per currency, in minor units. */
export const DEPOSIT_RANGE: Record<LocalCurrency, AmountRange> = {
  IDR: { min: 10_000_00n, max: 50_000_000_00n },
  MXN: { min: 50_00n, max: 50_000_00n },
};

/** Commission in basis points of the amount, rounded down (bigint only). */
export function commissionOf(amount: bigint, bps: number): bigint {
  return (amount * BigInt(bps)) / 10_000n;
}

/** Monitoring thresholds (DESIGN.md §8). */
export const MONITORING = {
  velocityWindowMs: 10 * 60_000,
  velocityMaxOrders: 5,
  /** A single amount at or above this is reported; amounts just under it raise a case. */
  reportingThreshold: { IDR: 10_000_000_00n, MXN: 10_000_00n } as Record<LocalCurrency, bigint>,
  /** "Just under": within this many basis points below the threshold. */
  justUnderBps: 500n,
  manyPayersWindowMs: 24 * 60 * 60_000,
  manyPayersMax: 8,
} as const;

export function isJustUnderThreshold(
  amount: bigint,
  threshold: bigint,
  withinBps: bigint = MONITORING.justUnderBps,
): boolean {
  return amount < threshold && amount * 10_000n >= threshold * (10_000n - withinBps);
}

/** The figures the deposit monitor applies in one project (its stored row, else MONITORING's). */
export interface MonitoringRules {
  velocityMaxOrders: number;
  velocityWindowMinutes: number;
  /** Minor units of the project's currency. */
  reportingThreshold: bigint;
  justUnderBps: number;
  manyPayersMax: number;
  manyPayersWindowHours: number;
}

export function defaultMonitoringRules(currency: LocalCurrency): MonitoringRules {
  return {
    velocityMaxOrders: MONITORING.velocityMaxOrders,
    velocityWindowMinutes: MONITORING.velocityWindowMs / 60_000,
    reportingThreshold: MONITORING.reportingThreshold[currency],
    justUnderBps: Number(MONITORING.justUnderBps),
    manyPayersMax: MONITORING.manyPayersMax,
    manyPayersWindowHours: MONITORING.manyPayersWindowMs / 3_600_000,
  };
}

/**
 * The reporting threshold a person may set (the other figures' bounds are MONITORING_RULE_BOUNDS of
 * the contracts; the migration's CHECKs agree): between the currency's deposit minimum and a hundred
 * times the default.
 */
export function reportingThresholdBounds(currency: LocalCurrency): readonly [bigint, bigint] {
  return [DEPOSIT_RANGE[currency].min, MONITORING.reportingThreshold[currency] * 100n];
}

/** State numbers and role values exactly as the spec gives them (§4, §6). */

/** Deposit (payment) order states. */
export const PayOrderState = {
  INIT: -1,
  WAIT: 0,
  PAID: 1,
  CANCELED: 2,
  EXCEPTIONAL: 3,
  CHECKING: 4,
  CALLBACK: 5,
  CALLBACK_FAILD: 6,
  CHOOSE_FAILED: 7,
  FAILED: 8,
  CHECK_SUCCESS: 9,
} as const;
export type PayOrderState = (typeof PayOrderState)[keyof typeof PayOrderState];
/** The deposit states in which the player has been credited (the money is on the balance). */
export const PAY_CREDITED_STATES: readonly number[] = [PayOrderState.PAID, PayOrderState.CHECK_SUCCESS];

/** Withdrawal order states (the spec's second set). */
export const WithdrawOrderState = {
  INIT: -1,
  WAIT: 0,
  CONFIRM: 1,
  FINISH: 2,
  FAILED: 3,
  EXCEPTIONAL: 4,
  UPDATE: 5,
  CHOOSE_FAILED: 6,
  CANCELED: 7,
} as const;
export type WithdrawOrderState = (typeof WithdrawOrderState)[keyof typeof WithdrawOrderState];

/** The spec's smaller state set (quota top-ups and similar single-step payments). */
export const SimplePayState = { WAIT: 0, DONE: 1, PAY_FAILD: 2 } as const;
export type SimplePayState = (typeof SimplePayState)[keyof typeof SimplePayState];

export const LeaderLevel = { Normal: -1, Member: 0, Leader: 1 } as const;
export type LeaderLevel = (typeof LeaderLevel)[keyof typeof LeaderLevel];

export const UserType = {
  Banker: -1,
  New: 0,
  Recall: 1,
  NewSpy: 2,
  RecallSpy: 3,
  CS: 4,
  HR: 5,
  Training: 6,
} as const;
/** spaType travels as the user-type name ("CS", "HR", "Banker", ...). */
export type SpaType = keyof typeof UserType;
export const SPA_TYPES = Object.keys(UserType) as SpaType[];

export const Flag = { No: 0, Yes: 1 } as const;
export type Flag = (typeof Flag)[keyof typeof Flag];

export const TIERS = ['normal', 'medium', 'advanced', 'manage'] as const;
export type Tier = (typeof TIERS)[number];

export const SPA_PAY_VALUES = ['yes', 'no'] as const;
export type SpaPay = (typeof SPA_PAY_VALUES)[number];

/** Payment role: `Manage` loads handler orders and leader withdraw handles; others their own. */
export const PAYMENT_ROLES = ['Manage', 'Handler'] as const;
export type PaymentRole = (typeof PAYMENT_ROLES)[number];

/** Statuses seen in the text catalogue (spec §3). */
export const DISPLAY_STATUSES = [
  'toBePaid',
  'processing',
  'completed',
  'failed',
  'cancelled',
  'refunded',
  'reviewing',
  'sent',
  'normal',
  'banned',
  'unclaimed',
  'claimed',
] as const;

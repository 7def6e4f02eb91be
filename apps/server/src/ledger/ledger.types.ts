import type { Asset } from '@payhub/contracts';

/** The ledger's vocabulary: account kinds, transfer kinds and the refusals a transfer can answer. */

export const USER_ACCOUNT_KINDS = ['player_wallet', 'operator_quota', 'operator_commission'] as const;
export const SYSTEM_ACCOUNT_KINDS = [
  'house',
  'fees',
  'custody',
  'bonus_pool',
  'withdraw_clearing',
  // The house's side of every exchange, one per asset (docs/payments.md "Exchange").
  'exchange',
] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];
export type AccountKind = UserAccountKind | SystemAccountKind;
/** An account's asset (contracts/assets.ts); the name predates USDT and YEC. */
export type Currency = Asset;

export interface LedgerAccount {
  id: bigint;
  /** Unique readable name, `player:12:IDR` (ledger.accounts.ts). */
  address: string;
  projectId: number;
  currency: Currency;
  /** A known kind, or an open one (`game_escrow`) for accounts made by address. */
  kind: AccountKind | (string & {});
  ownerId: number | null;
  isSystem: boolean;
}

export interface AccountBalance {
  /** Posted balance. */
  balance: bigint;
  /** Held by pending transfers that debit this account. */
  pending: bigint;
  /** What a new debit may use: balance minus pending. */
  available: bigint;
}

export interface TransferReference {
  type: string;
  id: string;
}

export interface TransferRequest {
  /** Unique id and idempotency key: a retry with the same id and fields moves nothing twice. */
  id: string;
  debitAccountId: bigint;
  creditAccountId: bigint;
  amount: bigint;
  code: string;
  reference?: TransferReference;
}

export interface ResolveRequest {
  id: string;
  pendingId: string;
  code: string;
  reference?: TransferReference;
}

export type TransferOutcome = 'created' | 'exists';

/** A posting that moves (`single`) or holds (`pending`) an amount between two accounts. */
export interface MovePosting {
  /** Unique transfer id of this posting (its own row in ledger_transfers). */
  id: string;
  kind: 'single' | 'pending';
  debitAccountId: bigint;
  creditAccountId: bigint;
  amount: bigint;
  code: string;
}

/** A posting that completes (`post`) or releases (`void`) a hold. */
export interface ResolvePosting {
  id: string;
  kind: 'post' | 'void';
  pendingId: string;
  code: string;
}

/** One posting of a linked operation: a transfer, a hold, or the post or void of a hold. */
export type Posting = MovePosting | ResolvePosting;

/** The most postings one linked operation may carry (and the table's CHECK). */
export const LINKED_POSTINGS_MAX = 32;

/**
 * Several postings that commit together or not at all, under one idempotency key: a replay with the
 * same input answers 'exists' and moves nothing; the same id with other input is refused
 * (id_conflict). Each posting moves one asset; postings of one operation may move different assets
 * (an exchange's two legs).
 */
export interface LinkedTransferRequest {
  id: string;
  code: string;
  reference?: TransferReference;
  postings: readonly Posting[];
}

/**
 * A settled stake (a bet that settles at once): `stake` from a user account to a system account of its
 * asset and, when `payout` is above zero, `payout` back — as a linked operation `id` of a `single`
 * posting `stakeId` and a `single` posting `payoutId`, exactly as `linked` would write it.
 */
export interface SettledStake {
  id: string;
  referenceId: string;
  stakeId: string;
  payoutId: string;
  userAccountId: bigint;
  systemAccountId: bigint;
  stake: bigint;
  payout: bigint;
}

/** Settled stakes posted together (`stakesCall`): the codes and reference type they share. */
export interface SettledStakesRequest {
  code: string;
  referenceType: string;
  stakeCode: string;
  payoutCode: string;
  stakes: readonly SettledStake[];
}

/**
 * A settled hold (a round bet cashed out): the pending transfer `pendingId` of `stake` from a user
 * account to its escrow posted (`postId`), the stake from the escrow to a system account of its
 * asset (`stakeId`) and, when `payout` is above zero, `payout` from that account back to the user
 * (`payoutId`) — as linked operation `id`, exactly as `linked` would write those three postings.
 */
export interface SettledHold {
  id: string;
  referenceId: string;
  pendingId: string;
  postId: string;
  stakeId: string;
  payoutId: string;
  userAccountId: bigint;
  escrowAccountId: bigint;
  systemAccountId: bigint;
  stake: bigint;
  payout: bigint;
}

/** A settled hold's postings as `linked` takes them: what `holdSettlementsCall` writes for it. */
export function settledHoldPostings(
  hold: Omit<SettledHold, 'id' | 'referenceId'>,
  codes: Pick<SettledHoldsRequest, 'postCode' | 'stakeCode' | 'payoutCode'>,
): Posting[] {
  const postings: Posting[] = [
    { id: hold.postId, kind: 'post', pendingId: hold.pendingId, code: codes.postCode },
    {
      id: hold.stakeId,
      kind: 'single',
      debitAccountId: hold.escrowAccountId,
      creditAccountId: hold.systemAccountId,
      amount: hold.stake,
      code: codes.stakeCode,
    },
  ];
  if (hold.payout > 0n)
    postings.push({
      id: hold.payoutId,
      kind: 'single',
      debitAccountId: hold.systemAccountId,
      creditAccountId: hold.userAccountId,
      amount: hold.payout,
      code: codes.payoutCode,
    });
  return postings;
}

/** Settled holds posted together (`holdSettlementsCall`): the codes and reference type they share. */
export interface SettledHoldsRequest {
  code: string;
  referenceType: string;
  postCode: string;
  stakeCode: string;
  payoutCode: string;
  holds: readonly SettledHold[];
}

/**
 * A stake held (a round bet placed): a linked operation `id` of one `pending` posting `pendingId` of
 * `amount` from a user account to its escrow, exactly as `linked` would write it.
 */
export interface PendingHold {
  id: string;
  referenceId: string;
  pendingId: string;
  userAccountId: bigint;
  escrowAccountId: bigint;
  amount: bigint;
}

/** Stakes held together (`pendingHoldsCall`): the codes and reference type they share. */
export interface PendingHoldsRequest {
  code: string;
  referenceType: string;
  pendingCode: string;
  holds: readonly PendingHold[];
}

/** A pending hold's posting as `linked` takes it: what `pendingHoldsCall` writes for it. */
export function pendingHoldPostings(
  hold: Omit<PendingHold, 'id' | 'referenceId'>,
  codes: Pick<PendingHoldsRequest, 'pendingCode'>,
): Posting[] {
  return [
    {
      id: hold.pendingId,
      kind: 'pending',
      debitAccountId: hold.userAccountId,
      creditAccountId: hold.escrowAccountId,
      amount: hold.amount,
      code: codes.pendingCode,
    },
  ];
}

/** Why the ledger refused a transfer (SQLSTATE raised by ledger_transfer()). */
export const LEDGER_REFUSALS = {
  LD001: 'insufficient_funds',
  LD002: 'unknown_account',
  LD003: 'currency_mismatch',
  LD004: 'unknown_pending',
  LD005: 'id_conflict',
  LD006: 'already_resolved',
  LD007: 'batch_shape',
} as const;
export type LedgerRefusal = (typeof LEDGER_REFUSALS)[keyof typeof LEDGER_REFUSALS];

export class LedgerError extends Error {
  constructor(
    readonly refusal: LedgerRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}

/** Where a read of deposit credits goes on from: the last one's time (ISO, to the microsecond) and transfer. */
export interface CreditCursor {
  at: string;
  transferId: string;
}

export interface HistoryEntry {
  entryId: bigint;
  transferId: string;
  code: string;
  amount: bigint;
  balanceAfter: bigint | null;
  referenceType: string | null;
  referenceId: string | null;
  createdAt: Date;
}

/** A user account as its owner's module sees it: posted balance and held debits. */
export interface OwnedAccount {
  id: bigint;
  asset: Asset;
  balance: bigint;
  held: bigint;
}

/** A keyset page of entries over some accounts (the wallet's history, the operator's /transaction). */
export interface EntryPageQuery {
  accountIds: readonly bigint[];
  /** Only these transfer codes (a type filter); `undefined` means every code. */
  codes?: readonly string[] | undefined;
  /** Every code except these (the `other` filter). */
  notCodes?: readonly string[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Entries with an id below this one (the keyset cursor). */
  before?: bigint | undefined;
  limit: number;
}

export interface EntryPageRow {
  id: bigint;
  /** The account it moved (a page over several accounts tells them apart). */
  accountId: bigint;
  asset: Asset;
  code: string;
  amount: bigint;
  balanceAfter: bigint | null;
  referenceType: string | null;
  referenceId: string | null;
  createdAt: Date;
}

import {
  type LinkedTransferRequest,
  type PendingHold,
  pendingHoldPostings,
  type ResolveRequest,
  type SettledHold,
  settledHoldPostings,
} from '../../ledger/ledger.ts';
import type { BetRow } from './rounds.repo.ts';

// A round bet's money in the ledger (docs/payments.md "Round games"): its stake held from the
// player's wallet for the player's round escrow when it is placed; at its settlement the hold is
// posted, the stake goes on to the house and the payout (if any) back; a voided round voids the hold.

/** Posting codes (history maps them to game play). */
export const ROUND_CODES = { bet: 'round_bet', settle: 'round_settle', void: 'round_void' } as const;
/** The reference type of a round bet's ledger operations. */
const ROUND_BET_REFERENCE = 'round_bet';
/** A bet's stake held in the ledger: one linked operation of one pending posting, both the bet's code. */
export const HOLD = {
  code: ROUND_CODES.bet,
  referenceType: ROUND_BET_REFERENCE,
  pendingCode: ROUND_CODES.bet,
} as const;
/** The pending posting that holds a round bet's stake (its settlement posts it, its void voids it). */
const holdPostingId = (betId: string) => `round-bet:${betId}`;

/** A bet's stake held from the player's wallet for their round escrow: the one-bet and the batch path alike. */
export function heldStake(
  input: { betId: string; amount: bigint },
  player: bigint,
  escrow: bigint,
): PendingHold {
  return {
    id: `round-bet-hold:${input.betId}`,
    referenceId: input.betId,
    pendingId: holdPostingId(input.betId),
    userAccountId: player,
    escrowAccountId: escrow,
    amount: input.amount,
  };
}

/** The stake's hold, player → the player's round escrow, as the ledger's linked operation. */
export function holdOperation(
  input: { betId: string; amount: bigint },
  player: bigint,
  escrow: bigint,
): LinkedTransferRequest {
  const hold = heldStake(input, player, escrow);
  return {
    id: hold.id,
    code: HOLD.code,
    reference: { type: HOLD.referenceType, id: hold.referenceId },
    postings: pendingHoldPostings(hold, HOLD),
  };
}

/** A bet's settlement in the ledger: its hold posted (as the bet's code), stake and payout as the settlement's. */
export const SETTLEMENT = {
  code: ROUND_CODES.settle,
  referenceType: ROUND_BET_REFERENCE,
  postCode: ROUND_CODES.bet,
  stakeCode: ROUND_CODES.settle,
  payoutCode: ROUND_CODES.settle,
} as const;

/** A bet's settlement: its hold posted, the stake on to the house, the payout (if any) back. */
export function settledHold(
  bet: BetRow,
  ids: { escrow: bigint; house: bigint; player: bigint },
  payout: bigint,
): SettledHold {
  return {
    id: `round-settle:${bet.id}`,
    referenceId: bet.id,
    pendingId: holdPostingId(bet.id),
    postId: `${bet.id}:post`,
    stakeId: `${bet.id}:stake`,
    payoutId: `${bet.id}:payout`,
    userAccountId: ids.player,
    escrowAccountId: ids.escrow,
    systemAccountId: ids.house,
    stake: bet.stake,
    payout,
  };
}

/** A bet's settlement as the ledger's linked operation. */
export function settlementOperation(hold: SettledHold): LinkedTransferRequest {
  return {
    id: hold.id,
    code: SETTLEMENT.code,
    reference: { type: SETTLEMENT.referenceType, id: hold.referenceId },
    postings: settledHoldPostings(hold, SETTLEMENT),
  };
}

/** A voided bet's hold voided: the stake back in the player's wallet. */
export function voidOperation(betId: string): ResolveRequest {
  return {
    id: `round-void:${betId}`,
    pendingId: holdPostingId(betId),
    code: ROUND_CODES.void,
    reference: { type: ROUND_BET_REFERENCE, id: betId },
  };
}

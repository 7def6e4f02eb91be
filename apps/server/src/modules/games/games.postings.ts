import { type Posting, settledHoldPostings } from '../../ledger/ledger.ts';

// An in-house bet's money in the ledger (docs/payments.md "In-house games"; `games.invariants.ts`
// checks it): a bet that settles at once moves its stake to the house and its payout back in one
// linked operation; a multi-step game holds its stake into the player's game escrow, posted when
// it settles (the stake on to the house, the payout back).

/** Ledger transfer codes of a bet; the wallet's history shows `bet` and `bet_payout` (as win). */
export const GAME_CODES = {
  operation: 'game_bet',
  stake: 'bet',
  toHouse: 'bet_stake',
  payout: 'bet_payout',
} as const;

/** The reference every transfer of a bet carries: the wallet's history links its rows to the bet. */
export const BET_REFERENCE_TYPE = 'game_bet';

/** Ledger ids of a bet (the games invariant reads them). */
export const betLedgerIds = (betId: string) => ({
  open: `gb:${betId}:open`,
  stake: `gb:${betId}:stake`,
  hold: `gb:${betId}:hold`,
  settle: `gb:${betId}:settle`,
  post: `gb:${betId}:post`,
  toHouse: `gb:${betId}:house`,
  payout: `gb:${betId}:payout`,
});

/** The accounts a bet's money moves between: the player's wallet, the player's game escrow, the house. */
export interface BetAccountIds {
  player: bigint;
  escrow: bigint;
  house: bigint;
}

/** A held bet's settlement: the hold posted, the stake on to the house, the payout (if any) back. */
export function heldSettlementPostings(
  betId: string,
  ids: BetAccountIds,
  stake: bigint,
  payout: bigint,
): Posting[] {
  const ledgerIds = betLedgerIds(betId);
  return settledHoldPostings(
    {
      pendingId: ledgerIds.hold,
      postId: ledgerIds.post,
      stakeId: ledgerIds.toHouse,
      payoutId: ledgerIds.payout,
      userAccountId: ids.player,
      escrowAccountId: ids.escrow,
      systemAccountId: ids.house,
      stake,
      payout,
    },
    { postCode: GAME_CODES.stake, stakeCode: GAME_CODES.toHouse, payoutCode: GAME_CODES.payout },
  );
}

/** The postings of a bet that settles at once: stake to the house, payout back. */
export function settledPostings(
  betId: string,
  ids: { player: bigint; house: bigint },
  stake: bigint,
  payout: bigint,
): Posting[] {
  const ledgerIds = betLedgerIds(betId);
  const postings: Posting[] = [
    {
      id: ledgerIds.stake,
      kind: 'single',
      debitAccountId: ids.player,
      creditAccountId: ids.house,
      amount: stake,
      code: GAME_CODES.stake,
    },
  ];
  if (payout > 0n)
    postings.push({
      id: ledgerIds.payout,
      kind: 'single',
      debitAccountId: ids.house,
      creditAccountId: ids.player,
      amount: payout,
      code: GAME_CODES.payout,
    });
  return postings;
}

/** The posting of a multi-step game's opening: its stake held from the wallet into the player's escrow. */
export function openingHoldPosting(betId: string, ids: BetAccountIds, stake: bigint): Posting {
  return {
    id: betLedgerIds(betId).hold,
    kind: 'pending',
    debitAccountId: ids.player,
    creditAccountId: ids.escrow,
    amount: stake,
    code: GAME_CODES.stake,
  };
}

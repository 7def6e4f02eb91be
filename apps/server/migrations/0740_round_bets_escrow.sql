-- Round bets hold their stake in an escrow of their own player (issue 16, numbers): one shared escrow
-- per game and asset was a row every bet and every settlement of the round locked, so bets queued on
-- it. The bet remembers the ledger account its hold credited; NULL = a bet held before this change,
-- in the game's shared escrow `game:rounds-<project>-<game>-<asset>:escrow`.
ALTER TABLE round_bets ADD COLUMN escrow_account_id bigint;

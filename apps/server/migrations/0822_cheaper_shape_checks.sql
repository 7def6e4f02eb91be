-- The same shapes, checked without bounded repetition (docs/decisions.md "Schema: shape checks
-- without counted repetition"). PostgreSQL's regular expressions build their automaton's states
-- afresh at every match, and a counted repetition such as {64} or {0,39} unrolls into that many
-- states: measured on 10⁵ rows, '^[0-9a-f]{64}$' costs 6.4 µs a match and '^[a-z][a-z0-9_]{0,39}$'
-- 2.5 µs, where a length test beside an unbounded class costs 0.2–0.5 µs. A table's CHECKs run on
-- every row an UPDATE writes, not only when their columns change, so these ran on every bet: the
-- nonce of the player's seed pair and the balance of the player's account change with each one.
-- Each new expression accepts exactly the values the old one did.

ALTER TABLE game_seed_pairs
  DROP CONSTRAINT game_seed_pairs_server_seed_hash_check,
  ADD CONSTRAINT game_seed_pairs_server_seed_hash_check
    CHECK (char_length(server_seed_hash) = 64 AND server_seed_hash ~ '^[0-9a-f]+$') NOT VALID;
ALTER TABLE game_seed_pairs VALIDATE CONSTRAINT game_seed_pairs_server_seed_hash_check;

ALTER TABLE ledger_accounts
  DROP CONSTRAINT ledger_accounts_asset_code,
  ADD CONSTRAINT ledger_accounts_asset_code
    CHECK (char_length(currency) BETWEEN 2 AND 10 AND currency ~ '^[A-Z][A-Z0-9]*$') NOT VALID,
  DROP CONSTRAINT ledger_accounts_kind_name,
  ADD CONSTRAINT ledger_accounts_kind_name
    CHECK (char_length(kind) <= 40 AND kind ~ '^[a-z][a-z0-9_]*$') NOT VALID;
ALTER TABLE ledger_accounts VALIDATE CONSTRAINT ledger_accounts_asset_code;
ALTER TABLE ledger_accounts VALIDATE CONSTRAINT ledger_accounts_kind_name;

ALTER TABLE ledger_transfers
  DROP CONSTRAINT ledger_transfers_asset_code,
  ADD CONSTRAINT ledger_transfers_asset_code
    CHECK (char_length(currency) BETWEEN 2 AND 10 AND currency ~ '^[A-Z][A-Z0-9]*$') NOT VALID;
ALTER TABLE ledger_transfers VALIDATE CONSTRAINT ledger_transfers_asset_code;

ALTER TABLE game_bets
  DROP CONSTRAINT game_bets_asset_check,
  ADD CONSTRAINT game_bets_asset_check
    CHECK (char_length(asset) BETWEEN 2 AND 10 AND asset ~ '^[A-Z][A-Z0-9]*$') NOT VALID;
ALTER TABLE game_bets VALIDATE CONSTRAINT game_bets_asset_check;

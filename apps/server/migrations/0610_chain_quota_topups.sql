-- Operator quota top-ups in USDT through the chain watcher (docs/chain.md "Quota top-ups"): each
-- USDT top-up gets its own address, derived from the project's xpub on branch 2 at index = top-up id,
-- so a transfer names its top-up. A player keeps one address (topup_id NULL); a top-up address is
-- owned by its operator.
ALTER TABLE chain_deposit_addresses DROP CONSTRAINT chain_deposit_addresses_pkey;
ALTER TABLE chain_deposit_addresses ADD COLUMN topup_id bigint;
CREATE UNIQUE INDEX chain_deposit_addresses_player ON chain_deposit_addresses (player_id) WHERE topup_id IS NULL;
CREATE UNIQUE INDEX chain_deposit_addresses_topup ON chain_deposit_addresses (topup_id) WHERE topup_id IS NOT NULL;
-- A transfer to a top-up address: booked custody -> house in USDT (the house took the USDT, the
-- operator's local quota is credited by the quota module), never to a player wallet.
ALTER TABLE chain_deposits ADD COLUMN topup_id bigint;

-- Promo data center, owned by modules/datacenter: which deposit was counted as a player's first, so
-- that a reversal of that deposit (docs/payments.md "Reversal of a credited deposit") uncounts the
-- first deposit and the next deposit that stands counts as the first. Null for first deposits counted
-- before this column: their reversal uncounts the deposit only.
ALTER TABLE dc_attributions ADD COLUMN first_deposit_ref text;

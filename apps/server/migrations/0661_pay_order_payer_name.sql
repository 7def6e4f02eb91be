-- The payer's name as the player typed it (the name on the paying account or on the OXXO slip), shown
-- to the operator and the manager as evidence before "Dana diterima" (issue 11). NULL: not given.
ALTER TABLE pay_orders ADD COLUMN payer_name text CHECK (payer_name IS NULL OR char_length(payer_name) BETWEEN 2 AND 80);

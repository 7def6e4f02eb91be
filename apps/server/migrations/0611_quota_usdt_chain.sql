-- The USDT amount the operator sends (from the rate when opened; minor units, 6 decimals) and what
-- the chain has credited to the top-up's address so far. NULL usdt_amount: not a chain top-up.
ALTER TABLE quota_topups ADD COLUMN usdt_amount bigint CHECK (usdt_amount > 0);
ALTER TABLE quota_topups ADD COLUMN usdt_received bigint NOT NULL DEFAULT 0 CHECK (usdt_received >= 0);

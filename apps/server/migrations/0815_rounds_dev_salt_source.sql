-- A chain salted by the development server names its source with one token (ROUND_DEV_SALT_SOURCE in
-- @payhub/contracts), which the player app and the console show in the reader's language; it was an
-- English sentence. Operators' own sources are untouched.
UPDATE round_chains SET salt_source = 'development' WHERE salt_source LIKE 'development:%';

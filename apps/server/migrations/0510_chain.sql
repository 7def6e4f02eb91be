-- EVM chain: USDT deposits to per-player HD addresses and withdrawals by a hot signer (docs/chain.md).

-- A player's deposit address: derived from the project's xpub at index = player id; one per player.
CREATE TABLE chain_deposit_addresses (
  project_id  integer NOT NULL REFERENCES projects(id),
  player_id   bigint NOT NULL REFERENCES users(id),
  address     text NOT NULL UNIQUE CHECK (address ~ '^0x[0-9a-f]{40}$'),
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (player_id)
);

-- Where the watcher is: the next block to read, per chain and token. Survives restarts.
CREATE TABLE chain_cursors (
  id          text PRIMARY KEY,
  next_block  bigint NOT NULL CHECK (next_block >= 0),
  updated_at  timestamptz NOT NULL
);

-- Every token transfer seen to a known address. (tx_hash, log_index) is unique: credited at most once.
-- pending: waiting for confirmations; credited: in the ledger (chain_deposit); dust: below the
-- minimum, never credited; dropped: its block left the chain inside the confirmation window.
CREATE TABLE chain_deposits (
  id            bigserial PRIMARY KEY,
  project_id    integer NOT NULL REFERENCES projects(id),
  player_id     bigint NOT NULL REFERENCES users(id),
  address       text NOT NULL,
  tx_hash       text NOT NULL CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  log_index     integer NOT NULL CHECK (log_index >= 0),
  block_number  bigint NOT NULL,
  block_hash    text NOT NULL,
  amount        bigint NOT NULL CHECK (amount > 0),
  state         text NOT NULL CHECK (state IN ('pending', 'credited', 'dust', 'dropped')),
  confirmations integer NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL,
  credited_at   timestamptz,
  version       integer NOT NULL DEFAULT 1,
  UNIQUE (tx_hash, log_index),
  CHECK ((state = 'credited') = (credited_at IS NOT NULL))
);
CREATE INDEX chain_deposits_player ON chain_deposits (player_id, id DESC);
CREATE INDEX chain_deposits_pending ON chain_deposits (id) WHERE state = 'pending';

-- Per-project withdrawal limits and fee (USDT minor units); absent: the configured defaults.
CREATE TABLE chain_settings (
  project_id    integer PRIMARY KEY REFERENCES projects(id),
  withdraw_min  bigint NOT NULL CHECK (withdraw_min > 0),
  withdraw_max  bigint NOT NULL CHECK (withdraw_max >= withdraw_min),
  withdraw_fee  bigint NOT NULL CHECK (withdraw_fee >= 0)
);

-- A player's saved withdrawal addresses: added with an SMS code, usable from usable_at (24 h later).
CREATE TABLE chain_address_book (
  id          bigserial PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id),
  player_id   bigint NOT NULL REFERENCES users(id),
  address     text NOT NULL CHECK (address ~ '^0x[0-9a-fA-F]{40}$'),
  label       text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 40),
  created_at  timestamptz NOT NULL,
  usable_at   timestamptz NOT NULL CHECK (usable_at > created_at),
  UNIQUE (player_id, address)
);

-- AML: addresses no withdrawal may go to.
CREATE TABLE chain_blocked_addresses (
  address     text PRIMARY KEY CHECK (address ~ '^0x[0-9a-f]{40}$'),
  reason      text NOT NULL,
  created_at  timestamptz NOT NULL
);

-- A withdrawal: amount + fee held at request; requested -> sent (raw transaction stored before it is
-- broadcast, so a restart rebroadcasts the same nonce and never pays twice) -> confirmed (holds posted)
-- or failed (reverted or dropped: holds voided).
CREATE TABLE chain_withdrawals (
  id           bigserial PRIMARY KEY,
  project_id   integer NOT NULL REFERENCES projects(id),
  player_id    bigint NOT NULL REFERENCES users(id),
  address      text NOT NULL CHECK (address ~ '^0x[0-9a-fA-F]{40}$'),
  amount       bigint NOT NULL CHECK (amount > 0),
  fee          bigint NOT NULL CHECK (fee >= 0),
  state        text NOT NULL CHECK (state IN ('requested', 'sent', 'confirmed', 'failed')),
  tx_hash      text UNIQUE,
  nonce        bigint,
  raw_tx       text,
  failure      text,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL,
  version      integer NOT NULL DEFAULT 1,
  CHECK ((state = 'requested') = (tx_hash IS NULL)),
  CHECK ((tx_hash IS NULL) = (raw_tx IS NULL AND nonce IS NULL))
);
CREATE INDEX chain_withdrawals_player ON chain_withdrawals (player_id, id DESC);
CREATE INDEX chain_withdrawals_open ON chain_withdrawals (id) WHERE state IN ('requested', 'sent');
CREATE UNIQUE INDEX chain_withdrawals_nonce ON chain_withdrawals (nonce) WHERE state IN ('sent', 'confirmed');

-- A refused withdrawal to a blocked address opens a monitoring case.
ALTER TABLE payhub_cases DROP CONSTRAINT payhub_cases_rule_check;
ALTER TABLE payhub_cases ADD CONSTRAINT payhub_cases_rule_check
  CHECK (rule IN ('velocity', 'just_under_threshold', 'many_payers_one_card', 'self_dealing', 'blocked_address'));

-- A code sent to the caller's own phone to add a withdrawal address.
ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_purpose_check;
ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check
  CHECK (purpose IN ('register', 'reset', 'verify', 'unlock', 'crypto_address'));

-- Gift codes of spins, the console's code rules, and the provably-fair reward wheel (issue 17;
-- docs/rewards.md, docs/games.md "Wheel").

-- A code pays an amount or grants wheel spins; it may start later, need a deposit, be limited to
-- networks (CIDR), and be deactivated in the console.
ALTER TABLE rewards_gift_codes
  ADD COLUMN kind text NOT NULL DEFAULT 'amount' CHECK (kind IN ('amount', 'spins')),
  ADD COLUMN spins integer CHECK (spins BETWEEN 1 AND 100),
  ADD COLUMN starts_at timestamptz,
  ADD COLUMN deposit_required boolean NOT NULL DEFAULT false,
  ADD COLUMN networks text[] NOT NULL DEFAULT '{}' CHECK (cardinality(networks) <= 20),
  ADD COLUMN active boolean NOT NULL DEFAULT true,
  ADD COLUMN deactivated_by bigint REFERENCES users(id),
  ADD COLUMN deactivated_at timestamptz,
  ALTER COLUMN amount DROP NOT NULL;
ALTER TABLE rewards_gift_codes
  ADD CONSTRAINT rewards_gift_codes_kind_value CHECK (
    (kind = 'amount' AND amount IS NOT NULL AND spins IS NULL)
    OR (kind = 'spins' AND spins IS NOT NULL AND amount IS NULL)),
  ADD CONSTRAINT rewards_gift_codes_window CHECK (starts_at IS NULL OR starts_at < expires_at),
  ADD CONSTRAINT rewards_gift_codes_deactivated CHECK (active = (deactivated_at IS NULL));
CREATE INDEX rewards_gift_codes_list ON rewards_gift_codes (project_id, id DESC);

-- A spins redemption moves no money (its spins do); amount/transfer stay for amount codes only.
ALTER TABLE rewards_gift_redemptions
  ADD COLUMN spins integer CHECK (spins BETWEEN 1 AND 100),
  ALTER COLUMN amount DROP NOT NULL,
  ALTER COLUMN transfer_id DROP NOT NULL;
ALTER TABLE rewards_gift_redemptions
  ADD CONSTRAINT rewards_gift_redemptions_value CHECK (
    (amount IS NOT NULL AND amount > 0 AND transfer_id IS NOT NULL AND spins IS NULL)
    OR (spins IS NOT NULL AND amount IS NULL AND transfer_id IS NULL));
CREATE INDEX rewards_gift_redemptions_code ON rewards_gift_redemptions (code_id, id DESC);

-- A player's wheel seed pairs: one 'active' (its hash shown, its nonce counting spins) and one 'next'
-- (its hash shown before rotation); rotating reveals the active pair's server seed.
CREATE TABLE rewards_wheel_seeds (
  id                bigserial PRIMARY KEY,
  player_id         bigint NOT NULL REFERENCES users(id),
  state             text NOT NULL CHECK (state IN ('active', 'next', 'revealed')),
  server_seed       text NOT NULL,
  server_seed_hash  text NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed       text NOT NULL CHECK (length(client_seed) BETWEEN 1 AND 64),
  nonce             integer NOT NULL DEFAULT 0 CHECK (nonce >= 0),
  created_at        timestamptz NOT NULL,
  revealed_at       timestamptz,
  CHECK ((state = 'revealed') = (revealed_at IS NOT NULL))
);
CREATE UNIQUE INDEX rewards_wheel_seeds_live ON rewards_wheel_seeds (player_id, state) WHERE state <> 'revealed';

-- One row per spin credit a code granted; a spin fills it in (the seed pair, nonce, segment, prize and
-- its ledger transfer from the bonus pool). The player's spin id makes a retried spin answer the first.
CREATE TABLE rewards_wheel_spins (
  id             bigserial PRIMARY KEY,
  player_id      bigint NOT NULL REFERENCES users(id),
  project_id     integer NOT NULL REFERENCES projects(id),
  redemption_id  bigint NOT NULL REFERENCES rewards_gift_redemptions(id),
  granted_at     timestamptz NOT NULL,
  spin_key       text CHECK (spin_key ~ '^[A-Za-z0-9-]{8,64}$'),
  seed_id        bigint REFERENCES rewards_wheel_seeds(id),
  nonce          integer,
  segment        smallint,
  asset          text,
  prize          bigint CHECK (prize > 0),
  transfer_id    text UNIQUE,
  spun_at        timestamptz,
  UNIQUE (player_id, spin_key),
  UNIQUE (seed_id, nonce),
  CHECK ((spun_at IS NULL) = (spin_key IS NULL)),
  CHECK (spun_at IS NULL OR (seed_id IS NOT NULL AND nonce IS NOT NULL AND segment IS NOT NULL
    AND asset IS NOT NULL AND prize IS NOT NULL AND transfer_id IS NOT NULL))
);
CREATE INDEX rewards_wheel_spins_unspent ON rewards_wheel_spins (player_id, id) WHERE spun_at IS NULL;
CREATE INDEX rewards_wheel_spins_history ON rewards_wheel_spins (player_id, spun_at DESC) WHERE spun_at IS NOT NULL;

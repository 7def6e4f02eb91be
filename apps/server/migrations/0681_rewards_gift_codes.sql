-- Gift codes of amount (issue 17): created by an admin, redeemed through the ledger from the bonus pool.
CREATE TABLE rewards_gift_codes (
  id              bigserial PRIMARY KEY,
  project_id      integer NOT NULL REFERENCES projects(id),
  code            text NOT NULL CHECK (code ~ '^[A-Z0-9]{4,20}$'),
  asset           text NOT NULL CHECK (asset ~ '^[A-Z][A-Z0-9]{1,9}$'),
  amount          bigint NOT NULL CHECK (amount > 0),
  max_redemptions integer NOT NULL CHECK (max_redemptions > 0),
  per_player      integer NOT NULL CHECK (per_player > 0),
  -- Only players registered at most 7 days before the redemption.
  new_users_only  boolean NOT NULL,
  expires_at      timestamptz NOT NULL,
  redeemed        integer NOT NULL DEFAULT 0,
  created_by      bigint NOT NULL REFERENCES users(id),
  created_at      timestamptz NOT NULL,
  CHECK (redeemed BETWEEN 0 AND max_redemptions),
  UNIQUE (project_id, code)
);

CREATE TABLE rewards_gift_redemptions (
  id           bigserial PRIMARY KEY,
  code_id      bigint NOT NULL REFERENCES rewards_gift_codes(id),
  player_id    bigint NOT NULL REFERENCES users(id),
  project_id   integer NOT NULL REFERENCES projects(id),
  asset        text NOT NULL,
  amount       bigint NOT NULL CHECK (amount > 0),
  transfer_id  text NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL
);
CREATE INDEX rewards_gift_redemptions_player ON rewards_gift_redemptions (player_id, code_id);

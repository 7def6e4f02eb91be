-- Third-party game providers through a seamless wallet (issue 18; docs/providers.md).

-- A game session a player launched: the provider calls our wallet with its token; the session fixes
-- the player, project and asset of every bet (a token never changes asset).
CREATE TABLE provider_sessions (
  token       text PRIMARY KEY,
  provider_id text NOT NULL,
  project_id  integer NOT NULL REFERENCES projects(id),
  user_id     bigint NOT NULL REFERENCES users(id),
  asset       text NOT NULL CHECK (asset ~ '^[A-Z][A-Z0-9]{1,9}$'),
  game_code   text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX provider_sessions_user ON provider_sessions (user_id, created_at DESC);

-- Every wallet transaction a provider sent, by its own id: a replay answers `answer`; the same id
-- with another body (request_hash) is a duplicate. kind 'tombstone' is a rollback that arrived
-- before its bet: the late bet with that id is refused.
CREATE TABLE provider_transactions (
  provider_id      text NOT NULL,
  transaction_uuid text NOT NULL,
  kind             text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback', 'tombstone')),
  project_id       integer NOT NULL REFERENCES projects(id),
  user_id          bigint NOT NULL REFERENCES users(id),
  asset            text NOT NULL,
  round            text NOT NULL,
  game_code        text NOT NULL,
  reference_uuid   text,
  amount           numeric(40, 0) NOT NULL CHECK (amount >= 0),
  rolled_back      boolean NOT NULL DEFAULT false,
  request_hash     text NOT NULL,
  answer           jsonb NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider_id, transaction_uuid)
);
CREATE INDEX provider_transactions_day ON provider_transactions (provider_id, project_id, created_at);
CREATE INDEX provider_transactions_round ON provider_transactions (provider_id, round);

-- A provider switched off for a project (absent row: on).
CREATE TABLE provider_settings (
  project_id  integer NOT NULL REFERENCES projects(id),
  provider_id text NOT NULL,
  enabled     boolean NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, provider_id)
);

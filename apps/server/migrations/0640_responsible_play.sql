-- Responsible play (issue 14, DESIGN.md §8): the player's limits, exclusions and the activity the
-- limits count. `responsible_state` is the one row per player every gate call locks (FOR UPDATE),
-- so two tabs, devices or scripts of one player queue on it and a limit holds under concurrency.
CREATE TABLE responsible_state (
  user_id               bigint PRIMARY KEY REFERENCES users(id),
  project_id            integer NOT NULL REFERENCES projects(id),
  -- Cool-off or self-exclusion: no deposits, stakes or bonus mail before `excluded_until`
  -- (NULL with exclusion_kind set: permanent). Only ever lengthened (the service refuses shortening).
  exclusion_kind        text CHECK (exclusion_kind IN ('cool_off', 'self_exclusion')),
  excluded_until        timestamptz,
  excluded_at           timestamptz,
  reality_check_minutes integer CHECK (reality_check_minutes BETWEEN 5 AND 240),
  -- The current play session: begins at the first stake after 30 minutes without play.
  session_started_at    timestamptz,
  last_activity_at      timestamptz,
  -- Stakes taken but not yet settled, valued in the project currency: a potential loss.
  pending_stakes        bigint NOT NULL DEFAULT 0 CHECK (pending_stakes >= 0),
  updated_at            timestamptz NOT NULL
);

-- One row per limit kind. `value` applies now; a pending increase or removal (`pending_remove`)
-- applies at `pending_at` (24 h after it was asked for); a decrease is written to `value` at once.
CREATE TABLE responsible_limits (
  user_id        bigint NOT NULL REFERENCES users(id),
  kind           text NOT NULL CHECK (kind IN (
                   'deposit_day', 'deposit_week', 'deposit_month',
                   'loss_day', 'loss_week', 'loss_month',
                   'wager_day', 'wager_week', 'wager_month',
                   'session_minutes')),
  value          bigint CHECK (value > 0),
  pending_value  bigint CHECK (pending_value > 0),
  pending_remove boolean NOT NULL DEFAULT false,
  pending_at     timestamptz,
  updated_at     timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind),
  CHECK (NOT (pending_remove AND pending_value IS NOT NULL)),
  CHECK ((pending_at IS NULL) = (pending_value IS NULL AND NOT pending_remove))
);

-- What the limits count, valued in the project currency (`value`, minor units):
-- deposit (state pending while its order is open, credited, void when it failed or expired),
-- stake (counted for wager limits when taken), settle (stake and payout of a settled stake).
CREATE TABLE responsible_activity (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  kind        text NOT NULL CHECK (kind IN ('deposit', 'stake', 'settle')),
  asset       text NOT NULL,
  amount      bigint NOT NULL CHECK (amount >= 0),
  value       bigint NOT NULL CHECK (value >= 0),
  payout      bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
  state       text NOT NULL DEFAULT 'done' CHECK (state IN ('pending', 'credited', 'void', 'done')),
  reference   text CHECK (char_length(reference) BETWEEN 1 AND 160),
  at          timestamptz NOT NULL
);
CREATE INDEX responsible_activity_user ON responsible_activity (user_id, kind, at);
CREATE UNIQUE INDEX responsible_activity_reference ON responsible_activity (user_id, kind, reference)
  WHERE reference IS NOT NULL;

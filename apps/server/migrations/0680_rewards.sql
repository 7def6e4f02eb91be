-- Player rewards (issue 17; docs/decisions.md "Rewards: referral rebates on settled wager").

-- A player's invite code and the referrer who invited them (set once: at registration or later).
CREATE TABLE rewards_referrals (
  player_id    bigint PRIMARY KEY REFERENCES users(id),
  project_id   integer NOT NULL REFERENCES projects(id),
  invite_code  text NOT NULL CHECK (invite_code ~ '^[A-Z0-9]{6,12}$'),
  referrer_id  bigint REFERENCES users(id),
  bound_at     timestamptz,
  created_at   timestamptz NOT NULL,
  CHECK (referrer_id IS NULL OR referrer_id <> player_id),
  CHECK ((referrer_id IS NULL) = (bound_at IS NULL)),
  UNIQUE (project_id, invite_code)
);
CREATE INDEX rewards_referrals_referrer ON rewards_referrals (referrer_id) WHERE referrer_id IS NOT NULL;

-- The referrer tiers of a project: a referrer reaches a tier with `min_direct` direct downlines; the
-- rebate rates of the three levels in basis points of the downline's settled wager. A project without
-- rows uses DEFAULT_REFERRAL_TIERS (rewards.service.ts).
CREATE TABLE rewards_tiers (
  project_id  integer NOT NULL REFERENCES projects(id),
  tier        text NOT NULL CHECK (tier IN ('bronze', 'silver', 'gold')),
  min_direct  integer NOT NULL CHECK (min_direct >= 0),
  level1_bp   integer NOT NULL CHECK (level1_bp BETWEEN 0 AND 1000),
  level2_bp   integer NOT NULL CHECK (level2_bp BETWEEN 0 AND 1000),
  level3_bp   integer NOT NULL CHECK (level3_bp BETWEEN 0 AND 1000),
  PRIMARY KEY (project_id, tier)
);

-- One rebate per (referrer, local day, level, asset): the primary key makes a re-run pay nothing twice.
CREATE TABLE rewards_rebates (
  referrer_id  bigint NOT NULL REFERENCES users(id),
  day          date NOT NULL,
  level        smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
  asset        text NOT NULL CHECK (asset ~ '^[A-Z][A-Z0-9]{1,9}$'),
  project_id   integer NOT NULL REFERENCES projects(id),
  tier         text NOT NULL CHECK (tier IN ('bronze', 'silver', 'gold')),
  wager        bigint NOT NULL CHECK (wager >= 0),
  rate_bp      integer NOT NULL CHECK (rate_bp >= 0),
  amount       bigint NOT NULL CHECK (amount >= 0),
  -- The ledger transfer that paid it (null when the amount rounds to zero).
  transfer_id  text,
  created_at   timestamptz NOT NULL,
  PRIMARY KEY (referrer_id, day, level, asset),
  CHECK ((amount > 0) = (transfer_id IS NOT NULL))
);
CREATE INDEX rewards_rebates_day ON rewards_rebates (project_id, day);

-- Daily check-in: one row per player and local day; `streak_day` 1..7 (a missed day restarts at 1).
CREATE TABLE rewards_checkins (
  player_id    bigint NOT NULL REFERENCES users(id),
  day          date NOT NULL,
  project_id   integer NOT NULL REFERENCES projects(id),
  streak_day   smallint NOT NULL CHECK (streak_day BETWEEN 1 AND 7),
  asset        text NOT NULL CHECK (asset ~ '^[A-Z][A-Z0-9]{1,9}$'),
  amount       bigint NOT NULL CHECK (amount > 0),
  transfer_id  text NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL,
  PRIMARY KEY (player_id, day)
);

-- Bonus terms per project and deposit-bonus campaigns, set by staff in the console (issue 19,
-- docs/rewards.md "Bonus terms and campaigns"). Both belong to the rewards module.

-- The first-deposit terms of a project, one row per version (append-only): a first deposit is paid on
-- the version in force when it was credited (the latest effective_from <= the deposit's time), so a
-- change is never retroactive. Bounds as BONUS_TERMS_BOUNDS (packages/contracts/src/bonus-campaigns.ts).
CREATE TABLE rewards_bonus_terms (
  id                  bigserial PRIMARY KEY,
  project_id          integer NOT NULL REFERENCES projects(id),
  asset               text NOT NULL CHECK (asset ~ '^[A-Z][A-Z0-9]{1,9}$'),
  min_first_deposit   bigint NOT NULL CHECK (min_first_deposit > 0),
  bonus_bp            integer NOT NULL CHECK (bonus_bp BETWEEN 0 AND 10000),
  referral_bp         integer NOT NULL CHECK (referral_bp BETWEEN 0 AND 10000),
  referral_delay_days integer NOT NULL CHECK (referral_delay_days BETWEEN 0 AND 30),
  wagering_multiple   integer NOT NULL CHECK (wagering_multiple BETWEEN 1 AND 50),
  effective_from      timestamptz NOT NULL,
  -- The staff member who set them; NULL for the seeded defaults.
  set_by              bigint REFERENCES users(id),
  UNIQUE (project_id, effective_from)
);

-- Today's constants (BONUS_TERMS_DEFAULTS in rewards.bonus-campaigns.ts) as every existing project's first
-- version; a project created later reads the same defaults until staff set its terms.
INSERT INTO rewards_bonus_terms (project_id, asset, min_first_deposit, bonus_bp, referral_bp,
                                 referral_delay_days, wagering_multiple, effective_from, set_by)
SELECT id, currency, CASE currency WHEN 'IDR' THEN 5000000 ELSE 5000 END, 1000, 1000, 7, 5,
       '1970-01-01T00:00:00Z', NULL
  FROM projects;

-- Deposit-bonus ("reload") campaigns: a confirmed deposit credited in [starts_at, least(ends_at,
-- ended_at)) of at least min_deposit, not the player's first deposit, earns bonus_bp of it (at most
-- max_bonus) once per player per campaign, through the bonus machinery (rewards_bonuses kind campaign).
CREATE TABLE rewards_bonus_campaigns (
  id                bigserial PRIMARY KEY,
  project_id        integer NOT NULL REFERENCES projects(id),
  name              text NOT NULL CHECK (char_length(name) BETWEEN 3 AND 80),
  asset             text NOT NULL CHECK (asset ~ '^[A-Z][A-Z0-9]{1,9}$'),
  bonus_bp          integer NOT NULL CHECK (bonus_bp BETWEEN 1 AND 10000),
  max_bonus         bigint NOT NULL CHECK (max_bonus > 0),
  min_deposit       bigint NOT NULL CHECK (min_deposit > 0),
  wagering_multiple integer NOT NULL CHECK (wagering_multiple BETWEEN 1 AND 50),
  starts_at         timestamptz NOT NULL,
  ends_at           timestamptz NOT NULL,
  -- Ended early by staff: deposits credited from then on no longer qualify.
  ended_at          timestamptz,
  ended_by          bigint REFERENCES users(id),
  created_by        bigint NOT NULL REFERENCES users(id),
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL,
  CHECK (ends_at > starts_at),
  CHECK ((ended_at IS NULL) = (ended_by IS NULL))
);
CREATE INDEX rewards_bonus_campaigns_project ON rewards_bonus_campaigns (project_id, ends_at);

-- A campaign's bonus is a bonus like the others (same states, wagering, forfeit and clawback).
ALTER TABLE rewards_bonuses ADD COLUMN campaign_id bigint REFERENCES rewards_bonus_campaigns(id);
ALTER TABLE rewards_bonuses DROP CONSTRAINT rewards_bonuses_kind_check;
ALTER TABLE rewards_bonuses ADD CONSTRAINT rewards_bonuses_kind_check
  CHECK (kind IN ('first_deposit', 'referral', 'campaign'));
ALTER TABLE rewards_bonuses ADD CONSTRAINT rewards_bonuses_campaign_check
  CHECK ((kind = 'campaign') = (campaign_id IS NOT NULL));
-- First-deposit and referral bonuses stay one per (kind, source player); a campaign's once per player,
-- and a deposit earns at most one campaign bonus (whatever runs in parallel).
ALTER TABLE rewards_bonuses DROP CONSTRAINT rewards_bonuses_kind_source_player_id_key;
CREATE UNIQUE INDEX rewards_bonuses_once ON rewards_bonuses (kind, source_player_id)
  WHERE kind IN ('first_deposit', 'referral');
CREATE UNIQUE INDEX rewards_bonuses_campaign_player ON rewards_bonuses (campaign_id, player_id)
  WHERE kind = 'campaign';
CREATE UNIQUE INDEX rewards_bonuses_campaign_deposit ON rewards_bonuses (deposit_transfer)
  WHERE kind = 'campaign';

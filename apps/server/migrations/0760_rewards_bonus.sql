-- Bonus money (issue 17, docs/decisions.md "Rewards: bonus money, wagering, abuse holds"): the
-- first-deposit bonus, the referrer's first-deposit referral bonus paid 7 days later, their wagering
-- requirement and the abuse holds. The money sits on each player's `player_bonus` ledger account.

-- One row per reward of bonus money. `kind` first_deposit: the player's own 10 %; referral: the
-- referrer's bonus on a downline's first deposit. One of each per qualifying deposit's player.
CREATE TABLE rewards_bonuses (
  id               bigserial PRIMARY KEY,
  project_id       integer NOT NULL REFERENCES projects(id),
  player_id        bigint NOT NULL REFERENCES users(id),
  kind             text NOT NULL CHECK (kind IN ('first_deposit', 'referral')),
  -- The player whose first deposit qualified (the player itself for first_deposit).
  source_player_id bigint NOT NULL REFERENCES users(id),
  -- The qualifying deposit: its ledger transfer id (the wallet's deposit credit).
  deposit_transfer text NOT NULL,
  deposit_amount   bigint NOT NULL CHECK (deposit_amount > 0),
  asset            text NOT NULL CHECK (asset ~ '^[A-Z][A-Z0-9]{1,9}$'),
  amount           bigint NOT NULL CHECK (amount > 0),
  -- The settled wager the bonus needs before it converts to withdrawable money.
  wager_required   bigint NOT NULL CHECK (wager_required >= 0),
  -- pending: waits for due_at (referral); held: suspicious, not paid, a case is open; active: on
  -- the bonus balance, counting wager from wager_from; queued: on the bonus balance, waits for an
  -- earlier bonus of its asset; converted / forfeited / clawed_back / void: final.
  state            text NOT NULL CHECK (state IN ('pending', 'held', 'queued', 'active', 'converted',
                     'forfeited', 'clawed_back', 'void')),
  due_at           timestamptz NOT NULL,
  wager_from       timestamptz,
  -- Wager counted when it left the balance (converted, forfeited or clawed back), for the history.
  wagered          bigint NOT NULL DEFAULT 0 CHECK (wagered >= 0),
  -- What a clawback took back (at most the bonus balance then; never below zero).
  clawed_back      bigint NOT NULL DEFAULT 0 CHECK (clawed_back >= 0),
  hold_reasons     text[] NOT NULL DEFAULT '{}',
  case_id          bigint,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  UNIQUE (kind, source_player_id),
  CHECK (state <> 'active' OR wager_from IS NOT NULL)
);
CREATE INDEX rewards_bonuses_player ON rewards_bonuses (player_id, asset, state);
CREATE INDEX rewards_bonuses_due ON rewards_bonuses (project_id, due_at) WHERE state = 'pending';
CREATE INDEX rewards_bonuses_deposit ON rewards_bonuses (deposit_transfer);

-- Qualifying deposits reported reversed (the payment side's reversal calls rewards' depositReversed):
-- their bonuses are voided or clawed back and a pending referral bonus is never paid.
CREATE TABLE rewards_reversed_deposits (
  project_id        integer NOT NULL REFERENCES projects(id),
  deposit_transfer  text NOT NULL,
  reversed_at       timestamptz NOT NULL,
  PRIMARY KEY (project_id, deposit_transfer)
);

-- What a player chose in advance for a withdrawal asked while a wagering requirement is open.
CREATE TABLE rewards_bonus_prefs (
  player_id    bigint PRIMARY KEY REFERENCES users(id),
  on_withdraw  text NOT NULL CHECK (on_withdraw IN ('refuse', 'forfeit')),
  updated_at   timestamptz NOT NULL
);

-- Device and network signals seen at registration and at redemption (abuse controls).
CREATE TABLE rewards_signals (
  player_id   bigint NOT NULL REFERENCES users(id),
  project_id  integer NOT NULL REFERENCES projects(id),
  kind        text NOT NULL CHECK (kind IN ('device', 'ip24', 'payout')),
  value       text NOT NULL CHECK (char_length(value) BETWEEN 1 AND 200),
  seen_at     timestamptz NOT NULL,
  PRIMARY KEY (player_id, kind, value)
);
CREATE INDEX rewards_signals_value ON rewards_signals (project_id, kind, value);

-- A held reward opens a monitoring case in the payment hub's case list (the console's queue).
ALTER TABLE payhub_cases DROP CONSTRAINT payhub_cases_rule_check;
ALTER TABLE payhub_cases ADD CONSTRAINT payhub_cases_rule_check
  CHECK (rule IN ('velocity', 'just_under_threshold', 'many_payers_one_card', 'self_dealing', 'blocked_address',
                  'reward_abuse'));

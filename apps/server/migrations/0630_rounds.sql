-- Shared round games, crash and wingo (issue 16; docs/games.md §5, docs/payments.md "Round games").

-- One hash chain per project and game: the secret stays here (never on the wire until the chain is
-- used up), the terminating hash is published before the first round, the salt is fixed once after.
CREATE TABLE round_chains (
  id               bigserial PRIMARY KEY,
  project_id       integer NOT NULL REFERENCES projects(id),
  game             text NOT NULL CHECK (game IN ('crash', 'wingo30', 'wingo60', 'wingo120')),
  length           integer NOT NULL CHECK (length >= 1),
  secret           text NOT NULL CHECK (secret ~ '^[0-9a-f]{64}$'),
  terminating_hash text NOT NULL CHECK (terminating_hash ~ '^[0-9a-f]{64}$'),
  checkpoint_every integer NOT NULL CHECK (checkpoint_every >= 1),
  salt             text,
  salt_source      text,
  salt_fixed_at    timestamptz,
  -- The next chain round to play (1 … length); length + 1: used up.
  next_round       integer NOT NULL DEFAULT 1,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (terminating_hash)
);
-- At most one chain in play per project and game.
CREATE UNIQUE INDEX round_chains_active ON round_chains (project_id, game) WHERE next_round <= length;

-- Every checkpoint_every-th element of a chain (index 0 = the secret): a round's hash is derived in
-- fewer than checkpoint_every steps.
CREATE TABLE round_chain_checkpoints (
  chain_id bigint NOT NULL REFERENCES round_chains(id),
  idx      integer NOT NULL,
  hash     text NOT NULL,
  PRIMARY KEY (chain_id, idx)
);

CREATE TABLE rounds (
  id              bigserial PRIMARY KEY,
  chain_id        bigint NOT NULL REFERENCES round_chains(id),
  project_id      integer NOT NULL REFERENCES projects(id),
  game            text NOT NULL,
  chain_round     integer NOT NULL,
  period          text NOT NULL,
  hash            text NOT NULL,
  -- Crash point in cents, or the wingo number; fixed by the chain when the round is created.
  result          integer NOT NULL,
  state           text NOT NULL CHECK (state IN ('betting', 'running', 'ended', 'voided')),
  betting_ends_at timestamptz NOT NULL,
  started_at      timestamptz,
  -- Crash: the bust instant (started_at + the curve's time to the crash point).
  bust_at         timestamptz,
  draw_at         timestamptz,
  ended_at        timestamptz,
  created_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (chain_id, chain_round),
  UNIQUE (project_id, game, period)
);
CREATE INDEX rounds_live ON rounds (project_id, game) WHERE state IN ('betting', 'running');
CREATE INDEX rounds_history ON rounds (project_id, game, id DESC);

CREATE TABLE round_bets (
  id           uuid PRIMARY KEY,
  round_id     bigint NOT NULL REFERENCES rounds(id),
  project_id   integer NOT NULL,
  game         text NOT NULL,
  user_id      integer NOT NULL,
  player_label text NOT NULL,
  asset        text NOT NULL,
  stake        bigint NOT NULL CHECK (stake > 0),
  pick         text,
  auto_cashout integer CHECK (auto_cashout BETWEEN 201 AND 20000),
  -- Crash: the multiplier paid (cents); wingo: the multiplier paid in basis points / 100.
  cash_out     integer,
  payout       bigint CHECK (payout >= 0),
  state        text NOT NULL CHECK (state IN ('open', 'won', 'lost', 'voided')),
  -- The database's time of the cash-out's receipt (crash).
  cashed_at    timestamptz,
  created_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
  settled_at   timestamptz
);
-- One crash bet per player and round.
CREATE UNIQUE INDEX round_bets_one_crash ON round_bets (round_id, user_id) WHERE game = 'crash';
CREATE INDEX round_bets_open ON round_bets (round_id) WHERE state = 'open';
CREATE INDEX round_bets_user ON round_bets (user_id, game, created_at DESC);

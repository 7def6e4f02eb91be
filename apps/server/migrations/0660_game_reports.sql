-- Console GGR/NGR report (issue 19; docs/console.md "Reports"). Settled bets are rolled up per
-- project, UTC hour, game and asset (the report reads at most a few thousand rows for a month);
-- the hours since the last roll-up are read from the bets through the report indexes. A project's
-- roll-up watermark (`rolled_to`) only moves to a whole hour that ended at least 5 minutes ago, so
-- a bet committing late is never missed. Local days are built from UTC hours: project time zones
-- have whole-hour offsets (Asia/Jakarta, America/Mexico_City).
CREATE INDEX game_bets_report ON game_bets (project_id, settled_at) INCLUDE (game, asset, stake, payout)
  WHERE status <> 'open';
CREATE INDEX round_bets_report ON round_bets (project_id, settled_at) INCLUDE (game, asset, stake, payout)
  WHERE state IN ('won', 'lost');

CREATE TABLE game_bet_hours (
  project_id integer NOT NULL,
  hour       timestamptz NOT NULL,
  game       text NOT NULL,
  asset      text NOT NULL,
  bets       bigint NOT NULL,
  stakes     numeric(40, 0) NOT NULL,
  payouts    numeric(40, 0) NOT NULL,
  PRIMARY KEY (project_id, hour, game, asset)
);
CREATE TABLE game_bet_rollup (
  project_id integer PRIMARY KEY,
  rolled_to  timestamptz NOT NULL
);

CREATE TABLE round_bet_hours (
  project_id integer NOT NULL,
  hour       timestamptz NOT NULL,
  game       text NOT NULL,
  asset      text NOT NULL,
  bets       bigint NOT NULL,
  stakes     numeric(40, 0) NOT NULL,
  payouts    numeric(40, 0) NOT NULL,
  PRIMARY KEY (project_id, hour, game, asset)
);
CREATE TABLE round_bet_rollup (
  project_id integer PRIMARY KEY,
  rolled_to  timestamptz NOT NULL
);

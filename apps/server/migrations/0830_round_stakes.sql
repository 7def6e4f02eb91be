-- Rounds (issue 16), owned by modules/rounds: the stake range of one crash or wingo bet per project
-- and asset, set from the console (PUT /main/console/games/round-stakes). A project without a row
-- uses the server's defaults (ROUNDS_MIN_STAKE / ROUNDS_MAX_STAKE over the in-house games' default
-- range). Amounts in the asset's minor units. Wingo's three modes share one range.
CREATE TABLE round_stakes (
  project_id  integer NOT NULL,
  game        text NOT NULL CHECK (game IN ('crash', 'wingo')),
  asset       text NOT NULL CHECK (asset ~ '^[A-Z][A-Z0-9]{1,9}$'),
  min_stake   bigint NOT NULL CHECK (min_stake > 0),
  max_stake   bigint NOT NULL CHECK (max_stake >= min_stake),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, game, asset)
);

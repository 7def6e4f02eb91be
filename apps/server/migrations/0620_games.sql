-- In-house games (issue 15; docs/games.md "Server"): seed pairs, bets, configuration per game and asset.

-- A player's seed pairs: one `active` (bets use it), one `next` (its hash shown before the player
-- chooses a client seed; a rotation makes it active), and the `revealed` ones a rotation retired.
-- `nonce` is the nonce of the pair's next bet; the active row's lock serialises a player's bets.
CREATE TABLE game_seed_pairs (
  id               bigserial PRIMARY KEY,
  project_id       integer NOT NULL REFERENCES projects(id),
  player_id        bigint NOT NULL REFERENCES users(id),
  status           text NOT NULL CHECK (status IN ('active', 'next', 'revealed')),
  server_seed      text NOT NULL CHECK (length(server_seed) BETWEEN 32 AND 128),
  server_seed_hash text NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed      text NOT NULL CHECK (length(client_seed) BETWEEN 1 AND 64),
  nonce            bigint NOT NULL DEFAULT 0 CHECK (nonce >= 0),
  created_at       timestamptz NOT NULL DEFAULT now(),
  revealed_at      timestamptz,
  CHECK ((status = 'revealed') = (revealed_at IS NOT NULL))
) WITH (fillfactor = 70); -- room for HOT updates of the nonce
CREATE UNIQUE INDEX game_seed_pairs_one_active ON game_seed_pairs (player_id) WHERE status = 'active';
CREATE UNIQUE INDEX game_seed_pairs_one_next ON game_seed_pairs (player_id) WHERE status = 'next';
CREATE INDEX game_seed_pairs_revealed ON game_seed_pairs (player_id, id DESC) WHERE status = 'revealed';

-- Every bet. `id` is the client's UUID (the idempotency key); `seq` orders and pages them.
-- `state` is the whole game state, hidden parts included: it never leaves the server while open.
CREATE TABLE game_bets (
  id             uuid PRIMARY KEY,
  seq            bigserial NOT NULL,
  project_id     integer NOT NULL REFERENCES projects(id),
  player_id      bigint NOT NULL REFERENCES users(id),
  game           text NOT NULL CHECK (game IN ('dice', 'coinflip', 'roulette', 'mines', 'hilo', 'roller', 'fruit-bomb')),
  asset          text NOT NULL CHECK (asset ~ '^[A-Z][A-Z0-9]{1,9}$'),
  stake          bigint NOT NULL CHECK (stake > 0),
  payout         bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
  multiplier_bp  numeric(80, 0) NOT NULL CHECK (multiplier_bp >= 0),
  status         text NOT NULL CHECK (status IN ('open', 'won', 'lost')),
  seed_pair_id   bigint NOT NULL REFERENCES game_seed_pairs(id),
  nonce          bigint NOT NULL,
  -- The client seed the bet was played with (the pair's may change later; the nonce continues).
  client_seed    text NOT NULL,
  params         jsonb NOT NULL,
  state          jsonb NOT NULL,
  created_at     timestamptz NOT NULL,
  settled_at     timestamptz,
  CHECK ((status = 'open') = (settled_at IS NULL)),
  CHECK (status <> 'lost' OR payout = 0),
  -- Two bets never share a nonce of one pair.
  CONSTRAINT game_bets_nonce_unique UNIQUE (seed_pair_id, nonce)
);
-- One open game per player and game.
CREATE UNIQUE INDEX game_bets_one_open ON game_bets (player_id, game) WHERE status = 'open';
-- Few indexes: each one is paid on every bet. My bets page by (player, seq); the feed reads the
-- newest bets by seq and keeps the project's settled ones.
CREATE INDEX game_bets_player ON game_bets (player_id, seq DESC);
CREATE INDEX game_bets_recent ON game_bets (seq DESC);

-- One game's settings in one asset of one project. Amounts in the asset's minor units; edge_bp:
-- mines' edge per mine, fruit bomb's edge (bounds in contracts GAME_EDGE_BOUNDS), null otherwise.
CREATE TABLE game_configs (
  project_id  integer NOT NULL,
  game        text NOT NULL CHECK (game IN ('dice', 'coinflip', 'roulette', 'mines', 'hilo', 'roller', 'fruit-bomb')),
  asset       text NOT NULL CHECK (asset ~ '^[A-Z][A-Z0-9]{1,9}$'),
  enabled     boolean NOT NULL,
  min_bet     bigint NOT NULL CHECK (min_bet > 0),
  max_bet     bigint NOT NULL CHECK (max_bet >= min_bet),
  max_payout  bigint NOT NULL CHECK (max_payout >= max_bet),
  edge_bp     integer CHECK (edge_bp IS NULL OR edge_bp BETWEEN 0 AND 1000),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, game, asset)
);

-- Defaults for the three projects (10 and 12 in IDR, 16 in MXN) and YEC in each: IDR Rp 1,000 to
-- Rp 10,000,000 a bet, at most Rp 1,000,000,000 paid; MXN MX$1 to MX$10,000, at most MX$1,000,000;
-- YEC 1 to 100,000, at most 10,000,000. Mines 3 bp per mine, fruit bomb 200 bp.
INSERT INTO game_configs (project_id, game, asset, enabled, min_bet, max_bet, max_payout, edge_bp)
SELECT p.project_id, g.game, p.asset, true, p.min_bet, p.max_bet, p.max_payout,
       CASE g.game WHEN 'mines' THEN 3 WHEN 'fruit-bomb' THEN 200 END
  FROM (VALUES (10, 'IDR', 100000, 1000000000, 100000000000),
               (12, 'IDR', 100000, 1000000000, 100000000000),
               (16, 'MXN', 100, 1000000, 100000000),
               (10, 'YEC', 100, 10000000, 1000000000),
               (12, 'YEC', 100, 10000000, 1000000000),
               (16, 'YEC', 100, 10000000, 1000000000)) AS p (project_id, asset, min_bet, max_bet, max_payout)
 CROSS JOIN (VALUES ('dice'), ('coinflip'), ('roulette'), ('mines'), ('hilo'), ('roller'), ('fruit-bomb')) AS g (game);

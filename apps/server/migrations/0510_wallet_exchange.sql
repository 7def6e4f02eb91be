-- Player wallet and exchange (issue 13; docs/payments.md "Player wallet", "Exchange").

-- Per project: the asset games are played in (absent row: the project's local currency).
CREATE TABLE wallet_settings (
  project_id integer PRIMARY KEY REFERENCES projects(id),
  game_asset text NOT NULL CHECK (game_asset ~ '^[A-Z][A-Z0-9]{1,9}$'),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The dev/default rate source: each asset's USD price per whole unit as an exact fraction. Rows of
-- project 0 are the platform defaults; a project's own row (set by an admin) wins over them.
CREATE TABLE exchange_rates (
  project_id integer NOT NULL,
  asset      text NOT NULL CHECK (asset ~ '^[A-Z][A-Z0-9]{1,9}$'),
  usd_num    numeric(40, 0) NOT NULL CHECK (usd_num > 0),
  usd_den    numeric(40, 0) NOT NULL CHECK (usd_den > 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, asset)
);
-- 1 USD = Rp 16,000 = MX$ 18.18 (0.055) = 1 USDT = 100 YEC (spec §9).
INSERT INTO exchange_rates (project_id, asset, usd_num, usd_den) VALUES
  (0, 'IDR', 625, 10000000),
  (0, 'MXN', 55, 1000),
  (0, 'USDT', 1, 1),
  (0, 'YEC', 1, 100);

-- Per project: the house spread and how long a quote holds (absent row: 100 bps, 30 s).
CREATE TABLE exchange_settings (
  project_id        integer PRIMARY KEY REFERENCES projects(id),
  spread_bps        integer NOT NULL CHECK (spread_bps BETWEEN 0 AND 2000),
  quote_ttl_seconds integer NOT NULL CHECK (quote_ttl_seconds BETWEEN 5 AND 600),
  updated_at        timestamptz NOT NULL DEFAULT now()
);

-- A quote fixes both amounts; it is accepted at most once (state open -> accepted under a row lock),
-- and its ledger operation `xq:<id>` carries both legs.
CREATE TABLE exchange_quotes (
  id           uuid PRIMARY KEY,
  project_id   integer NOT NULL REFERENCES projects(id),
  player_id    bigint NOT NULL REFERENCES users(id),
  from_asset   text NOT NULL,
  to_asset     text NOT NULL CHECK (to_asset <> from_asset),
  from_amount  bigint NOT NULL CHECK (from_amount > 0 AND from_amount <= 1000000000000000),
  to_amount    bigint NOT NULL CHECK (to_amount > 0 AND to_amount <= 1000000000000000),
  rate_num     numeric(80, 0) NOT NULL CHECK (rate_num > 0),
  rate_den     numeric(80, 0) NOT NULL CHECK (rate_den > 0),
  spread_bps   integer NOT NULL,
  state        text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'accepted')),
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL CHECK (expires_at > created_at),
  accepted_at  timestamptz,
  CHECK ((state = 'accepted') = (accepted_at IS NOT NULL))
);
CREATE INDEX exchange_quotes_player ON exchange_quotes (player_id, created_at DESC);

-- A player's favourite provider games (issue 18): kept with the account, so the lobby's Favourites tab
-- is the same on every device. At most PROVIDER_FAVOURITES_MAX per player (checked in the insert,
-- under a per-player advisory lock: providers.repo.ts setFavourite).
CREATE TABLE provider_favourites (
  user_id     bigint NOT NULL REFERENCES users(id),
  provider_id text NOT NULL,
  game_code   text NOT NULL,
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (user_id, provider_id, game_code)
);

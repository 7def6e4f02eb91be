-- Sessions a player can see and end (issue 14): a public id, the device (from the user agent), the
-- address it signed in from, and when it was last seen (refreshed at most every 30 s per node).
ALTER TABLE sessions
  ADD COLUMN id bigserial UNIQUE,
  ADD COLUMN device text CHECK (char_length(device) <= 120),
  ADD COLUMN ip text CHECK (char_length(ip) <= 64),
  ADD COLUMN last_seen_at timestamptz;
-- (sessions_user and sessions_user_client exist: 0001, 0500.)

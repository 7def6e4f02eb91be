-- Identity tiers (issue 14), owned by the user module: tier 0 is the verified phone; tier 1 adds the
-- full name and birth date the player declares once (the age gate reads it; only staff may correct
-- it, so an under-age refusal cannot be retried with another date).
CREATE TABLE user_identity (
  user_id     bigint PRIMARY KEY REFERENCES users(id),
  full_name   text NOT NULL CHECK (char_length(full_name) BETWEEN 2 AND 100),
  birth_date  date NOT NULL,
  tier        integer NOT NULL DEFAULT 1 CHECK (tier BETWEEN 1 AND 2),
  created_at  timestamptz NOT NULL
);

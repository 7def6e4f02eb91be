-- TOTP two-factor sign-in (issue 14), owned by the user module. The secret is sealed with
-- AES-256-GCM (TWO_FACTOR_KEY); `last_step` is the last 30-second step accepted, so a code is
-- used once; recovery codes are stored as SHA-256 hashes and removed when used.
CREATE TABLE user_two_factor (
  user_id         bigint PRIMARY KEY REFERENCES users(id),
  secret_sealed   text NOT NULL CHECK (char_length(secret_sealed) BETWEEN 1 AND 400),
  -- NULL while enrolment waits for its confirming code.
  enabled_at      timestamptz,
  last_step       bigint,
  recovery_hashes text[] NOT NULL DEFAULT '{}' CHECK (cardinality(recovery_hashes) <= 10),
  failures        integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  locked_until    timestamptz,
  created_at      timestamptz NOT NULL
);

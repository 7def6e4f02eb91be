-- Foundation: projects, site config, accounts, sessions, SMS codes, uploads, promo identity, audit log.

CREATE TABLE projects (
  id              integer PRIMARY KEY,
  name            text NOT NULL,
  logo            text NOT NULL,
  locale          text NOT NULL CHECK (locale IN ('id-ID', 'es-MX', 'en')),
  currency        text NOT NULL CHECK (currency IN ('IDR', 'MXN')),
  time_zone       text NOT NULL,
  country_code    text NOT NULL,
  currency_symbol text NOT NULL,
  jurisdiction    text NOT NULL,
  -- A licence number enables real money; NULL keeps the project in play-money mode (DESIGN.md §8).
  licence         text,
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE site_config (
  project_id integer NOT NULL REFERENCES projects(id),
  key        text NOT NULL,
  value      jsonb NOT NULL,
  public     boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, key)
);

CREATE TABLE users (
  id                bigserial PRIMARY KEY,
  project_id        integer NOT NULL REFERENCES projects(id),
  phone             text NOT NULL CHECK (phone ~ '^[0-9]{6,14}$'),
  password_hash     text NOT NULL,
  nickname          text NOT NULL CHECK (char_length(nickname) BETWEEN 1 AND 32),
  email             text,
  avatar            text,
  phone_verified_at timestamptz,
  staff_role        text CHECK (staff_role IN ('admin')),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, phone)
);

CREATE TABLE sessions (
  token_hash  bytea PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  project_id  integer NOT NULL REFERENCES projects(id),
  client_id   text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX sessions_user ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE sms_codes (
  id          bigserial PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id),
  phone       text NOT NULL,
  purpose     text NOT NULL CHECK (purpose IN ('register', 'reset', 'verify')),
  code_hash   bytea NOT NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  attempts    integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  consumed_at timestamptz
);
CREATE INDEX sms_codes_lookup ON sms_codes (project_id, phone, purpose, created_at DESC);

CREATE TABLE uploads (
  id         bigserial PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects(id),
  user_id    bigint NOT NULL REFERENCES users(id),
  name       text NOT NULL UNIQUE,
  mime       text NOT NULL,
  size       integer NOT NULL CHECK (size > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The promo identity the shell branches on (spec §3 spaInfo, §6 roles). The promo programme
-- (groups, applications) builds on this table.
CREATE TABLE spa_profiles (
  user_id      bigint PRIMARY KEY REFERENCES users(id),
  spa_type     text CHECK (spa_type IN ('Banker', 'New', 'Recall', 'NewSpy', 'RecallSpy', 'CS', 'HR', 'Training')),
  spa_pay      boolean NOT NULL DEFAULT false,
  leader_level smallint NOT NULL DEFAULT -1 CHECK (leader_level IN (-1, 0, 1)),
  payment_role text CHECK (payment_role IN ('Manage', 'Handler')),
  tier         text NOT NULL DEFAULT 'normal' CHECK (tier IN ('normal', 'medium', 'advanced', 'manage')),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE app_sessions (
  id           bigserial PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users(id),
  device       text NOT NULL,
  version      text NOT NULL,
  fingerprint  text NOT NULL,
  client_version text NOT NULL,
  ip           text,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX app_sessions_user ON app_sessions (user_id, created_at DESC);

-- Append-only record of every money and permission action (DESIGN.md §8).
CREATE TABLE audit_log (
  id          bigserial PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  project_id  integer,
  actor_id    bigint,
  action      text NOT NULL,
  object_type text NOT NULL,
  object_id   text,
  before      jsonb,
  after       jsonb,
  ip          text
);
CREATE INDEX audit_log_object ON audit_log (object_type, object_id);

CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END $$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only();

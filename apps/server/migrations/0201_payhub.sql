-- Payment hub: operators (KYC, limits, cards), deposit and withdrawal orders, player bank accounts,
-- quota top-ups, monitoring cases and idempotency keys. Transitions: docs/payments.md.

CREATE TABLE payhub_operators (
  user_id         bigint PRIMARY KEY REFERENCES users(id),
  project_id      integer NOT NULL REFERENCES projects(id),
  kyc_status      text NOT NULL DEFAULT 'pending' CHECK (kyc_status IN ('pending', 'verified', 'rejected', 'suspended')),
  verified_name   text,
  kyc_verified_at timestamptz,
  working         boolean NOT NULL DEFAULT false,
  per_order_max   bigint NOT NULL CHECK (per_order_max > 0),
  daily_max       bigint NOT NULL CHECK (daily_max > 0),
  commission_bps  integer NOT NULL DEFAULT 100 CHECK (commission_bps BETWEEN 0 AND 1000),
  last_assigned_at timestamptz,
  CHECK (kyc_status <> 'verified' OR (verified_name IS NOT NULL AND kyc_verified_at IS NOT NULL)),
  -- Only a verified operator can be at work (and so be assigned orders).
  CHECK (NOT working OR kyc_status = 'verified')
);

CREATE TABLE payhub_operator_cards (
  id          bigserial PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES payhub_operators(user_id),
  bank_code   text NOT NULL,
  account_no  text NOT NULL CHECK (account_no ~ '^[0-9]{6,20}$'),
  holder_name text NOT NULL,
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (bank_code, account_no)
);

-- A card is only ever in the operator's verified name (DESIGN.md §8).
CREATE FUNCTION payhub_card_in_verified_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM payhub_operators o
                  WHERE o.user_id = NEW.operator_id AND o.kyc_status = 'verified'
                    AND upper(regexp_replace(trim(o.verified_name), '\s+', ' ', 'g'))
                      = upper(regexp_replace(trim(NEW.holder_name), '\s+', ' ', 'g'))) THEN
    RAISE EXCEPTION 'card holder is not the operator''s verified name' USING ERRCODE = 'PH001';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER payhub_card_holder BEFORE INSERT OR UPDATE OF holder_name, operator_id ON payhub_operator_cards
  FOR EACH ROW EXECUTE FUNCTION payhub_card_in_verified_name();

-- Volume assigned to an operator per local day, bounded by daily_max (guarded UPDATE).
CREATE TABLE payhub_operator_daily (
  operator_id bigint NOT NULL REFERENCES payhub_operators(user_id),
  day         date NOT NULL,
  assigned    bigint NOT NULL DEFAULT 0 CHECK (assigned >= 0),
  PRIMARY KEY (operator_id, day)
);

CREATE TABLE pay_orders (
  id               bigserial PRIMARY KEY,
  order_no         text NOT NULL UNIQUE,
  project_id       integer NOT NULL REFERENCES projects(id),
  currency         text NOT NULL CHECK (currency IN ('IDR', 'MXN')),
  player_id        bigint NOT NULL REFERENCES users(id),
  operator_id      bigint REFERENCES payhub_operators(user_id),
  card_id          bigint REFERENCES payhub_operator_cards(id),
  bank_code        text NOT NULL,
  port             text NOT NULL CHECK (port IN ('bank_transfer', 'qris')),
  amount           bigint NOT NULL CHECK (amount > 0),
  commission       bigint NOT NULL DEFAULT 0 CHECK (commission >= 0 AND commission < amount),
  state            smallint NOT NULL CHECK (state BETWEEN -1 AND 9),
  handle_state     smallint NOT NULL DEFAULT 0 CHECK (handle_state IN (0, 1)),
  handler_id       bigint REFERENCES users(id),
  voucher_url      text,
  remark           text,
  version          integer NOT NULL DEFAULT 1,
  expires_at       timestamptz NOT NULL,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  CHECK ((handle_state = 1) = (handler_id IS NOT NULL)),
  -- An assigned order names its operator and card.
  CHECK (state IN (-1, 7) OR (operator_id IS NOT NULL AND card_id IS NOT NULL))
);
CREATE INDEX pay_orders_operator ON pay_orders (operator_id, state, id DESC);
CREATE INDEX pay_orders_player ON pay_orders (player_id, id DESC);
CREATE INDEX pay_orders_project_state ON pay_orders (project_id, state, handle_state, id DESC);
CREATE INDEX pay_orders_open ON pay_orders (expires_at) WHERE state IN (0, 4);

-- The documented transitions (docs/payments.md), held by the database as well as the service.
CREATE FUNCTION pay_order_transition_allowed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state = OLD.state THEN RETURN NEW; END IF;
  IF (OLD.state, NEW.state) IN ((-1, 0), (-1, 7), (0, 4), (0, 1), (4, 1), (0, 2), (0, 3), (4, 3),
                                (3, 9), (3, 2), (3, 8), (2, 9)) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'pay order % cannot go from % to %', OLD.id, OLD.state, NEW.state USING ERRCODE = 'PH002';
END $$;
CREATE TRIGGER pay_orders_transition BEFORE UPDATE OF state ON pay_orders
  FOR EACH ROW EXECUTE FUNCTION pay_order_transition_allowed();

CREATE TABLE player_bank_accounts (
  id          bigserial PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id),
  user_id     bigint NOT NULL REFERENCES users(id),
  bank_code   text NOT NULL,
  account_no  text NOT NULL CHECK (account_no ~ '^[0-9]{6,20}$'),
  holder_name text NOT NULL CHECK (char_length(holder_name) BETWEEN 2 AND 80),
  last_used_at timestamptz,
  deleted_at  timestamptz,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);
-- An account number belongs to one player of a project at a time.
CREATE UNIQUE INDEX player_bank_accounts_number ON player_bank_accounts (project_id, bank_code, account_no)
  WHERE deleted_at IS NULL;
CREATE INDEX player_bank_accounts_user ON player_bank_accounts (user_id) WHERE deleted_at IS NULL;

CREATE TABLE withdraw_orders (
  id               bigserial PRIMARY KEY,
  order_no         text NOT NULL UNIQUE,
  project_id       integer NOT NULL REFERENCES projects(id),
  currency         text NOT NULL CHECK (currency IN ('IDR', 'MXN')),
  player_id        bigint NOT NULL REFERENCES users(id),
  bank_account_id  bigint NOT NULL REFERENCES player_bank_accounts(id),
  -- The destination as it was when the player asked (the account may change later).
  bank_code        text NOT NULL,
  account_no       text NOT NULL,
  holder_name      text NOT NULL,
  amount           bigint NOT NULL CHECK (amount > 0),
  fee              bigint NOT NULL CHECK (fee >= 0),
  commission       bigint NOT NULL DEFAULT 0 CHECK (commission >= 0),
  state            smallint NOT NULL CHECK (state BETWEEN -1 AND 7),
  operator_id      bigint REFERENCES payhub_operators(user_id),
  handle_state     smallint NOT NULL DEFAULT 0 CHECK (handle_state IN (0, 1)),
  handler_id       bigint REFERENCES users(id),
  voucher_url      text,
  remark           text,
  version          integer NOT NULL DEFAULT 1,
  expires_at       timestamptz NOT NULL,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  CHECK ((handle_state = 1) = (handler_id IS NOT NULL)),
  CHECK (state NOT IN (1, 2, 4) OR operator_id IS NOT NULL),
  CHECK (state <> 2 OR voucher_url IS NOT NULL)
);
CREATE INDEX withdraw_orders_player ON withdraw_orders (player_id, id DESC);
CREATE INDEX withdraw_orders_operator ON withdraw_orders (operator_id, state, id DESC);
CREATE INDEX withdraw_orders_project_state ON withdraw_orders (project_id, state, id DESC);
CREATE INDEX withdraw_orders_open ON withdraw_orders (expires_at) WHERE state IN (0, 1);

CREATE FUNCTION withdraw_order_transition_allowed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state = OLD.state THEN RETURN NEW; END IF;
  IF (OLD.state, NEW.state) IN ((-1, 0), (0, 1), (0, 7), (0, 6), (1, 2), (1, 4), (4, 2), (4, 3)) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'withdraw order % cannot go from % to %', OLD.id, OLD.state, NEW.state USING ERRCODE = 'PH002';
END $$;
CREATE TRIGGER withdraw_orders_transition BEFORE UPDATE OF state ON withdraw_orders
  FOR EACH ROW EXECUTE FUNCTION withdraw_order_transition_allowed();

CREATE TABLE quota_topups (
  id                 bigserial PRIMARY KEY,
  order_no           text NOT NULL UNIQUE,
  project_id         integer NOT NULL REFERENCES projects(id),
  currency           text NOT NULL CHECK (currency IN ('IDR', 'MXN')),
  operator_id        bigint NOT NULL REFERENCES payhub_operators(user_id),
  method             text NOT NULL CHECK (method IN ('bank', 'usdt', 'indodax')),
  amount             bigint NOT NULL CHECK (amount > 0),
  state              smallint NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 2)),
  pay_to             text NOT NULL,
  provider_reference text NOT NULL UNIQUE,
  expires_at         timestamptz NOT NULL,
  created_at         timestamptz NOT NULL,
  settled_at         timestamptz,
  CHECK ((state = 0) = (settled_at IS NULL))
);
CREATE INDEX quota_topups_operator ON quota_topups (operator_id, id DESC);
CREATE INDEX quota_topups_open ON quota_topups (expires_at) WHERE state = 0;

CREATE FUNCTION quota_topup_transition_allowed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state = OLD.state THEN RETURN NEW; END IF;
  IF OLD.state = 0 AND NEW.state IN (1, 2) THEN RETURN NEW; END IF;
  RAISE EXCEPTION 'top-up % cannot go from % to %', OLD.id, OLD.state, NEW.state USING ERRCODE = 'PH002';
END $$;
CREATE TRIGGER quota_topups_transition BEFORE UPDATE OF state ON quota_topups
  FOR EACH ROW EXECUTE FUNCTION quota_topup_transition_allowed();

-- Transaction monitoring (DESIGN.md §8): one open case per rule and subject.
CREATE TABLE payhub_cases (
  id           bigserial PRIMARY KEY,
  project_id   integer NOT NULL REFERENCES projects(id),
  rule         text NOT NULL CHECK (rule IN ('velocity', 'just_under_threshold', 'many_payers_one_card')),
  subject_type text NOT NULL,
  subject_id   text NOT NULL,
  details      jsonb NOT NULL,
  status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  opened_at    timestamptz NOT NULL,
  closed_at    timestamptz,
  closed_by    bigint REFERENCES users(id),
  resolution   text,
  CHECK ((status = 'closed') = (closed_at IS NOT NULL AND closed_by IS NOT NULL AND resolution IS NOT NULL))
);
CREATE UNIQUE INDEX payhub_cases_one_open ON payhub_cases (rule, subject_type, subject_id) WHERE status = 'open';
CREATE INDEX payhub_cases_project ON payhub_cases (project_id, status, id DESC);

-- Idempotency-Key of money calls: the first answer is kept with a hash of the input.
CREATE TABLE idempotency_keys (
  user_id      bigint NOT NULL REFERENCES users(id),
  key          text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 128),
  operation    text NOT NULL,
  request_hash text NOT NULL,
  response     jsonb,
  created_at   timestamptz NOT NULL,
  PRIMARY KEY (user_id, key)
);

-- Payment hub operator tools: card lifecycle (number changes, removal), payment links bound to cards,
-- work hours and the silence limit, agreements with the platform, contacts, commission changes and
-- shop vouchers. Rules: docs/payments.md "Operator tools".

-- Cards are removed softly (orders keep pointing at them); a number is unique among live cards.
ALTER TABLE payhub_operator_cards ADD COLUMN deleted_at timestamptz;
ALTER TABLE payhub_operator_cards ADD COLUMN old_account_no text;
ALTER TABLE payhub_operator_cards ADD COLUMN updated_at timestamptz;
ALTER TABLE payhub_operator_cards DROP CONSTRAINT payhub_operator_cards_bank_code_account_no_key;
CREATE UNIQUE INDEX payhub_operator_cards_live_number ON payhub_operator_cards (bank_code, account_no)
  WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX payhub_operator_cards_live_operator_number ON payhub_operator_cards (operator_id, account_no)
  WHERE deleted_at IS NULL;
ALTER TABLE payhub_operator_cards ADD CONSTRAINT payhub_operator_cards_removed_inactive
  CHECK (deleted_at IS NULL OR NOT active);

-- A payment link bound to a card; at most one live (not replaced) link per card.
CREATE TABLE payhub_card_links (
  id           bigserial PRIMARY KEY,
  card_id      bigint NOT NULL REFERENCES payhub_operator_cards(id),
  operator_id  bigint NOT NULL REFERENCES payhub_operators(user_id),
  url          text NOT NULL CHECK (url ~ '^https://' AND char_length(url) <= 300),
  min_amount   bigint NOT NULL CHECK (min_amount > 0),
  max_amount   bigint NOT NULL,
  total_limit  bigint NOT NULL,
  expires_at   timestamptz NOT NULL,
  created_at   timestamptz NOT NULL,
  replaced_at  timestamptz,
  CHECK (max_amount >= min_amount AND total_limit >= max_amount),
  CHECK (expires_at > created_at)
);
CREATE UNIQUE INDEX payhub_card_links_live ON payhub_card_links (card_id) WHERE replaced_at IS NULL;
CREATE INDEX payhub_card_links_operator ON payhub_card_links (operator_id, id DESC);

-- Work hours in the project's time zone; end < start runs past midnight (the shift belongs to the
-- day it starts). No row: no hours, the operator takes orders whenever at work.
CREATE TABLE payhub_work_hours (
  operator_id  bigint PRIMARY KEY REFERENCES payhub_operators(user_id),
  start_minute smallint NOT NULL CHECK (start_minute BETWEEN 0 AND 1439),
  end_minute   smallint NOT NULL CHECK (end_minute BETWEEN 0 AND 1439),
  days         smallint[] NOT NULL CHECK (cardinality(days) BETWEEN 1 AND 7 AND days <@ ARRAY[1,2,3,4,5,6,7]::smallint[]),
  updated_at   timestamptz NOT NULL,
  CHECK (start_minute <> end_minute)
);

-- Per project: how long an operator's app may stay silent (no POST /main/promo/spaStatus) before it
-- stops being assigned orders. No row: 180 seconds (three missed 60 s pings).
CREATE TABLE payhub_project_settings (
  project_id      integer PRIMARY KEY REFERENCES projects(id),
  silence_seconds integer NOT NULL CHECK (silence_seconds BETWEEN 60 AND 86400)
);

CREATE FUNCTION payhub_silence_seconds(p_project integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT COALESCE((SELECT silence_seconds FROM payhub_project_settings WHERE project_id = p_project), 180)
$$;

-- Whether work hours include an instant: local minute of the day and ISO weekday in the time zone.
CREATE FUNCTION payhub_inside_hours(p_start smallint, p_end smallint, p_days smallint[], p_at timestamptz, p_zone text)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  WITH local AS (
    SELECT (extract(hour FROM p_at AT TIME ZONE p_zone) * 60 + extract(minute FROM p_at AT TIME ZONE p_zone))::int AS minute,
           extract(isodow FROM p_at AT TIME ZONE p_zone)::smallint AS day
  )
  SELECT CASE
    WHEN p_start < p_end THEN local.minute >= p_start AND local.minute < p_end AND local.day = ANY (p_days)
    ELSE (local.minute >= p_start AND local.day = ANY (p_days))
      OR (local.minute < p_end AND (CASE WHEN local.day = 1 THEN 7 ELSE local.day - 1 END)::smallint = ANY (p_days))
  END FROM local
$$;

-- An operator may be assigned an order at p_at: inside its hours (if set) and its app not silent
-- for longer than the project's limit (operators whose app never reported are not judged by it).
CREATE FUNCTION payhub_operator_on_duty(p_operator bigint, p_at timestamptz) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT NOT EXISTS (
           SELECT 1 FROM payhub_work_hours h
             JOIN payhub_operators o ON o.user_id = h.operator_id
             JOIN projects p ON p.id = o.project_id
            WHERE h.operator_id = p_operator
              AND NOT payhub_inside_hours(h.start_minute, h.end_minute, h.days, p_at, p.time_zone))
     AND NOT EXISTS (
           SELECT 1 FROM spa_presence s JOIN payhub_operators o ON o.user_id = s.user_id
            WHERE s.user_id = p_operator
              AND s.last_seen_at < p_at - make_interval(secs => payhub_silence_seconds(o.project_id)))
$$;

-- Volume of live deposit orders (waiting, checking, exceptional, credited) on a card since an instant.
CREATE FUNCTION payhub_card_volume_since(p_card bigint, p_since timestamptz) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT COALESCE(sum(amount), 0)::bigint FROM pay_orders
   WHERE card_id = p_card AND created_at >= p_since AND state IN (0, 1, 3, 4, 9)
$$;

-- A card takes an order of p_amount at p_at: no live link, or a live link not yet expired whose
-- per-order range includes the amount and whose total limit still has room for it.
CREATE FUNCTION payhub_card_accepts(p_card bigint, p_amount bigint, p_at timestamptz) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT NOT EXISTS (
    SELECT 1 FROM payhub_card_links l
     WHERE l.card_id = p_card AND l.replaced_at IS NULL
       AND (l.expires_at <= p_at OR p_amount < l.min_amount OR p_amount > l.max_amount
            OR payhub_card_volume_since(p_card, l.created_at) + p_amount > l.total_limit))
$$;

-- Agreements: versioned terms (limits, commission) an operator requests and the admin reviews.
CREATE TABLE payhub_agreements (
  id             bigserial PRIMARY KEY,
  operator_id    bigint NOT NULL REFERENCES payhub_operators(user_id),
  project_id     integer NOT NULL REFERENCES projects(id),
  version        integer NOT NULL CHECK (version > 0),
  state          text NOT NULL CHECK (state IN ('pending', 'active', 'rejected', 'withdrawn', 'superseded')),
  per_order_max  bigint NOT NULL CHECK (per_order_max > 0),
  daily_max      bigint NOT NULL CHECK (daily_max >= per_order_max),
  commission_bps integer NOT NULL CHECK (commission_bps BETWEEN 0 AND 1000),
  note           text NOT NULL DEFAULT '',
  requested_at   timestamptz NOT NULL,
  reviewed_by    bigint REFERENCES users(id),
  reviewed_at    timestamptz,
  review_note    text,
  UNIQUE (operator_id, version),
  CHECK ((state IN ('active', 'rejected', 'superseded')) = (reviewed_at IS NOT NULL AND reviewed_by IS NOT NULL))
);
CREATE UNIQUE INDEX payhub_agreements_one_pending ON payhub_agreements (operator_id) WHERE state = 'pending';
CREATE UNIQUE INDEX payhub_agreements_one_active ON payhub_agreements (operator_id) WHERE state = 'active';
CREATE INDEX payhub_agreements_project ON payhub_agreements (project_id, state, id DESC);

CREATE TABLE payhub_contacts (
  id          bigserial PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES payhub_operators(user_id),
  channel     text NOT NULL CHECK (channel IN ('whatsapp', 'telegram', 'phone', 'email')),
  value       text NOT NULL CHECK (char_length(value) BETWEEN 3 AND 120),
  label       text NOT NULL DEFAULT '' CHECK (char_length(label) <= 40),
  created_at  timestamptz NOT NULL,
  UNIQUE (operator_id, channel, value)
);

-- Commission changed into quota or paid out to the operator's own card (one transfer each).
CREATE TABLE commission_changes (
  id          bigserial PRIMARY KEY,
  order_no    text NOT NULL UNIQUE,
  operator_id bigint NOT NULL REFERENCES payhub_operators(user_id),
  project_id  integer NOT NULL REFERENCES projects(id),
  currency    text NOT NULL CHECK (currency IN ('IDR', 'MXN')),
  target      text NOT NULL CHECK (target IN ('quota', 'card')),
  amount      bigint NOT NULL CHECK (amount > 0),
  card_id     bigint REFERENCES payhub_operator_cards(id),
  created_at  timestamptz NOT NULL,
  CHECK ((target = 'card') = (card_id IS NOT NULL))
);
CREATE INDEX commission_changes_operator ON commission_changes (operator_id, id DESC);

-- Quota vouchers bought with commission (commission -> house) and claimed into quota (house -> quota).
CREATE TABLE shop_vouchers (
  id          bigserial PRIMARY KEY,
  code        text NOT NULL UNIQUE,
  operator_id bigint NOT NULL REFERENCES payhub_operators(user_id),
  project_id  integer NOT NULL REFERENCES projects(id),
  currency    text NOT NULL CHECK (currency IN ('IDR', 'MXN')),
  product_id  text NOT NULL,
  price       bigint NOT NULL CHECK (price > 0),
  face_value  bigint NOT NULL CHECK (face_value > 0),
  state       text NOT NULL DEFAULT 'unclaimed' CHECK (state IN ('unclaimed', 'claimed')),
  created_at  timestamptz NOT NULL,
  claimed_at  timestamptz,
  CHECK ((state = 'claimed') = (claimed_at IS NOT NULL))
);
CREATE INDEX shop_vouchers_operator ON shop_vouchers (operator_id, id DESC);

CREATE FUNCTION shop_voucher_transition_allowed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state = OLD.state THEN RETURN NEW; END IF;
  IF OLD.state = 'unclaimed' AND NEW.state = 'claimed' THEN RETURN NEW; END IF;
  RAISE EXCEPTION 'voucher % cannot go from % to %', OLD.id, OLD.state, NEW.state USING ERRCODE = 'PH002';
END $$;
CREATE TRIGGER shop_vouchers_transition BEFORE UPDATE OF state ON shop_vouchers
  FOR EACH ROW EXECUTE FUNCTION shop_voucher_transition_allowed();

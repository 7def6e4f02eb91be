-- Double-entry ledger (DESIGN.md §5, docs/decisions.md "Ledger: system accounts are summed on read").
-- Transfers and entries only append; a hold is a `pending` transfer resolved by exactly one `post` or
-- `void` transfer; user accounts carry a guarded running balance, system accounts do not.

CREATE TABLE ledger_accounts (
  id             bigserial PRIMARY KEY,
  project_id     integer NOT NULL REFERENCES projects(id),
  currency       text NOT NULL CHECK (currency IN ('IDR', 'MXN')),
  kind           text NOT NULL CHECK (kind IN ('player_wallet', 'operator_quota', 'operator_commission',
                   'house', 'fees', 'custody', 'bonus_pool', 'withdraw_clearing')),
  owner_id       bigint REFERENCES users(id),
  -- System accounts hold the other side of every user balance; their balance is the sum of their
  -- entries, so their row is never updated and never becomes a hot row.
  is_system      boolean NOT NULL,
  balance        bigint NOT NULL DEFAULT 0,
  pending_debits bigint NOT NULL DEFAULT 0 CHECK (pending_debits >= 0),
  version        bigint NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (is_system = (owner_id IS NULL)),
  CHECK (is_system = (kind IN ('house', 'fees', 'custody', 'bonus_pool', 'withdraw_clearing'))),
  -- A user account never goes below zero, counting what is held.
  CHECK (is_system OR balance - pending_debits >= 0),
  CHECK (NOT is_system OR (balance = 0 AND pending_debits = 0))
);
CREATE UNIQUE INDEX ledger_accounts_user ON ledger_accounts (project_id, currency, kind, owner_id)
  WHERE owner_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_system ON ledger_accounts (project_id, currency, kind)
  WHERE owner_id IS NULL;

-- Account ids are checked by ledger_transfer() and ledger:check rather than by foreign keys: a foreign
-- key would share-lock the house row from every concurrent transfer (multixact contention).
CREATE TABLE ledger_transfers (
  id                text PRIMARY KEY CHECK (char_length(id) BETWEEN 1 AND 160),
  kind              text NOT NULL CHECK (kind IN ('single', 'pending', 'post', 'void')),
  pending_id        text REFERENCES ledger_transfers(id),
  debit_account_id  bigint NOT NULL,
  credit_account_id bigint NOT NULL,
  currency          text NOT NULL CHECK (currency IN ('IDR', 'MXN')),
  amount            bigint NOT NULL CHECK (amount > 0 AND amount <= 1000000000000000),
  code              text NOT NULL CHECK (char_length(code) BETWEEN 1 AND 40),
  reference_type    text,
  reference_id      text,
  created_at        timestamptz NOT NULL,
  CHECK (debit_account_id <> credit_account_id),
  CHECK ((kind IN ('post', 'void')) = (pending_id IS NOT NULL))
);
-- A hold is resolved once: a second post or void of the same pending transfer is refused.
CREATE UNIQUE INDEX ledger_transfers_one_resolution ON ledger_transfers (pending_id) WHERE pending_id IS NOT NULL;
CREATE INDEX ledger_transfers_reference ON ledger_transfers (reference_type, reference_id);

-- Posted movements, one per side; the balance history of every account.
CREATE TABLE ledger_entries (
  id            bigserial PRIMARY KEY,
  transfer_id   text NOT NULL REFERENCES ledger_transfers(id),
  account_id    bigint NOT NULL,
  currency      text NOT NULL,
  -- Signed: credit positive, debit negative.
  amount        bigint NOT NULL CHECK (amount <> 0),
  -- The running balance after this entry (user accounts; NULL for system accounts).
  balance_after bigint,
  created_at    timestamptz NOT NULL
);
CREATE INDEX ledger_entries_account ON ledger_entries (account_id, id);
CREATE INDEX ledger_entries_transfer ON ledger_entries (transfer_id);

CREATE FUNCTION ledger_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$;
CREATE TRIGGER ledger_transfers_no_update BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_append_only();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_append_only();

-- One transfer in one round trip. Result codes (SQLSTATE): LD001 insufficient funds, LD002 unknown
-- account, LD003 currency mismatch, LD004 unknown pending transfer, LD005 id reused with other
-- fields, LD006 pending transfer already resolved. Answers 'created' or 'exists' (idempotent replay).
CREATE FUNCTION ledger_transfer(
  p_id text, p_kind text, p_pending_id text, p_debit bigint, p_credit bigint, p_amount bigint,
  p_code text, p_reference_type text, p_reference_id text, p_at timestamptz
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_debit bigint := p_debit;
  v_credit bigint := p_credit;
  v_amount bigint := p_amount;
  v_pending ledger_transfers%ROWTYPE;
  v_existing ledger_transfers%ROWTYPE;
  d ledger_accounts%ROWTYPE;
  c ledger_accounts%ROWTYPE;
  v_count integer;
  d_balance bigint;
  c_balance bigint;
BEGIN
  IF p_kind IN ('post', 'void') THEN
    SELECT * INTO v_pending FROM ledger_transfers WHERE id = p_pending_id AND kind = 'pending';
    IF NOT FOUND THEN
      RAISE EXCEPTION 'pending transfer % not found', p_pending_id USING ERRCODE = 'LD004';
    END IF;
    v_debit := v_pending.debit_account_id;
    v_credit := v_pending.credit_account_id;
    v_amount := v_pending.amount;
  END IF;
  SELECT * INTO d FROM ledger_accounts WHERE id = v_debit;
  IF NOT FOUND THEN RAISE EXCEPTION 'account % not found', v_debit USING ERRCODE = 'LD002'; END IF;
  SELECT * INTO c FROM ledger_accounts WHERE id = v_credit;
  IF NOT FOUND THEN RAISE EXCEPTION 'account % not found', v_credit USING ERRCODE = 'LD002'; END IF;
  IF d.currency <> c.currency THEN
    RAISE EXCEPTION 'currency mismatch % <> %', d.currency, c.currency USING ERRCODE = 'LD003';
  END IF;

  -- The unique id (and the unique resolution of a hold) decide first: a concurrent duplicate waits
  -- here for the first one to commit and then inserts nothing.
  INSERT INTO ledger_transfers (id, kind, pending_id, debit_account_id, credit_account_id, currency, amount,
                                code, reference_type, reference_id, created_at)
  VALUES (p_id, p_kind, p_pending_id, v_debit, v_credit, d.currency, v_amount, p_code, p_reference_type,
          p_reference_id, p_at)
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  IF v_count = 0 THEN
    SELECT * INTO v_existing FROM ledger_transfers WHERE id = p_id;
    IF FOUND THEN
      IF v_existing.kind = p_kind AND v_existing.debit_account_id = v_debit
         AND v_existing.credit_account_id = v_credit AND v_existing.amount = v_amount
         AND v_existing.code = p_code AND v_existing.pending_id IS NOT DISTINCT FROM p_pending_id THEN
        RETURN 'exists';
      END IF;
      RAISE EXCEPTION 'transfer id % reused with other fields', p_id USING ERRCODE = 'LD005';
    END IF;
    RAISE EXCEPTION 'pending transfer % already resolved', p_pending_id USING ERRCODE = 'LD006';
  END IF;

  IF p_kind = 'pending' THEN
    IF NOT d.is_system THEN
      UPDATE ledger_accounts SET pending_debits = pending_debits + v_amount, version = version + 1
       WHERE id = v_debit AND balance - pending_debits >= v_amount;
      IF NOT FOUND THEN RAISE EXCEPTION 'insufficient funds in %', v_debit USING ERRCODE = 'LD001'; END IF;
    END IF;
    RETURN 'created';
  END IF;
  IF p_kind = 'void' THEN
    IF NOT d.is_system THEN
      UPDATE ledger_accounts SET pending_debits = pending_debits - v_amount, version = version + 1
       WHERE id = v_debit;
    END IF;
    RETURN 'created';
  END IF;

  -- single or post: move the posted balances, lower account id first (no lock-order deadlocks).
  IF NOT c.is_system AND (d.is_system OR v_credit < v_debit) THEN
    UPDATE ledger_accounts SET balance = balance + v_amount, version = version + 1
     WHERE id = v_credit RETURNING balance INTO c_balance;
  END IF;
  IF NOT d.is_system THEN
    IF p_kind = 'post' THEN
      UPDATE ledger_accounts
         SET balance = balance - v_amount, pending_debits = pending_debits - v_amount, version = version + 1
       WHERE id = v_debit RETURNING balance INTO d_balance;
    ELSE
      UPDATE ledger_accounts SET balance = balance - v_amount, version = version + 1
       WHERE id = v_debit AND balance - pending_debits >= v_amount RETURNING balance INTO d_balance;
      IF NOT FOUND THEN RAISE EXCEPTION 'insufficient funds in %', v_debit USING ERRCODE = 'LD001'; END IF;
    END IF;
  END IF;
  IF NOT c.is_system AND c_balance IS NULL THEN
    UPDATE ledger_accounts SET balance = balance + v_amount, version = version + 1
     WHERE id = v_credit RETURNING balance INTO c_balance;
  END IF;
  INSERT INTO ledger_entries (transfer_id, account_id, currency, amount, balance_after, created_at)
  VALUES (p_id, v_debit, d.currency, -v_amount, d_balance, p_at),
         (p_id, v_credit, d.currency, v_amount, c_balance, p_at);
  RETURN 'created';
END $$;

-- Open, addressable ledger accounts and linked operations (docs/decisions.md "Ledger: addressable
-- accounts of any asset" and "Ledger: linked operations"). Every existing account and transfer keeps
-- its id and meaning; what changes:
-- 1. An account may hold any asset (contracts/assets.ts) and be of any kind; each has one address,
--    `player:<user>:<asset>`, `operator:<user>:quota:<asset>`, `house:<project>:<asset>`,
--    `game:<id>:escrow` ..., unique. `is_system` keeps its meaning: unguarded, summed on read.
-- 2. A linked operation (`ledger_operations`) is several postings (transfers) under one idempotency
--    key: ledger_operation() writes them all or none, and a replay with the same input answers
--    'exists'; the same key with other input is refused (LD005).

-- 1. Accounts ------------------------------------------------------------------------------------
-- The closed lists of 0200 go: currency IN ('IDR','MXN'), kind IN (...), and the two checks tying
-- "system" to a kind list and to "no owner" (a game escrow is guarded and has no owner).
DO $$
DECLARE
  v_name text;
BEGIN
  FOR v_name IN
    SELECT conname FROM pg_constraint
     WHERE conrelid = 'ledger_accounts'::regclass AND contype = 'c'
       AND (pg_get_constraintdef(oid) LIKE '%currency = ANY%'
            OR pg_get_constraintdef(oid) LIKE '%kind = ANY%'
            OR pg_get_constraintdef(oid) LIKE '%owner_id IS NULL%')
  LOOP
    EXECUTE format('ALTER TABLE ledger_accounts DROP CONSTRAINT %I', v_name);
  END LOOP;
  FOR v_name IN
    SELECT conname FROM pg_constraint
     WHERE conrelid = 'ledger_transfers'::regclass AND contype = 'c'
       AND pg_get_constraintdef(oid) LIKE '%currency = ANY%'
  LOOP
    EXECUTE format('ALTER TABLE ledger_transfers DROP CONSTRAINT %I', v_name);
  END LOOP;
END $$;

-- The asset codes themselves are declared once in contracts/assets.ts; the database holds their shape.
ALTER TABLE ledger_accounts
  ADD CONSTRAINT ledger_accounts_asset_code CHECK (currency ~ '^[A-Z][A-Z0-9]{1,9}$'),
  ADD CONSTRAINT ledger_accounts_kind_name CHECK (kind ~ '^[a-z][a-z0-9_]{0,39}$'),
  ADD CONSTRAINT ledger_accounts_system_unowned CHECK (NOT is_system OR owner_id IS NULL);
ALTER TABLE ledger_transfers
  ADD CONSTRAINT ledger_transfers_asset_code CHECK (currency ~ '^[A-Z][A-Z0-9]{1,9}$');

ALTER TABLE ledger_accounts ADD COLUMN address text;
UPDATE ledger_accounts SET address = CASE kind
    WHEN 'player_wallet' THEN 'player:' || owner_id || ':' || currency
    WHEN 'operator_quota' THEN 'operator:' || owner_id || ':quota:' || currency
    WHEN 'operator_commission' THEN 'operator:' || owner_id || ':commission:' || currency
    ELSE kind || ':' || project_id || ':' || currency
  END;
ALTER TABLE ledger_accounts
  ALTER COLUMN address SET NOT NULL,
  ADD CONSTRAINT ledger_accounts_address_shape
    CHECK (char_length(address) <= 120 AND address ~ '^[a-z][a-z0-9_-]*(:[A-Za-z0-9_-]+)+$');
CREATE UNIQUE INDEX ledger_accounts_address ON ledger_accounts (address);
-- (project, currency, kind) named one account only while kinds were a closed list of singletons.
DROP INDEX ledger_accounts_system;

-- 2. Linked operations ---------------------------------------------------------------------------
CREATE TABLE ledger_operations (
  id             text PRIMARY KEY CHECK (char_length(id) BETWEEN 1 AND 160),
  -- sha256 of the whole input (code, reference, postings): a replay must match it exactly.
  input_hash     bytea NOT NULL,
  postings       integer NOT NULL CHECK (postings BETWEEN 1 AND 32),
  code           text NOT NULL CHECK (char_length(code) BETWEEN 1 AND 40),
  reference_type text,
  reference_id   text,
  created_at     timestamptz NOT NULL
);
CREATE TRIGGER ledger_operations_no_update BEFORE UPDATE OR DELETE ON ledger_operations
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
CREATE TRIGGER ledger_operations_no_truncate BEFORE TRUNCATE ON ledger_operations
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_append_only();

-- A posting of a linked operation names it; a transfer made on its own has none. Adding a nullable
-- column rewrites nothing, so the append-only trigger is not involved.
ALTER TABLE ledger_transfers ADD COLUMN operation_id text;
CREATE INDEX ledger_transfers_operation ON ledger_transfers (operation_id) WHERE operation_id IS NOT NULL;

-- ledger_transfer() gains the operation its posting belongs to (same contract as in 0202; a call with
-- ten arguments is a transfer of its own).
DROP FUNCTION ledger_transfer(text, text, text, bigint, bigint, bigint, text, text, text, timestamptz);
CREATE FUNCTION ledger_transfer(
  p_id text, p_kind text, p_pending_id text, p_debit bigint, p_credit bigint, p_amount bigint,
  p_code text, p_reference_type text, p_reference_id text, p_at timestamptz, p_operation_id text DEFAULT NULL
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_debit bigint := p_debit;
  v_credit bigint := p_credit;
  v_amount bigint := p_amount;
  v_pending ledger_transfers%ROWTYPE;
  v_existing ledger_transfers%ROWTYPE;
  d_currency text;
  d_system boolean;
  c_currency text;
  c_system boolean;
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
  -- Both accounts in one statement.
  SELECT a.currency, a.is_system, b.currency, b.is_system INTO d_currency, d_system, c_currency, c_system
    FROM ledger_accounts a JOIN ledger_accounts b ON b.id = v_credit WHERE a.id = v_debit;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'account % or % not found', v_debit, v_credit USING ERRCODE = 'LD002';
  END IF;
  -- A transfer moves one asset: both accounts hold it.
  IF d_currency <> c_currency THEN
    RAISE EXCEPTION 'asset mismatch % <> %', d_currency, c_currency USING ERRCODE = 'LD003';
  END IF;

  -- The unique id (and the unique resolution of a hold) decide first: a concurrent duplicate waits
  -- here for the first one to commit and then inserts nothing.
  INSERT INTO ledger_transfers (id, kind, pending_id, debit_account_id, credit_account_id, currency, amount,
                                code, reference_type, reference_id, created_at, operation_id)
  VALUES (p_id, p_kind, p_pending_id, v_debit, v_credit, d_currency, v_amount, p_code, p_reference_type,
          p_reference_id, p_at, p_operation_id)
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  IF v_count = 0 THEN
    SELECT * INTO v_existing FROM ledger_transfers WHERE id = p_id;
    IF FOUND THEN
      IF v_existing.kind = p_kind AND v_existing.debit_account_id = v_debit
         AND v_existing.credit_account_id = v_credit AND v_existing.amount = v_amount
         AND v_existing.code = p_code AND v_existing.pending_id IS NOT DISTINCT FROM p_pending_id
         AND v_existing.operation_id IS NOT DISTINCT FROM p_operation_id THEN
        RETURN 'exists';
      END IF;
      RAISE EXCEPTION 'transfer id % reused with other fields', p_id USING ERRCODE = 'LD005';
    END IF;
    RAISE EXCEPTION 'pending transfer % already resolved', p_pending_id USING ERRCODE = 'LD006';
  END IF;

  IF p_kind = 'pending' THEN
    IF NOT d_system THEN
      UPDATE ledger_accounts SET pending_debits = pending_debits + v_amount, version = version + 1
       WHERE id = v_debit AND balance - pending_debits >= v_amount;
      IF NOT FOUND THEN RAISE EXCEPTION 'insufficient funds in %', v_debit USING ERRCODE = 'LD001'; END IF;
    END IF;
    RETURN 'created';
  END IF;
  IF p_kind = 'void' THEN
    IF NOT d_system THEN
      UPDATE ledger_accounts SET pending_debits = pending_debits - v_amount, version = version + 1
       WHERE id = v_debit;
    END IF;
    RETURN 'created';
  END IF;

  -- single or post: move the posted balances, lower account id first (no lock-order deadlocks).
  IF NOT c_system AND (d_system OR v_credit < v_debit) THEN
    UPDATE ledger_accounts SET balance = balance + v_amount, version = version + 1
     WHERE id = v_credit RETURNING balance INTO c_balance;
  END IF;
  IF NOT d_system THEN
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
  IF NOT c_system AND c_balance IS NULL THEN
    UPDATE ledger_accounts SET balance = balance + v_amount, version = version + 1
     WHERE id = v_credit RETURNING balance INTO c_balance;
  END IF;
  INSERT INTO ledger_entries (transfer_id, account_id, currency, amount, balance_after, created_at)
  VALUES (p_id, v_debit, d_currency, -v_amount, d_balance, p_at),
         (p_id, v_credit, d_currency, v_amount, c_balance, p_at);
  RETURN 'created';
END $$;

-- One linked operation in one round trip: its postings (a JSON array of {id, kind, pendingId, debit,
-- credit, amount, code}, amounts and account ids as strings) run in order through ledger_transfer();
-- a refusal of any posting raises, so the statement, and with it every posting before, is undone.
-- Answers 'created', or 'exists' when the id was already used with the same input (idempotent replay);
-- the same id with other input raises LD005, as does a posting id already used elsewhere.
CREATE FUNCTION ledger_operation(
  p_id text, p_code text, p_reference_type text, p_reference_id text, p_postings jsonb, p_at timestamptz
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_hash bytea := sha256(convert_to(
    jsonb_build_array(p_code, p_reference_type, p_reference_id, p_postings)::text, 'UTF8'));
  v_existing bytea;
  v_count integer;
  v_posting jsonb;
BEGIN
  -- As for a single transfer, the unique id decides first: a concurrent duplicate waits here for the
  -- first one to commit, then finds its row.
  INSERT INTO ledger_operations (id, input_hash, postings, code, reference_type, reference_id, created_at)
  VALUES (p_id, v_hash, jsonb_array_length(p_postings), p_code, p_reference_type, p_reference_id, p_at)
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  IF v_count = 0 THEN
    SELECT input_hash INTO v_existing FROM ledger_operations WHERE id = p_id;
    IF v_existing = v_hash THEN RETURN 'exists'; END IF;
    RAISE EXCEPTION 'operation id % reused with other input', p_id USING ERRCODE = 'LD005';
  END IF;
  -- Postings run in their given order (a later one may spend what an earlier one credited), so the
  -- guarded accounts they touch are locked first, lowest id first as ledger_transfer() does: two
  -- operations over the same accounts then queue instead of deadlocking.
  PERFORM 1 FROM ledger_accounts
    WHERE NOT is_system AND id IN (
      SELECT (p->>'debit')::bigint FROM jsonb_array_elements(p_postings) p WHERE p ? 'debit'
      UNION SELECT (p->>'credit')::bigint FROM jsonb_array_elements(p_postings) p WHERE p ? 'credit'
      UNION SELECT t.debit_account_id FROM ledger_transfers t
             WHERE t.id IN (SELECT p->>'pendingId' FROM jsonb_array_elements(p_postings) p WHERE p ? 'pendingId')
      UNION SELECT t.credit_account_id FROM ledger_transfers t
             WHERE t.id IN (SELECT p->>'pendingId' FROM jsonb_array_elements(p_postings) p WHERE p ? 'pendingId'))
    ORDER BY id FOR UPDATE;
  FOR v_posting IN SELECT value FROM jsonb_array_elements(p_postings) LOOP
    IF ledger_transfer(
         v_posting->>'id', v_posting->>'kind', v_posting->>'pendingId', (v_posting->>'debit')::bigint,
         (v_posting->>'credit')::bigint, (v_posting->>'amount')::bigint, v_posting->>'code',
         p_reference_type, p_reference_id, p_at, p_id) <> 'created' THEN
      RAISE EXCEPTION 'posting id % already used', v_posting->>'id' USING ERRCODE = 'LD005';
    END IF;
  END LOOP;
  RETURN 'created';
END $$;

-- Leaner entries (docs/decisions.md "Ledger: system accounts are summed on read"): an entry's
-- transfer is written by the same ledger_transfer() call, so the foreign key's per-row lookup and
-- share lock buy nothing; `npm run ledger:check` proves every entry names its transfer instead. The
-- transfer_id index served only that check, which reads whole tables.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_transfer_id_fkey;
DROP INDEX ledger_entries_transfer;

-- One index per entry instead of two: the history index (account, id) becomes the primary key.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_pkey;
DROP INDEX ledger_entries_account;
ALTER TABLE ledger_entries ADD PRIMARY KEY (account_id, id);

-- Only transfers that name a business object are looked up by it.
DROP INDEX ledger_transfers_reference;
CREATE INDEX ledger_transfers_reference ON ledger_transfers (reference_type, reference_id)
  WHERE reference_id IS NOT NULL;

-- Keep wallet and quota updates HOT (in-page, no index entries): leave room on each page.
ALTER TABLE ledger_accounts SET (fillfactor = 50);

-- ledger_transfer() with both accounts read in one statement (same contract as in 0200_ledger.sql).
CREATE OR REPLACE FUNCTION ledger_transfer(
  p_id text, p_kind text, p_pending_id text, p_debit bigint, p_credit bigint, p_amount bigint,
  p_code text, p_reference_type text, p_reference_id text, p_at timestamptz
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
  IF d_currency <> c_currency THEN
    RAISE EXCEPTION 'currency mismatch % <> %', d_currency, c_currency USING ERRCODE = 'LD003';
  END IF;

  -- The unique id (and the unique resolution of a hold) decide first: a concurrent duplicate waits
  -- here for the first one to commit and then inserts nothing.
  INSERT INTO ledger_transfers (id, kind, pending_id, debit_account_id, credit_account_id, currency, amount,
                                code, reference_type, reference_id, created_at)
  VALUES (p_id, p_kind, p_pending_id, v_debit, v_credit, d_currency, v_amount, p_code, p_reference_type,
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

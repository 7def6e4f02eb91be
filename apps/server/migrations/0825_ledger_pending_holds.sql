-- Many stakes held in one call (docs/decisions.md "Rounds: bets placed in batches"). Each operation
-- is what ledger_operation() writes for a round bet's stake held: one `pending` posting of the stake
-- from a user account to its escrow (guarded, same asset). Row for row the same operation (its input
-- hash included), transfer, pending debits and version; what differs is the cost: each statement
-- below runs once for the whole batch, where ledger_operation() runs its lock, its operation row and
-- ledger_transfer()'s four statements per bet.
--
-- It posts the holds whose `p_post` is true (the caller's statement decides which of its items
-- happened) and answers how many it posted. Rather than post part of a batch it raises, which undoes
-- the caller's whole statement: LD007 when an operation is not a user account holding for an escrow
-- of its asset (both guarded), or an account appears in two operations; LD005 when an operation or
-- posting id is taken; LD001 when a user account cannot hold its stake (balance less held debits).
-- The caller then runs its items one by one through ledger_operation(), which says which of them
-- failed and why.
CREATE FUNCTION ledger_pending_holds(
  p_ids text[], p_code text, p_reference_type text, p_reference_ids text[],
  p_pending_ids text[], p_pending_code text, p_users bigint[], p_escrows bigint[], p_amounts bigint[],
  p_post boolean[], p_at timestamptz
) RETURNS integer LANGUAGE plpgsql
-- One plan per statement, kept (as ledger_stake_operations): the arrays change at every call.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_ops integer;
  v_count integer;
  v_distinct integer;
BEGIN
  SELECT count(*) INTO v_ops FROM unnest(p_post) AS o(post) WHERE o.post;
  IF v_ops = 0 THEN RETURN 0; END IF;

  -- The guarded accounts, locked lowest id first as ledger_operation() locks them: a batch and an
  -- operation over the same accounts queue instead of deadlocking.
  PERFORM 1 FROM ledger_accounts
    WHERE id IN (SELECT a FROM unnest(p_users, p_escrows, p_post) AS o(u, e, post)
                   CROSS JOIN LATERAL (VALUES (o.u), (o.e)) AS x(a) WHERE o.post)
    ORDER BY id FOR UPDATE;
  SELECT count(*) FILTER (WHERE NOT ua.is_system AND NOT ea.is_system AND ea.currency = ua.currency
                            AND o.amount > 0)
    INTO v_count
    FROM unnest(p_users, p_escrows, p_amounts, p_post) AS o(u, e, amount, post)
    LEFT JOIN ledger_accounts ua ON ua.id = o.u
    LEFT JOIN ledger_accounts ea ON ea.id = o.e
   WHERE o.post;
  SELECT count(DISTINCT x.a) INTO v_distinct
    FROM unnest(p_users, p_escrows, p_post) AS o(u, e, post)
    CROSS JOIN LATERAL (VALUES (o.u), (o.e)) AS x(a) WHERE o.post;
  IF v_count <> v_ops OR v_distinct <> 2 * v_ops THEN
    RAISE EXCEPTION 'a hold batch holds stakes of distinct user accounts for distinct escrows of their asset'
      USING ERRCODE = 'LD007';
  END IF;

  -- The operations, with the input hash ledger_operation() gives the same input.
  INSERT INTO ledger_operations (id, input_hash, postings, code, reference_type, reference_id, created_at)
  SELECT o.id,
         sha256(convert_to(jsonb_build_array(p_code, p_reference_type, o.ref,
           jsonb_build_array(jsonb_build_object('id', o.pending, 'kind', 'pending', 'debit', o.u::text,
                                                'credit', o.e::text, 'amount', o.amount::text,
                                                'code', p_pending_code)))::text, 'UTF8')),
         1, p_code, p_reference_type, o.ref, p_at
    FROM unnest(p_ids, p_reference_ids, p_pending_ids, p_users, p_escrows, p_amounts, p_post)
         WITH ORDINALITY AS o(id, ref, pending, u, e, amount, post, ord)
   WHERE o.post
   ORDER BY o.ord
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  IF v_count <> v_ops THEN
    RAISE EXCEPTION 'an operation id of the batch is taken' USING ERRCODE = 'LD005';
  END IF;

  INSERT INTO ledger_transfers (id, kind, pending_id, debit_account_id, credit_account_id, currency, amount,
                                code, reference_type, reference_id, created_at, operation_id)
  SELECT o.pending, 'pending', NULL, o.u, o.e, a.currency, o.amount, p_pending_code, p_reference_type, o.ref,
         p_at, o.id
    FROM unnest(p_ids, p_reference_ids, p_pending_ids, p_users, p_escrows, p_amounts, p_post)
         WITH ORDINALITY AS o(id, ref, pending, u, e, amount, post, ord)
    JOIN ledger_accounts a ON a.id = o.u
   WHERE o.post
   ORDER BY o.ord
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  IF v_count <> v_ops THEN
    RAISE EXCEPTION 'a posting id of the batch is taken' USING ERRCODE = 'LD005';
  END IF;

  -- The holds, guarded as ledger_transfer() guards a pending debit; a hold writes no entry.
  UPDATE ledger_accounts a
     SET pending_debits = a.pending_debits + o.amount, version = a.version + 1
    FROM unnest(p_users, p_amounts, p_post) AS o(u, amount, post)
   WHERE o.post AND a.id = o.u AND a.balance - a.pending_debits >= o.amount;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  IF v_count <> v_ops THEN
    RAISE EXCEPTION 'a user account of the batch cannot hold its stake' USING ERRCODE = 'LD001';
  END IF;
  RETURN v_ops;
END $$;

-- Several linked operations in one call (docs/decisions.md "Rounds: cash-outs settled in batches"):
-- for each operation whose `p_post` is true, in order, exactly what ledger_operation() writes for it
-- (it is called for each), after the guarded accounts of all of them are locked lowest id first — so
-- a batch and a single operation over the same accounts queue instead of deadlocking, as two single
-- operations do. What it saves is the caller's per-statement cost (a round trip, a commit and the
-- statement's start) per operation, not the operations' own work.
--
-- Answers how many it posted. Rather than post part of a batch it raises, which undoes the caller's
-- whole statement: an operation ledger_operation() refuses raises its code (LD001, LD004, LD005,
-- LD006 ...), and one it answers 'exists' for (already written) raises LD005 — a batch carries new
-- operations only. The caller then runs its items one by one, which says which of them failed and why.
CREATE FUNCTION ledger_linked_operations(
  p_ids text[], p_codes text[], p_reference_types text[], p_reference_ids text[], p_postings jsonb[],
  p_post boolean[], p_at timestamptz
) RETURNS integer LANGUAGE plpgsql
-- One plan per statement, kept (as ledger_stake_operations): the arrays change at every call.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_op record;
  v_count integer := 0;
BEGIN
  PERFORM 1 FROM ledger_accounts
    WHERE NOT is_system AND id IN (
      WITH postings AS (
        SELECT p.value AS p FROM unnest(p_postings, p_post) AS o(postings, post),
               jsonb_array_elements(o.postings) AS p WHERE o.post),
      pending AS (
        SELECT t.debit_account_id, t.credit_account_id FROM ledger_transfers t
         WHERE t.id IN (SELECT p->>'pendingId' FROM postings WHERE p ? 'pendingId'))
      SELECT (p->>'debit')::bigint FROM postings WHERE p ? 'debit'
      UNION SELECT (p->>'credit')::bigint FROM postings WHERE p ? 'credit'
      UNION SELECT debit_account_id FROM pending
      UNION SELECT credit_account_id FROM pending)
    ORDER BY id FOR UPDATE;
  FOR v_op IN
    SELECT o.* FROM unnest(p_ids, p_codes, p_reference_types, p_reference_ids, p_postings, p_post)
           WITH ORDINALITY AS o(id, code, reference_type, reference_id, postings, post, ord)
     WHERE o.post ORDER BY o.ord
  LOOP
    IF ledger_operation(v_op.id, v_op.code, v_op.reference_type, v_op.reference_id, v_op.postings, p_at)
       <> 'created' THEN
      RAISE EXCEPTION 'operation id % of the batch was already written', v_op.id USING ERRCODE = 'LD005';
    END IF;
    v_count := v_count + 1;
  END LOOP;
  RETURN v_count;
END $$;

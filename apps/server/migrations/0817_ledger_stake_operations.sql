-- Many settled stakes in one call (docs/decisions.md "Games: bets settled in batches"). Each
-- operation is what ledger_operation() writes for a bet that settles at once: a `single` posting of
-- the stake from a user account to a system account of the same asset and, when the payout is above
-- zero, a `single` posting of the payout back. Row for row the same operation (its input hash
-- included), transfers, entries, balances and versions; what differs is the cost: each statement
-- below runs once for the whole batch, where ledger_operation() loops over ledger_transfer() per
-- operation (per-statement work — executor start, the tables' CHECK expressions, the commit — was
-- most of a bet's database time).
--
-- It posts the operations whose `p_post` is true (the caller's statement decides which of its items
-- happened) and answers how many it posted. Rather than post part of a batch it raises, which undoes
-- the caller's whole statement: LD007 when an operation is not a user account paying a system account
-- of its asset, or a user account appears twice; LD005 when an operation or posting id is taken;
-- LD001 when a user account cannot pay its stake (balance less held debits). The caller then runs its
-- items one by one through ledger_operation(), which says which of them failed and why.
CREATE FUNCTION ledger_stake_operations(
  p_ids text[], p_code text, p_reference_type text, p_reference_ids text[],
  p_stake_ids text[], p_stake_code text, p_payout_ids text[], p_payout_code text,
  p_users bigint[], p_systems bigint[], p_stakes bigint[], p_payouts bigint[], p_post boolean[],
  p_at timestamptz
) RETURNS integer LANGUAGE plpgsql
-- One plan per statement, kept: a custom plan (PostgreSQL's default for the first calls) re-plans
-- every statement over the arrays at every call, which cost more than the batch's rows.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_ops integer;
  v_payouts integer;
  v_count integer;
  v_distinct integer;
BEGIN
  SELECT count(*), count(*) FILTER (WHERE o.payout > 0) INTO v_ops, v_payouts
    FROM unnest(p_payouts, p_post) AS o(payout, post) WHERE o.post;
  IF v_ops = 0 THEN RETURN 0; END IF;

  -- The user accounts, locked lowest id first as ledger_operation() locks them: a batch and an
  -- operation over the same accounts queue instead of deadlocking.
  PERFORM 1 FROM ledger_accounts
    WHERE id IN (SELECT o.u FROM unnest(p_users, p_post) AS o(u, post) WHERE o.post)
    ORDER BY id FOR UPDATE;
  SELECT count(*) FILTER (WHERE NOT ua.is_system AND sa.is_system AND sa.currency = ua.currency),
         count(DISTINCT o.u)
    INTO v_count, v_distinct
    FROM unnest(p_users, p_systems, p_post) AS o(u, s, post)
    LEFT JOIN ledger_accounts ua ON ua.id = o.u
    LEFT JOIN ledger_accounts sa ON sa.id = o.s
   WHERE o.post;
  IF v_count <> v_ops OR v_distinct <> v_ops THEN
    RAISE EXCEPTION 'a stake batch pays system accounts of their asset from distinct user accounts'
      USING ERRCODE = 'LD007';
  END IF;

  -- The operations, with the input hash ledger_operation() gives the same input.
  INSERT INTO ledger_operations (id, input_hash, postings, code, reference_type, reference_id, created_at)
  SELECT o.id,
         sha256(convert_to(jsonb_build_array(p_code, p_reference_type, o.ref,
           jsonb_build_array(jsonb_build_object('id', o.stake_id, 'kind', 'single', 'debit', o.u::text,
                                                'credit', o.s::text, 'amount', o.stake::text, 'code', p_stake_code))
           || CASE WHEN o.payout > 0
                THEN jsonb_build_array(jsonb_build_object('id', o.payout_id, 'kind', 'single', 'debit', o.s::text,
                                                          'credit', o.u::text, 'amount', o.payout::text,
                                                          'code', p_payout_code))
                ELSE '[]'::jsonb END)::text, 'UTF8')),
         CASE WHEN o.payout > 0 THEN 2 ELSE 1 END, p_code, p_reference_type, o.ref, p_at
    FROM unnest(p_ids, p_reference_ids, p_stake_ids, p_payout_ids, p_users, p_systems, p_stakes, p_payouts, p_post)
         WITH ORDINALITY AS o(id, ref, stake_id, payout_id, u, s, stake, payout, post, ord)
   WHERE o.post
   ORDER BY o.ord
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  IF v_count <> v_ops THEN
    RAISE EXCEPTION 'an operation id of the batch is taken' USING ERRCODE = 'LD005';
  END IF;

  INSERT INTO ledger_transfers (id, kind, debit_account_id, credit_account_id, currency, amount, code,
                                reference_type, reference_id, created_at, operation_id)
  SELECT t.id, 'single', t.debit, t.credit, a.currency, t.amount, t.code, p_reference_type, o.ref, p_at, o.id
    FROM unnest(p_ids, p_reference_ids, p_stake_ids, p_payout_ids, p_users, p_systems, p_stakes, p_payouts, p_post)
         WITH ORDINALITY AS o(id, ref, stake_id, payout_id, u, s, stake, payout, post, ord)
    CROSS JOIN LATERAL (VALUES (1, o.stake_id, o.u, o.s, o.stake, p_stake_code),
                               (2, o.payout_id, o.s, o.u, o.payout, p_payout_code))
         AS t(step, id, debit, credit, amount, code)
    JOIN ledger_accounts a ON a.id = o.u
   WHERE o.post AND (t.step = 1 OR o.payout > 0)
   ORDER BY o.ord, t.step
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  IF v_count <> v_ops + v_payouts THEN
    RAISE EXCEPTION 'a posting id of the batch is taken' USING ERRCODE = 'LD005';
  END IF;

  -- Balances (stake out, payout in: one update per account, a version per posting) and the entries
  -- with the running balance after each, in ledger_transfer()'s order: debit side, then credit side.
  WITH ops AS (
    SELECT o.* FROM unnest(p_stake_ids, p_payout_ids, p_users, p_systems, p_stakes, p_payouts, p_post)
           WITH ORDINALITY AS o(stake_id, payout_id, u, s, stake, payout, post, ord)
     WHERE o.post),
  moved AS (
    UPDATE ledger_accounts a
       SET balance = a.balance - o.stake + o.payout,
           version = a.version + CASE WHEN o.payout > 0 THEN 2 ELSE 1 END
      FROM ops o
     WHERE a.id = o.u AND a.balance - a.pending_debits >= o.stake
    RETURNING o.ord, a.balance AS after, a.currency),
  entries AS (
    INSERT INTO ledger_entries (transfer_id, account_id, currency, amount, balance_after, created_at)
    SELECT e.transfer_id, e.account_id, m.currency, e.amount, e.balance_after, p_at
      FROM moved m JOIN ops o ON o.ord = m.ord
      CROSS JOIN LATERAL (VALUES (1, o.stake_id, o.u, -o.stake, m.after - o.payout),
                                 (2, o.stake_id, o.s, o.stake, NULL::bigint),
                                 (3, o.payout_id, o.s, -o.payout, NULL::bigint),
                                 (4, o.payout_id, o.u, o.payout, m.after))
           AS e(step, transfer_id, account_id, amount, balance_after)
     WHERE e.step <= 2 OR o.payout > 0
     ORDER BY m.ord, e.step
    RETURNING 1)
  SELECT count(*) INTO v_count FROM moved;
  IF v_count <> v_ops THEN
    RAISE EXCEPTION 'a user account of the batch cannot pay its stake' USING ERRCODE = 'LD001';
  END IF;
  RETURN v_ops;
END $$;

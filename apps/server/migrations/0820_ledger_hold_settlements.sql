-- Many settled holds in one call (docs/decisions.md "Rounds: cash-outs settled in batches"). Each
-- operation is what ledger_operation() writes for a held stake that settles (a round bet cashed out):
-- a `post` of the hold (user account -> its escrow), a `single` posting of the stake from the escrow
-- to a system account of the same asset and, when the payout is above zero, a `single` posting of the
-- payout from that system account back to the user. Row for row the same operation (its input hash
-- included), transfers, entries, balances and versions as ledger_operation() given those postings;
-- what differs is the cost: each statement below runs once for the whole batch, where
-- ledger_operation() runs ~6 statements per posting (a cash-out's database time was ~1 ms of it).
--
-- It posts the operations whose `p_post` is true (the caller's statement decides which of its items
-- happened) and answers how many it posted. Rather than post part of a batch it raises, which undoes
-- the caller's whole statement: LD007 when an operation's hold is not a pending transfer of its stake
-- from its user account to its escrow, the accounts not two guarded ones and a system one of one
-- asset, or an account appears in two operations; LD005 when an operation or posting id is taken or
-- a hold already resolved; LD001 when an escrow holds less than it owes. The caller then runs its
-- items one by one through ledger_operation(), which says which of them failed and why.
CREATE FUNCTION ledger_hold_settlements(
  p_ids text[], p_code text, p_reference_type text, p_reference_ids text[],
  p_pending_ids text[], p_post_ids text[], p_post_code text,
  p_stake_ids text[], p_stake_code text, p_payout_ids text[], p_payout_code text,
  p_users bigint[], p_escrows bigint[], p_systems bigint[], p_stakes bigint[], p_payouts bigint[],
  p_post boolean[], p_at timestamptz
) RETURNS integer LANGUAGE plpgsql
-- One plan per statement, kept (as ledger_stake_operations): the arrays change at every call.
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

  -- The guarded accounts, locked lowest id first as ledger_operation() locks them: a batch and an
  -- operation over the same accounts queue instead of deadlocking.
  PERFORM 1 FROM ledger_accounts
    WHERE id IN (SELECT a FROM unnest(p_users, p_escrows, p_post) AS o(u, e, post)
                   CROSS JOIN LATERAL (VALUES (o.u), (o.e)) AS x(a) WHERE o.post)
    ORDER BY id FOR UPDATE;
  SELECT count(*) FILTER (WHERE NOT ua.is_system AND NOT ea.is_system AND sa.is_system
                            AND ea.currency = ua.currency AND sa.currency = ua.currency
                            AND t.kind = 'pending' AND t.debit_account_id = o.u
                            AND t.credit_account_id = o.e AND t.amount = o.stake)
    INTO v_count
    FROM unnest(p_pending_ids, p_users, p_escrows, p_systems, p_stakes, p_post)
         AS o(pending, u, e, s, stake, post)
    LEFT JOIN ledger_accounts ua ON ua.id = o.u
    LEFT JOIN ledger_accounts ea ON ea.id = o.e
    LEFT JOIN ledger_accounts sa ON sa.id = o.s
    LEFT JOIN ledger_transfers t ON t.id = o.pending
   WHERE o.post;
  SELECT count(DISTINCT x.a) INTO v_distinct
    FROM unnest(p_users, p_escrows, p_post) AS o(u, e, post)
    CROSS JOIN LATERAL (VALUES (o.u), (o.e)) AS x(a) WHERE o.post;
  IF v_count <> v_ops OR v_distinct <> 2 * v_ops THEN
    RAISE EXCEPTION 'a hold batch settles pending stakes of distinct user accounts and escrows'
      USING ERRCODE = 'LD007';
  END IF;

  -- The operations, with the input hash ledger_operation() gives the same input.
  INSERT INTO ledger_operations (id, input_hash, postings, code, reference_type, reference_id, created_at)
  SELECT o.id,
         sha256(convert_to(jsonb_build_array(p_code, p_reference_type, o.ref,
           jsonb_build_array(
             jsonb_build_object('id', o.post_id, 'kind', 'post', 'pendingId', o.pending, 'code', p_post_code),
             jsonb_build_object('id', o.stake_id, 'kind', 'single', 'debit', o.e::text, 'credit', o.s::text,
                                'amount', o.stake::text, 'code', p_stake_code))
           || CASE WHEN o.payout > 0
                THEN jsonb_build_array(jsonb_build_object('id', o.payout_id, 'kind', 'single', 'debit', o.s::text,
                                                          'credit', o.u::text, 'amount', o.payout::text,
                                                          'code', p_payout_code))
                ELSE '[]'::jsonb END)::text, 'UTF8')),
         CASE WHEN o.payout > 0 THEN 3 ELSE 2 END, p_code, p_reference_type, o.ref, p_at
    FROM unnest(p_ids, p_reference_ids, p_pending_ids, p_post_ids, p_stake_ids, p_payout_ids, p_users,
                p_escrows, p_systems, p_stakes, p_payouts, p_post)
         WITH ORDINALITY AS o(id, ref, pending, post_id, stake_id, payout_id, u, e, s, stake, payout, post, ord)
   WHERE o.post
   ORDER BY o.ord
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  IF v_count <> v_ops THEN
    RAISE EXCEPTION 'an operation id of the batch is taken' USING ERRCODE = 'LD005';
  END IF;

  -- The postings; a hold already resolved conflicts on its one resolution as an id taken does.
  INSERT INTO ledger_transfers (id, kind, pending_id, debit_account_id, credit_account_id, currency, amount,
                                code, reference_type, reference_id, created_at, operation_id)
  SELECT t.id, t.kind, t.pending, t.debit, t.credit, a.currency, t.amount, t.code, p_reference_type, o.ref,
         p_at, o.id
    FROM unnest(p_ids, p_reference_ids, p_pending_ids, p_post_ids, p_stake_ids, p_payout_ids, p_users,
                p_escrows, p_systems, p_stakes, p_payouts, p_post)
         WITH ORDINALITY AS o(id, ref, pending, post_id, stake_id, payout_id, u, e, s, stake, payout, post, ord)
    CROSS JOIN LATERAL (VALUES (1, o.post_id, 'post', o.pending, o.u, o.e, o.stake, p_post_code),
                               (2, o.stake_id, 'single', NULL, o.e, o.s, o.stake, p_stake_code),
                               (3, o.payout_id, 'single', NULL, o.s, o.u, o.payout, p_payout_code))
         AS t(step, id, kind, pending, debit, credit, amount, code)
    JOIN ledger_accounts a ON a.id = o.u
   WHERE o.post AND (t.step < 3 OR o.payout > 0)
   ORDER BY o.ord, t.step
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  IF v_count <> 2 * v_ops + v_payouts THEN
    RAISE EXCEPTION 'a posting id of the batch is taken, or a hold already resolved' USING ERRCODE = 'LD005';
  END IF;

  -- Balances (the user: the held stake leaves, the payout comes in, the hold is released; the escrow:
  -- the stake in and out, guarded as ledger_transfer() guards its debit) and the entries with the
  -- running balance after each, in ledger_transfer()'s order: debit side, then credit side.
  WITH ops AS (
    SELECT o.* FROM unnest(p_post_ids, p_stake_ids, p_payout_ids, p_users, p_escrows, p_systems, p_stakes,
                           p_payouts, p_post)
           WITH ORDINALITY AS o(post_id, stake_id, payout_id, u, e, s, stake, payout, post, ord)
     WHERE o.post),
  moves AS (
    SELECT o.ord, true AS user_side, o.u AS account, o.payout - o.stake AS delta, o.stake AS released,
           CASE WHEN o.payout > 0 THEN 2 ELSE 1 END AS versions
      FROM ops o
    UNION ALL
    SELECT o.ord, false, o.e, 0, 0, 2 FROM ops o),
  moved AS (
    UPDATE ledger_accounts a
       SET balance = a.balance + m.delta, pending_debits = a.pending_debits - m.released,
           version = a.version + m.versions
      FROM moves m
     WHERE a.id = m.account AND (m.user_side OR a.balance - a.pending_debits >= 0)
    RETURNING m.ord, m.user_side, a.balance AS after, a.currency),
  entries AS (
    INSERT INTO ledger_entries (transfer_id, account_id, currency, amount, balance_after, created_at)
    SELECT e.transfer_id, e.account_id, u.currency, e.amount, e.balance_after, p_at
      FROM ops o
      JOIN moved u ON u.ord = o.ord AND u.user_side
      JOIN moved x ON x.ord = o.ord AND NOT x.user_side
      CROSS JOIN LATERAL (VALUES (1, o.post_id, o.u, -o.stake, u.after - o.payout),
                                 (2, o.post_id, o.e, o.stake, x.after + o.stake),
                                 (3, o.stake_id, o.e, -o.stake, x.after),
                                 (4, o.stake_id, o.s, o.stake, NULL::bigint),
                                 (5, o.payout_id, o.s, -o.payout, NULL::bigint),
                                 (6, o.payout_id, o.u, o.payout, u.after))
           AS e(step, transfer_id, account_id, amount, balance_after)
     WHERE e.step <= 4 OR o.payout > 0
     ORDER BY o.ord, e.step
    RETURNING 1)
  SELECT count(*) INTO v_count FROM moved;
  IF v_count <> 2 * v_ops THEN
    RAISE EXCEPTION 'an escrow of the batch cannot pay its stake' USING ERRCODE = 'LD001';
  END IF;
  RETURN v_ops;
END $$;

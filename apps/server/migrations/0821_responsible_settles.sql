-- Responsible play (issue 14), owned by modules/responsible: afterSettle of several held stakes at
-- once (docs/decisions.md "Rounds: cash-outs settled in batches"). For each settlement whose `p_post`
-- is true, what responsible_settle() of 0800 records for one — the state row created if missing and
-- locked, then, when both values are known, a 'settle' activity row and the held stake's value taken
-- off `pending_stakes` (never below zero) — as one statement per step for all of them, the state rows
-- locked lowest player first. Answers how many settlements it was given to post.
CREATE FUNCTION responsible_settles(
  p_users bigint[], p_projects integer[], p_assets text[], p_amounts bigint[], p_stake_values bigint[],
  p_payout_values bigint[], p_post boolean[], p_at timestamptz
) RETURNS integer LANGUAGE plpgsql
-- One plan per statement, kept (as responsible_quick_stakes): the arrays change at every call.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_count integer;
BEGIN
  SELECT count(*) INTO v_count FROM unnest(p_post) AS o(post) WHERE o.post;
  IF v_count = 0 THEN RETURN 0; END IF;
  INSERT INTO responsible_state (user_id, project_id, updated_at)
  SELECT DISTINCT ON (i.u) i.u, i.project, p_at
    FROM unnest(p_users, p_projects, p_post) AS i(u, project, post)
   WHERE i.post ORDER BY i.u
  ON CONFLICT (user_id) DO NOTHING;
  PERFORM 1 FROM responsible_state
    WHERE user_id IN (SELECT i.u FROM unnest(p_users, p_post) AS i(u, post) WHERE i.post)
    ORDER BY user_id FOR UPDATE;
  WITH valued AS (
    SELECT i.* FROM unnest(p_users, p_assets, p_amounts, p_stake_values, p_payout_values, p_post)
           WITH ORDINALITY AS i(u, asset, amount, stake_value, payout_value, post, ord)
     WHERE i.post AND i.stake_value IS NOT NULL AND i.payout_value IS NOT NULL),
  recorded AS (
    INSERT INTO responsible_activity (user_id, kind, asset, amount, value, payout, state, reference, at)
    SELECT v.u, 'settle', v.asset, v.amount, v.stake_value, v.payout_value, 'done', NULL, p_at
      FROM valued v ORDER BY v.ord
    RETURNING 1)
  -- GREATEST(0, GREATEST(0, p - a) - b) = GREATEST(0, p - (a + b)) for a, b >= 0: one update a player.
  UPDATE responsible_state s
     SET session_started_at = coalesce(s.session_started_at, p_at),
         last_activity_at = coalesce(s.last_activity_at, p_at),
         pending_stakes = GREATEST(0, s.pending_stakes - v.total),
         updated_at = coalesce(s.last_activity_at, p_at)
    FROM (SELECT u, sum(stake_value) AS total FROM valued GROUP BY u) v
   WHERE s.user_id = v.u;
  RETURN v_count;
END $$;

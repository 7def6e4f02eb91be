-- Responsible play (issue 14), owned by modules/responsible: the one-call path of several players'
-- held stakes at once (round bets; docs/decisions.md "Rounds: bets placed in batches"). For each
-- stake, in order, what responsible_quick_hold() of 0800 does for one — true after recording the
-- stake (the session's activity, the pending stake, a `stake` activity row when it has a value) for a
-- player with nothing to check, false having changed nothing for that player otherwise — but as one
-- statement per step for all of them, with the state rows created and locked lowest player first.
-- `p_may` is the caller's age check per stake (false: not recorded, the caller's locked path refuses
-- or records it). A player named twice is recorded once, at the first; the later stakes answer false
-- and take the locked path.
CREATE FUNCTION responsible_quick_holds(
  p_may boolean[], p_users bigint[], p_projects integer[], p_assets text[], p_amounts bigint[],
  p_stake_values bigint[], p_at timestamptz, p_gap_ms bigint
) RETURNS boolean[] LANGUAGE plpgsql
-- One plan per statement, kept (as responsible_quick_stakes): the arrays change at every call.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_ok boolean[];
BEGIN
  -- As responsible_quick_hold(): a player without a state row has no limit and no exclusion.
  INSERT INTO responsible_state (user_id, project_id, updated_at)
  SELECT DISTINCT ON (i.u) i.u, i.project, p_at
    FROM unnest(p_users, p_projects) AS i(u, project)
   ORDER BY i.u
  ON CONFLICT (user_id) DO NOTHING;
  PERFORM 1 FROM responsible_state WHERE user_id = ANY (p_users) ORDER BY user_id FOR UPDATE;
  WITH input AS (
    SELECT i.*, row_number() OVER (PARTITION BY i.u ORDER BY i.ord) AS nth
      FROM unnest(p_may, p_users, p_assets, p_amounts, p_stake_values)
           WITH ORDINALITY AS i(may, u, asset, amount, stake_value, ord)),
  verdict AS MATERIALIZED (
    SELECT i.*,
           coalesce(i.may, false) AND i.nth = 1 AND s.user_id IS NOT NULL
           AND NOT (s.exclusion_kind IS NOT NULL AND (s.excluded_until IS NULL OR s.excluded_until > p_at))
           AND NOT EXISTS (SELECT 1 FROM responsible_limits l
                            WHERE l.user_id = i.u
                              AND (l.value IS NOT NULL OR l.pending_value IS NOT NULL OR l.pending_remove)) AS ok
      FROM input i LEFT JOIN responsible_state s ON s.user_id = i.u),
  seen AS (
    UPDATE responsible_state s
       SET session_started_at = CASE
             WHEN s.last_activity_at IS NULL OR s.session_started_at IS NULL
               OR p_at - s.last_activity_at > make_interval(secs => p_gap_ms / 1000.0) THEN p_at
             ELSE s.session_started_at END,
           last_activity_at = p_at,
           pending_stakes = GREATEST(0, s.pending_stakes + coalesce(v.stake_value, 0)),
           updated_at = p_at
      FROM verdict v
     WHERE v.ok AND s.user_id = v.u
    RETURNING s.user_id),
  recorded AS (
    INSERT INTO responsible_activity (user_id, kind, asset, amount, value, payout, state, reference, at)
    SELECT v.u, 'stake', v.asset, v.amount, v.stake_value, 0, 'done', NULL, p_at
      FROM verdict v
     WHERE v.ok AND v.stake_value IS NOT NULL
     ORDER BY v.ord
    RETURNING 1)
  SELECT array_agg(v.ok ORDER BY v.ord) INTO v_ok FROM verdict v;
  RETURN v_ok;
END $$;

-- Responsible play (issue 14), owned by modules/responsible: the gate's one-call paths for a stake
-- that is held and settles later (a round bet of crash or wingo; docs/decisions.md "Rounds: the
-- gate in the bet's statement").
--
-- responsible_quick_hold is beforeStake for a player with nothing to check, as one SQL call composed
-- into the bet's own statement. It creates the player's state row when missing (as beforeStake does:
-- a player without one has no limit and no exclusion, since every change of those creates it first),
-- locks it, then answers false having changed nothing when the player is cooling off or excluded now,
-- or has any limit row with a value, a pending value or a pending removal — the caller then runs the
-- locked path (beforeStake), which checks those. Otherwise it records what beforeStake records: the
-- play session (a new one after p_gap_ms without play), the stake as pending until it settles and,
-- when the stake has a value in the project currency, its `stake` row in responsible_activity.
CREATE FUNCTION responsible_quick_hold(
  p_user bigint, p_project integer, p_asset text, p_amount bigint, p_stake_value bigint,
  p_at timestamptz, p_gap_ms bigint
) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_state responsible_state%ROWTYPE;
BEGIN
  INSERT INTO responsible_state (user_id, project_id, updated_at) VALUES (p_user, p_project, p_at)
  ON CONFLICT (user_id) DO NOTHING;
  SELECT * INTO v_state FROM responsible_state WHERE user_id = p_user FOR UPDATE;
  IF v_state.exclusion_kind IS NOT NULL
     AND (v_state.excluded_until IS NULL OR v_state.excluded_until > p_at) THEN
    RETURN false;
  END IF;
  IF EXISTS (SELECT 1 FROM responsible_limits
              WHERE user_id = p_user AND (value IS NOT NULL OR pending_value IS NOT NULL OR pending_remove)) THEN
    RETURN false;
  END IF;
  UPDATE responsible_state
     SET session_started_at = CASE
           WHEN last_activity_at IS NULL OR session_started_at IS NULL
             OR p_at - last_activity_at > make_interval(secs => p_gap_ms / 1000.0) THEN p_at
           ELSE session_started_at END,
         last_activity_at = p_at,
         pending_stakes = GREATEST(0, pending_stakes + coalesce(p_stake_value, 0)),
         updated_at = p_at
   WHERE user_id = p_user;
  IF p_stake_value IS NOT NULL THEN
    INSERT INTO responsible_activity (user_id, kind, asset, amount, value, payout, state, reference, at)
    VALUES (p_user, 'stake', p_asset, p_amount, p_stake_value, 0, 'done', NULL, p_at);
  END IF;
  RETURN true;
END $$;

-- responsible_settle is afterSettle as one SQL call, composed into the statement that settles the
-- stake (a round cash-out): it creates and locks the state row as afterSettle does and, when both
-- values are known (NULL: no value in the project currency), records the `settle` row and frees the
-- stake's pending value. It never refuses: it always answers true.
CREATE FUNCTION responsible_settle(
  p_user bigint, p_project integer, p_asset text, p_amount bigint, p_stake_value bigint,
  p_payout_value bigint, p_at timestamptz
) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO responsible_state (user_id, project_id, updated_at) VALUES (p_user, p_project, p_at)
  ON CONFLICT (user_id) DO NOTHING;
  PERFORM 1 FROM responsible_state WHERE user_id = p_user FOR UPDATE;
  IF p_stake_value IS NULL OR p_payout_value IS NULL THEN RETURN true; END IF;
  INSERT INTO responsible_activity (user_id, kind, asset, amount, value, payout, state, reference, at)
  VALUES (p_user, 'settle', p_asset, p_amount, p_stake_value, p_payout_value, 'done', NULL, p_at);
  UPDATE responsible_state
     SET session_started_at = coalesce(session_started_at, p_at),
         last_activity_at = coalesce(last_activity_at, p_at),
         pending_stakes = GREATEST(0, pending_stakes - p_stake_value),
         updated_at = coalesce(last_activity_at, p_at)
   WHERE user_id = p_user;
  RETURN true;
END $$;

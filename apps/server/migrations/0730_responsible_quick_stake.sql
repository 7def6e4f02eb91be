-- Responsible play (issue 14), owned by modules/responsible: the gate's one-call path for a stake
-- that settles at once (a single-outcome game bet) of a player with nothing to check
-- (docs/decisions.md "Games: a single-outcome bet in one round trip").
--
-- It locks the player's state row (the row every gate call and every change of limits or
-- exclusions queues on), then answers false and changes nothing when the player has no state row
-- yet, is cooling off or excluded now, or has any limit row with a value or a pending value — the
-- caller then runs the locked path (beforeStake/afterSettle), which checks those. Otherwise it does
-- what beforeStake + afterSettle record for such a stake: the play session (a new one after
-- p_gap_ms without play), and, when the stake has a value in the project currency, the stake and
-- its settlement in responsible_activity. A volatile function: its reads after the lock see every
-- change committed before it (a limit set concurrently is either seen here or waits for this bet).
CREATE FUNCTION responsible_quick_stake(
  p_user bigint, p_asset text, p_amount bigint, p_stake_value bigint, p_payout_value bigint,
  p_at timestamptz, p_gap_ms bigint
) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_state responsible_state%ROWTYPE;
BEGIN
  SELECT * INTO v_state FROM responsible_state WHERE user_id = p_user FOR UPDATE;
  IF NOT FOUND THEN RETURN false; END IF;
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
         updated_at = p_at
   WHERE user_id = p_user;
  IF p_stake_value IS NOT NULL AND p_payout_value IS NOT NULL THEN
    INSERT INTO responsible_activity (user_id, kind, asset, amount, value, payout, state, reference, at)
    VALUES (p_user, 'stake', p_asset, p_amount, p_stake_value, 0, 'done', NULL, p_at),
           (p_user, 'settle', p_asset, p_amount, p_stake_value, p_payout_value, 'done', NULL, p_at);
  END IF;
  RETURN true;
END $$;

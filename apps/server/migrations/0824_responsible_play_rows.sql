-- Responsible play (issue 14), owned by modules/responsible: one activity row, kind 'play', for a
-- stake that settles at once (a single-outcome game bet) recorded by the gate's one-call paths
-- (responsible_quick_stake of 0730, responsible_quick_stakes of 0818), where they wrote two — a
-- 'stake' row and a 'settle' row with the same time, amount and value (docs/decisions.md
-- "Responsible play: one activity row for a stake settled at once"). A 'play' row counts as both: in
-- the amount wagered and the stakes counted (as a 'stake'), and in the settled stakes, payouts and
-- net results (as a 'settle'); the readers in responsible.repo.ts say so. Half the rows a dice bet
-- adds to the table, one heap and two index insertions and a foreign-key check fewer per bet. Bets
-- held across time (rounds: a 'stake' at the bet, a 'settle' at the settlement) and the locked path
-- keep their two rows.
ALTER TABLE responsible_activity
  DROP CONSTRAINT responsible_activity_kind_check,
  ADD CONSTRAINT responsible_activity_kind_check CHECK (kind IN ('deposit', 'stake', 'settle', 'play')) NOT VALID;
ALTER TABLE responsible_activity VALIDATE CONSTRAINT responsible_activity_kind_check;

CREATE OR REPLACE FUNCTION responsible_quick_stake(
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
    VALUES (p_user, 'play', p_asset, p_amount, p_stake_value, p_payout_value, 'done', NULL, p_at);
  END IF;
  RETURN true;
END $$;

CREATE OR REPLACE FUNCTION responsible_quick_stakes(
  p_may boolean[], p_users bigint[], p_assets text[], p_amounts bigint[], p_stake_values bigint[],
  p_payout_values bigint[], p_at timestamptz, p_gap_ms bigint
) RETURNS boolean[] LANGUAGE plpgsql
-- One plan per statement, kept: a custom plan (PostgreSQL's default for the first calls) re-plans
-- every statement over the arrays at every call, which cost more than the batch's rows.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_ok boolean[];
BEGIN
  PERFORM 1 FROM responsible_state WHERE user_id = ANY (p_users) ORDER BY user_id FOR UPDATE;
  WITH input AS (
    SELECT i.*, row_number() OVER (PARTITION BY i.u ORDER BY i.ord) AS nth
      FROM unnest(p_may, p_users, p_assets, p_amounts, p_stake_values, p_payout_values)
           WITH ORDINALITY AS i(may, u, asset, amount, stake_value, payout_value, ord)),
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
           updated_at = p_at
      FROM verdict v
     WHERE v.ok AND s.user_id = v.u
    RETURNING s.user_id),
  recorded AS (
    INSERT INTO responsible_activity (user_id, kind, asset, amount, value, payout, state, reference, at)
    SELECT v.u, 'play', v.asset, v.amount, v.stake_value, v.payout_value, 'done', NULL, p_at
      FROM verdict v
     WHERE v.ok AND v.stake_value IS NOT NULL AND v.payout_value IS NOT NULL
     ORDER BY v.ord
    RETURNING 1)
  SELECT array_agg(v.ok ORDER BY v.ord) INTO v_ok FROM verdict v;
  RETURN v_ok;
END $$;

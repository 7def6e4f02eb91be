-- In-house games (issue 15), owned by modules/games: the guard at the end of a single-outcome bet's
-- one statement (docs/decisions.md "Games: a single-outcome bet in one round trip"). The statement
-- runs on its own (autocommit): when the play gate recorded the stake but the nonce's
-- compare-and-set took nothing (GM001: the pair moved on) or the bet id exists already (GM002),
-- raising here rolls back everything the statement did, the gate's records and the nonce included.
CREATE FUNCTION games_quick_bet_guard(p_gated boolean, p_took boolean, p_inserted boolean)
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF p_gated AND NOT p_took THEN
    RAISE EXCEPTION 'seed pair moved on' USING ERRCODE = 'GM001';
  END IF;
  IF p_gated AND NOT p_inserted THEN
    RAISE EXCEPTION 'bet id exists' USING ERRCODE = 'GM002';
  END IF;
  RETURN p_gated;
END $$;

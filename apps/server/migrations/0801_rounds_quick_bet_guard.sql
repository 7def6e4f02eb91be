-- Round games (issue 16), owned by modules/rounds: the guard at the end of a round bet's one
-- statement (docs/games.md §5 "A bet in one round trip"). The statement runs on its own
-- (autocommit): when the play gate recorded the stake but no bet row was inserted (betting closed,
-- no round in play, the bet id or the player's crash bet of the round exists), raising RB001 here
-- rolls back everything the statement did, the gate's records included; the caller then answers
-- through the locked path, which tells why.
CREATE FUNCTION rounds_quick_bet_guard(p_gated boolean, p_inserted boolean)
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF p_gated AND NOT p_inserted THEN
    RAISE EXCEPTION 'round bet not placed' USING ERRCODE = 'RB001';
  END IF;
  RETURN p_gated;
END $$;

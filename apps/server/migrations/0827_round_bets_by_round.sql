-- Rounds (issue 16), owned by modules/rounds: a round's bets by the round, in the order they were
-- placed. The state endpoint's first 200 bets of the live round (`roundBets`) had no index to use —
-- the partial ones serve open bets (round_bets_open) and one crash bet a player (round_bets_one_crash,
-- only with game = 'crash' in the query) — so every screen that opened a round game read the whole
-- table. The state column is included so a round's tally (bets, wins) is counted from the index.
CREATE INDEX round_bets_by_round ON round_bets (round_id, created_at) INCLUDE (state);

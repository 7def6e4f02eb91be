-- Console GGR/NGR report (issue 19): settled bets per project and settlement time, with the columns
-- the daily aggregate reads, so the report is an index-only scan of the range (bench/console-report).
CREATE INDEX game_bets_report ON game_bets (project_id, settled_at) INCLUDE (game, asset, stake, payout)
  WHERE status <> 'open';
CREATE INDEX round_bets_report ON round_bets (project_id, settled_at) INCLUDE (game, asset, stake, payout)
  WHERE state IN ('won', 'lost');

-- When a bonus went onto the player's bonus balance (its grant transfer), for the player's reward
-- history (issue 17, docs/rewards.md "Reward history"). NULL while pending, held or void.
ALTER TABLE rewards_bonuses ADD COLUMN granted_at timestamptz;

-- Bonuses granted before this column: the time of their grant transfer (rw:bonus:<id>:grant).
UPDATE rewards_bonuses b SET granted_at = t.created_at
  FROM ledger_transfers t
 WHERE t.id = 'rw:bonus:' || b.id || ':grant';

CREATE INDEX rewards_bonuses_granted ON rewards_bonuses (player_id, granted_at DESC)
  WHERE granted_at IS NOT NULL;

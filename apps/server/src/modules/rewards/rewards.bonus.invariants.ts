import type { LedgerInvariant } from '../../ledger/ledger-check.ts';

/**
 * Bonus money matches its transfers (ids from rewards.bonus.ts bonusTransferId): a bonus that reached
 * the bonus balance was granted exactly once from the pool; one still pending, held or voided moved
 * nothing; a converted one moved its amount to the wallet; each bonus balance equals its open bonuses.
 */
export const BONUS_INVARIANTS: readonly LedgerInvariant[] = [
  {
    name: 'bonus money: granted once from the bonus pool exactly when it reached the bonus balance',
    query: `SELECT b.id, b.state FROM rewards_bonuses b
              LEFT JOIN ledger_transfers t ON t.id = 'rw:bonus:' || b.id || ':grant'
              LEFT JOIN ledger_accounts d ON d.id = t.debit_account_id
              LEFT JOIN ledger_accounts c ON c.id = t.credit_account_id
             WHERE (b.state IN ('pending', 'held', 'void')) <> (t.id IS NULL)
                OR (t.id IS NOT NULL AND (t.amount <> b.amount
                    OR t.code <> CASE b.kind WHEN 'first_deposit' THEN 'first_deposit_bonus'
                                            WHEN 'referral' THEN 'referral_bonus' ELSE 'campaign_bonus' END
                    OR d.address <> 'bonus_pool:' || b.project_id || ':' || b.asset
                    OR c.address <> 'player:' || b.player_id || ':bonus:' || b.asset))`,
  },
  {
    name: 'bonus money: a converted bonus moved its amount from the bonus balance to the wallet, once',
    query: `SELECT b.id FROM rewards_bonuses b
              LEFT JOIN ledger_transfers t ON t.id = 'rw:bonus:' || b.id || ':convert'
              LEFT JOIN ledger_accounts c ON c.id = t.credit_account_id
             WHERE (b.state = 'converted' AND t.id IS NULL)
                OR (t.id IS NOT NULL AND b.state NOT IN ('converted', 'clawed_back'))
                OR (t.id IS NOT NULL AND (t.amount <> b.amount
                    OR c.address <> 'player:' || b.player_id || ':' || b.asset))`,
  },
  {
    name: 'bonus money: each bonus balance equals the bonuses on it (active and queued)',
    query: `SELECT a.address FROM ledger_accounts a
              LEFT JOIN (SELECT player_id, asset, sum(amount) AS total FROM rewards_bonuses
                          WHERE state IN ('active', 'queued') GROUP BY player_id, asset) b
                ON b.player_id = a.owner_id AND b.asset = a.currency
             WHERE a.kind = 'player_bonus' AND a.balance <> COALESCE(b.total, 0)`,
  },
];

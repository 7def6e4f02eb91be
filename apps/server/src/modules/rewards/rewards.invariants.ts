import type { LedgerInvariant } from '../../ledger/ledger-check.ts';

/**
 * Rebates match their transfers (ids from rewards.service.ts rebateTransferId): a rebate above zero
 * was paid exactly once, its amount from the project's bonus pool to the referrer's wallet of its
 * asset; a rebate of zero moved nothing; no rebate transfer exists without its rebate row.
 */
export const REWARDS_INVARIANTS: readonly LedgerInvariant[] = [
  {
    name: 'rewards: a rebate above zero moved its amount from the bonus pool to the referrer',
    query: `SELECT r.referrer_id, r.day, r.level, r.asset FROM rewards_rebates r
              LEFT JOIN ledger_transfers t ON t.id = r.transfer_id
              LEFT JOIN ledger_accounts d ON d.id = t.debit_account_id
              LEFT JOIN ledger_accounts c ON c.id = t.credit_account_id
             WHERE r.amount > 0
               AND (t.id IS NULL OR t.amount <> r.amount OR t.code <> 'referral_rebate'
                    OR d.address <> 'bonus_pool:' || r.project_id || ':' || r.asset
                    OR c.address <> 'player:' || r.referrer_id || ':' || r.asset)`,
  },
  {
    name: 'rewards: every rebate transfer belongs to a rebate row',
    query: `SELECT t.id FROM ledger_transfers t
             WHERE t.code = 'referral_rebate'
               AND NOT EXISTS (SELECT 1 FROM rewards_rebates r WHERE r.transfer_id = t.id)`,
  },
  {
    name: 'rewards: a check-in paid its reward once from the bonus pool to the player',
    query: `SELECT k.player_id, k.day FROM rewards_checkins k
              LEFT JOIN ledger_transfers t ON t.id = k.transfer_id
              LEFT JOIN ledger_accounts d ON d.id = t.debit_account_id
              LEFT JOIN ledger_accounts c ON c.id = t.credit_account_id
             WHERE t.id IS NULL OR t.amount <> k.amount OR t.code <> 'checkin_reward'
                OR d.address <> 'bonus_pool:' || k.project_id || ':' || k.asset
                OR c.address <> 'player:' || k.player_id || ':' || k.asset`,
  },
  {
    name: 'rewards: a gift-code redemption paid its amount once from the bonus pool, within the code’s limit',
    query: `SELECT g.id FROM rewards_gift_redemptions g
              LEFT JOIN ledger_transfers t ON t.id = g.transfer_id
              LEFT JOIN ledger_accounts d ON d.id = t.debit_account_id
              LEFT JOIN ledger_accounts c ON c.id = t.credit_account_id
             WHERE (g.amount IS NOT NULL AND (t.id IS NULL OR t.amount <> g.amount OR t.code <> 'gift_code'))
                OR (g.spins IS NOT NULL AND (g.spins <> (SELECT count(*) FROM rewards_wheel_spins s WHERE s.redemption_id = g.id)))
                OR (g.amount IS NOT NULL AND (d.address <> 'bonus_pool:' || g.project_id || ':' || g.asset
                    OR c.address <> 'player:' || g.player_id || ':' || g.asset))
                OR (SELECT count(*) FROM rewards_gift_redemptions x WHERE x.code_id = g.code_id)
                   <> (SELECT redeemed FROM rewards_gift_codes k WHERE k.id = g.code_id)`,
  },
  {
    name: 'rewards: a wheel spin paid its segment’s prize once from the bonus pool to the player',
    query: `SELECT s.id FROM rewards_wheel_spins s
              LEFT JOIN ledger_transfers t ON t.id = s.transfer_id
              LEFT JOIN ledger_accounts d ON d.id = t.debit_account_id
              LEFT JOIN ledger_accounts c ON c.id = t.credit_account_id
             WHERE s.spun_at IS NOT NULL
               AND (t.id IS NULL OR t.amount <> s.prize OR t.code <> 'wheel_prize'
                    OR d.address <> 'bonus_pool:' || s.project_id || ':' || s.asset
                    OR c.address <> 'player:' || s.player_id || ':' || s.asset)`,
  },
  {
    name: 'rewards: every wheel transfer belongs to a spin; a seed pair’s nonce counts its spins',
    query: `SELECT t.id FROM ledger_transfers t
             WHERE t.code = 'wheel_prize' AND NOT EXISTS (SELECT 1 FROM rewards_wheel_spins s WHERE s.transfer_id = t.id)
            UNION ALL
            SELECT w.id::text FROM rewards_wheel_seeds w
             WHERE w.nonce <> (SELECT count(*) FROM rewards_wheel_spins s WHERE s.seed_id = w.id)`,
  },
];

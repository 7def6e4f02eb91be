import type { LedgerInvariant } from '../../ledger/ledger-check.ts';

/**
 * In-house bets match their transfers (ids from games.service.ts betLedgerIds): every bet holds its
 * stake into the player's game escrow; the hold is open exactly while the bet is open and posted once
 * it settles, with the stake passed to the house and the payout paid from it; the escrows hold
 * nothing outside open games (a hold credits nothing until it is posted, and the post's stake leaves
 * for the house in the same operation).
 */
export const GAMES_INVARIANTS: readonly LedgerInvariant[] = [
  {
    name: 'games: each bet holds its stake, open while the bet is open, posted once it settles',
    query: `SELECT b.id, b.status FROM game_bets b
              LEFT JOIN ledger_transfers h ON h.id = 'gb:' || b.id || ':hold' AND h.kind = 'pending'
             WHERE h.amount IS DISTINCT FROM b.stake
                OR (SELECT string_agg(r.kind, ',') FROM ledger_transfers r WHERE r.pending_id = h.id)
                   IS DISTINCT FROM CASE WHEN b.status = 'open' THEN NULL ELSE 'post' END`,
  },
  {
    name: 'games: a settled bet passed its stake to the house and was paid its payout',
    query: `SELECT b.id FROM game_bets b
              LEFT JOIN ledger_transfers s ON s.id = 'gb:' || b.id || ':house'
              LEFT JOIN ledger_transfers p ON p.id = 'gb:' || b.id || ':payout'
             WHERE b.status <> 'open'
               AND (s.amount IS DISTINCT FROM b.stake OR COALESCE(p.amount, 0) <> b.payout
                    OR (p.id IS NOT NULL AND p.code <> 'bet_payout'))`,
  },
  {
    name: 'games: the escrows hold nothing outside open games',
    query: `SELECT a.address, a.balance FROM ledger_accounts a
             WHERE a.kind = 'game_escrow' AND a.address LIKE 'game:inhouse:%' AND a.balance <> 0`,
  },
];

import type { LedgerInvariant } from '../../ledger/ledger-check.ts';

/** The bets that settle in the bet call (no hold): dice, roller, roulette, a single coin flip. */
const SINGLE_STEP = `(b.game IN ('dice', 'roller', 'roulette') OR (b.game = 'coinflip' AND b.params->>'mode' = 'single'))`;

/**
 * In-house bets match their transfers (ids from games.postings.ts betLedgerIds). A single-step bet
 * moved its stake to the house (`gb:<id>:stake`) and its payout back in one operation. A multi-step
 * game held its stake into the player's game escrow (`gb:<id>:hold`), open exactly while the game is
 * open and posted once it settles, with the stake passed on to the house and the payout paid from it.
 * The escrows hold nothing outside open games (a hold credits nothing until it is posted, and the
 * posted stake leaves for the house in the same operation).
 */
export const GAMES_INVARIANTS: readonly LedgerInvariant[] = [
  {
    name: 'games: a single-step bet moved its stake to the house and was paid its payout',
    query: `SELECT b.id FROM game_bets b
              LEFT JOIN ledger_transfers s ON s.id = 'gb:' || b.id || ':stake'
              LEFT JOIN ledger_transfers p ON p.id = 'gb:' || b.id || ':payout'
             WHERE ${SINGLE_STEP}
               AND (b.status = 'open' OR s.amount IS DISTINCT FROM b.stake OR s.code <> 'bet'
                    OR COALESCE(p.amount, 0) <> b.payout OR (p.id IS NOT NULL AND p.code <> 'bet_payout'))`,
  },
  {
    name: 'games: a multi-step game holds its stake, open while the game is open, posted once it settles',
    query: `SELECT b.id, b.status FROM game_bets b
              LEFT JOIN ledger_transfers h ON h.id = 'gb:' || b.id || ':hold' AND h.kind = 'pending'
             WHERE NOT ${SINGLE_STEP}
               AND (h.amount IS DISTINCT FROM b.stake
                    OR (SELECT string_agg(r.kind, ',') FROM ledger_transfers r WHERE r.pending_id = h.id)
                       IS DISTINCT FROM CASE WHEN b.status = 'open' THEN NULL ELSE 'post' END)`,
  },
  {
    name: 'games: a settled multi-step game passed its stake to the house and was paid its payout',
    query: `SELECT b.id FROM game_bets b
              LEFT JOIN ledger_transfers s ON s.id = 'gb:' || b.id || ':house'
              LEFT JOIN ledger_transfers p ON p.id = 'gb:' || b.id || ':payout'
             WHERE NOT ${SINGLE_STEP} AND b.status <> 'open'
               AND (s.amount IS DISTINCT FROM b.stake OR COALESCE(p.amount, 0) <> b.payout
                    OR (p.id IS NOT NULL AND p.code <> 'bet_payout'))`,
  },
  {
    name: 'games: the escrows hold nothing outside open games',
    query: `SELECT a.address, a.balance FROM ledger_accounts a
             WHERE a.kind = 'game_escrow' AND a.address LIKE 'game:inhouse:%' AND a.balance <> 0`,
  },
];

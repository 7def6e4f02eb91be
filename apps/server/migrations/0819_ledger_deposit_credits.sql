-- The ledger's reads of deposit credits by time (ledger-reads.repo.ts `firstCredits`, `creditsBetween`:
-- rewards' first-deposit and campaign scans, every scheduler tick, through the wallet). They scanned
-- `ledger_entries` by `created_at`, which no index serves, so every tick read every entry — bets are
-- nearly all of them. They now start from the deposit transfers themselves; these partial indexes hold
-- only transfers of code `deposit` (a few per player, never a bet), so they cost the hot paths nothing.
CREATE INDEX ledger_transfers_deposits_at ON ledger_transfers (created_at, id) WHERE code = 'deposit';
CREATE INDEX ledger_transfers_deposits_to ON ledger_transfers (credit_account_id, created_at, id) WHERE code = 'deposit';

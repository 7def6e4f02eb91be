-- The ledger's published read for other modules' SQL (docs/architecture.md): what a new debit of a
-- user account may use (balance minus held debits), by the account's key. NULL when the account does
-- not exist, so a comparison against it is not true. Callers (payhub's operator choice) use this
-- instead of naming ledger_accounts' columns.
CREATE FUNCTION ledger_user_available(p_project_id integer, p_currency text, p_kind text, p_owner_id bigint)
RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT a.balance - a.pending_debits FROM ledger_accounts a
   WHERE a.project_id = p_project_id AND a.currency = p_currency AND a.kind = p_kind AND a.owner_id = p_owner_id
$$;

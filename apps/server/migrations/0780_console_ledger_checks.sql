-- The ledger check as the console runs it (issue 19, "the ledger check's last result"): who ran it,
-- when, and what each invariant found. Kept, not overwritten, so finance sees the history too.
CREATE TABLE console_ledger_checks (
  id bigserial PRIMARY KEY,
  ran_at timestamptz NOT NULL,
  staff_user_id bigint NOT NULL,
  ok boolean NOT NULL,
  transfers bigint NOT NULL,
  accounts bigint NOT NULL,
  -- [{ "name": …, "violations": n }]: the invariants' names and their counts, no sample rows.
  results jsonb NOT NULL
);
CREATE INDEX console_ledger_checks_ran_at ON console_ledger_checks (ran_at DESC);

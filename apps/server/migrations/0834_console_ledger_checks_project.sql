-- Console, owned by modules/console: each ledger-check run belongs to the project it was run from
-- (docs/console.md "The ledger check from the console"). Staff see and are throttled by their own
-- project's runs only; a run of project 12 named its staff member and time to project 10's finance.
ALTER TABLE console_ledger_checks ADD COLUMN project_id integer REFERENCES projects(id);

-- Runs before this column: the project of their `console.ledger_check` audit line (written with the
-- run, object_id = the run's id). A run without one stays NULL and is never listed (its project is
-- not derivable: the staff member may hold grants in several projects).
UPDATE console_ledger_checks c SET project_id = a.project_id
  FROM audit_log a
 WHERE a.action = 'console.ledger_check' AND a.object_type = 'ledger_check'
   AND a.object_id = c.id::text AND c.project_id IS NULL;

-- Every new run names its project; NOT VALID: the old rows left NULL are not checked.
ALTER TABLE console_ledger_checks ADD CONSTRAINT console_ledger_checks_project_set
  CHECK (project_id IS NOT NULL) NOT VALID;

DROP INDEX console_ledger_checks_ran_at;
CREATE INDEX console_ledger_checks_project_ran_at ON console_ledger_checks (project_id, ran_at DESC, id DESC);

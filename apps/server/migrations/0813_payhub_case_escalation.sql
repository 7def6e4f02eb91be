-- Monitoring cases (payhub, DESIGN.md §8; issue 19): a compliance officer escalates an open case to
-- the project's admin with a note. The case stays open (an admin still decides it); the escalation is
-- recorded once, and the console's escalated queue is the open cases with escalated_at set.
ALTER TABLE payhub_cases
  ADD COLUMN escalated_at timestamptz,
  ADD COLUMN escalated_by bigint,
  ADD COLUMN escalation_note text,
  ADD CONSTRAINT payhub_cases_escalation_whole CHECK (
    (escalated_at IS NULL AND escalated_by IS NULL AND escalation_note IS NULL)
    OR (escalated_at IS NOT NULL AND escalated_by IS NOT NULL AND escalation_note IS NOT NULL)
  );
CREATE INDEX payhub_cases_escalated ON payhub_cases (project_id, id DESC) WHERE escalated_at IS NOT NULL;

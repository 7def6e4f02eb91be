-- Monitoring rule thresholds per project (payhub, DESIGN.md §8; issue 19): compliance or the admin
-- set them from the console within the bounds below; the deposit monitor reads the project's row and,
-- without one, the defaults of payhub.rules.ts (MONITORING). Every change is an audit line with the
-- figures before and after (monitoring.rules.update).
CREATE TABLE payhub_monitoring_rules (
  project_id               integer PRIMARY KEY REFERENCES projects(id),
  velocity_max_orders      integer NOT NULL CHECK (velocity_max_orders BETWEEN 1 AND 100),
  velocity_window_minutes  integer NOT NULL CHECK (velocity_window_minutes BETWEEN 1 AND 1440),
  -- Minor units of the project's currency.
  reporting_threshold      bigint NOT NULL CHECK (reporting_threshold > 0),
  just_under_bps           integer NOT NULL CHECK (just_under_bps BETWEEN 10 AND 5000),
  many_payers_max          integer NOT NULL CHECK (many_payers_max BETWEEN 2 AND 1000),
  many_payers_window_hours integer NOT NULL CHECK (many_payers_window_hours BETWEEN 1 AND 168),
  updated_at               timestamptz NOT NULL,
  updated_by               bigint NOT NULL REFERENCES users(id)
);

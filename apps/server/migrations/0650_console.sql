-- The operator console (issue 19, docs/console.md): staff grants per project, staff notes on
-- players, and manual balance adjustments that one staff member requests and another approves.

CREATE TABLE staff_grants (
  user_id    bigint NOT NULL REFERENCES users(id),
  project_id integer NOT NULL REFERENCES projects(id),
  role       text NOT NULL CHECK (role IN ('support', 'payments', 'compliance', 'finance', 'content', 'admin')),
  granted_by bigint REFERENCES users(id),
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, project_id)
);

CREATE TABLE staff_notes (
  id         bigserial PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects(id),
  user_id    bigint NOT NULL REFERENCES users(id),
  author_id  bigint NOT NULL REFERENCES users(id),
  body       text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL
);
CREATE INDEX staff_notes_user ON staff_notes (project_id, user_id, id DESC);

CREATE TABLE staff_adjustments (
  id            bigserial PRIMARY KEY,
  project_id    integer NOT NULL REFERENCES projects(id),
  user_id       bigint NOT NULL REFERENCES users(id),
  asset         text NOT NULL,
  -- Signed minor units: positive credits the player's wallet, negative debits it.
  amount        bigint NOT NULL CHECK (amount <> 0 AND abs(amount) <= 1000000000000000),
  reason        text NOT NULL CHECK (char_length(reason) BETWEEN 3 AND 500),
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  requested_by  bigint NOT NULL REFERENCES users(id),
  decided_by    bigint REFERENCES users(id),
  decision_note text,
  created_at    timestamptz NOT NULL,
  decided_at    timestamptz,
  -- Two people: whoever decides is not whoever asked.
  CHECK (decided_by IS NULL OR decided_by <> requested_by),
  CHECK ((status = 'pending') = (decided_by IS NULL))
);
CREATE INDEX staff_adjustments_list ON staff_adjustments (project_id, status, id DESC);

CREATE INDEX audit_log_project ON audit_log (project_id, id DESC);

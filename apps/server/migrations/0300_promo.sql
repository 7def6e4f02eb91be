-- Promo group programme: groups ("spa"), applications, memberships, presence, share codes,
-- leads with consent and do-not-contact, lead tasks and contacts, reports and report checks,
-- promo notifications. States are documented in docs/promo.md.

CREATE TABLE spa_groups (
  id          bigserial PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id),
  name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 40),
  leader_id   bigint NOT NULL UNIQUE REFERENCES users(id),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX spa_groups_project ON spa_groups (project_id);

-- 0 applied, 1 reviewing, 2 approved, 3 rejected, 4 cancelled, 5 removed.
CREATE TABLE spa_applications (
  id           bigserial PRIMARY KEY,
  project_id   integer NOT NULL REFERENCES projects(id),
  group_id     bigint NOT NULL REFERENCES spa_groups(id),
  user_id      bigint NOT NULL REFERENCES users(id),
  spa_type     text NOT NULL CHECK (spa_type IN ('New', 'Recall', 'NewSpy', 'RecallSpy', 'Training')),
  note         text NOT NULL DEFAULT '',
  status       smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 5),
  reviewer_id  bigint REFERENCES users(id),
  review_note  text,
  created_at   timestamptz NOT NULL,
  decided_at   timestamptz
);
-- One open or approved application per user: a second apply is refused by the database too.
CREATE UNIQUE INDEX spa_applications_one_live ON spa_applications (user_id) WHERE status IN (0, 1, 2);
CREATE INDEX spa_applications_group ON spa_applications (group_id, status, id DESC);
CREATE INDEX spa_applications_user ON spa_applications (user_id, id DESC);

CREATE TABLE spa_members (
  user_id        bigint PRIMARY KEY REFERENCES users(id),
  group_id       bigint NOT NULL REFERENCES spa_groups(id),
  application_id bigint REFERENCES spa_applications(id),
  joined_at      timestamptz NOT NULL
);
CREATE INDEX spa_members_group ON spa_members (group_id, joined_at DESC);

CREATE TABLE spa_presence (
  user_id      bigint PRIMARY KEY REFERENCES users(id),
  foreground   boolean NOT NULL,
  last_seen_at timestamptz NOT NULL
);

CREATE TABLE spa_share_codes (
  user_id     bigint PRIMARY KEY REFERENCES users(id),
  project_id  integer NOT NULL REFERENCES projects(id),
  code        text NOT NULL CHECK (code ~ '^[A-Z0-9]{6,12}$'),
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, code)
);

-- Leads carry consent; do-not-contact is final (a trigger refuses clearing it).
CREATE TABLE spa_leads (
  id              bigserial PRIMARY KEY,
  project_id      integer NOT NULL REFERENCES projects(id),
  phone           text NOT NULL CHECK (phone ~ '^[0-9]{6,14}$'),
  consent         boolean NOT NULL,
  consent_source  text NOT NULL,
  do_not_contact  boolean NOT NULL DEFAULT false,
  do_not_contact_at timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, phone)
);
CREATE INDEX spa_leads_available ON spa_leads (project_id, id) WHERE consent AND NOT do_not_contact;

CREATE FUNCTION spa_leads_do_not_contact_is_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.do_not_contact AND NOT NEW.do_not_contact THEN
    RAISE EXCEPTION 'do_not_contact is final';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER spa_leads_do_not_contact_final BEFORE UPDATE ON spa_leads
  FOR EACH ROW EXECUTE FUNCTION spa_leads_do_not_contact_is_final();

-- 0 assigned, 1 contacted, 2 revisit, 3 completed, 4 closed.
CREATE TABLE spa_tasks (
  id           bigserial PRIMARY KEY,
  project_id   integer NOT NULL REFERENCES projects(id),
  lead_id      bigint NOT NULL REFERENCES spa_leads(id),
  promoter_id  bigint NOT NULL REFERENCES users(id),
  group_id     bigint NOT NULL REFERENCES spa_groups(id),
  status       smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 4),
  last_result  text,
  revisit_at   timestamptz,
  assigned_at  timestamptz NOT NULL,
  assigned_day date NOT NULL,
  contacted_at timestamptz,
  completed_at timestamptz
);
-- A lead is worked by one promoter at a time.
CREATE UNIQUE INDEX spa_tasks_one_open_per_lead ON spa_tasks (lead_id) WHERE status IN (0, 1, 2);
CREATE INDEX spa_tasks_promoter ON spa_tasks (promoter_id, status, id DESC);
CREATE INDEX spa_tasks_group ON spa_tasks (group_id, status, id DESC);
CREATE INDEX spa_tasks_revisit ON spa_tasks (promoter_id, revisit_at) WHERE status = 2;

CREATE TABLE spa_contacts (
  id           bigserial PRIMARY KEY,
  task_id      bigint NOT NULL REFERENCES spa_tasks(id),
  promoter_id  bigint NOT NULL REFERENCES users(id),
  kind         text NOT NULL CHECK (kind IN ('contact', 'revisit', 'share')),
  result       text NOT NULL,
  note         text NOT NULL DEFAULT '',
  at           timestamptz NOT NULL
);
CREATE INDEX spa_contacts_task ON spa_contacts (task_id, at DESC);
CREATE INDEX spa_contacts_promoter ON spa_contacts (promoter_id, at);

CREATE TABLE spa_reports (
  id               bigserial PRIMARY KEY,
  project_id       integer NOT NULL REFERENCES projects(id),
  user_id          bigint NOT NULL REFERENCES users(id),
  group_id         bigint NOT NULL REFERENCES spa_groups(id),
  report_day       date NOT NULL,
  content          text NOT NULL,
  contacted_count  integer NOT NULL CHECK (contacted_count >= 0),
  interested_count integer NOT NULL CHECK (interested_count >= 0),
  created_at       timestamptz NOT NULL,
  UNIQUE (user_id, report_day)
);
CREATE INDEX spa_reports_group ON spa_reports (group_id, id DESC);

CREATE TABLE spa_report_extras (
  id          bigserial PRIMARY KEY,
  report_id   bigint NOT NULL REFERENCES spa_reports(id),
  content     text NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX spa_report_extras_report ON spa_report_extras (report_id, id);

-- kind review: addressed to the leader; kind revise: addressed to the reporter. 0 pending, 1 accepted, 2 returned.
CREATE TABLE spa_report_checks (
  id            bigserial PRIMARY KEY,
  report_id     bigint NOT NULL REFERENCES spa_reports(id),
  assignee_id   bigint NOT NULL REFERENCES users(id),
  kind          text NOT NULL CHECK (kind IN ('review', 'revise')),
  status        smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 2),
  note          text,
  created_at    timestamptz NOT NULL,
  decided_at    timestamptz
);
CREATE INDEX spa_report_checks_assignee ON spa_report_checks (assignee_id, status, id DESC);
CREATE UNIQUE INDEX spa_report_checks_one_pending ON spa_report_checks (report_id, kind) WHERE status = 0;

CREATE TABLE promo_notifications (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  kind        text NOT NULL,
  title       text NOT NULL,
  body        text NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX promo_notifications_user ON promo_notifications (user_id, id DESC);

-- Site notices (spec §3, §4): created by a project's admin, broadcast on the realtime notice
-- stream, shown once per user (a read mark per user and notice).

CREATE TABLE notices (
  id            bigserial PRIMARY KEY,
  project_id    integer NOT NULL REFERENCES projects(id),
  -- Sanitised HTML (allow-listed tags and attributes only).
  content       text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 40000),
  -- Seconds the acknowledge button stays disabled, before the extra second of the countdown.
  show_duration integer NOT NULL CHECK (show_duration BETWEEN 0 AND 600),
  show_at       timestamptz NOT NULL,
  created_by    bigint NOT NULL REFERENCES users(id),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notices_current ON notices (project_id, show_at DESC);

CREATE TABLE notice_reads (
  notice_id bigint NOT NULL REFERENCES notices(id),
  user_id   bigint NOT NULL REFERENCES users(id),
  read_at   timestamptz NOT NULL,
  PRIMARY KEY (notice_id, user_id)
);
CREATE INDEX notice_reads_user ON notice_reads (user_id);

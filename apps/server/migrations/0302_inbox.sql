-- Inbox: mail per user; reads and deletions are flags so the history stays.
CREATE TABLE inbox_mail (
  id          bigserial PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id),
  user_id     bigint NOT NULL REFERENCES users(id),
  sender_id   bigint REFERENCES users(id),
  title       text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 120),
  content     text NOT NULL,
  created_at  timestamptz NOT NULL,
  read_at     timestamptz,
  deleted_at  timestamptz
);
CREATE INDEX inbox_mail_user ON inbox_mail (user_id, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX inbox_mail_unread ON inbox_mail (user_id) WHERE deleted_at IS NULL AND read_at IS NULL;

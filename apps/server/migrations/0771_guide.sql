-- The player app's beginner guide as the operator edits it (issue 19): per project and language, the
-- steps shown in order (plain text, no HTML). No row: the app shows its built-in guide.
CREATE TABLE guide_texts (
  project_id  integer NOT NULL REFERENCES projects(id),
  locale      text NOT NULL CHECK (locale IN ('id-ID', 'es-MX', 'en')),
  steps       jsonb NOT NULL CHECK (jsonb_typeof(steps) = 'array' AND jsonb_array_length(steps) BETWEEN 1 AND 8),
  updated_by  bigint NOT NULL REFERENCES users(id),
  updated_at  timestamptz NOT NULL,
  PRIMARY KEY (project_id, locale)
);

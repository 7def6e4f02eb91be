-- Identity tier 2 (issue 14), owned by the user module: the player's ID document photo and selfie,
-- kept in the database (no file path from the user, readable only through the owner's and the
-- console's checked endpoints), and the staff review. The type is read from the bytes (png, jpeg,
-- webp) before the row is written; each image at most 2 MiB.
CREATE TABLE identity_documents (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users(id),
  project_id    integer NOT NULL REFERENCES projects(id),
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  document_mime text NOT NULL CHECK (document_mime IN ('image/png', 'image/jpeg', 'image/webp')),
  document      bytea NOT NULL CHECK (octet_length(document) BETWEEN 1 AND 2097152),
  selfie_mime   text NOT NULL CHECK (selfie_mime IN ('image/png', 'image/jpeg', 'image/webp')),
  selfie        bytea NOT NULL CHECK (octet_length(selfie) BETWEEN 1 AND 2097152),
  reason        text CHECK (reason IS NULL OR char_length(reason) BETWEEN 3 AND 500),
  submitted_at  timestamptz NOT NULL,
  decided_at    timestamptz,
  decided_by    bigint REFERENCES users(id),
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK ((status = 'pending') = (decided_by IS NULL)),
  CHECK ((status = 'rejected') = (reason IS NOT NULL)),
  -- Nobody reviews their own documents.
  CHECK (decided_by IS NULL OR decided_by <> user_id)
);
-- One submission waiting or approved per player: a second upload while one is open is refused
-- (7053), a rejected one may be followed by a new one.
CREATE UNIQUE INDEX identity_documents_open ON identity_documents (user_id) WHERE status IN ('pending', 'approved');
CREATE INDEX identity_documents_queue ON identity_documents (project_id, status, id);
CREATE INDEX identity_documents_user ON identity_documents (user_id, id);

-- Data center: attribution of registrations to promoters and the task events the statistics count.

-- A player registered with a promoter's share code (one attribution per player).
CREATE TABLE dc_attributions (
  player_id        bigint PRIMARY KEY REFERENCES users(id),
  project_id       integer NOT NULL REFERENCES projects(id),
  promoter_id      bigint NOT NULL REFERENCES users(id),
  group_id         bigint,
  lead_id          bigint,
  registered_at    timestamptz NOT NULL,
  first_deposit_at timestamptz
);
CREATE INDEX dc_attributions_promoter ON dc_attributions (promoter_id);

-- kind: 1 apply (registration), 2 complete (the registration closed an assigned lead task),
-- 3 first deposit, 4 deposit (every deposit, first included). local_day is the project-local day.
CREATE TABLE dc_task_events (
  id          bigserial PRIMARY KEY,
  project_id  integer NOT NULL,
  group_id    bigint NOT NULL,
  promoter_id bigint NOT NULL,
  lead_id     bigint,
  player_id   bigint,
  kind        smallint NOT NULL CHECK (kind BETWEEN 1 AND 4),
  amount      bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
  source_ref  text,
  at          timestamptz NOT NULL,
  local_day   date NOT NULL
);
-- The group query reads (group, day range) only from this index (index-only scan).
CREATE INDEX dc_task_events_group_day ON dc_task_events (group_id, local_day) INCLUDE (promoter_id, kind, amount);
CREATE INDEX dc_task_events_promoter_day ON dc_task_events (promoter_id, local_day) INCLUDE (kind, amount, lead_id);
-- A deposit is counted once however often the payment hub reports it.
CREATE UNIQUE INDEX dc_task_events_source ON dc_task_events (kind, source_ref) WHERE source_ref IS NOT NULL;

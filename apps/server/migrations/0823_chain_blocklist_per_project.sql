-- The AML blocklist, one per project (docs/decisions.md "AML blocklist per project"). It was one
-- platform-wide list: an admin or compliance officer of one project read the addresses and reasons
-- another operator had listed, and could take them off, with the audit line written in their own
-- project, so the operator who listed an address never saw it go (the console promises that staff of
-- project 10 see nothing of project 12). Each licensed operator answers for its own AML decisions.
-- The rows listed so far stay in force everywhere: each is copied to every project, whose admins may
-- then remove their own copy.
ALTER TABLE chain_blocked_addresses
  DROP CONSTRAINT chain_blocked_addresses_pkey,
  ADD COLUMN project_id integer REFERENCES projects(id);

INSERT INTO chain_blocked_addresses (project_id, address, reason, created_at)
SELECT p.id, b.address, b.reason, b.created_at
  FROM chain_blocked_addresses b CROSS JOIN projects p
 WHERE b.project_id IS NULL;

DELETE FROM chain_blocked_addresses WHERE project_id IS NULL;

ALTER TABLE chain_blocked_addresses
  ALTER COLUMN project_id SET NOT NULL,
  ADD PRIMARY KEY (project_id, address);

-- Notice targeting by type (issue 11): the audience types a notice is meant for (NoticeAudienceType:
-- spaType names plus 'banker'). NULL = every agent of the project.
ALTER TABLE notices ADD COLUMN audience text[]
  CHECK (audience IS NULL OR cardinality(audience) BETWEEN 1 AND 10);

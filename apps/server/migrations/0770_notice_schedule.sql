-- Scheduled site notices (issue 19): a notice with a future show_at is stored unpublished and sent to
-- the agents when the scheduler publishes it at that time (published_at set once, in the same
-- statement that claims it). Notices stored before this column existed were published at once.
ALTER TABLE notices ADD COLUMN published_at timestamptz;
UPDATE notices SET published_at = show_at;
-- Never sent before its time.
ALTER TABLE notices ADD CONSTRAINT notices_not_early CHECK (published_at IS NULL OR published_at >= show_at);
CREATE INDEX notices_due ON notices (show_at) WHERE published_at IS NULL;
